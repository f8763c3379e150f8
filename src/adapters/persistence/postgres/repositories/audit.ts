import type { AuditActorType, AuditEntry } from '../../../../domain/audit/audit-entry.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { AuditQuery, AuditRepository } from '../../../../ports/repositories/audit.js';
import { mapUniqueViolation, pageOf, query, Where, type Queryable } from '../sql.js';

interface AuditRecord {
  id: string;
  actor_type: AuditActorType;
  actor_id: string;
  actor_via: string | null;
  action: string;
  target: string;
  at: string;
  details: Record<string, unknown>;
}

const toEntry = (r: AuditRecord): AuditEntry => ({
  id: r.id,
  actor: { type: r.actor_type, id: r.actor_id, ...(r.actor_via === null ? {} : { via: r.actor_via }) },
  action: r.action,
  target: r.target,
  at: r.at,
  details: r.details,
});

export class PgAuditRepository implements AuditRepository {
  constructor(private readonly db: Queryable) {}

  async record(tenantId: string, e: AuditEntry): Promise<void> {
    const sql = `INSERT INTO audit_entries (id, tenant_id, actor_type, actor_id, actor_via, action, target, at, details)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`;
    const values = [
      e.id,
      tenantId,
      e.actor.type,
      e.actor.id,
      e.actor.via ?? null,
      e.action,
      e.target,
      e.at,
      JSON.stringify(e.details),
    ];
    await mapUniqueViolation(query(this.db, sql, values), { audit_entries_pkey: 'audit entry id' });
  }

  async list(tenantId: string, opts: { limit: number; action?: string }): Promise<AuditEntry[]> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (opts.action) where.add('action = ?', opts.action);
    const limit = where.param(opts.limit);
    // seq orders entries written in the same instant (one transaction) newest first too.
    const sql = `SELECT id, actor_type, actor_id, actor_via, action, target, at, details FROM audit_entries ${where}
      ORDER BY at DESC, seq DESC LIMIT ${limit}`;
    return (await query<AuditRecord>(this.db, sql, where.params)).rows.map(toEntry);
  }

  async search(tenantId: string, q: AuditQuery, page: PageRequest): Promise<Page<AuditEntry>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (q.actorId) where.add('actor_id = ?', q.actorId);
    if (q.action) where.add('action = ?', q.action);
    if (q.targets) where.add('target = ANY(?::text[])', q.targets);
    if (q.from) where.add('at >= ?', q.from);
    if (q.to) where.add('at <= ?', q.to);
    const rows = await pageOf<AuditRecord>(this.db, {
      columns: 'id, actor_type, actor_id, actor_via, action, target, at, details',
      from: 'audit_entries',
      where,
      orderBy: 'at DESC, seq DESC',
      page,
    });
    return { items: rows.items.map(toEntry), total: rows.total };
  }
}
