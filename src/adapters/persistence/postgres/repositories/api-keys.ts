import type { ApiKey, StoredApiKey } from '../../../../domain/identity/api-key.js';
import type { ApiKeyRepository } from '../../../../ports/repositories.js';
import { mapUniqueViolation, query, queryOne, type Queryable } from '../sql.js';

interface ApiKeyRecord {
  id: string;
  tenant_id: string;
  name: string;
  prefix: string;
  hash: string;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

const SELECT = `SELECT id, tenant_id, name, prefix, hash, scopes, created_at, expires_at, last_used_at, revoked_at
  FROM api_keys`;

const toApiKey = (r: ApiKeyRecord): ApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

const toStored = (r: ApiKeyRecord): StoredApiKey => ({ ...toApiKey(r), tenantId: r.tenant_id, hash: r.hash });

export class PgApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly db: Queryable) {}

  async create(k: StoredApiKey): Promise<void> {
    const sql = `INSERT INTO api_keys (id, tenant_id, name, prefix, hash, scopes, created_at, expires_at, last_used_at,
      revoked_at) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10)`;
    const values = [k.id, k.tenantId, k.name, k.prefix, k.hash, JSON.stringify(k.scopes), k.createdAt];
    await mapUniqueViolation(query(this.db, sql, [...values, k.expiresAt, k.lastUsedAt, k.revokedAt]), {
      api_keys_pkey: 'API key id',
    });
  }

  async findByPrefix(prefix: string): Promise<StoredApiKey[]> {
    const { rows } = await query<ApiKeyRecord>(
      this.db,
      `${SELECT} WHERE prefix = $1 ORDER BY created_at, id COLLATE "C"`,
      [prefix],
    );
    return rows.map(toStored);
  }

  async findById(tenantId: string, id: string): Promise<ApiKey | null> {
    const row = await queryOne<ApiKeyRecord>(this.db, `${SELECT} WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return row && toApiKey(row);
  }

  async list(tenantId: string): Promise<ApiKey[]> {
    const sql = `${SELECT} WHERE tenant_id = $1 ORDER BY created_at, id COLLATE "C"`;
    return (await query<ApiKeyRecord>(this.db, sql, [tenantId])).rows.map(toApiKey);
  }

  async revoke(tenantId: string, id: string, at: string): Promise<boolean> {
    const sql = 'UPDATE api_keys SET revoked_at = $3 WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL';
    return (await query(this.db, sql, [tenantId, id, at])).rowCount === 1;
  }

  async touch(tenantId: string, id: string, at: string): Promise<void> {
    await query(this.db, 'UPDATE api_keys SET last_used_at = $3 WHERE tenant_id = $1 AND id = $2', [tenantId, id, at]);
  }
}
