import { AccessSignal } from '../../../ports/access-signal.js';
import type { PgNotifications } from './pg-notifications.js';
import { ACCESS_CHANNEL, decodeAccessChanges } from './repositories/access-changes.js';

/** How long a writer waits for its own notification to come back before answering anyway. */
const ECHO_TIMEOUT_MS = 1_000;
/** Markers heard with nobody waiting yet (the notification can beat COMMIT's own reply back). */
const EARLY_MARKERS = 256;

/**
 * Access changes across instances: a transaction that records them NOTIFYs the schema's access
 * channel at commit (repositories/access-changes.ts), heard through the process's one LISTEN
 * connection (pg-notifications.ts), opened the first time anyone asks `heard()`: a CLI command that
 * never authenticates opens nothing.
 *
 * The writer's own process forgets the changed lookups right after COMMIT (`committed`), then waits
 * until its own copy of the notification has come back before the caller hears of the commit.
 * Postgres sends the notification to every listening instance at the same moment, so by the time the
 * admin who revoked a key sees the answer, every instance has been told: a request sent after that
 * answer is refused everywhere, without any instance asking the database on each request.
 *
 * `heard()` is true only while the LISTEN is in force: before it, and from a lost connection until it
 * is back, nothing may be remembered, and when it is back everyone forgets everything (`null`), since
 * what was sent meanwhile is gone.
 */
export class PgAccessSignal extends AccessSignal {
  private readonly listeners = new Set<(lookups: readonly string[] | null) => void>();
  /** Writers of this process waiting for their notification to come back, by marker. */
  private readonly echoes = new Map<string, () => void>();
  private readonly early = new Set<string>();
  private unsubscribe: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly notifications: PgNotifications,
    private readonly echoTimeoutMs = ECHO_TIMEOUT_MS,
  ) {
    super();
  }

  heard(): boolean {
    if (this.closed) return false;
    this.unsubscribe ??= this.notifications.subscribe(ACCESS_CHANNEL, {
      message: (payload) => {
        const { marker, lookups } = decodeAccessChanges(payload);
        this.emit(lookups);
        const waiting = this.echoes.get(marker);
        if (waiting) return waiting();
        if (this.early.size >= EARLY_MARKERS) this.early.delete(this.early.values().next().value!);
        this.early.add(marker);
      },
      reset: () => this.emit(null),
    });
    return this.notifications.isListening(ACCESS_CHANNEL);
  }

  listen(listener: (lookups: readonly string[] | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called by the unit of work once a transaction that recorded access changes (with this marker)
   * has committed: forgets them here at once, then resolves when the notification has come back
   * (or at once when this process is not listening: it remembers nothing, and cannot hear it).
   */
  committed(lookups: readonly string[], marker: string): Promise<void> {
    this.emit(lookups);
    if (this.early.delete(marker) || !this.heard()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.echoes.delete(marker);
        resolve();
      };
      const timer = setTimeout(done, this.echoTimeoutMs);
      this.echoes.set(marker, done);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.listeners.clear();
    for (const done of [...this.echoes.values()]) done();
  }

  private emit(lookups: readonly string[] | null): void {
    for (const listener of [...this.listeners]) listener(lookups);
  }
}
