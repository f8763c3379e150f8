import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { RedisRateLimiter } from '../../src/adapters/rate-limit/redis-rate-limiter.js';
import { runRateLimiterContract } from './rate-limiter.contract.js';
import { tcpProxy } from '../support/tcp-proxy.js';
import { waitUntilCounted } from './wait.js';
import { deleteKeys, redisAvailable, TEST_REDIS_URL, uniqueKeyPrefix, warnIfRedisSkipped } from './redis-support.js';

warnIfRedisSkipped();

describe.skipIf(!redisAvailable)('redis', () => {
  runRateLimiterContract(
    'redis',
    async () => {
      const keyPrefix = uniqueKeyPrefix();
      const open = () => new RedisRateLimiter({ url: TEST_REDIS_URL, keyPrefix });
      const limiter = open();
      return {
        limiter,
        // A second instance: its own client on the same server and prefix.
        openPeer: async () => open(),
        async close() {
          await limiter.close();
          await deleteKeys(keyPrefix);
        },
      };
    },
    { shared: true },
  );

  it('keeps one key per policy and subject under the prefix, expiring with the window', async () => {
    const keyPrefix = uniqueKeyPrefix();
    const limiter = new RedisRateLimiter({ url: TEST_REDIS_URL, keyPrefix });
    const redis = new Redis(TEST_REDIS_URL);
    try {
      await limiter.consume({ name: 'mcp', limit: 5, windowSeconds: 60 }, '192.0.2.7');
      await limiter.consume({ name: 'mcp', limit: 5, windowSeconds: 60 }, '192.0.2.7');
      expect(await redis.keys(`${keyPrefix}:*`)).toEqual([`${keyPrefix}:mcp:192.0.2.7`]);
      expect(await redis.get(`${keyPrefix}:mcp:192.0.2.7`)).toBe('2');
      const ttl = await redis.pttl(`${keyPrefix}:mcp:192.0.2.7`);
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await limiter.close();
      redis.disconnect();
      await deleteKeys(keyPrefix);
    }
  });

  it('fails open while Redis is down and counts again once it is back', async () => {
    const target = new URL(TEST_REDIS_URL);
    const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const via = new URL(TEST_REDIS_URL);
    via.hostname = '127.0.0.1';
    via.port = String(proxy.port);
    const keyPrefix = uniqueKeyPrefix();
    const limiter = new RedisRateLimiter({ url: via.toString(), keyPrefix });
    const policy = { name: 'mcp', limit: 100, windowSeconds: 60 };
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await limiter.consume(policy, 'a')).toMatchObject({ allowed: true, counted: false });
      await proxy.up();
      const back = await waitUntilCounted(() => limiter.consume(policy, 'a'));
      expect(back.remaining).toBe(99);
      expect(await limiter.consume(policy, 'a')).toMatchObject({ remaining: 98, counted: true });

      await proxy.down();
      const started = Date.now();
      expect(await limiter.consume(policy, 'a')).toMatchObject({ allowed: true, counted: false });
      expect(Date.now() - started).toBeLessThan(1_000);
      await proxy.up();
      // The count survived in Redis: the window carries on.
      expect((await waitUntilCounted(() => limiter.consume(policy, 'a'))).remaining).toBe(97);
      expect(stderr.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(stderr.mock.calls.length).toBeLessThanOrEqual(2); // throttled: not one line per failure
    } finally {
      stderr.mockRestore();
      await limiter.close();
      await proxy.down();
      await deleteKeys(keyPrefix);
    }
  });
});
