import type { ApiKey, StoredApiKey } from '../../../../src/domain/identity/api-key.js';
import type { ApiKeyRepository } from '../../../../src/ports/repositories/api-keys.js';
import { assertUnique, compare, copy, emptyState, MemoryState } from './store.js';

const publicKey = ({ tenantId: _tenant, hash: _hash, ...key }: StoredApiKey): ApiKey => copy(key);

export class MemoryApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(key: StoredApiKey): Promise<void> {
    assertUnique(this.state.apiKeys, [key], { 'API key id': (k) => k.id });
    this.state.apiKeys.push(copy(key));
  }

  async findByPrefix(prefix: string): Promise<StoredApiKey[]> {
    return this.state.apiKeys.filter((k) => k.prefix === prefix).map(copy);
  }

  async findById(tenantId: string, id: string): Promise<ApiKey | null> {
    const key = this.find(tenantId, id);
    return key ? publicKey(key) : null;
  }

  async list(tenantId: string): Promise<ApiKey[]> {
    return this.state.apiKeys
      .filter((k) => k.tenantId === tenantId)
      .sort((a, b) => compare(a.createdAt, b.createdAt) || compare(a.id, b.id))
      .map(publicKey);
  }

  async revoke(tenantId: string, id: string, at: string): Promise<boolean> {
    const key = this.find(tenantId, id);
    if (!key || key.revokedAt !== null) return false;
    this.replace({ ...key, revokedAt: at });
    return true;
  }

  async touch(tenantId: string, id: string, at: string): Promise<void> {
    const key = this.find(tenantId, id);
    if (key) this.replace({ ...key, lastUsedAt: at });
  }

  private find(tenantId: string, id: string): StoredApiKey | undefined {
    return this.state.apiKeys.find((k) => k.tenantId === tenantId && k.id === id);
  }

  private replace(key: StoredApiKey): void {
    this.state.apiKeys = this.state.apiKeys.map((k) => (k.id === key.id ? key : k));
  }
}
