import type { AuditActorType, AuditEntry } from '../../../../domain/audit/audit-entry.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { AuditQuery, AuditRepository } from '../../../../ports/repositories/audit.js';
import { conflictOf, inJson, json, pageOf, parseJson, Where, type Sql } from '../sql.js';

interface AuditRow {
  id: string;
  actorType: AuditActorType;
  actorId: string;
  actorVia: string | null;
  action: string;
  target: string;
  at: string;
  details: string;
}

const COLUMNS = 'id, actor_type AS actorType, actor_id AS actorId, actor_via AS actorVia, action, target, at, details';

const toEntry = ({ actorType, actorId, actorVia, details, ...rest }: AuditRow): AuditEntry => ({
  ...rest,
  actor: { type: actorType, id: actorId, ...(actorVia === null ? {} : { via: actorVia }) },
  details: parseJson<Record<string, unknown>>(details),
});

export class SqliteAuditRepository implements AuditRepository {
  constructor(private readonly sql: Sql) {}

  async record(tenantId: string, e: AuditEntry): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO audit_entries (id, tenant_id, actor_type, actor_id, actor_via, action, target, at, details)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        e.id,
        tenantId,
        e.actor.type,
        e.actor.id,
        e.actor.via ?? null,
        e.action,
        e.target,
        e.at,
        json(e.details),
      );
    } catch (error) {
      throw conflictOf(error, 'audit entry', { id: e.id });
    }
  }

  async list(tenantId: string, opts: { limit: number; action?: string }): Promise<AuditEntry[]> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (opts.action) where.add('action = ?', opts.action);
    // Entries of the same instant: the later insert (higher rowid) is the newer one.
    const rows = this.sql.all<AuditRow>(
      `SELECT ${COLUMNS} FROM audit_entries ${where} ORDER BY at DESC, rowid DESC LIMIT ?`,
      ...where.params,
      opts.limit,
    );
    return rows.map(toEntry);
  }

  async search(tenantId: string, q: AuditQuery, page: PageRequest): Promise<Page<AuditEntry>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (q.actorId) where.add('actor_id = ?', q.actorId);
    if (q.action) where.add('action = ?', q.action);
    if (q.targets) where.add(inJson('target'), json(q.targets));
    if (q.from) where.add('at >= ?', q.from);
    if (q.to) where.add('at <= ?', q.to);
    const rows = pageOf<AuditRow>(this.sql, {
      columns: COLUMNS,
      from: 'audit_entries',
      where,
      orderBy: 'at DESC, rowid DESC',
      page,
    });
    return { items: rows.items.map(toEntry), total: rows.total };
  }
}
