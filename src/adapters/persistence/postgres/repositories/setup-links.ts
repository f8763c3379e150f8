import type { SetupLink } from '../../../../domain/identity/setup-link.js';
import type { SetupLinkRepository } from '../../../../ports/repositories.js';
import { mapUniqueViolation, query, queryOne, type Queryable } from '../sql.js';

interface SetupLinkRecord {
  id: string;
  tenant_id: string;
  user_id: string;
  token_hash: string;
  file_path: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  replaced_at: string | null;
}

const toLink = (r: SetupLinkRecord): SetupLink => ({
  id: r.id,
  userId: r.user_id,
  tokenHash: r.token_hash,
  filePath: r.file_path,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
  replacedAt: r.replaced_at,
});

const UNIQUES = { setup_links_token_hash_key: 'setup link token', setup_links_pkey: 'setup link id' };

export class PgSetupLinkRepository implements SetupLinkRepository {
  constructor(private readonly db: Queryable) {}

  async create(tenantId: string, l: SetupLink): Promise<void> {
    const sql = `INSERT INTO setup_links (id, tenant_id, user_id, token_hash, file_path, created_at, expires_at, used_at,
      replaced_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;
    const values = [
      l.id,
      tenantId,
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
    const row = await queryOne<SetupLinkRecord>(this.db, 'SELECT * FROM setup_links WHERE token_hash = $1', [
      tokenHash,
    ]);
    return row && { tenantId: row.tenant_id, link: toLink(row) };
  }

  async markUsed(tenantId: string, id: string, at: string): Promise<boolean> {
    const sql = `UPDATE setup_links SET used_at = $3
      WHERE tenant_id = $1 AND id = $2 AND used_at IS NULL AND replaced_at IS NULL`;
    return (await query(this.db, sql, [tenantId, id, at])).rowCount === 1;
  }
}
