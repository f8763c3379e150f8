import type { EventKind } from '../../../domain/events/event.js';
import type { Page, PageRequest } from '../../../domain/shared/paging.js';
import type { DeliveryAttempt, DisabledReason, StoredWebhook } from '../../../domain/webhooks/webhook.js';
import type { ClaimedWebhook, WebhookProgress, WebhookRepository } from '../../../ports/repositories/webhooks.js';
import { json, parseJson, type Column, type Db } from '../sql/db.js';

const COLUMNS = `id, url, events, description, enabled, disabled_reason AS "disabledReason", created_at AS "createdAt",
  updated_at AS "updatedAt", secret, previous_secret AS "previousSecret", previous_secret_until AS "previousSecretUntil",
  cursor_event_id AS "cursor", attempt, next_attempt_at AS "nextAttemptAt"`;

type Row = Omit<StoredWebhook, 'events' | 'enabled' | 'disabledReason'> & {
  readonly events: string;
  readonly enabled: unknown;
  readonly disabledReason: string | null;
};

const toWebhook = (row: Row): StoredWebhook => ({
  ...row,
  events: parseJson<EventKind[]>(row.events),
  enabled: Boolean(row.enabled),
  disabledReason: row.disabledReason as DisabledReason | null,
});

/** What an administrator changes (WebhookRepository.update); the delivery progress is the worker's. */
const settings: Column<StoredWebhook>[] = [
  ['url', 'text', (w) => w.url],
  ['events', 'jsonb', (w) => json(w.events)],
  ['description', 'text', (w) => w.description],
  ['enabled', 'boolean', (w) => w.enabled],
  ['disabled_reason', 'text', (w) => w.disabledReason],
  ['updated_at', 'text', (w) => w.updatedAt],
  ['secret', 'text', (w) => w.secret],
  ['previous_secret', 'text', (w) => w.previousSecret],
  ['previous_secret_until', 'text', (w) => w.previousSecretUntil],
];

/** A webhook turned back on: its failed attempts are forgotten, so the next event is tried now. */
const resetSchedule: Column<StoredWebhook>[] = [
  ['attempt', 'int', () => 0],
  ['next_attempt_at', 'text', () => null],
];

const columns = (tenantId: string): Column<StoredWebhook>[] => [
  ['tenant_id', 'text', () => tenantId],
  ['id', 'text', (w) => w.id],
  ['created_at', 'text', (w) => w.createdAt],
  ['cursor_event_id', 'bigint', (w) => w.cursor],
  ['attempt', 'int', (w) => w.attempt],
  ['next_attempt_at', 'text', (w) => w.nextAttemptAt],
  ...settings,
];

const ATTEMPT_COLUMNS = `id, webhook_id AS "webhookId", event_id AS "eventId", message_id AS "messageId", kind, attempt,
  status_code AS "statusCode", duration_ms AS "durationMs", error, outcome, next_attempt_at AS "nextAttemptAt", at, body`;

const attemptColumns = (tenantId: string): Column<DeliveryAttempt>[] => [
  ['tenant_id', 'text', () => tenantId],
  ['id', 'text', (a) => a.id],
  ['webhook_id', 'text', (a) => a.webhookId],
  ['event_id', 'bigint', (a) => a.eventId],
  ['message_id', 'text', (a) => a.messageId],
  ['kind', 'text', (a) => a.kind],
  ['attempt', 'int', (a) => a.attempt],
  ['status_code', 'int', (a) => a.statusCode],
  ['duration_ms', 'int', (a) => a.durationMs],
  ['error', 'text', (a) => a.error],
  ['outcome', 'text', (a) => a.outcome],
  ['next_attempt_at', 'text', (a) => a.nextAttemptAt],
  ['at', 'text', (a) => a.at],
  ['body', 'text', (a) => a.body],
];

/**
 * Webhooks (their sealed secrets and delivery progress: a cursor over the tenant's event ids, a
 * lease while a worker delivers) and the log of delivery attempts, on either dialect.
 */
export class SqlWebhookRepository implements WebhookRepository {
  /**
   * The delivery worker's claim, one statement: due webhooks with an event after their cursor and no
   * live lease, leased to the caller. Postgres skips rows another instance is claiming at this
   * moment, never waiting for them; SQLite's writers hold the database lock, so the claim is atomic.
   */
  private readonly claim: string;
  /** Oldest first, then by id bytewise. */
  private readonly order: string;

