import { describe, expect, it, vi } from 'vitest';
import { PgRateLimiter } from '../../src/adapters/rate-limit/pg-rate-limiter.js';
import { PgDatabase } from '../../src/adapters/persistence/postgres/pg-database.js';
import {
  openPgDatabase,
  postgresAvailable,
  TEST_DATABASE_URL,
  uniqueSchemaName,
  warnIfPostgresSkipped,
} from '../support/postgres.js';
import { runRateLimiterContract } from './rate-limiter.contract.js';
import { tcpProxy } from '../support/tcp-proxy.js';
import { waitUntilCounted } from './wait.js';

warnIfPostgresSkipped();

/** A fresh, empty schema (no Desk migrations: the limiter needs none) and a way to drop it. */
async function freshSchema(): Promise<{ schema: string; databases: PgDatabase[]; drop(): Promise<void> }> {
  const schema = uniqueSchemaName();
  const admin = openPgDatabase(schema, 2);
  await admin.pool.query(`CREATE SCHEMA ${schema}`);
  const databases: PgDatabase[] = [];
  return {
    schema,
    databases,
    async drop() {
      try {
        await admin.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await Promise.all([admin, ...databases].map((d) => d.close()));
      }
    },
  };
}

/** Whether the counter table exists in `schema` (and nowhere else is looked at). */
const tableIn = async (db: PgDatabase, schema: string): Promise<boolean> =>
  (
    await db.pool.query(
      "SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'desk_rate_limits'",
      [schema],
    )
  ).rowCount === 1;

describe.skipIf(!postgresAvailable)('postgres', () => {
  runRateLimiterContract(
    'postgres',
    async () => {
      const scratch = await freshSchema();
      // Each "instance" has its own pool, as two `desk serve` processes would.
      const open = () => {
        const database = openPgDatabase(scratch.schema, 3);
        scratch.databases.push(database);
        return new PgRateLimiter(database.pool);
      };
      const limiter = open();
      return { limiter, openPeer: async () => open(), close: () => scratch.drop() };
    },
    { shared: true },
  );

  it('creates its table on first use, once, and keeps counts across a restart', async () => {
    const scratch = await freshSchema();
    try {
      const first = openPgDatabase(scratch.schema, 2);
      scratch.databases.push(first);
      const limiter = new PgRateLimiter(first.pool);
      expect(await tableIn(first, scratch.schema)).toBe(false); // constructing touches nothing
      const policy = { name: 'v1', limit: 3, windowSeconds: 60 };
      expect(await limiter.consume(policy, 'key-1')).toMatchObject({ allowed: true, remaining: 2, counted: true });
      expect(await tableIn(first, scratch.schema)).toBe(true);
      const { rows } = await first.pool.query<{ key: string; points: number }>(
        'SELECT key, points FROM desk_rate_limits',
      );
      expect(rows).toEqual([{ key: 'v1:key-1', points: 1 }]);

      // A restarted process: a new pool and adapter find the table and the count where they were.
      await first.close();
      scratch.databases.length = 0;
      const second = openPgDatabase(scratch.schema, 2);
      scratch.databases.push(second);
      expect(await new PgRateLimiter(second.pool).consume(policy, 'key-1')).toMatchObject({ remaining: 1 });
    } finally {
      await scratch.drop();
    }
  });

  it('several instances starting at once all create-or-find the table and count', async () => {
    // The library treats only 23505 as a lost creation race; Postgres also raises 42P07 and 42710.
    for (let round = 0; round < 5; round++) {
      const scratch = await freshSchema();
      try {
        const limiters = Array.from({ length: 6 }, () => {
          const database = openPgDatabase(scratch.schema, 2);
          scratch.databases.push(database);
          return new PgRateLimiter(database.pool);
        });
        const policy = { name: 'mcp', limit: 100, windowSeconds: 60 };
        const decisions = await Promise.all(limiters.map((l) => l.consume(policy, '198.51.100.4')));
        expect(decisions.every((d) => d.counted)).toBe(true);
        expect(decisions.map((d) => d.remaining).sort((a, b) => a - b)).toEqual([94, 95, 96, 97, 98, 99]);
      } finally {
        await scratch.drop();
      }
    }
  });

  it('fails open while Postgres is down (even before its table exists) and counts once it is back', async () => {
    const scratch = await freshSchema();
    const target = new URL(TEST_DATABASE_URL);
    const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const via = new URL(TEST_DATABASE_URL);
    via.hostname = '127.0.0.1';
    via.port = String(proxy.port);
    const database = new PgDatabase({ connectionString: via.toString(), schema: scratch.schema, poolSize: 2 });
    scratch.databases.push(database);
    const limiter = new PgRateLimiter(database.pool);
    const policy = { name: 'v1', limit: 100, windowSeconds: 60 };
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await limiter.consume(policy, 'k')).toMatchObject({ allowed: true, counted: false });
      await proxy.up();
      expect((await waitUntilCounted(() => limiter.consume(policy, 'k'))).remaining).toBe(99);

      await proxy.down();
      expect(await limiter.consume(policy, 'k')).toMatchObject({ allowed: true, counted: false });
      await proxy.up();
      expect((await waitUntilCounted(() => limiter.consume(policy, 'k'))).remaining).toBe(98);
      expect(stderr.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      stderr.mockRestore();
      await proxy.down();
      await scratch.drop();
    }
  });
});
