import type { ApiKey, StoredApiKey } from '../../../../domain/identity/api-key.js';
import type { ApiKeyRepository } from '../../../../ports/repositories/api-keys.js';
import { mapUniqueViolation, query, queryOne, type Queryable } from '../sql.js';

// scopes is jsonb, which pg parses.
const COLUMNS = `id, name, prefix, scopes, created_at AS "createdAt", expires_at AS "expiresAt",
  last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

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
    const sql = `SELECT tenant_id AS "tenantId", hash, ${COLUMNS} FROM api_keys
      WHERE prefix = $1 ORDER BY created_at, id COLLATE "C"`;
    return (await query<StoredApiKey>(this.db, sql, [prefix])).rows;
  }

  async findById(tenantId: string, id: string): Promise<ApiKey | null> {
    return queryOne<ApiKey>(this.db, `SELECT ${COLUMNS} FROM api_keys WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ]);
  }

  async list(tenantId: string): Promise<ApiKey[]> {
    const sql = `SELECT ${COLUMNS} FROM api_keys WHERE tenant_id = $1 ORDER BY created_at, id COLLATE "C"`;
    return (await query<ApiKey>(this.db, sql, [tenantId])).rows;
  }

  async revoke(tenantId: string, id: string, at: string): Promise<boolean> {
    const sql = 'UPDATE api_keys SET revoked_at = $3 WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL';
    return (await query(this.db, sql, [tenantId, id, at])).rowCount === 1;
  }

  async touch(tenantId: string, id: string, at: string): Promise<void> {
    await query(this.db, 'UPDATE api_keys SET last_used_at = $3 WHERE tenant_id = $1 AND id = $2', [tenantId, id, at]);
  }
}
