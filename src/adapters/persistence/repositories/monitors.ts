import type { Monitor, MonitorCheck, MonitorState, MonitorStatus } from '../../../domain/monitors/monitor.js';
import type { MonitorRepository } from '../../../ports/repositories/monitors.js';
import { json, parseJson, type Column, type Db } from '../sql/db.js';

const STATUS = `state, since, consecutive_failures AS "consecutiveFailures", last_check AS "lastCheck"`;
const COLUMNS = `id, name, url, interval_seconds AS "intervalSeconds", expect_status AS "expectStatus", ${STATUS},
  next_check_at AS "nextCheckAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

type Row<T> = Omit<T, 'lastCheck'> & { readonly lastCheck: string | null };
const withCheck = <T extends MonitorStatus>(row: Row<T>): T =>
  ({ ...row, lastCheck: parseJson<MonitorCheck | null>(row.lastCheck) }) as T;

const checkJson = (s: MonitorStatus): string | null => (s.lastCheck === null ? null : json(s.lastCheck));

/** Every column but the id, the tenant and the creation time: what an update writes. */
const fields: Column<Monitor>[] = [
  ['name', 'text', (m) => m.name],
  ['url', 'text', (m) => m.url],
  ['interval_seconds', 'int', (m) => m.intervalSeconds],
  ['expect_status', 'int', (m) => m.expectStatus],
  ['state', 'text', (m) => m.state],
  ['since', 'text', (m) => m.since],
  ['consecutive_failures', 'int', (m) => m.consecutiveFailures],
  ['last_check', 'jsonb', checkJson],
  ['next_check_at', 'text', (m) => m.nextCheckAt],
  ['updated_at', 'text', (m) => m.updatedAt],
];

const columns = (tenantId: string): Column<Monitor>[] => [
  ['id', 'text', (m) => m.id],
  ['tenant_id', 'text', () => tenantId],
  ['created_at', 'text', (m) => m.createdAt],
  ...fields,
];

/** Monitors of tenants that have the events module: the others wait (their checks are switched off). */
const ACTIVE = `tenant_id IN (SELECT tenant_id FROM tenant_modules WHERE module = 'events')`;

/**
 * A tenant's monitored addresses with their state and last check (JSON), and the deployment's own
 * monitors (the data disk), on either dialect. Lists by name, then id bytewise; the scheduler's
 * round by next check, then id bytewise, as the monitors_due index holds them.
 */
export class SqlMonitorRepository implements MonitorRepository {
  private readonly byId: string;

  constructor(private readonly db: Db) {
    this.byId = db.bytewise('id');
  }

  create(tenantId: string, m: Monitor): Promise<void> {
    return this.db.insertMany('monitors', columns(tenantId), [m], 'monitor');
  }

  async findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<Monitor | null> {
    const lock = opts.forUpdate ? this.db.lock() : '';
    const sql = `SELECT ${COLUMNS} FROM monitors WHERE tenant_id = ? AND id = ?${lock}`;
    const row = await this.db.one<Row<Monitor>>(sql, [tenantId, id]);
    return row && withCheck(row);
  }

  async list(tenantId: string): Promise<Monitor[]> {
    const sql = `SELECT ${COLUMNS} FROM monitors WHERE tenant_id = ? ORDER BY name, ${this.byId}`;
    return (await this.db.all<Row<Monitor>>(sql, [tenantId])).map(withCheck);
  }

  count(tenantId: string): Promise<number> {
    return this.db.count('FROM monitors WHERE tenant_id = ?', [tenantId]);
  }

  async update(tenantId: string, m: Monitor): Promise<boolean> {
    return (await this.db.updateMany('monitors', tenantId, fields, [m], 'monitor')) === 1;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM monitors WHERE tenant_id = ? AND id = ?', [tenantId, id])) === 1;
  }

  async listDue(at: string, limit: number): Promise<{ tenantId: string; monitor: Monitor }[]> {
    const rows = await this.db.all<Row<Monitor> & { tenantId: string }>(
      `SELECT tenant_id AS "tenantId", ${COLUMNS} FROM monitors
       WHERE next_check_at <= ? AND ${ACTIVE} ORDER BY next_check_at, ${this.byId} LIMIT ?`,
      [at, limit],
    );
    return rows.map(({ tenantId, ...row }) => ({ tenantId, monitor: withCheck<Monitor>(row) }));
  }

  async countByState(): Promise<Record<MonitorState, number>> {
    const rows = await this.db.all<{ state: MonitorState; n: number }>(
      `SELECT state, CAST(count(*) AS INTEGER) AS n FROM monitors WHERE ${ACTIVE} GROUP BY state`,
    );
    const counts: Record<MonitorState, number> = { unknown: 0, up: 0, down: 0 };
    for (const { state, n } of rows) counts[state] = n;
    return counts;
  }

  async deploymentStatus(name: string): Promise<MonitorStatus | null> {
    const row = await this.db.one<Row<MonitorStatus>>(`SELECT ${STATUS} FROM deployment_monitors WHERE name = ?`, [
      name,
    ]);
    return row && withCheck(row);
  }

  async saveDeploymentStatus(name: string, s: MonitorStatus): Promise<void> {
    await this.db.run(
      `INSERT INTO deployment_monitors (name, state, since, consecutive_failures, last_check) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET state = excluded.state, since = excluded.since,
         consecutive_failures = excluded.consecutive_failures, last_check = excluded.last_check`,
      [name, s.state, s.since, s.consecutiveFailures, checkJson(s)],
    );
  }
}
