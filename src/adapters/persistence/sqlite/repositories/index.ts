import { repositoriesOver } from '../../repositories/index.js';
import type { Sql } from '../sql.js';
import { SqliteDb } from '../sqlite-db.js';
import { sqliteAccessAnnouncer } from './access-changes.js';
import { SqliteLoanQueries } from './loans.js';

/** The repositories of one connection (SQLite's parts: its access announcement and loan machinery). */
export type SqliteRepositories = ReturnType<typeof sqliteRepositories>;

/** Every repository on one connection. */
export function sqliteRepositories(sql: Sql) {
  const db = new SqliteDb(sql);
  return repositoriesOver(db, { access: sqliteAccessAnnouncer, loans: new SqliteLoanQueries(db) });
}
