import type { ApiKey, StoredApiKey } from '../../../../domain/identity/api-key.js';
import type { ApiKeyRepository } from '../../../../ports/repositories/api-keys.js';
import { conflictOf, json, parseJson, type Sql } from '../sql.js';

const COLUMNS = `id, name, prefix, scopes, created_at AS createdAt, expires_at AS expiresAt,
  last_used_at AS lastUsedAt, revoked_at AS revokedAt`;

const withScopes = <T extends { scopes: string }>(row: T) => ({ ...row, scopes: parseJson<string[]>(row.scopes) });

export class SqliteApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly sql: Sql) {}

  async create(key: StoredApiKey): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO api_keys (id, tenant_id, name, prefix, hash, scopes, created_at, expires_at, last_used_at,
           revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        key.id,
        key.tenantId,
        key.name,
        key.prefix,
        key.hash,
        json(key.scopes),
        key.createdAt,
        key.expiresAt,
        key.lastUsedAt,
        key.revokedAt,
      );
    } catch (error) {
      throw conflictOf(error, 'API key', { id: key.id });
    }
  }

  async findByPrefix(prefix: string): Promise<StoredApiKey[]> {
    const rows = this.sql.all<Omit<StoredApiKey, 'scopes'> & { scopes: string }>(
      `SELECT tenant_id AS tenantId, hash, ${COLUMNS} FROM api_keys WHERE prefix = ? ORDER BY created_at, id`,
      prefix,
    );
    return rows.map(withScopes);
  }

  async findById(tenantId: string, id: string): Promise<ApiKey | null> {
    const row = this.sql.get<Omit<ApiKey, 'scopes'> & { scopes: string }>(
      `SELECT ${COLUMNS} FROM api_keys WHERE tenant_id = ? AND id = ?`,
      tenantId,
      id,
    );
    return row && withScopes(row);
  }

  async list(tenantId: string): Promise<ApiKey[]> {
    const rows = this.sql.all<Omit<ApiKey, 'scopes'> & { scopes: string }>(
      `SELECT ${COLUMNS} FROM api_keys WHERE tenant_id = ? ORDER BY created_at, id`,
      tenantId,
    );
    return rows.map(withScopes);
  }

  async revoke(tenantId: string, id: string, at: string): Promise<boolean> {
    const result = this.sql.run(
      'UPDATE api_keys SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL',
      at,
      tenantId,
      id,
    );
    return result.changes === 1;
  }

  async touch(tenantId: string, id: string, at: string): Promise<void> {
    this.sql.run('UPDATE api_keys SET last_used_at = ? WHERE tenant_id = ? AND id = ?', at, tenantId, id);
  }
}
