import type { Monitor, MonitorState, MonitorStatus } from '../../../../domain/monitors/monitor.js';
import type { MonitorRepository } from '../../../../ports/repositories/monitors.js';
import { mapUniqueViolation, query, queryOne, type Queryable } from '../sql.js';

// last_check is jsonb, which pg parses.
const STATUS = `state, since, consecutive_failures AS "consecutiveFailures", last_check AS "lastCheck"`;
const COLUMNS = `id, name, url, interval_seconds AS "intervalSeconds", expect_status AS "expectStatus", ${STATUS},
  next_check_at AS "nextCheckAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Monitors of tenants that have the events module: the others wait (their checks are switched off). */
const ACTIVE = `tenant_id IN (SELECT tenant_id FROM tenant_modules WHERE module = 'events')`;

const checkJson = (s: MonitorStatus) => (s.lastCheck === null ? null : JSON.stringify(s.lastCheck));

export class PgMonitorRepository implements MonitorRepository {
  constructor(private readonly db: Queryable) {}

  async create(tenantId: string, m: Monitor): Promise<void> {
    const sql = `INSERT INTO monitors (id, tenant_id, name, url, interval_seconds, expect_status, state, since,
      consecutive_failures, last_check, next_check_at, created_at, updated_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13)`;
    const values = [m.id, tenantId, m.name, m.url, m.intervalSeconds, m.expectStatus, m.state, m.since];
    await mapUniqueViolation(
      query(this.db, sql, [...values, m.consecutiveFailures, checkJson(m), m.nextCheckAt, m.createdAt, m.updatedAt]),
      { monitors_pkey: 'monitor id' },
    );
  }

  async findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<Monitor | null> {
    const lock = opts.forUpdate ? ' FOR UPDATE' : '';
    return queryOne<Monitor>(this.db, `SELECT ${COLUMNS} FROM monitors WHERE tenant_id = $1 AND id = $2${lock}`, [
      tenantId,
      id,
    ]);
  }

  async list(tenantId: string): Promise<Monitor[]> {
    const sql = `SELECT ${COLUMNS} FROM monitors WHERE tenant_id = $1 ORDER BY name, id COLLATE "C"`;
    return (await query<Monitor>(this.db, sql, [tenantId])).rows;
  }

  async count(tenantId: string): Promise<number> {
    const row = await queryOne<{ n: number }>(this.db, 'SELECT count(*)::int AS n FROM monitors WHERE tenant_id = $1', [
      tenantId,
    ]);
    return row?.n ?? 0;
  }

  async update(tenantId: string, m: Monitor): Promise<boolean> {
    const sql = `UPDATE monitors SET name = $3, url = $4, interval_seconds = $5, expect_status = $6, state = $7,
      since = $8, consecutive_failures = $9, last_check = $10::jsonb, next_check_at = $11, updated_at = $12
      WHERE tenant_id = $1 AND id = $2`;
    const values = [tenantId, m.id, m.name, m.url, m.intervalSeconds, m.expectStatus, m.state, m.since];
    const result = await query(this.db, sql, [
      ...values,
      m.consecutiveFailures,
      checkJson(m),
      m.nextCheckAt,
      m.updatedAt,
    ]);
    return result.rowCount === 1;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return (
      (await query(this.db, 'DELETE FROM monitors WHERE tenant_id = $1 AND id = $2', [tenantId, id])).rowCount === 1
    );
  }

  async listDue(at: string, limit: number): Promise<{ tenantId: string; monitor: Monitor }[]> {
    const sql = `SELECT tenant_id AS "tenantId", ${COLUMNS} FROM monitors
      WHERE next_check_at <= $1 AND ${ACTIVE} ORDER BY next_check_at, id COLLATE "C" LIMIT $2`;
    const { rows } = await query<Monitor & { tenantId: string }>(this.db, sql, [at, limit]);
    return rows.map(({ tenantId, ...monitor }) => ({ tenantId, monitor }));
  }

  async countByState(): Promise<Record<MonitorState, number>> {
    const sql = `SELECT state, count(*)::int AS n FROM monitors WHERE ${ACTIVE} GROUP BY state`;
    const { rows } = await query<{ state: MonitorState; n: number }>(this.db, sql);
    const counts: Record<MonitorState, number> = { unknown: 0, up: 0, down: 0 };
    for (const { state, n } of rows) counts[state] = n;
    return counts;
  }

  async deploymentStatus(name: string): Promise<MonitorStatus | null> {
    return queryOne<MonitorStatus>(this.db, `SELECT ${STATUS} FROM deployment_monitors WHERE name = $1`, [name]);
  }

  async saveDeploymentStatus(name: string, s: MonitorStatus): Promise<void> {
    await query(
      this.db,
      `INSERT INTO deployment_monitors (name, state, since, consecutive_failures, last_check)
       VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT (name) DO UPDATE SET state = excluded.state, since = excluded.since,
         consecutive_failures = excluded.consecutive_failures, last_check = excluded.last_check`,
      [name, s.state, s.since, s.consecutiveFailures, checkJson(s)],
    );
  }
}
