import { ListenedAccessSignal } from '../access-listeners.js';
import type { AccessAnnouncer } from '../repositories/access-changes.js';
import type { Db } from '../sql/db.js';
import type { SqliteDatabase } from './sqlite-database.js';

/**
 * SQLite's announcement of access changes (../repositories/access-changes.ts). Another process
 * learns of the commit through `data_version` (SqliteAccessSignal, below), which moves when the file
 * changes: the one-row `access_version` is bumped, once per transaction, so that it does whatever
 * else the transaction wrote. One connection runs one transaction at a time.
 */
export const sqliteAccessAnnouncer: AccessAnnouncer = {
  async announce(db: Db, _lookups: readonly string[], first: boolean): Promise<void> {
    if (first) await db.run('UPDATE access_version SET version = version + 1 WHERE id = 1');
  },
};

/**
 * Access changes on the embedded database. This process's own are announced by its unit of work
 * right after COMMIT, naming the lookups they changed (`committed`). Another process's (the CLI's
 * `desk key revoke`, a `desk mcp --stdio` beside `desk serve`) move the file's `data_version`, which
 * `heard()` compares at its first call in each turn of the event loop (a request asks for several
 * lookups in one turn; a pragma on the open connection, no I/O, about 2 µs), and then it announces
 * `null`: which lookups changed is not known, so everything is forgotten. Any commit by another
 * process does that, revocation or not: those are few beside a server's own, and forgetting costs
 * one read of each lookup.
 */
export class SqliteAccessSignal extends ListenedAccessSignal {
  private seen: number | null = null;
  /** The answer already given in this turn of the event loop (a request asks for several lookups). */
  private answer: boolean | null = null;
  private readonly forgetAnswer = () => (this.answer = null);

  constructor(private readonly database: SqliteDatabase) {
    super();
  }

  heard(): boolean {
    if (this.answer !== null) return this.answer;
    this.answer = this.look();
    setImmediate(this.forgetAnswer);
    return this.answer;
  }

  private look(): boolean {
    const version = this.database.dataVersion();
    if (version === null) {
      this.seen = null;
      return false;
    }
    if (version !== this.seen) {
      // The first look has nothing to compare with: whatever was remembered before it is suspect too.
      this.seen = version;
      this.tell(null);
    }
    return true;
  }

  /** Called by the unit of work once a transaction that recorded access changes has committed. */
  committed(lookups: readonly string[]): void {
    this.tell(lookups);
  }

  async close(): Promise<void> {
    this.forgetListeners();
  }
}
