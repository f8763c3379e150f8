import type { AuditActorType, AuditEntry } from '../../../domain/audit/audit-entry.js';
import type { Page, PageRequest } from '../../../domain/shared/paging.js';
import type { AuditQuery, AuditRepository } from '../../../ports/repositories/audit.js';
import { json, parseJson, type Db } from '../sql/db.js';

interface AuditRow {
  readonly id: string;
  readonly actorType: AuditActorType;
  readonly actorId: string;
  readonly actorVia: string | null;
  readonly action: string;
  readonly target: string;
  readonly at: string;
  readonly details: string;
}

const COLUMNS = `id, actor_type AS "actorType", actor_id AS "actorId", actor_via AS "actorVia", action, target, at,
  details`;

const toEntry = ({ actorType, actorId, actorVia, details, ...rest }: AuditRow): AuditEntry => ({
  ...rest,
  actor: { type: actorType, id: actorId, ...(actorVia === null ? {} : { via: actorVia }) },
  details: parseJson<Record<string, unknown>>(details),
});

/** The audit log (who did what to which target, when, with details as JSON), on either dialect. */
export class SqlAuditRepository implements AuditRepository {
  /** Newest first; entries of one instant (one transaction), the later-recorded first. */
  private readonly order: string;

  constructor(private readonly db: Db) {
    // SQLite's rowid, Postgres's seq: the order entries were recorded in, which the indexes end with.
    this.order = `at DESC, ${db.insertOrder} DESC`;
  }

  /** On the path of every recorded change: one plain insert. */
  async record(tenantId: string, e: AuditEntry): Promise<void> {
    const sql = `INSERT INTO audit_entries (id, tenant_id, actor_type, actor_id, actor_via, action, target, at, details)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const values = [e.id, tenantId, e.actor.type, e.actor.id, e.actor.via ?? null, e.action, e.target, e.at];
    await this.db.conflicts(() => this.db.run(sql, [...values, json(e.details)]), 'audit entry', { id: e.id });
  }

  async list(tenantId: string, opts: { limit: number; action?: string }): Promise<AuditEntry[]> {
    const where = this.db.where().add('tenant_id = ?', tenantId);
    if (opts.action) where.add('action = ?', opts.action);
    const sql = `SELECT ${COLUMNS} FROM audit_entries ${where} ORDER BY ${this.order} LIMIT ?`;
    return (await this.db.all<AuditRow>(sql, [...where.params, opts.limit])).map(toEntry);
  }

  async search(tenantId: string, q: AuditQuery, page: PageRequest): Promise<Page<AuditEntry>> {
    const where = this.db.where().add('tenant_id = ?', tenantId);
    if (q.actorId) where.add('actor_id = ?', q.actorId);
    if (q.action) where.add('action = ?', q.action);
    if (q.targets) where.in('target', q.targets);
    if (q.from) where.add('at >= ?', q.from);
    if (q.to) where.add('at <= ?', q.to);
    const rows = await this.db.page<AuditRow>({
      columns: COLUMNS,
      from: 'audit_entries',
      where,
      orderBy: this.order,
      page,
    });
    return { items: rows.items.map(toEntry), total: rows.total };
  }
}
