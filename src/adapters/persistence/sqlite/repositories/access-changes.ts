import { AccessChangeRepository } from '../../../../ports/repositories/access-changes.js';
import type { Sql } from '../sql.js';

/**
 * Access changes recorded in the open transaction. Another process learns of the commit through
 * `data_version` (sqlite-access-signal.ts), which moves when the file changes: the one-row
 * `access_version` is bumped so that it does, whatever else the transaction wrote. This process
 * learns from the unit of work, which takes the lookups after COMMIT (and drops them on ROLLBACK).
 * One connection runs one transaction at a time, so one set is enough.
 */
export class SqliteAccessChangeRepository extends AccessChangeRepository {
  private readonly recorded = new Set<string>();

  constructor(private readonly sql: Sql) {
    super();
  }

  async changed(lookups: readonly string[]): Promise<void> {
    if (lookups.length === 0) return;
    if (this.recorded.size === 0) this.sql.run('UPDATE access_version SET version = version + 1 WHERE id = 1');
    for (const lookup of lookups) this.recorded.add(lookup);
  }

  /** The lookups the transaction that just ended recorded, forgotten here. */
  take(): string[] {
    const taken = [...this.recorded];
    this.recorded.clear();
    return taken;
  }
}
