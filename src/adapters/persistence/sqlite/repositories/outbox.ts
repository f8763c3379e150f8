import type { EventKind, NewOutboxEvent, OutboxEvent } from '../../../../domain/events/event.js';
import type { OutboxRepository } from '../../../../ports/repositories/outbox.js';
import { conflictOf, inJson, json, parseJson, type Sql } from '../sql.js';

interface EventRow {
  eventId: number;
  id: string;
  kind: EventKind;
  occurredAt: string;
  payload: string;
}

const COLUMNS = 'event_id AS eventId, id, kind, occurred_at AS occurredAt, payload';

export class SqliteOutboxRepository implements OutboxRepository {
  /**
   * The events appended in the open transaction, by tenant, as a reader would get them back: the unit
   * of work takes them after COMMIT to hand to readers in this process (and forgets them on ROLLBACK),
   * so nothing is announced that did not commit. One connection runs one transaction at a time, so one
   * map is enough.
   */
  private appended = new Map<string, OutboxEvent[]>();

  constructor(private readonly sql: Sql) {}

  async append(
    tenantId: string,
    event: NewOutboxEvent & { readonly id: string; readonly eventId: number },
  ): Promise<void> {
    const payload = json(event.payload);
    try {
      this.sql.run(
        'INSERT INTO outbox_events (id, tenant_id, event_id, kind, occurred_at, payload) VALUES (?, ?, ?, ?, ?, ?)',
        event.id,
        tenantId,
        event.eventId,
        event.kind,
        event.occurredAt,
        payload,
      );
    } catch (error) {
      throw conflictOf(error, 'event', { id: event.id });
    }
    const stored: OutboxEvent = {
      id: event.id,
      eventId: event.eventId,
      kind: event.kind,
      occurredAt: event.occurredAt,
      payload: parseJson<Record<string, unknown>>(payload),
    };
    const appended = this.appended.get(tenantId);
    if (appended) appended.push(stored);
    else this.appended.set(tenantId, [stored]);
  }

  async listAfter(
    tenantId: string,
    afterId: number,
    limit: number,
    kinds?: readonly EventKind[],
  ): Promise<OutboxEvent[]> {
    const rows = kinds
      ? this.sql.all<EventRow>(
          `SELECT ${COLUMNS} FROM outbox_events
           WHERE tenant_id = ? AND event_id > ? AND ${inJson('kind')} ORDER BY event_id LIMIT ?`,
          tenantId,
          afterId,
          json(kinds),
          limit,
        )
      : this.sql.all<EventRow>(
          `SELECT ${COLUMNS} FROM outbox_events WHERE tenant_id = ? AND event_id > ? ORDER BY event_id LIMIT ?`,
          tenantId,
          afterId,
          limit,
        );
    return rows.map((row) => ({ ...row, payload: parseJson<Record<string, unknown>>(row.payload) }));
  }

  async newestId(tenantId: string): Promise<number> {
    return this.sql.number('SELECT coalesce(max(event_id), 0) FROM outbox_events WHERE tenant_id = ?', tenantId);
  }

  /** The events the transaction that just ended appended, by tenant, oldest first (see `appended`). */
  takeAppended(): ReadonlyMap<string, readonly OutboxEvent[]> {
    const taken = this.appended;
    if (taken.size > 0) this.appended = new Map();
    return taken;
  }
}
