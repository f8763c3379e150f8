import type { EventKind } from '../../../../domain/events/event.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { DeliveryAttempt, DisabledReason, StoredWebhook } from '../../../../domain/webhooks/webhook.js';
import type { ClaimedWebhook, WebhookProgress, WebhookRepository } from '../../../../ports/repositories/webhooks.js';
import { conflictOf, json, pageOf, parseJson, Where, type Sql } from '../sql.js';

const COLUMNS = `id, url, events, description, enabled, disabled_reason AS disabledReason, created_at AS createdAt,
  updated_at AS updatedAt, secret, previous_secret AS previousSecret, previous_secret_until AS previousSecretUntil,
  cursor_event_id AS cursor, attempt, next_attempt_at AS nextAttemptAt`;

type Row = Omit<StoredWebhook, 'events' | 'enabled'> & { events: string; enabled: number };

const toWebhook = (row: Row): StoredWebhook => ({
  ...row,
  events: parseJson<EventKind[]>(row.events),
  enabled: row.enabled === 1,
  disabledReason: row.disabledReason as DisabledReason | null,
});

const ATTEMPT_COLUMNS = `id, webhook_id AS webhookId, event_id AS eventId, message_id AS messageId, kind, attempt,
  status_code AS statusCode, duration_ms AS durationMs, error, outcome, next_attempt_at AS nextAttemptAt, at, body`;

export class SqliteWebhookRepository implements WebhookRepository {
  constructor(private readonly sql: Sql) {}

  async create(tenantId: string, w: StoredWebhook): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO webhooks (tenant_id, id, url, events, description, enabled, disabled_reason, created_at, updated_at,
           secret, previous_secret, previous_secret_until, cursor_event_id, attempt, next_attempt_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        tenantId,
        w.id,
        w.url,
        json(w.events),
        w.description,
        w.enabled ? 1 : 0,
        w.disabledReason,
        w.createdAt,
        w.updatedAt,
        w.secret,
        w.previousSecret,
        w.previousSecretUntil,
        w.cursor,
        w.attempt,
        w.nextAttemptAt,
      );
    } catch (error) {
      throw conflictOf(error, 'webhook', { id: w.id });
    }
  }

  async findById(tenantId: string, id: string): Promise<StoredWebhook | null> {
    const row = this.sql.get<Row>(`SELECT ${COLUMNS} FROM webhooks WHERE tenant_id = ? AND id = ?`, tenantId, id);
    return row && toWebhook(row);
  }

  async list(tenantId: string): Promise<StoredWebhook[]> {
    return this.sql
      .all<Row>(`SELECT ${COLUMNS} FROM webhooks WHERE tenant_id = ? ORDER BY created_at, id`, tenantId)
      .map(toWebhook);
  }

  async update(tenantId: string, w: StoredWebhook, opts: { resetSchedule?: boolean } = {}): Promise<boolean> {
    const reset = opts.resetSchedule ? ', attempt = 0, next_attempt_at = NULL' : '';
    const result = this.sql.run(
      `UPDATE webhooks SET url = ?, events = ?, description = ?, enabled = ?, disabled_reason = ?, updated_at = ?,
         secret = ?, previous_secret = ?, previous_secret_until = ?${reset}
       WHERE tenant_id = ? AND id = ?`,
      w.url,
      json(w.events),
      w.description,
      w.enabled ? 1 : 0,
      w.disabledReason,
      w.updatedAt,
      w.secret,
      w.previousSecret,
      w.previousSecretUntil,
      tenantId,
      w.id,
    );
    return result.changes === 1;
  }

  async disable(tenantId: string, id: string, reason: DisabledReason, at: string): Promise<void> {
    this.sql.run(
      `UPDATE webhooks SET enabled = 0, disabled_reason = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL
       WHERE tenant_id = ? AND id = ?`,
      reason,
      at,
      tenantId,
      id,
    );
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return this.sql.run('DELETE FROM webhooks WHERE tenant_id = ? AND id = ?', tenantId, id).changes === 1;
  }

  // One writer at a time on SQLite: the UPDATE … RETURNING claims atomically.
  async claimDue(now: string, owner: string, leaseUntil: string, limit: number): Promise<ClaimedWebhook[]> {
    const rows = this.sql.all<Row & { tenantId: string }>(
      `UPDATE webhooks SET lease_owner = ?, lease_until = ?
       WHERE rowid IN (
         SELECT w.rowid FROM webhooks w
         WHERE w.enabled = 1 AND (w.next_attempt_at IS NULL OR w.next_attempt_at <= ?)
           AND (w.lease_until IS NULL OR w.lease_until < ?)
           AND EXISTS (SELECT 1 FROM outbox_events o WHERE o.tenant_id = w.tenant_id AND o.event_id > w.cursor_event_id)
         ORDER BY w.next_attempt_at IS NOT NULL, w.next_attempt_at LIMIT ?)
       RETURNING tenant_id AS tenantId, ${COLUMNS}`,
      owner,
      leaseUntil,
      now,
      now,
      limit,
    );
    return rows.map(({ tenantId, ...row }) => ({ tenantId, webhook: toWebhook(row) }));
  }

  async progress(
    tenantId: string,
    id: string,
    owner: string,
    p: WebhookProgress,
    leaseUntil: string,
  ): Promise<boolean> {
    const result = this.sql.run(
      `UPDATE webhooks SET cursor_event_id = ?, attempt = ?, next_attempt_at = ?, lease_until = ?
       WHERE tenant_id = ? AND id = ? AND lease_owner = ? AND enabled = 1`,
      p.cursor,
      p.attempt,
      p.nextAttemptAt,
      leaseUntil,
      tenantId,
      id,
      owner,
    );
    return result.changes === 1;
  }

  async release(tenantId: string, id: string, owner: string): Promise<void> {
    this.sql.run(
      'UPDATE webhooks SET lease_owner = NULL, lease_until = NULL WHERE tenant_id = ? AND id = ? AND lease_owner = ?',
      tenantId,
      id,
      owner,
    );
  }

  async recordAttempt(tenantId: string, a: DeliveryAttempt): Promise<void> {
    this.sql.run(
      `INSERT INTO webhook_deliveries (tenant_id, id, webhook_id, event_id, message_id, kind, attempt, status_code,
         duration_ms, error, outcome, next_attempt_at, at, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      tenantId,
      a.id,
      a.webhookId,
      a.eventId,
      a.messageId,
      a.kind,
      a.attempt,
      a.statusCode,
      a.durationMs,
      a.error,
      a.outcome,
      a.nextAttemptAt,
      a.at,
      a.body,
    );
  }

  async listAttempts(tenantId: string, webhookId: string, page: PageRequest): Promise<Page<DeliveryAttempt>> {
    const where = new Where();
    where.add('tenant_id = ?', tenantId);
    where.add('webhook_id = ?', webhookId);
    return pageOf<DeliveryAttempt>(this.sql, {
      columns: ATTEMPT_COLUMNS,
      from: 'webhook_deliveries',
      where,
      orderBy: 'seq DESC',
      page,
    });
  }

  async findAttempt(tenantId: string, webhookId: string, id: string): Promise<DeliveryAttempt | null> {
    return this.sql.get<DeliveryAttempt>(
      `SELECT ${ATTEMPT_COLUMNS} FROM webhook_deliveries WHERE tenant_id = ? AND webhook_id = ? AND id = ?`,
      tenantId,
      webhookId,
      id,
    );
  }
}
