/**
 * A rate-limit store that is down or hangs must not take the API down: requests are allowed without
 * counting, and the failure costs one stderr line without secrets. Real sockets, no mocks: a closed
 * port (refused) and a server that accepts connections and never answers (hung).
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PgDatabase } from '../../src/adapters/persistence/postgres/pg-database.js';
import { PgRateLimiter } from '../../src/adapters/rate-limit/pg-rate-limiter.js';
import { RedisRateLimiter } from '../../src/adapters/rate-limit/redis-rate-limiter.js';
import { describeStoreError } from '../../src/adapters/rate-limit/store-failure-log.js';
import type { RateLimiter } from '../../src/ports/rate-limiter.js';

const policy = { name: 'mcp', limit: 1, windowSeconds: 60 };
const SUBJECT = '203.0.113.99';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts connections and never says a word; counts the connections. */
async function silentServer(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let stderrLines: string[];
beforeEach(() => {
  stderrLines = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderrLines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function expectFailsOpen(limiter: RateLimiter, maxMs: number): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const started = Date.now();
    const decision = await limiter.consume(policy, SUBJECT);
    expect(Date.now() - started).toBeLessThan(maxMs);
    expect(decision).toEqual({ allowed: true, limit: 1, remaining: 1, resetSeconds: 60, counted: false });
  }
}

describe('fail open', () => {
  it('Redis refusing connections: every request allowed, one log line without secrets', async () => {
    const limiter = new RedisRateLimiter({ url: `redis://:s3cret-pass@127.0.0.1:${await closedPort()}/0` });
    try {
      await expectFailsOpen(limiter, 2_500);
    } finally {
      await limiter.close();
    }
    expect(stderrLines).toHaveLength(1);
    const line = JSON.parse(stderrLines[0]!);
    expect(line).toMatchObject({ level: 'warn', store: 'redis' });
    expect(line.error).toMatch(/ECONNREFUSED/);
    expect(stderrLines[0]).not.toContain('s3cret');
    expect(stderrLines[0]).not.toContain(SUBJECT);
  });

  it('Redis hanging: requests wait at most the timeout, then go through', async () => {
    const server = await silentServer();
    const limiter = new RedisRateLimiter({ url: `redis://127.0.0.1:${server.port}`, timeoutMs: 300 });
    try {
      await expectFailsOpen(limiter, 1_000);
      expect(stderrLines).toHaveLength(1); // four timeouts, one line (the rest wait for the next minute)
    } finally {
      await limiter.close();
      await server.close();
    }
  });

  it('Redis: a limit of 0 never connects, and the client opens on the first counted request', async () => {
    const server = await silentServer();
    const limiter = new RedisRateLimiter({ url: `redis://127.0.0.1:${server.port}`, timeoutMs: 200 });
    try {
      for (let i = 0; i < 5; i++) {
        expect(await limiter.consume({ ...policy, limit: 0 }, SUBJECT)).toMatchObject({
          allowed: true,
          counted: false,
        });
      }
      await new Promise((r) => setTimeout(r, 100));
      expect(server.connections()).toBe(0); // constructing and limit-0 requests open nothing
      await limiter.consume(policy, SUBJECT);
      expect(server.connections()).toBe(1);
      expect(stderrLines).toHaveLength(1); // the timeout; limit-0 requests logged nothing
    } finally {
      await limiter.close();
      await server.close();
    }
  });

  it('Postgres refusing connections: every request allowed, one log line', async () => {
    const database = new PgDatabase({
      connectionString: `postgres://desk:pg-s3cret@127.0.0.1:${await closedPort()}/desk`,
    });
    try {
      await expectFailsOpen(new PgRateLimiter(database.pool), 2_500);
    } finally {
      await database.close();
    }
    expect(stderrLines).toHaveLength(1);
    expect(JSON.parse(stderrLines[0]!)).toMatchObject({ store: 'postgres', policy: 'mcp' });
    expect(stderrLines[0]).toMatch(/ECONNREFUSED/);
    expect(stderrLines[0]).not.toContain('pg-s3cret');
  });

  it('Postgres hanging: requests wait at most the timeout, then go through', async () => {
    const server = await silentServer();
    const database = new PgDatabase({ connectionString: `postgres://desk@127.0.0.1:${server.port}/desk` });
    try {
      await expectFailsOpen(new PgRateLimiter(database.pool, { timeoutMs: 300 }), 1_000);
    } finally {
      await server.close();
      await database.close().catch(() => undefined);
    }
  });

  it('describes an error by code and first line, masking URLs', () => {
    const error = Object.assign(new Error('could not reach redis://:pw@cache:6379/0\nstack...'), {
      code: 'ECONNRESET',
    });
    expect(describeStoreError(error)).toBe('ECONNRESET could not reach <url>');
  });
});
