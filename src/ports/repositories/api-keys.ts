import type { ApiKey, StoredApiKey } from '../../domain/identity/api-key.js';

export abstract class ApiKeyRepository {
  abstract create(key: StoredApiKey): Promise<void>;
  /** Cross-tenant: the key determines its tenant. Keys with this lookup prefix, any state. */
  abstract findByPrefix(prefix: string): Promise<StoredApiKey[]>;
  abstract findById(tenantId: string, id: string): Promise<ApiKey | null>;
  /** Ordered by creation time, then id. */
  abstract list(tenantId: string): Promise<ApiKey[]>;
  /** Sets revokedAt if not yet revoked; false when no such key or already revoked. */
  abstract revoke(tenantId: string, id: string, at: string): Promise<boolean>;
  abstract touch(tenantId: string, id: string, at: string): Promise<void>;
}
