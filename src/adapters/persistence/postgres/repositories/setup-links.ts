import type { SetupLink } from '../../../../domain/identity/setup-link.js';
import type { SetupLinkRepository } from '../../../../ports/repositories/setup-links.js';
import { mapUniqueViolation, query, queryOne, type Queryable } from '../sql.js';

const COLUMNS = `id, purpose, user_id AS "userId", token_hash AS "tokenHash", file_path AS "filePath", created_at AS "createdAt",
  expires_at AS "expiresAt", used_at AS "usedAt", replaced_at AS "replacedAt"`;

const UNIQUES = { setup_links_token_hash_key: 'setup link token', setup_links_pkey: 'setup link id' };

export class PgSetupLinkRepository implements SetupLinkRepository {
  constructor(private readonly db: Queryable) {}

  async create(tenantId: string, l: SetupLink): Promise<void> {
    const sql = `INSERT INTO setup_links (id, tenant_id, purpose, user_id, token_hash, file_path, created_at, expires_at,
      used_at, replaced_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;
    const values = [
      l.id,
      tenantId,
      l.purpose,
      l.userId,
      l.tokenHash,
      l.filePath,
      l.createdAt,
      l.expiresAt,
      l.usedAt,
      l.replacedAt,
    ];
    await mapUniqueViolation(query(this.db, sql, values), UNIQUES);
  }

  async replaceOpen(tenantId: string, userId: string, at: string): Promise<void> {
    const sql = `UPDATE setup_links SET replaced_at = $3
      WHERE tenant_id = $1 AND user_id = $2 AND used_at IS NULL AND replaced_at IS NULL`;
    await query(this.db, sql, [tenantId, userId, at]);
  }

  async findByTokenHash(tokenHash: string): Promise<{ tenantId: string; link: SetupLink } | null> {
    const sql = `SELECT tenant_id AS "tenantId", ${COLUMNS} FROM setup_links WHERE token_hash = $1`;
    const row = await queryOne<SetupLink & { tenantId: string }>(this.db, sql, [tokenHash]);
    if (!row) return null;
    const { tenantId, ...link } = row;
    return { tenantId, link };
  }

  async markUsed(tenantId: string, id: string, at: string): Promise<boolean> {
    const sql = `UPDATE setup_links SET used_at = $3
      WHERE tenant_id = $1 AND id = $2 AND used_at IS NULL AND replaced_at IS NULL`;
    return (await query(this.db, sql, [tenantId, id, at])).rowCount === 1;
  }

  async listOpen(tenantId: string, userIds: readonly string[], now: string): Promise<SetupLink[]> {
    if (userIds.length === 0) return [];
    const sql = `SELECT ${COLUMNS} FROM setup_links
      WHERE tenant_id = $1 AND user_id = ANY($2::text[]) AND used_at IS NULL AND replaced_at IS NULL AND expires_at > $3`;
    return (await query<SetupLink>(this.db, sql, [tenantId, userIds, now])).rows;
  }
}
