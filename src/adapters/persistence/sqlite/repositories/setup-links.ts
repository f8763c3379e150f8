import type { SetupLink } from '../../../../domain/identity/setup-link.js';
import type { SetupLinkRepository } from '../../../../ports/repositories/setup-links.js';
import { conflictOf, inJson, json, type Sql } from '../sql.js';

const COLUMNS = `id, purpose, user_id AS userId, token_hash AS tokenHash, file_path AS filePath, created_at AS createdAt,
  expires_at AS expiresAt, used_at AS usedAt, replaced_at AS replacedAt`;

export class SqliteSetupLinkRepository implements SetupLinkRepository {
  constructor(private readonly sql: Sql) {}

  async create(tenantId: string, link: SetupLink): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO setup_links (id, tenant_id, purpose, user_id, token_hash, file_path, created_at, expires_at,
           used_at, replaced_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        link.id,
        tenantId,
        link.purpose,
        link.userId,
        link.tokenHash,
        link.filePath,
        link.createdAt,
        link.expiresAt,
        link.usedAt,
        link.replacedAt,
      );
    } catch (error) {
      throw conflictOf(error, 'setup link', { id: link.id });
    }
  }

  async replaceOpen(tenantId: string, userId: string, at: string): Promise<void> {
    this.sql.run(
      `UPDATE setup_links SET replaced_at = ?
       WHERE tenant_id = ? AND user_id = ? AND used_at IS NULL AND replaced_at IS NULL`,
      at,
      tenantId,
      userId,
    );
  }

  async findByTokenHash(tokenHash: string): Promise<{ tenantId: string; link: SetupLink } | null> {
    const row = this.sql.get<SetupLink & { tenantId: string }>(
      `SELECT tenant_id AS tenantId, ${COLUMNS} FROM setup_links WHERE token_hash = ?`,
      tokenHash,
    );
    if (!row) return null;
    const { tenantId, ...link } = row;
    return { tenantId, link };
  }

  async markUsed(tenantId: string, id: string, at: string): Promise<boolean> {
    const result = this.sql.run(
      `UPDATE setup_links SET used_at = ?
       WHERE tenant_id = ? AND id = ? AND used_at IS NULL AND replaced_at IS NULL`,
      at,
      tenantId,
      id,
    );
    return result.changes === 1;
  }

  async listOpen(tenantId: string, userIds: readonly string[], now: string): Promise<SetupLink[]> {
    if (userIds.length === 0) return [];
    return this.sql.all<SetupLink>(
      `SELECT ${COLUMNS} FROM setup_links
       WHERE tenant_id = ? AND ${inJson('user_id')} AND used_at IS NULL AND replaced_at IS NULL AND expires_at > ?`,
      tenantId,
      json(userIds),
      now,
    );
  }
}
