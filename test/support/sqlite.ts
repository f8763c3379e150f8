import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Migration } from '../../src/adapters/persistence/sqlite/migrations/index.js';
import { SqliteDatabase } from '../../src/adapters/persistence/sqlite/sqlite-database.js';
import { SqliteUnitOfWork } from '../../src/adapters/persistence/sqlite/sqlite-unit-of-work.js';
import type { UnitOfWork } from '../../src/ports/unit-of-work.js';

export interface SqliteSubject {
  readonly uow: UnitOfWork;
  readonly database: SqliteDatabase;
  readonly file: string;
  /** The versions the current migrations applied when it was opened. */
  readonly applied: readonly string[];
  close(): Promise<void>;
}

/**
 * A migrated SQLite database (first by `upgradedFrom`, an earlier release's list, when an upgrade is
 * under test) on a fresh file in its own temporary directory, removed on close.
 */
export async function openSqliteSubject(o: { upgradedFrom?: readonly Migration[] } = {}): Promise<SqliteSubject> {
  const dir = await mkdtemp(join(tmpdir(), 'desk-sqlite-'));
  const file = join(dir, 'desk.sqlite');
  const database = new SqliteDatabase(file);
  if (o.upgradedFrom) await database.migrate(o.upgradedFrom);
  const { applied } = await database.migrate();
  return {
    uow: new SqliteUnitOfWork(database),
    database,
    file,
    applied,
    async close() {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
