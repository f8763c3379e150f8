/**
 * Redis for tests: `TEST_REDIS_URL` names the server (CI sets it to redis://127.0.0.1:6379). Unset →
 * Redis suites are skipped with a warning. Each run uses its own key prefix and deletes its keys.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? '';
export const redisAvailable = TEST_REDIS_URL !== '';

export function warnIfRedisSkipped(): void {
  if (!redisAvailable) {
    console.warn(
      'TEST_REDIS_URL is not set: the Redis tests are skipped. To run them: TEST_REDIS_URL=redis://127.0.0.1:6379 npm test',
    );
  }
}

/** A key prefix no other run uses. */
export const uniqueKeyPrefix = (): string => `desk-test:${randomBytes(6).toString('hex')}`;

/** Deletes every key under `prefix`; returns how many there were. */
export async function deleteKeys(prefix: string): Promise<number> {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let deleted = 0;
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
      if ((keys as string[]).length) deleted += await redis.del(...(keys as string[]));
    }
    return deleted;
  } finally {
    redis.disconnect();
  }
}
