import type { EventKind } from '../../../domain/events/event.js';
import type { Repositories } from '../../../ports/repositories.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { kindsOf } from '../repositories/outbox.js';
import { repositoriesOver } from '../repositories/index.js';
import { sqliteAccessAnnouncer } from './sqlite-access-signal.js';
import { SqliteDb } from './sqlite-db.js';
import { SqliteLoanQueries } from './repositories/loans.js';
import type { SqliteDatabase } from './sqlite-database.js';
import type { SqliteAccessSignal } from './sqlite-access-signal.js';
import type { SqliteEventSignal } from './sqlite-event-signal.js';
import type { Sql } from './sql.js';

/**
 * Every repository on one connection: the capabilities written once (../repositories/), with SQLite's
 * parts: its announcement of access changes, and its loan tallies and search.
 */
export function sqliteRepositories(sql: Sql) {
  const db = new SqliteDb(sql);
  return repositoriesOver(db, { access: sqliteAccessAnnouncer, loans: new SqliteLoanQueries(db) });
}

type SqliteRepositories = ReturnType<typeof sqliteRepositories>;

/**
 * Units of work on the one connection of a SqliteDatabase, one at a time (its in-process mutex).
 * Write transactions start with BEGIN IMMEDIATE: the write lock is taken up front, so another process
 * waits (busy_timeout) at the start instead of failing with SQLITE_BUSY halfway through. A wait past
 * the busy timeout fails as DatabaseBusyError (a retryable 503), not as a bug (SqliteDatabase.exclusive).
 * After a commit that appended events, the event signal is given them by tenant (never before); after
 * one that recorded access changes, the access signal which lookups (so this process forgets them
 * before the caller hears of the commit).
 */
export class SqliteUnitOfWork extends UnitOfWork {
  private bound: { sql: Sql; repos: SqliteRepositories } | null = null;

  constructor(
    private readonly database: SqliteDatabase,
    private readonly signals: {
      readonly events?: SqliteEventSignal;
      readonly access?: SqliteAccessSignal;
      /** Told the kinds of the events each commit published (desk_events_published_total). */
      readonly onPublished?: (kinds: readonly EventKind[]) => void;
    } = {},
  ) {
    super();
  }

  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return this.database.exclusive(async (sql) => {
      const repos = this.reposOn(sql);
      sql.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(repos);
        sql.db.exec('COMMIT');
        const changed = repos.accessChanges.take();
        if (changed.length) this.signals.access?.committed(changed);
        const appended = repos.outbox.takeAppended();
        if (appended.size) {
          this.signals.events?.committed(appended);
          this.signals.onPublished?.(kindsOf(appended));
        }
        return result;
      } catch (error) {
        if (sql.db.inTransaction) sql.db.exec('ROLLBACK');
        repos.outbox.takeAppended();
        repos.accessChanges.take();
        throw error;
      }
    });
  }

  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return this.database.exclusive((sql) => work(this.reposOn(sql)));
  }

  /** The repositories are stateless over the connection: build them once per connection. */
  private reposOn(sql: Sql): SqliteRepositories {
    if (this.bound?.sql !== sql) this.bound = { sql, repos: sqliteRepositories(sql) };
    return this.bound.repos;
  }
}
