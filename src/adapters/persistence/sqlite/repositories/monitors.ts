import type { Monitor, MonitorCheck, MonitorState, MonitorStatus } from '../../../../domain/monitors/monitor.js';
import type { MonitorRepository } from '../../../../ports/repositories/monitors.js';
import { conflictOf, json, parseJson, type Sql } from '../sql.js';

const STATUS = `state, since, consecutive_failures AS consecutiveFailures, last_check AS lastCheck`;
const COLUMNS = `id, name, url, interval_seconds AS intervalSeconds, expect_status AS expectStatus, ${STATUS},
  next_check_at AS nextCheckAt, created_at AS createdAt, updated_at AS updatedAt`;

type Row<T> = Omit<T, 'lastCheck'> & { lastCheck: string | null };
const withCheck = <T extends { lastCheck: MonitorCheck | null }>(row: Row<T>): T =>
  ({ ...row, lastCheck: parseJson<MonitorCheck | null>(row.lastCheck) }) as T;

/** Monitors of tenants that have the events module: the others wait (their checks are switched off). */
const ACTIVE = `tenant_id IN (SELECT tenant_id FROM tenant_modules WHERE module = 'events')`;

export class SqliteMonitorRepository implements MonitorRepository {
  constructor(private readonly sql: Sql) {}

  async create(tenantId: string, m: Monitor): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO monitors (id, tenant_id, name, url, interval_seconds, expect_status, state, since,
           consecutive_failures, last_check, next_check_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        m.id,
        tenantId,
        m.name,
        m.url,
        m.intervalSeconds,
        m.expectStatus,
        m.state,
        m.since,
        m.consecutiveFailures,
        m.lastCheck === null ? null : json(m.lastCheck),
        m.nextCheckAt,
        m.createdAt,
        m.updatedAt,
      );
    } catch (error) {
      throw conflictOf(error, 'monitor', { id: m.id });
    }
  }

  async findById(tenantId: string, id: string): Promise<Monitor | null> {
    const row = this.sql.get<Row<Monitor>>(
      `SELECT ${COLUMNS} FROM monitors WHERE tenant_id = ? AND id = ?`,
      tenantId,
      id,
    );
    return row && withCheck(row);
  }

  async list(tenantId: string): Promise<Monitor[]> {
    return this.sql
      .all<Row<Monitor>>(`SELECT ${COLUMNS} FROM monitors WHERE tenant_id = ? ORDER BY name, id`, tenantId)
      .map(withCheck);
  }

  async count(tenantId: string): Promise<number> {
    return this.sql.number('SELECT count(*) FROM monitors WHERE tenant_id = ?', tenantId);
  }

  async update(tenantId: string, m: Monitor): Promise<boolean> {
    const result = this.sql.run(
      `UPDATE monitors SET name = ?, url = ?, interval_seconds = ?, expect_status = ?, state = ?, since = ?,
         consecutive_failures = ?, last_check = ?, next_check_at = ?, updated_at = ?
       WHERE tenant_id = ? AND id = ?`,
      m.name,
      m.url,
      m.intervalSeconds,
      m.expectStatus,
      m.state,
      m.since,
      m.consecutiveFailures,
      m.lastCheck === null ? null : json(m.lastCheck),
      m.nextCheckAt,
      m.updatedAt,
      tenantId,
      m.id,
    );
    return result.changes === 1;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return this.sql.run('DELETE FROM monitors WHERE tenant_id = ? AND id = ?', tenantId, id).changes === 1;
  }

  async listDue(at: string, limit: number): Promise<{ tenantId: string; monitor: Monitor }[]> {
    const rows = this.sql.all<Row<Monitor> & { tenantId: string }>(
      `SELECT tenant_id AS tenantId, ${COLUMNS} FROM monitors
       WHERE next_check_at <= ? AND ${ACTIVE} ORDER BY next_check_at, id LIMIT ?`,
      at,
      limit,
    );
    return rows.map(({ tenantId, ...row }) => ({ tenantId, monitor: withCheck<Monitor>(row) }));
  }

  async countByState(): Promise<Record<MonitorState, number>> {
    const rows = this.sql.all<{ state: MonitorState; n: number }>(
      `SELECT state, count(*) AS n FROM monitors WHERE ${ACTIVE} GROUP BY state`,
    );
    const counts: Record<MonitorState, number> = { unknown: 0, up: 0, down: 0 };
    for (const { state, n } of rows) counts[state] = n;
    return counts;
  }

  async deploymentStatus(name: string): Promise<MonitorStatus | null> {
    const row = this.sql.get<Row<MonitorStatus>>(`SELECT ${STATUS} FROM deployment_monitors WHERE name = ?`, name);
    return row && withCheck(row);
  }

  async saveDeploymentStatus(name: string, s: MonitorStatus): Promise<void> {
    this.sql.run(
      `INSERT INTO deployment_monitors (name, state, since, consecutive_failures, last_check) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET state = excluded.state, since = excluded.since,
         consecutive_failures = excluded.consecutive_failures, last_check = excluded.last_check`,
      name,
      s.state,
      s.since,
      s.consecutiveFailures,
      s.lastCheck === null ? null : json(s.lastCheck),
    );
  }
}
