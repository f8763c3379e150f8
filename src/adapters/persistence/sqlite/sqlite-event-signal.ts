import { EventSignal } from '../../../ports/event-signal.js';
import type { SqliteDatabase } from './sqlite-database.js';

/** How often another process's commits are looked for (`desk mcp --stdio` on the same file). */
const POLL_MS = 500;

/**
 * Event signals on the embedded database. This process's own commits are announced by its unit of
 * work right after COMMIT, with the tenants they concern. Another process writing the same file (a
 * stdio MCP client's `desk mcp --stdio`, a CLI command) is noticed through `PRAGMA data_version`,
 * which changes on this connection exactly when another connection has committed: polled twice a
 * second while anyone listens, announced as "some tenant" (null).
 */
export class SqliteEventSignal extends EventSignal {
  private readonly listeners = new Set<(tenantId: string | null) => void>();
  private timer: NodeJS.Timeout | null = null;
  private dataVersion: number | null = null;

  constructor(
    private readonly database: SqliteDatabase,
    private readonly pollMs = POLL_MS,
  ) {
    super();
  }

  listen(listener: (tenantId: string | null) => void): () => void {
    this.listeners.add(listener);
    if (!this.timer) {
      this.timer = setInterval(() => void this.poll(), this.pollMs);
      this.timer.unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Called by the unit of work once a transaction that appended events has committed. */
  committed(tenantIds: readonly string[]): void {
    for (const tenantId of tenantIds) this.emit(tenantId);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.stop();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.dataVersion = null;
  }

  private async poll(): Promise<void> {
    try {
      const version = await this.database.exclusive(
        async (sql) => sql.db.pragma('data_version', { simple: true }) as number,
      );
      if (this.dataVersion !== null && version !== this.dataVersion) this.emit(null);
      this.dataVersion = version;
    } catch {
      // The database is closed or cannot be read now: the next poll tries again.
    }
  }

  private emit(tenantId: string | null): void {
    for (const listener of [...this.listeners]) listener(tenantId);
  }
}
