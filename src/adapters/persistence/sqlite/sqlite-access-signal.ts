import { AccessSignal } from '../../../ports/access-signal.js';
import type { SqliteDatabase } from './sqlite-database.js';

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
export class SqliteAccessSignal extends AccessSignal {
  private readonly listeners = new Set<(lookups: readonly string[] | null) => void>();
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
      this.emit(null);
    }
    return true;
  }

  listen(listener: (lookups: readonly string[] | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called by the unit of work once a transaction that recorded access changes has committed. */
  committed(lookups: readonly string[]): void {
    this.emit(lookups);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  private emit(lookups: readonly string[] | null): void {
    for (const listener of [...this.listeners]) listener(lookups);
  }
}
