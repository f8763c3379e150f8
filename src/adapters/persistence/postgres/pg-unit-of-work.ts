import type { EventKind } from '../../../domain/events/event.js';
import type { Repositories } from '../../../ports/repositories.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { kindsOf } from '../repositories/outbox.js';
import type { PgDatabase } from './pg-database.js';
import { translatePgError } from './pg-errors.js';
import { repositoriesOver } from '../repositories/index.js';
import { PgAccessAnnouncer } from './pg-access-signal.js';
import { PgDb, type Queryable } from './pg-db.js';
import { pgOutbox } from './pg-event-signal.js';
import { PgLoanQueries } from './repositories/loans.js';

/**
 * Every repository over one connection (a transaction) or the pool (plain reads): the capabilities
 * written once (../repositories/), with Postgres's parts: NOTIFY for access changes (one announcer,
 * so one marker, per transaction) and for events, and its loan search and pages.
 */
export function pgRepositories(queryable: Queryable) {
  const db = new PgDb(queryable);
  return repositoriesOver(db, { access: new PgAccessAnnouncer(), outbox: pgOutbox, loans: new PgLoanQueries(db) });
}

/**
 * Transactions on one checked-out client (READ COMMITTED; concurrent writers of a row are ordered by
 * the row locks that `forUpdate` reads and UPDATEs take). A lock waited on past the lock timeout, a
 * deadlock or a serialization failure fails as DatabaseBusyError (a retryable 503), like SQLite's
 * busy timeout; a server that cannot be reached (down, restarting) as DatabaseUnavailableError (also
 * 503: an outage, not a bug). Plain reads go through the pool, so the independent queries of one
 * read may run in parallel on several connections.
 */
export class PgUnitOfWork extends UnitOfWork {
  private readonly readRepositories: Repositories;

  constructor(
    private readonly database: PgDatabase,
    private readonly signals: {
      /** Told the kinds of the events each commit published (desk_events_published_total). */
      readonly onPublished?: (kinds: readonly EventKind[]) => void;
      /**
       * Told the lookups each commit changed (and the transaction's notification marker); the caller
       * hears of the commit once it settles (pg-access-signal.ts: until every instance has been told).
       */
      readonly onAccessChanged?: (lookups: readonly string[], marker: string) => Promise<void>;
    } = {},
  ) {
    super();
    this.readRepositories = pgRepositories(database.pool);
  }

  async transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    const client = await this.database.pool.connect().catch((error: unknown) => {
      throw translatePgError(error);
    });
    let broken: Error | undefined;
    let committed: { result: T; accessChanges: ReturnType<typeof pgRepositories>['accessChanges'] };
    try {
      // One round trip: the lock timeout holds for this transaction only.
      await client.query(`BEGIN; SET LOCAL lock_timeout = ${this.database.lockTimeoutMs}`);
      const repos = pgRepositories(client);
      const result = await work(repos);
      await client.query('COMMIT');
      const published = kindsOf(repos.outbox.takeAppended());
      if (published.length) this.signals.onPublished?.(published);
      committed = { result, accessChanges: repos.accessChanges };
    } catch (error) {
      // A failed ROLLBACK means the connection is unusable: release it as broken so the pool drops it.
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw translatePgError(error);
    } finally {
      client.release(broken);
    }
    const { accessChanges } = committed;
    const recorded = accessChanges.take();
    if (recorded.length) await this.signals.onAccessChanged?.(recorded, accessChanges.announcer.marker);
    return committed.result;
  }

  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return work(this.readRepositories).catch((error: unknown) => {
      throw translatePgError(error);
    });
  }
}
