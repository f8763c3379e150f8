import type { OutboxEvent } from '../../../domain/events/event.js';
import { EventSignal, type EventListener } from '../../../ports/event-signal.js';
import type { SqliteDatabase } from './sqlite-database.js';

/** How often another process's commits are looked for (`desk mcp --stdio` on the same file). */
const POLL_MS = 500;

/**
 * Event signals on the embedded database. This process's own commits are announced by its unit of
 * work right after COMMIT, with the events they appended, by tenant. Another process writing the same file (a
 * stdio MCP client's `desk mcp --stdio`, a CLI command) is noticed through `PRAGMA data_version`,
 * which changes on this connection exactly when another connection has committed: polled twice a
 * second while anyone listens, announced as "some tenant" (null).
 */
export class SqliteEventSignal extends EventSignal {
  private readonly listeners = new Set<EventListener>();
  private timer: NodeJS.Timeout | null = null;
  private dataVersion: number | null = null;

  constructor(
    private readonly database: SqliteDatabase,
    private readonly pollMs = POLL_MS,
  ) {
    super();
  }

  listen(listener: EventListener): () => void {
    this.listeners.add(listener);
    if (!this.timer) {
      this.timer = setInterval(() => this.poll(), this.pollMs);
      this.timer.unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Called by the unit of work once a transaction that appended events has committed. */
  committed(appended: ReadonlyMap<string, readonly OutboxEvent[]>): void {
    for (const [tenantId, events] of appended) this.emit(tenantId, events);
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

  private poll(): void {
    // Read outside the database's queue (dataVersion): behind a queue of writes, a look at another
    // process's commits would wait as long as they do. Null: the file cannot be read now; next poll.
    const version = this.database.dataVersion();
    if (version === null) return;
    if (this.dataVersion !== null && version !== this.dataVersion) this.emit(null);
    this.dataVersion = version;
  }

  private emit(tenantId: string | null, committed?: readonly OutboxEvent[]): void {
    for (const listener of [...this.listeners]) listener(tenantId, committed);
  }
}
