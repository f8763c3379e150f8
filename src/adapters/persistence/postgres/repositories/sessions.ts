import type { Session } from '../../../../domain/identity/session.js';
import type { SessionRepository } from '../../../../ports/repositories/sessions.js';
import { mapUniqueViolation, query, queryOne, type Queryable } from '../sql.js';

const COLUMNS =
  'id, user_id AS "userId", created_at AS "createdAt", expires_at AS "expiresAt", revoked_at AS "revokedAt"';

export class PgSessionRepository implements SessionRepository {
  constructor(private readonly db: Queryable) {}

  async create(tenantId: string, s: Session): Promise<void> {
    const sql = `INSERT INTO sessions (id, tenant_id, user_id, created_at, expires_at, revoked_at)
      VALUES ($1, $2, $3, $4, $5, $6)`;
    const values = [s.id, tenantId, s.userId, s.createdAt, s.expiresAt, s.revokedAt];
    await mapUniqueViolation(query(this.db, sql, values), { sessions_pkey: 'session id' });
  }

  async findById(tenantId: string, id: string): Promise<Session | null> {
    return queryOne<Session>(this.db, `SELECT ${COLUMNS} FROM sessions WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ]);
  }

  async revoke(tenantId: string, id: string, at: string): Promise<boolean> {
    const sql = 'UPDATE sessions SET revoked_at = $3 WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL';
    const result = await query(this.db, sql, [tenantId, id, at]);
    return result.rowCount === 1;
  }

  async revokeAllOf(tenantId: string, userId: string, at: string): Promise<string[]> {
    const sql = `UPDATE sessions SET revoked_at = $3
      WHERE tenant_id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id`;
    return (await query<{ id: string }>(this.db, sql, [tenantId, userId, at])).rows.map((r) => r.id);
  }
}
