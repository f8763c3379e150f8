import type { AuditActorType, AuditEntry } from '../../../../domain/audit/audit-entry.js';
import type { AuditRepository } from '../../../../ports/repositories.js';
import { conflictOf, json, parseJson, Where, type Sql } from '../sql.js';

interface AuditRow {
  id: string;
  actorType: AuditActorType;
  actorId: string;
  action: string;
  target: string;
  at: string;
  details: string;
}

export class SqliteAuditRepository implements AuditRepository {
  constructor(private readonly sql: Sql) {}

  async record(tenantId: string, e: AuditEntry): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO audit_entries (id, tenant_id, actor_type, actor_id, action, target, at, details)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        e.id,
        tenantId,
        e.actor.type,
        e.actor.id,
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
      `SELECT id, actor_type AS actorType, actor_id AS actorId, action, target, at, details
       FROM audit_entries ${where} ORDER BY at DESC, rowid DESC LIMIT ?`,
      ...where.params,
      opts.limit,
    );
    return rows.map(({ actorType, actorId, details, ...rest }) => ({
      ...rest,
      actor: { type: actorType, id: actorId },
      details: parseJson<Record<string, unknown>>(details),
    }));
  }
}
