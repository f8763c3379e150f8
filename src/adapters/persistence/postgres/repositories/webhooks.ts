import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { DeliveryAttempt, DisabledReason, StoredWebhook } from '../../../../domain/webhooks/webhook.js';
import type { ClaimedWebhook, WebhookProgress, WebhookRepository } from '../../../../ports/repositories/webhooks.js';
import { mapUniqueViolation, pageOf, query, queryOne, Where, type Queryable } from '../sql.js';

// events is jsonb, which pg parses; cursor_event_id is bigint, read as a number (pg-database.ts).
// `t` qualifies the columns where another table of the query has the same names.
const columns = (t = '') => `${t}id, ${t}url, ${t}events, ${t}description, ${t}enabled,
  ${t}disabled_reason AS "disabledReason", ${t}created_at AS "createdAt", ${t}updated_at AS "updatedAt", ${t}secret,
  ${t}previous_secret AS "previousSecret", ${t}previous_secret_until AS "previousSecretUntil",
  ${t}cursor_event_id AS "cursor", ${t}attempt, ${t}next_attempt_at AS "nextAttemptAt"`;
const COLUMNS = columns();

const ATTEMPT_COLUMNS = `id, webhook_id AS "webhookId", event_id AS "eventId", message_id AS "messageId", kind, attempt,
  status_code AS "statusCode", duration_ms AS "durationMs", error, outcome, next_attempt_at AS "nextAttemptAt", at, body`;

export class PgWebhookRepository implements WebhookRepository {
  constructor(private readonly db: Queryable) {}

  async create(tenantId: string, w: StoredWebhook): Promise<void> {
    const sql = `INSERT INTO webhooks (tenant_id, id, url, events, description, enabled, disabled_reason, created_at,
      updated_at, secret, previous_secret, previous_secret_until, cursor_event_id, attempt, next_attempt_at)
      VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`;
    const values = [tenantId, w.id, w.url, JSON.stringify(w.events), w.description, w.enabled, w.disabledReason];
    const rest = [w.createdAt, w.updatedAt, w.secret, w.previousSecret, w.previousSecretUntil, w.cursor, w.attempt];
    await mapUniqueViolation(query(this.db, sql, [...values, ...rest, w.nextAttemptAt]), { webhooks_pkey: 'webhook' });
  }

  async findById(tenantId: string, id: string): Promise<StoredWebhook | null> {
    return queryOne<StoredWebhook>(this.db, `SELECT ${COLUMNS} FROM webhooks WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ]);
  }

  async list(tenantId: string): Promise<StoredWebhook[]> {
    const sql = `SELECT ${COLUMNS} FROM webhooks WHERE tenant_id = $1 ORDER BY created_at, id COLLATE "C"`;
    return (await query<StoredWebhook>(this.db, sql, [tenantId])).rows;
  }

  async update(tenantId: string, w: StoredWebhook, opts: { resetSchedule?: boolean } = {}): Promise<boolean> {
    const reset = opts.resetSchedule ? ', attempt = 0, next_attempt_at = NULL' : '';
    const sql = `UPDATE webhooks SET url = $3, events = $4::jsonb, description = $5, enabled = $6, disabled_reason = $7,
      updated_at = $8, secret = $9, previous_secret = $10, previous_secret_until = $11${reset}
      WHERE tenant_id = $1 AND id = $2`;
    const values = [tenantId, w.id, w.url, JSON.stringify(w.events), w.description, w.enabled, w.disabledReason];
    return (
      (await query(this.db, sql, [...values, w.updatedAt, w.secret, w.previousSecret, w.previousSecretUntil]))
        .rowCount === 1
    );
  }

  async disable(tenantId: string, id: string, reason: DisabledReason, at: string): Promise<void> {
    const sql = `UPDATE webhooks SET enabled = false, disabled_reason = $3, updated_at = $4, lease_owner = NULL,
      lease_until = NULL WHERE tenant_id = $1 AND id = $2`;
    await query(this.db, sql, [tenantId, id, reason, at]);
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return (
      (await query(this.db, 'DELETE FROM webhooks WHERE tenant_id = $1 AND id = $2', [tenantId, id])).rowCount === 1
    );
  }

  // Rows another instance is claiming at this moment are skipped, never waited for.
  async claimDue(now: string, owner: string, leaseUntil: string, limit: number): Promise<ClaimedWebhook[]> {
    const sql = `UPDATE webhooks w SET lease_owner = $1, lease_until = $2
      FROM (
        SELECT c.tenant_id, c.id FROM webhooks c
        WHERE c.enabled AND (c.next_attempt_at IS NULL OR c.next_attempt_at <= $3)
          AND (c.lease_until IS NULL OR c.lease_until < $3)
          AND EXISTS (SELECT 1 FROM outbox_events o WHERE o.tenant_id = c.tenant_id AND o.event_id > c.cursor_event_id)
        ORDER BY c.next_attempt_at NULLS FIRST LIMIT $4
        FOR UPDATE SKIP LOCKED
      ) due
      WHERE w.tenant_id = due.tenant_id AND w.id = due.id
      RETURNING w.tenant_id AS "tenantId", ${columns('w.')}`;
    const { rows } = await query<StoredWebhook & { tenantId: string }>(this.db, sql, [owner, leaseUntil, now, limit]);
    return rows.map(({ tenantId, ...webhook }) => ({ tenantId, webhook }));
  }

  async progress(
    tenantId: string,
    id: string,
    owner: string,
    p: WebhookProgress,
    leaseUntil: string,
  ): Promise<boolean> {
    const sql = `UPDATE webhooks SET cursor_event_id = $4, attempt = $5, next_attempt_at = $6, lease_until = $7
      WHERE tenant_id = $1 AND id = $2 AND lease_owner = $3 AND enabled`;
    const values = [tenantId, id, owner, p.cursor, p.attempt, p.nextAttemptAt, leaseUntil];
    return (await query(this.db, sql, values)).rowCount === 1;
  }

  async release(tenantId: string, id: string, owner: string): Promise<void> {
    await query(
      this.db,
      'UPDATE webhooks SET lease_owner = NULL, lease_until = NULL WHERE tenant_id = $1 AND id = $2 AND lease_owner = $3',
      [tenantId, id, owner],
    );
  }

  async recordAttempt(tenantId: string, a: DeliveryAttempt): Promise<void> {
    const sql = `INSERT INTO webhook_deliveries (tenant_id, id, webhook_id, event_id, message_id, kind, attempt,
      status_code, duration_ms, error, outcome, next_attempt_at, at, body)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`;
    const values = [tenantId, a.id, a.webhookId, a.eventId, a.messageId, a.kind, a.attempt, a.statusCode];
    await query(this.db, sql, [...values, a.durationMs, a.error, a.outcome, a.nextAttemptAt, a.at, a.body]);
  }

  async listAttempts(tenantId: string, webhookId: string, page: PageRequest): Promise<Page<DeliveryAttempt>> {
    const where = new Where().add('tenant_id = ?', tenantId).add('webhook_id = ?', webhookId);
    return pageOf<DeliveryAttempt>(this.db, {
      columns: ATTEMPT_COLUMNS,
      from: 'webhook_deliveries',
      where,
      orderBy: 'seq DESC',
      page,
    });
  }

  async findAttempt(tenantId: string, webhookId: string, id: string): Promise<DeliveryAttempt | null> {
    return queryOne<DeliveryAttempt>(
      this.db,
      `SELECT ${ATTEMPT_COLUMNS} FROM webhook_deliveries WHERE tenant_id = $1 AND webhook_id = $2 AND id = $3`,
      [tenantId, webhookId, id],
    );
  }
}
