import type { Session } from '../../../../domain/identity/session.js';
import type { SessionRepository } from '../../../../ports/repositories/sessions.js';
import { conflictOf, type Sql } from '../sql.js';

const COLUMNS = 'id, user_id AS userId, created_at AS createdAt, expires_at AS expiresAt, revoked_at AS revokedAt';

export class SqliteSessionRepository implements SessionRepository {
  constructor(private readonly sql: Sql) {}

  async create(tenantId: string, s: Session): Promise<void> {
    try {
      this.sql.run(
        'INSERT INTO sessions (id, tenant_id, user_id, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)',
        s.id,
        tenantId,
        s.userId,
        s.createdAt,
        s.expiresAt,
        s.revokedAt,
      );
    } catch (error) {
      throw conflictOf(error, 'session', { id: s.id });
    }
  }

  async findById(tenantId: string, id: string): Promise<Session | null> {
    return this.sql.get<Session>(`SELECT ${COLUMNS} FROM sessions WHERE tenant_id = ? AND id = ?`, tenantId, id);
  }

  async revoke(tenantId: string, id: string, at: string): Promise<boolean> {
    const result = this.sql.run(
      'UPDATE sessions SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL',
      at,
      tenantId,
      id,
    );
    return result.changes === 1;
  }

  async revokeAllOf(tenantId: string, userId: string, at: string): Promise<string[]> {
    const rows = this.sql.all<{ id: string }>(
      'UPDATE sessions SET revoked_at = ? WHERE tenant_id = ? AND user_id = ? AND revoked_at IS NULL RETURNING id',
      at,
      tenantId,
      userId,
    );
    return rows.map((r) => r.id);
  }
}
