/**
 * Postgres for tests: `TEST_DATABASE_URL` names the server. Unset → Postgres suites are skipped (with
 * a visible warning) so `npm test` passes without Postgres; set but unreachable → they fail.
 * Each subject lives in its own fresh schema, dropped on close, so parallel files and runs never collide.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Migration } from '../../src/adapters/persistence/postgres/migrations/index.js';
import { PgDatabase } from '../../src/adapters/persistence/postgres/pg-database.js';
import { PgUnitOfWork } from '../../src/adapters/persistence/postgres/pg-unit-of-work.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
export const postgresAvailable = TEST_DATABASE_URL !== '';

/** Call at the top of a Postgres test file, next to `describe.skipIf(!postgresAvailable)`. */
export function warnIfPostgresSkipped(): void {
  if (!postgresAvailable) {
    console.warn(
      'TEST_DATABASE_URL is not set: the Postgres tests are skipped. To run them: ' +
        'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test',
    );
  }
}

export interface PostgresSubject {
  readonly uow: PgUnitOfWork;
  readonly database: PgDatabase;
  readonly schema: string;
  /** The versions the current migrations applied when it was opened. */
  readonly applied: readonly string[];
  close(): Promise<void>;
}

/** A new schema name no other run uses. */
export const uniqueSchemaName = (): string => `desk_test_${randomBytes(6).toString('hex')}`;

export interface TestSchema {
  /** TEST_DATABASE_URL with this schema first on the search path, as DATABASE_URL for a whole app. */
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

/** Creates an empty schema for an app or a `desk serve` process to migrate into. */
export async function createTestSchema(): Promise<TestSchema> {
  if (!postgresAvailable) throw new Error('TEST_DATABASE_URL is not set');
  const name = uniqueSchemaName();
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${name},public`);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${name}`);
  return { url: url.href, name, drop: () => admin(`DROP SCHEMA IF EXISTS ${name} CASCADE`) };
}

/** A database on `schema` (not migrated): a second instance next to a subject's. */
export const openPgDatabase = (schema: string, poolSize = 5): PgDatabase =>
  new PgDatabase({ connectionString: TEST_DATABASE_URL, schema, poolSize });

/**
 * Opens a database on a fresh schema of its own, migrated (first by `upgradedFrom`, an earlier
 * release's list, when an upgrade is under test); `close()` drops the schema.
 */
export async function openPostgresSubject(o: { upgradedFrom?: readonly Migration[] } = {}): Promise<PostgresSubject> {
  if (!postgresAvailable) throw new Error('TEST_DATABASE_URL is not set');
  const schema = uniqueSchemaName();
  const database = openPgDatabase(schema);
  let applied: string[];
  try {
    if (o.upgradedFrom) await database.migrate(o.upgradedFrom);
    ({ applied } = await database.migrate());
  } catch (error) {
    await database.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await database.close();
    throw error;
  }
  return {
    uow: new PgUnitOfWork(database),
    database,
    schema,
    applied,
    async close() {
      try {
        await database.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await database.close();
      }
    },
  };
}

/**
 * What `desk serve` processes sharing one Postgres need: a fresh schema of TEST_DATABASE_URL (they
 * migrate it; `target` is the server, to create and drop the schema with) and the secrets every
 * instance must share.
 */
export function sharedServeEnv(prefix: string, extra: Record<string, string> = {}) {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const target = new URL(TEST_DATABASE_URL || 'postgres://localhost/none');
  const url = new URL(target.href);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  const env = {
    DATABASE_URL: url.href,
    JWT_SECRET: 'shared-secret-'.padEnd(48, 'z'),
    ENCRYPTION_KEY: 'shared-encryption-key-'.padEnd(43, 'k'),
    ...extra,
  };
  return { schema, target, env };
}
