import type { OutboxEvent } from '../domain/events/event.js';

/**
 * Tells readers in this process that events may have been committed: the live stream's hub and the
 * webhook sender wake on it and read the outbox (the outbox is the truth). A tenant id names whose
 * events; `null` means "some tenant's, unknown which" (a commit by another process on the same SQLite
 * file, or a Postgres listener that reconnected and may have missed notifications), and a listener
 * then checks every tenant it cares about.
 *
 * For a commit of this process an adapter may pass the events it committed, as stored, oldest first:
 * a reader whose last event is the one just before them may take them instead of reading the outbox
 * (a tenant's ids are consecutive and commit in order); any other reader reads. Under write load this
 * spares the readers a wait for the database behind every queued write.
 */
export type EventListener = (tenantId: string | null, committed?: readonly OutboxEvent[]) => void;

export abstract class EventSignal {
  /** Calls `listener` on every signal until the returned function is called. */
  abstract listen(listener: EventListener): () => void;
  /** Stops listening for other processes' commits (a connection or a timer); signals stop. */
  abstract close(): Promise<void>;
}
