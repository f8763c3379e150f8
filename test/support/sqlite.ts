import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '../../src/adapters/persistence/sqlite/sqlite-database.js';
import { SqliteUnitOfWork } from '../../src/adapters/persistence/sqlite/sqlite-unit-of-work.js';
import type { UnitOfWork } from '../../src/ports/unit-of-work.js';

export interface SqliteSubject {
  readonly uow: UnitOfWork;
  readonly database: SqliteDatabase;
  readonly file: string;
  close(): Promise<void>;
}

/** A migrated SQLite database on a fresh file in its own temporary directory, removed on close. */
export async function openSqliteSubject(): Promise<SqliteSubject> {
  const dir = await mkdtemp(join(tmpdir(), 'desk-sqlite-'));
  const file = join(dir, 'desk.sqlite');
  const database = new SqliteDatabase(file);
  await database.migrate();
  return {
    uow: new SqliteUnitOfWork(database),
    database,
    file,
    async close() {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
