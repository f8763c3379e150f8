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
   * Tenants with events appended in the open transaction: the unit of work takes them after COMMIT to
   * signal readers in this process (and forgets them on ROLLBACK), so nothing is announced that did
   * not commit. One connection runs one transaction at a time, so one set is enough.
   */
  private readonly appended = new Set<string>();
  private readonly kinds: EventKind[] = [];

  constructor(private readonly sql: Sql) {}

  async append(
    tenantId: string,
    event: NewOutboxEvent & { readonly id: string; readonly eventId: number },
  ): Promise<void> {
    try {
      this.sql.run(
        'INSERT INTO outbox_events (id, tenant_id, event_id, kind, occurred_at, payload) VALUES (?, ?, ?, ?, ?, ?)',
        event.id,
        tenantId,
        event.eventId,
        event.kind,
        event.occurredAt,
        json(event.payload),
      );
    } catch (error) {
      throw conflictOf(error, 'event', { id: event.id });
    }
    this.appended.add(tenantId);
    this.kinds.push(event.kind);
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

  /** The tenants and kinds of the events the transaction that just ended appended (see `appended`). */
  takeAppended(): { tenants: string[]; kinds: EventKind[] } {
    const taken = { tenants: [...this.appended], kinds: this.kinds.splice(0) };
    this.appended.clear();
    return taken;
  }
}
