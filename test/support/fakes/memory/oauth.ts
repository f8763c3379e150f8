/**
 * The OAuth repositories in memory (src/ports/repositories/oauth.ts), held to the same contract as
 * SQLite and Postgres by test/persistence/oauth.contract.ts. Rows go in and come out as copies.
 */
import type { RegisteredClient } from '../../../../src/domain/oauth/clients.js';
import type { Authorization, Grant, GrantRevocation } from '../../../../src/domain/oauth/grant.js';
import type { StoredToken } from '../../../../src/domain/oauth/tokens.js';
import { conflict } from '../../../../src/domain/shared/errors.js';
import { offsetOf, type Page, type PageRequest } from '../../../../src/domain/shared/paging.js';
import type {
  Approval,
  GrantFilter,
  GrantRepository,
  OAuthAuthorizationRepository,
  OAuthClientRepository,
  OAuthTokenRepository,
} from '../../../../src/ports/repositories/oauth.js';

export interface MemoryOAuthState {
  clients: RegisteredClient[];
  authorizations: Authorization[];
  grants: { tenantId: string; grant: Grant; revokedReason: GrantRevocation | null }[];
  tokens: StoredToken[];
}

export const emptyOAuthState = (): MemoryOAuthState => ({ clients: [], authorizations: [], grants: [], tokens: [] });

const copy = <T>(value: T): T => structuredClone(value);

export class MemoryOAuthClientRepository implements OAuthClientRepository {
  constructor(private readonly state: MemoryOAuthState) {}

  async create(client: RegisteredClient): Promise<void> {
    if (this.state.clients.some((c) => c.id === client.id)) throw conflict(`client ${client.id} already exists`);
    this.state.clients.push(copy(client));
  }

  async findById(id: string): Promise<RegisteredClient | null> {
    return copy(this.state.clients.find((c) => c.id === id) ?? null);
  }

  async countSince(since: string): Promise<number> {
    return this.state.clients.filter((c) => c.createdAt >= since).length;
  }
}

export class MemoryOAuthAuthorizationRepository implements OAuthAuthorizationRepository {
  constructor(private readonly state: MemoryOAuthState) {}

  async create(a: Authorization): Promise<void> {
    if (this.state.authorizations.some((x) => x.id === a.id || (a.codeHash !== null && x.codeHash === a.codeHash))) {
      throw conflict(`authorization ${a.id} already exists`);
    }
    this.state.authorizations.push(copy(a));
  }

  async findById(id: string): Promise<Authorization | null> {
    return copy(this.state.authorizations.find((a) => a.id === id) ?? null);
  }

  async findByCodeHash(codeHash: string): Promise<Authorization | null> {
    return copy(this.state.authorizations.find((a) => a.codeHash === codeHash) ?? null);
  }

  async decide(id: string, at: string, approval: Approval | null): Promise<boolean> {
    return this.change(id, (a) =>
      a.decidedAt !== null
        ? null
        : {
            ...a,
            decidedAt: at,
            tenantId: approval?.tenantId ?? a.tenantId,
            userId: approval?.userId ?? null,
            scopes: approval ? [...approval.scopes] : null,
            codeHash: approval?.codeHash ?? null,
            codeExpiresAt: approval?.codeExpiresAt ?? null,
          },
    );
  }

  async useCode(id: string, at: string, grantId: string): Promise<boolean> {
    return this.change(id, (a) => (a.codeUsedAt !== null ? null : { ...a, codeUsedAt: at, grantId }));
  }

  async deleteExpired(before: string): Promise<number> {
    const kept = this.state.authorizations.filter(
      (a) => !(a.expiresAt < before && (a.codeExpiresAt === null || a.codeExpiresAt < before)),
    );
    const deleted = this.state.authorizations.length - kept.length;
    this.state.authorizations = kept;
    return deleted;
  }

  private change(id: string, next: (a: Authorization) => Authorization | null): boolean {
    const i = this.state.authorizations.findIndex((a) => a.id === id);
    const changed = i < 0 ? null : next(this.state.authorizations[i]!);
    if (!changed) return false;
    this.state.authorizations[i] = changed;
    return true;
  }
}

export class MemoryGrantRepository implements GrantRepository {
  constructor(private readonly state: MemoryOAuthState) {}

  async create(tenantId: string, grant: Grant): Promise<void> {
    if (this.state.grants.some((g) => g.grant.id === grant.id)) throw conflict(`grant ${grant.id} already exists`);
    this.state.grants.push({ tenantId, grant: copy(grant), revokedReason: null });
  }

  async findById(tenantId: string, id: string): Promise<Grant | null> {
    return copy(this.find(tenantId, id)?.grant ?? null);
  }

  async list(tenantId: string, filter: GrantFilter, page: PageRequest): Promise<Page<Grant>> {
    const found = this.state.grants
      .filter((g) => g.tenantId === tenantId)
      .map((g) => g.grant)
      .filter((g) => filter.userId === undefined || g.userId === filter.userId)
      .filter((g) => filter.includeRevoked || g.revokedAt === null)
      .sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : -1));
    const start = offsetOf(page);
    return { items: found.slice(start, start + page.pageSize).map(copy), total: found.length };
  }

  async revoke(tenantId: string, id: string, at: string, reason: GrantRevocation): Promise<boolean> {
    const stored = this.find(tenantId, id);
    if (!stored || stored.grant.revokedAt !== null) return false;
    stored.grant = { ...stored.grant, revokedAt: at };
    stored.revokedReason = reason;
    return true;
  }

  async revokeAllOf(tenantId: string, userId: string, at: string, reason: GrantRevocation): Promise<string[]> {
    const live = this.state.grants.filter(
      (g) => g.tenantId === tenantId && g.grant.userId === userId && g.grant.revokedAt === null,
    );
    for (const g of live) {
      g.grant = { ...g.grant, revokedAt: at };
      g.revokedReason = reason;
    }
    return live.map((g) => g.grant.id);
  }

  async touch(tenantId: string, id: string, at: string): Promise<void> {
    const stored = this.find(tenantId, id);
    if (stored) stored.grant = { ...stored.grant, lastUsedAt: at };
  }

  private find(tenantId: string, id: string) {
    return this.state.grants.find((g) => g.tenantId === tenantId && g.grant.id === id);
  }
}

export class MemoryOAuthTokenRepository implements OAuthTokenRepository {
  constructor(private readonly state: MemoryOAuthState) {}

  async create(token: StoredToken): Promise<void> {
    if (this.state.tokens.some((t) => t.hash === token.hash)) throw conflict('token already exists');
    this.state.tokens.push(copy(token));
  }

  async findByHash(hash: string): Promise<StoredToken | null> {
    return copy(this.state.tokens.find((t) => t.hash === hash) ?? null);
  }

  async markUsed(tenantId: string, hash: string, at: string): Promise<boolean> {
    const i = this.state.tokens.findIndex((t) => t.tenantId === tenantId && t.hash === hash);
    if (i < 0 || this.state.tokens[i]!.usedAt !== null) return false;
    this.state.tokens[i] = { ...this.state.tokens[i]!, usedAt: at };
    return true;
  }

  async deleteExpired(tenantId: string, grantId: string, before: string): Promise<number> {
    const kept = this.state.tokens.filter(
      (t) => !(t.tenantId === tenantId && t.grantId === grantId && t.expiresAt < before),
    );
    const deleted = this.state.tokens.length - kept.length;
    this.state.tokens = kept;
    return deleted;
  }
}