  constructor(private readonly db: Db) {
    this.claim = `UPDATE webhooks SET lease_owner = ?, lease_until = ?
      WHERE (tenant_id, id) IN (
        SELECT c.tenant_id, c.id FROM webhooks c
        WHERE c.enabled = TRUE AND (c.next_attempt_at IS NULL OR c.next_attempt_at <= ?)
          AND (c.lease_until IS NULL OR c.lease_until < ?)
          AND EXISTS (SELECT 1 FROM outbox_events o WHERE o.tenant_id = c.tenant_id AND o.event_id > c.cursor_event_id)
        ORDER BY c.next_attempt_at NULLS FIRST LIMIT ?${db.lockSkipLocked})
      RETURNING tenant_id AS "tenantId", ${COLUMNS}`;
    this.order = `created_at, ${db.bytewise('id')}`;
  }

  create(tenantId: string, w: StoredWebhook): Promise<void> {
    return this.db.insertMany('webhooks', columns(tenantId), [w], 'webhook');
  }

  async findById(tenantId: string, id: string): Promise<StoredWebhook | null> {
    const row = await this.db.one<Row>(`SELECT ${COLUMNS} FROM webhooks WHERE tenant_id = ? AND id = ?`, [
      tenantId,
      id,
    ]);
    return row && toWebhook(row);
  }

  async list(tenantId: string): Promise<StoredWebhook[]> {
    const sql = `SELECT ${COLUMNS} FROM webhooks WHERE tenant_id = ? ORDER BY ${this.order}`;
    return (await this.db.all<Row>(sql, [tenantId])).map(toWebhook);
  }

  async update(tenantId: string, w: StoredWebhook, opts: { resetSchedule?: boolean } = {}): Promise<boolean> {
    const written = opts.resetSchedule ? [...settings, ...resetSchedule] : settings;
    return (await this.db.updateMany('webhooks', tenantId, written, [w], 'webhook')) === 1;
  }

  async disable(tenantId: string, id: string, reason: DisabledReason, at: string): Promise<void> {
    await this.db.run(
      `UPDATE webhooks SET enabled = FALSE, disabled_reason = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL
       WHERE tenant_id = ? AND id = ?`,
      [reason, at, tenantId, id],
    );
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM webhooks WHERE tenant_id = ? AND id = ?', [tenantId, id])) === 1;
  }

  async claimDue(now: string, owner: string, leaseUntil: string, limit: number): Promise<ClaimedWebhook[]> {
    const rows = await this.db.all<Row & { tenantId: string }>(this.claim, [owner, leaseUntil, now, now, limit]);
    return rows.map(({ tenantId, ...row }) => ({ tenantId, webhook: toWebhook(row) }));
  }

  async progress(
    tenantId: string,
    id: string,
    owner: string,
    p: WebhookProgress,
    leaseUntil: string,
  ): Promise<boolean> {
    const sql = `UPDATE webhooks SET cursor_event_id = ?, attempt = ?, next_attempt_at = ?, lease_until = ?
      WHERE tenant_id = ? AND id = ? AND lease_owner = ? AND enabled = TRUE`;
    return (await this.db.run(sql, [p.cursor, p.attempt, p.nextAttemptAt, leaseUntil, tenantId, id, owner])) === 1;
  }

  async release(tenantId: string, id: string, owner: string): Promise<void> {
    await this.db.run(
      'UPDATE webhooks SET lease_owner = NULL, lease_until = NULL WHERE tenant_id = ? AND id = ? AND lease_owner = ?',
      [tenantId, id, owner],
    );
  }

  /** The delivery log only grows: autovacuum keeps its statistics, not the insert (`analyze: false`). */
  recordAttempt(tenantId: string, a: DeliveryAttempt): Promise<void> {
    return this.db.insertMany('webhook_deliveries', attemptColumns(tenantId), [a], 'delivery attempt', {
      analyze: false,
    });
  }

  listAttempts(tenantId: string, webhookId: string, page: PageRequest): Promise<Page<DeliveryAttempt>> {
    const where = this.db.where().add('tenant_id = ?', tenantId).add('webhook_id = ?', webhookId);
    return this.db.page<DeliveryAttempt>({
      columns: ATTEMPT_COLUMNS,
      from: 'webhook_deliveries',
      where,
      orderBy: 'seq DESC',
      page,
    });
  }

  findAttempt(tenantId: string, webhookId: string, id: string): Promise<DeliveryAttempt | null> {
    return this.db.one<DeliveryAttempt>(
      `SELECT ${ATTEMPT_COLUMNS} FROM webhook_deliveries WHERE tenant_id = ? AND webhook_id = ? AND id = ?`,
      [tenantId, webhookId, id],
    );
  }
}
