import type { NewOutboxEvent, OutboxEvent } from '../../../../domain/events/event.js';
import type { OutboxRepository } from '../../../../ports/repositories.js';
import { mapUniqueViolation, query, type Queryable } from '../sql.js';

export class PgOutboxRepository implements OutboxRepository {
  constructor(private readonly db: Queryable) {}

  async append(tenantId: string, e: NewOutboxEvent & { readonly id: string }): Promise<void> {
    const sql = `INSERT INTO outbox_events (id, tenant_id, kind, occurred_at, payload) VALUES ($1, $2, $3, $4, $5::jsonb)`;
    const values = [e.id, tenantId, e.kind, e.occurredAt, JSON.stringify(e.payload)];
    await mapUniqueViolation(query(this.db, sql, values), { outbox_events_id_key: 'event id' });
  }

  async listAfter(tenantId: string, afterSeq: number, limit: number): Promise<OutboxEvent[]> {
    // seq is bigint, read as a number (pg-database.ts); payload is jsonb, which pg parses.
    const sql = `SELECT seq, id, kind, occurred_at AS "occurredAt", payload FROM outbox_events
      WHERE tenant_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`;
    return (await query<OutboxEvent>(this.db, sql, [tenantId, afterSeq, limit])).rows;
  }
}
