import type { SetupLink } from '../../../domain/identity/setup-link.js';
import type { SetupLinkRepository } from '../../../ports/repositories/setup-links.js';
import type { Db } from '../sql/db.js';

const COLUMNS = `id, purpose, user_id AS "userId", token_hash AS "tokenHash", file_path AS "filePath",
  created_at AS "createdAt", expires_at AS "expiresAt", used_at AS "usedAt", replaced_at AS "replacedAt"`;

/** One-use links that set a password or recover an account (their token's hash), on either dialect. */
export class SqlSetupLinkRepository implements SetupLinkRepository {
  constructor(private readonly db: Db) {}

  async create(tenantId: string, l: SetupLink): Promise<void> {
    const sql = `INSERT INTO setup_links (id, tenant_id, purpose, user_id, token_hash, file_path, created_at, expires_at,
      used_at, replaced_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const values = [l.id, tenantId, l.purpose, l.userId, l.tokenHash, l.filePath, l.createdAt, l.expiresAt];
    await this.db.conflicts(() => this.db.run(sql, [...values, l.usedAt, l.replacedAt]), 'setup link', { id: l.id });
  }

  async replaceOpen(tenantId: string, userId: string, at: string): Promise<void> {
    const sql = `UPDATE setup_links SET replaced_at = ?
      WHERE tenant_id = ? AND user_id = ? AND used_at IS NULL AND replaced_at IS NULL`;
    await this.db.run(sql, [at, tenantId, userId]);
  }

  async findByTokenHash(tokenHash: string): Promise<{ tenantId: string; link: SetupLink } | null> {
    const sql = `SELECT tenant_id AS "tenantId", ${COLUMNS} FROM setup_links WHERE token_hash = ?`;
    const row = await this.db.one<SetupLink & { tenantId: string }>(sql, [tokenHash]);
    if (!row) return null;
    const { tenantId, ...link } = row;
    return { tenantId, link };
  }

  async markUsed(tenantId: string, id: string, at: string): Promise<boolean> {
    const sql = `UPDATE setup_links SET used_at = ?
      WHERE tenant_id = ? AND id = ? AND used_at IS NULL AND replaced_at IS NULL`;
    return (await this.db.run(sql, [at, tenantId, id])) === 1;
  }

  async listOpen(tenantId: string, userIds: readonly string[], now: string): Promise<SetupLink[]> {
    if (userIds.length === 0) return [];
    const sql = `SELECT ${COLUMNS} FROM setup_links
      WHERE tenant_id = ? AND ${this.db.in('user_id')} AND used_at IS NULL AND replaced_at IS NULL AND expires_at > ?`;
    return this.db.all<SetupLink>(sql, [tenantId, this.db.list(userIds), now]);
  }
}
