import { repositoriesOver } from '../../repositories/index.js';
import { PgDb, type Queryable } from '../pg-db.js';
import { PgAccessAnnouncer } from './access-changes.js';
import { PgLoanQueries } from './loans.js';
import { pgOutbox } from './outbox.js';

/**
 * Every repository over one connection (a transaction) or the pool (plain reads), with Postgres's
 * parts: NOTIFY for access changes (one announcer per transaction) and events, and its loan machinery.
 */
export function pgRepositories(queryable: Queryable) {
  const db = new PgDb(queryable);
  return repositoriesOver(db, { access: new PgAccessAnnouncer(), outbox: pgOutbox, loans: new PgLoanQueries(db) });
}
