/**
 * Tells readers in this process that events may have been committed: the live stream's hub and the
 * webhook sender wake on it and read the outbox (the outbox is the truth; a signal carries no event).
 * A tenant id names whose events; `null` means "some tenant's, unknown which" (a commit by another
 * process on the same SQLite file, or a Postgres listener that reconnected and may have missed
 * notifications), and a listener then checks every tenant it cares about.
 */
export abstract class EventSignal {
  /** Calls `listener` on every signal until the returned function is called. */
  abstract listen(listener: (tenantId: string | null) => void): () => void;
  /** Stops listening for other processes' commits (a connection or a timer); signals stop. */
  abstract close(): Promise<void>;
}
