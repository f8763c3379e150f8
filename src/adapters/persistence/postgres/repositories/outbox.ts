import type { EventKind, NewOutboxEvent, OutboxEvent } from '../../../../domain/events/event.js';
import type { OutboxRepository } from '../../../../ports/repositories/outbox.js';
import { mapUniqueViolation, query, queryOne, type Queryable } from '../sql.js';

/** The channel every instance LISTENs on; a notification carries the tenant id only (pg-event-signal.ts). */
export const EVENTS_CHANNEL = 'desk_events';

const COLUMNS = 'event_id AS "eventId", id, kind, occurred_at AS "occurredAt", payload';

export class PgOutboxRepository implements OutboxRepository {
  /** The kinds this transaction appended: the unit of work reports them once it has committed. */
  readonly appended: EventKind[] = [];

  constructor(private readonly db: Queryable) {}

  async append(tenantId: string, e: NewOutboxEvent & { readonly id: string; readonly eventId: number }): Promise<void> {
    // NOTIFY is transactional: it reaches the listening instances when (and only if) this commits.
    // The channel is per schema, so test schemas sharing a database do not wake each other.
    const sql = `
      WITH e AS (
        INSERT INTO outbox_events (id, tenant_id, event_id, kind, occurred_at, payload)
        VALUES ($1, $2, $3, $4, $5, $6::jsonb)
      )
      SELECT pg_notify('${EVENTS_CHANNEL}_' || current_schema(), $2)`;
    const values = [e.id, tenantId, e.eventId, e.kind, e.occurredAt, JSON.stringify(e.payload)];
    await mapUniqueViolation(query(this.db, sql, values), {
      outbox_events_id_key: 'event id',
      outbox_events_tenant_event: 'event number',
    });
    this.appended.push(e.kind);
  }

  async listAfter(
    tenantId: string,
    afterId: number,
    limit: number,
    kinds?: readonly EventKind[],
  ): Promise<OutboxEvent[]> {
    // event_id is bigint, read as a number (pg-database.ts); payload is jsonb, which pg parses.
    const sql = kinds
      ? `SELECT ${COLUMNS} FROM outbox_events WHERE tenant_id = $1 AND event_id > $2 AND kind = ANY($4::text[])
         ORDER BY event_id LIMIT $3`
      : `SELECT ${COLUMNS} FROM outbox_events WHERE tenant_id = $1 AND event_id > $2 ORDER BY event_id LIMIT $3`;
    const values = kinds ? [tenantId, afterId, limit, kinds] : [tenantId, afterId, limit];
    return (await query<OutboxEvent>(this.db, sql, values)).rows;
  }

  async newestId(tenantId: string): Promise<number> {
    const sql = 'SELECT coalesce(max(event_id), 0) AS n FROM outbox_events WHERE tenant_id = $1';
    return (await queryOne<{ n: number }>(this.db, sql, [tenantId]))!.n;
  }
}
