import type { EventKind, NewOutboxEvent, OutboxEvent } from '../../domain/events/event.js';

export abstract class OutboxRepository {
  /**
   * Appends an event numbered `eventId`, which the caller took from the tenant's `event` counter in
   * the same transaction (record-change.ts): the counter stays locked until the transaction ends, so
   * a tenant's events commit in the order of their ids. Once committed, the adapter lets readers in
   * every process know (EventSignal).
   */
  abstract append(
    tenantId: string,
    event: NewOutboxEvent & { readonly id: string; readonly eventId: number },
  ): Promise<void>;
  /** The tenant's events after `afterId`, oldest first; only those of `kinds` when given. */
  abstract listAfter(
    tenantId: string,
    afterId: number,
    limit: number,
    kinds?: readonly EventKind[],
  ): Promise<OutboxEvent[]>;
  /** The newest event id of the tenant, 0 when it has none. */
  abstract newestId(tenantId: string): Promise<number>;
}
