import { AccessChangeRepository } from '../../../ports/repositories/access-changes.js';
import type { Db } from '../sql/db.js';

/**
 * How a dialect tells the other processes on the database, inside the open transaction, that access
 * changed: they must learn of it when, and only if, the transaction commits. The one part of access
 * changes that differs (SQLite bumps a row so the file's data_version moves; Postgres NOTIFYs).
 */
export interface AccessAnnouncer {
  /** Announces `lookups` in the transaction; `first` when it has announced nothing before. */
  announce(db: Db, lookups: readonly string[], first: boolean): Promise<void>;
}

/**
 * The access changes recorded in the open transaction (lookups, `lookupOf` names): announced to the
 * other processes through the dialect's announcer, and kept for this process, which the unit of work
 * tells after COMMIT (`take`) and which forgets them on ROLLBACK. Nothing is stored but the announcement.
 */
export class SqlAccessChangeRepository<A extends AccessAnnouncer = AccessAnnouncer> extends AccessChangeRepository {
  private readonly recorded = new Set<string>();

  /** `announcer` is the dialect's, and stays readable (Postgres's carries the transaction's marker). */
  constructor(
    private readonly db: Db,
    readonly announcer: A,
  ) {
    super();
  }

  async changed(lookups: readonly string[]): Promise<void> {
    if (lookups.length === 0) return;
    await this.announcer.announce(this.db, lookups, this.recorded.size === 0);
    for (const lookup of lookups) this.recorded.add(lookup);
  }

  /** The lookups the transaction that just ended recorded, forgotten here. */
  take(): string[] {
    const taken = [...this.recorded];
    this.recorded.clear();
    return taken;
  }
}
