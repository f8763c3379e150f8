import type { Session } from '../../../domain/identity/session.js';
import type { SessionRepository } from '../../../ports/repositories/sessions.js';
import type { Db } from '../sql/db.js';

const COLUMNS =
  'id, user_id AS "userId", created_at AS "createdAt", expires_at AS "expiresAt", revoked_at AS "revokedAt"';

/** Console sign-in sessions (the cookie names the id), on either dialect. */
export class SqlSessionRepository implements SessionRepository {
  constructor(private readonly db: Db) {}

  async create(tenantId: string, s: Session): Promise<void> {
    const sql = `INSERT INTO sessions (id, tenant_id, user_id, created_at, expires_at, revoked_at)
      VALUES (?, ?, ?, ?, ?, ?)`;
    const values = [s.id, tenantId, s.userId, s.createdAt, s.expiresAt, s.revokedAt];
    await this.db.conflicts(() => this.db.run(sql, values), 'session', { id: s.id });
  }

  /** On every console request's path: one query by primary key. */
  findById(tenantId: string, id: string): Promise<Session | null> {
    return this.db.one<Session>(`SELECT ${COLUMNS} FROM sessions WHERE tenant_id = ? AND id = ?`, [tenantId, id]);
  }

  async revoke(tenantId: string, id: string, at: string): Promise<boolean> {
    const sql = 'UPDATE sessions SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL';
    return (await this.db.run(sql, [at, tenantId, id])) === 1;
  }

  revokeAllOf(tenantId: string, userId: string, at: string): Promise<string[]> {
    const sql = `UPDATE sessions SET revoked_at = ?
      WHERE tenant_id = ? AND user_id = ? AND revoked_at IS NULL RETURNING id`;
    return this.db.column<string>(sql, [at, tenantId, userId]);
  }
}
