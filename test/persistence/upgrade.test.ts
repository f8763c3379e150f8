/**
 * A database created by the previous release's migrations (the frozen copies in
 * test/support/fixtures/previous-release, each dialect numbered on its own) upgrades in place to the shared
 * numbering: it is given only the versions it never had, ends with the schema a fresh database has,
 * and the repository contract holds on it, on SQLite and on Postgres.
 */
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_VERSIONS } from '../../src/adapters/persistence/migration-versions.js';
import { MIGRATIONS as PREVIOUS_POSTGRES } from '../support/fixtures/previous-release/postgres-migrations.js';
import { MIGRATIONS as PREVIOUS_SQLITE } from '../support/fixtures/previous-release/sqlite-migrations.js';
import {
  openPostgresSubject,
  postgresAvailable,
  warnIfPostgresSkipped,
  type PostgresSubject,
} from '../support/postgres.js';
import { openSqliteSubject, type SqliteSubject } from '../support/sqlite.js';
import { runRepositoryContract } from './repositories.contract.js';

warnIfPostgresSkipped();

/** A SQLite file migrated by the previous release's list, then upgraded by the current one. */
/** The versions this release added since the previous one: an upgrade applies them, and only them. */
const ADDED = MIGRATION_VERSIONS.slice(MIGRATION_VERSIONS.indexOf('0013_school_settings'));

const upgradedSqlite = () => openSqliteSubject({ upgradedFrom: PREVIOUS_SQLITE });

/** The schema as SQLite records it: every table, index and trigger with the SQL that made it. */
function sqliteSchema(file: string): unknown[] {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db
      .prepare(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name <> 'schema_migrations' ORDER BY type, name",
      )
      .all();
  } finally {
    db.close();
  }
}

function recordedVersions(file: string): string[] {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as string[];
  } finally {
    db.close();
  }
}

describe('upgrade from the previous release: sqlite', () => {
  let upgraded: SqliteSubject;
  let fresh: SqliteSubject;
  beforeAll(async () => {
    upgraded = await upgradedSqlite();
    fresh = await openSqliteSubject();
  });
  afterAll(async () => {
    await upgraded?.close();
    await fresh?.close();
  });

  it('renames the recorded versions and applies only the numbers it never had: two that do nothing on SQLite, and this release’s', async () => {
    expect(upgraded.applied).toEqual(['0002_loan_tallies', '0005_loans_issued_index', ...ADDED]);
    expect(recordedVersions(upgraded.file)).toEqual([...MIGRATION_VERSIONS]);
    expect(await upgraded.database.migrate()).toEqual({ applied: [] });
  });

  it('ends with the schema a fresh database has', () => {
    expect(sqliteSchema(upgraded.file)).toEqual(sqliteSchema(fresh.file));
  });
});

runRepositoryContract('sqlite upgraded from the previous release', upgradedSqlite);

/** A Postgres schema migrated by the previous release's list, then upgraded by the current one. */
const upgradedPostgres = () => openPostgresSubject({ upgradedFrom: PREVIOUS_POSTGRES });

/** The schema as Postgres's catalogue shows it, with the schema's own name taken out. */
async function postgresSchema(s: PostgresSubject): Promise<unknown> {
  const q = async (sql: string) =>
    JSON.parse(JSON.stringify((await s.database.pool.query(sql, [s.schema])).rows).replaceAll(s.schema, 'S'));
  return {
    columns: await q(
      `SELECT table_name, column_name, data_type, is_nullable, column_default, collation_name
         FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, column_name`,
    ),
    indexes: await q(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname`),
    constraints: await q(
      `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(c.oid) AS def
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = $1 ORDER BY tbl, conname`,
    ),
    triggers: await q(
      `SELECT event_object_table, trigger_name, event_manipulation, action_statement
         FROM information_schema.triggers WHERE trigger_schema = $1 ORDER BY 1, 2, 3`,
    ),
    functions: await q(
      `SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS args
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 ORDER BY 1, 2`,
    ),
  };
}

describe.skipIf(!postgresAvailable)('upgrade from the previous release: postgres', () => {
  let upgraded: PostgresSubject;
  let fresh: PostgresSubject;
  beforeAll(async () => {
    upgraded = await upgradedPostgres();
    fresh = await openPostgresSubject();
  });
  afterAll(async () => {
    await upgraded?.close();
    await fresh?.close();
  });

  it('renames the recorded versions and applies only the numbers it never had: one that does nothing on Postgres, and this release’s', async () => {
    expect(upgraded.applied).toEqual(['0010_access_version', ...ADDED]);
    const { rows } = await upgraded.database.pool.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual([...MIGRATION_VERSIONS]);
    expect(await upgraded.database.migrate()).toEqual({ applied: [] });
  });

  it('ends with the schema a fresh database has', async () => {
    expect(await postgresSchema(upgraded)).toEqual(await postgresSchema(fresh));
  });

  runRepositoryContract('postgres upgraded from the previous release', upgradedPostgres);
});
