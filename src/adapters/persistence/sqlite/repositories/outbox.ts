import type { EventKind, NewOutboxEvent, OutboxEvent } from '../../../../domain/events/event.js';
import type { OutboxRepository } from '../../../../ports/repositories.js';
import { conflictOf, json, parseJson, type Sql } from '../sql.js';

interface EventRow {
  seq: number;
  id: string;
  kind: EventKind;
  occurredAt: string;
  payload: string;
}

export class SqliteOutboxRepository implements OutboxRepository {
  constructor(private readonly sql: Sql) {}

  async append(tenantId: string, event: NewOutboxEvent & { readonly id: string }): Promise<void> {
    try {
      this.sql.run(
        'INSERT INTO outbox_events (id, tenant_id, kind, occurred_at, payload) VALUES (?, ?, ?, ?, ?)',
        event.id,
        tenantId,
        event.kind,
        event.occurredAt,
        json(event.payload),
      );
    } catch (error) {
      throw conflictOf(error, 'event', { id: event.id });
    }
  }

  async listAfter(tenantId: string, afterSeq: number, limit: number): Promise<OutboxEvent[]> {
    const rows = this.sql.all<EventRow>(
      `SELECT seq, id, kind, occurred_at AS occurredAt, payload FROM outbox_events
       WHERE tenant_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
      tenantId,
      afterSeq,
      limit,
    );
    return rows.map((row) => ({ ...row, payload: parseJson<Record<string, unknown>>(row.payload) }));
  }
}
