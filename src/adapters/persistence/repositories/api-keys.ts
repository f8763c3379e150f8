import type { ApiKey, StoredApiKey } from '../../../domain/identity/api-key.js';
import type { ApiKeyRepository } from '../../../ports/repositories/api-keys.js';
import { json, parseJson, type Db } from '../sql/db.js';

const COLUMNS = `id, name, prefix, scopes, created_at AS "createdAt", expires_at AS "expiresAt",
  last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

/** A row as read: scopes are JSON text (SQLite) or jsonb (Postgres), both read as text. */
type Row<T extends ApiKey> = Omit<T, 'scopes'> & { readonly scopes: string };

const withScopes = <T extends { scopes: string }>(row: T) => ({ ...row, scopes: parseJson<string[]>(row.scopes) });

/** API keys (their hash, never the key), their scopes and use, on either dialect. */
export class SqlApiKeyRepository implements ApiKeyRepository {
  /** Oldest first, then by id bytewise: the order of the (tenant_id, created_at, id) index. */
  private readonly order: string;

  constructor(private readonly db: Db) {
    this.order = `created_at, ${db.bytewise('id')}`;
  }

  async create(k: StoredApiKey): Promise<void> {
    const sql = `INSERT INTO api_keys (id, tenant_id, name, prefix, hash, scopes, created_at, expires_at, last_used_at,
      revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const values = [k.id, k.tenantId, k.name, k.prefix, k.hash, json(k.scopes), k.createdAt, k.expiresAt];
    await this.db.conflicts(() => this.db.run(sql, [...values, k.lastUsedAt, k.revokedAt]), 'API key', { id: k.id });
  }

  /** On every API request's path: one query through the prefix index. */
  async findByPrefix(prefix: string): Promise<StoredApiKey[]> {
    const sql = `SELECT tenant_id AS "tenantId", hash, ${COLUMNS} FROM api_keys WHERE prefix = ? ORDER BY ${this.order}`;
    return (await this.db.all<Row<StoredApiKey>>(sql, [prefix])).map(withScopes);
  }

  async findById(tenantId: string, id: string): Promise<ApiKey | null> {
    const sql = `SELECT ${COLUMNS} FROM api_keys WHERE tenant_id = ? AND id = ?`;
    const row = await this.db.one<Row<ApiKey>>(sql, [tenantId, id]);
    return row && withScopes(row);
  }

  async list(tenantId: string): Promise<ApiKey[]> {
    const sql = `SELECT ${COLUMNS} FROM api_keys WHERE tenant_id = ? ORDER BY ${this.order}`;
    return (await this.db.all<Row<ApiKey>>(sql, [tenantId])).map(withScopes);
  }

  async revoke(tenantId: string, id: string, at: string): Promise<boolean> {
    const sql = 'UPDATE api_keys SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL';
    return (await this.db.run(sql, [at, tenantId, id])) === 1;
  }

  async touch(tenantId: string, id: string, at: string): Promise<void> {
    await this.db.run('UPDATE api_keys SET last_used_at = ? WHERE tenant_id = ? AND id = ?', [at, tenantId, id]);
  }
}
