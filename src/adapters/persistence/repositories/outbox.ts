import type { EventKind, NewOutboxEvent, OutboxEvent } from '../../../domain/events/event.js';
import type { OutboxRepository } from '../../../ports/repositories/outbox.js';
import { json, parseJson, type Db } from '../sql/db.js';

interface EventRow {
  readonly eventId: number;
  readonly id: string;
  readonly kind: EventKind;
  readonly occurredAt: string;
  readonly payload: string;
}

const COLUMNS = 'event_id AS "eventId", id, kind, occurred_at AS "occurredAt", payload';

const INSERT = `INSERT INTO outbox_events (id, tenant_id, event_id, kind, occurred_at, payload)
  VALUES (?, ?, ?, ?, ?, ?)`;

/**
 * What a dialect adds to an append: how it tells other processes. Postgres NOTIFYs the listening
 * instances in the append's own statement (postgres/repositories/outbox.ts); SQLite needs nothing,
 * as other processes notice commits to the file (sqlite-event-signal.ts).
 */
export interface OutboxDialect {
  /** The statement that runs INSERT (its parameters unchanged) and announces the event. */
  announced(insert: string): string;
}

/** The kinds of the events one commit appended, for desk_events_published_total. */
export const kindsOf = (appended: ReadonlyMap<string, readonly OutboxEvent[]>): EventKind[] =>
  [...appended.values()].flatMap((events) => events.map((e) => e.kind));

/**
 * The outbox: each tenant's events, numbered per tenant (what SSE streams and webhooks resume
 * after), their payloads as JSON, on either dialect.
 */
export class SqlOutboxRepository implements OutboxRepository {
  /**
   * The events appended in the open transaction, by tenant, as a reader would get them back: the unit
   * of work takes them after COMMIT (and forgets them on ROLLBACK), so nothing is announced that did
   * not commit. A repository serves one transaction at a time, so one map is enough.
   */
  private appended = new Map<string, OutboxEvent[]>();
  /** INSERT, as the dialect announces it. */
  private readonly appendSql: string;

  constructor(
    private readonly db: Db,
    dialect?: OutboxDialect,
  ) {
    this.appendSql = dialect ? dialect.announced(INSERT) : INSERT;
  }

  /** On the path of every change that publishes an event: one statement. */
  async append(tenantId: string, e: NewOutboxEvent & { readonly id: string; readonly eventId: number }): Promise<void> {
    const payload = json(e.payload);
    const values = [e.id, tenantId, e.eventId, e.kind, e.occurredAt, payload];
    await this.db.conflicts(() => this.db.run(this.appendSql, values), 'event', { id: e.id, event_id: e.eventId });
    const stored: OutboxEvent = {
      id: e.id,
      eventId: e.eventId,
      kind: e.kind,
      occurredAt: e.occurredAt,
      payload: parseJson<Record<string, unknown>>(payload),
    };
    const appended = this.appended.get(tenantId);
    if (appended) appended.push(stored);
    else this.appended.set(tenantId, [stored]);
  }

  /** SSE streams and the webhook worker read here: one statement through (tenant_id, event_id). */
  async listAfter(
    tenantId: string,
    afterId: number,
    limit: number,
    kinds?: readonly EventKind[],
  ): Promise<OutboxEvent[]> {
    const where = this.db.where().add('tenant_id = ?', tenantId).add('event_id > ?', afterId);
    if (kinds) where.in('kind', kinds);
    const sql = `SELECT ${COLUMNS} FROM outbox_events ${where} ORDER BY event_id LIMIT ?`;
    const rows = await this.db.all<EventRow>(sql, [...where.params, limit]);
    return rows.map((row) => ({ ...row, payload: parseJson<Record<string, unknown>>(row.payload) }));
  }

  async newestId(tenantId: string): Promise<number> {
    const sql = 'SELECT coalesce(max(event_id), 0) AS n FROM outbox_events WHERE tenant_id = ?';
    return (await this.db.one<{ n: number }>(sql, [tenantId]))?.n ?? 0;
  }

  /** The events the transaction that just ended appended, by tenant, oldest first (see `appended`). */
  takeAppended(): ReadonlyMap<string, readonly OutboxEvent[]> {
    const taken = this.appended;
    if (taken.size > 0) this.appended = new Map();
    return taken;
  }
}
