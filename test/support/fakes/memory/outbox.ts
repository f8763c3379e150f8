import type { EventKind, NewOutboxEvent, OutboxEvent } from '../../../../src/domain/events/event.js';
import { conflict } from '../../../../src/domain/shared/errors.js';
import type { OutboxRepository } from '../../../../src/ports/repositories/outbox.js';
import { assertUnique, copy, emptyState, MemoryState, rowsOf } from './store.js';

export class MemoryOutboxRepository implements OutboxRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async append(
    tenantId: string,
    event: NewOutboxEvent & { readonly id: string; readonly eventId: number },
  ): Promise<void> {
    assertUnique(
      this.state.outbox.map((o) => o.row),
      [event],
      { 'event id': (e) => e.id },
    );
    if (rowsOf(this.state.outbox, tenantId).some((e) => e.eventId === event.eventId)) {
      throw conflict(`event ${event.eventId} already exists`);
    }
    this.state.outbox.push({ tenantId, row: copy(event) });
  }

  async listAfter(
    tenantId: string,
    afterId: number,
    limit: number,
    kinds?: readonly EventKind[],
  ): Promise<OutboxEvent[]> {
    return rowsOf(this.state.outbox, tenantId)
      .filter((e) => e.eventId > afterId && (!kinds || kinds.includes(e.kind)))
      .sort((a, b) => a.eventId - b.eventId)
      .slice(0, limit)
      .map(copy);
  }

  async newestId(tenantId: string): Promise<number> {
    return Math.max(0, ...rowsOf(this.state.outbox, tenantId).map((e) => e.eventId));
  }
}
