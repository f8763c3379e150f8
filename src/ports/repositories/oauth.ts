/**
 * Persistence of Desk's OAuth authorization server (domain/oauth). As every repository
 * (ports/repositories.ts): tenant first, except the deployment-wide lookups that say so (a
 * registered client, an authorization by its id or its code, a token by its hash: each is found by
 * what the caller presents, which names its school); a missing row is null; instants are ISO 8601.
 */
import type { RegisteredClient } from '../../domain/oauth/clients.js';
import type { Authorization, Grant, GrantRevocation } from '../../domain/oauth/grant.js';
import type { StoredToken } from '../../domain/oauth/tokens.js';
import type { Page, PageRequest } from '../../domain/shared/paging.js';

/** Clients registered through dynamic client registration: deployment-wide (no school is known yet). */
export abstract class OAuthClientRepository {
  /** Duplicate id → conflict. */
  abstract create(client: RegisteredClient): Promise<void>;
  abstract findById(id: string): Promise<RegisteredClient | null>;
  /** How many were registered at or after `since` (a ceiling on registrations). */
  abstract countSince(since: string): Promise<number>;
}

/** What a person allowed, written onto the authorization when they allow it. */
export interface Approval {
  readonly tenantId: string;
  readonly userId: string;
  readonly scopes: NonNullable<Authorization['scopes']>;
  readonly codeHash: string;
  readonly codeExpiresAt: string;
}

export abstract class OAuthAuthorizationRepository {
  abstract create(authorization: Authorization): Promise<void>;
  /** Deployment-wide: the id (in the consent page's address) names its school. */
  abstract findById(id: string, opts?: { forUpdate?: boolean }): Promise<Authorization | null>;
  /** Deployment-wide: the code names its authorization. `forUpdate` locks it (an exchange). */
  abstract findByCodeHash(codeHash: string, opts?: { forUpdate?: boolean }): Promise<Authorization | null>;
  /** Records the decision (allowed with `approval`, or denied) only if none was made; false otherwise. */
  abstract decide(id: string, at: string, approval: Approval | null): Promise<boolean>;
  /** Marks the code used, becoming `grantId`, only if it was unused; false otherwise. */
  abstract useCode(id: string, at: string, grantId: string): Promise<boolean>;
  /** Deletes authorizations that expired before `before` and whose code, if any, expired too. */
  abstract deleteExpired(before: string): Promise<number>;
}

export interface GrantFilter {
  /** Only this person's grants. */
  readonly userId?: string | undefined;
  /** Revoked grants too (they are kept, for the audit trail and replay detection). */
  readonly includeRevoked?: boolean | undefined;
}

export abstract class GrantRepository {
  /** Duplicate id → conflict. */
  abstract create(tenantId: string, grant: Grant): Promise<void>;
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Grant | null>;
  /** Newest first (created, then id). */
  abstract list(tenantId: string, filter: GrantFilter, page: PageRequest): Promise<Page<Grant>>;
  /** Sets revokedAt (and why) if not yet revoked; false when no such grant or already revoked. */
  abstract revoke(tenantId: string, id: string, at: string, reason: GrantRevocation): Promise<boolean>;
  /** The ids of the person's grants not yet revoked, which it revokes (a deactivated person). */
  abstract revokeAllOf(tenantId: string, userId: string, at: string, reason: GrantRevocation): Promise<string[]>;
  abstract touch(tenantId: string, id: string, at: string): Promise<void>;
}

export abstract class OAuthTokenRepository {
  /** Duplicate hash → conflict. */
  abstract create(token: StoredToken): Promise<void>;
  /** Deployment-wide: the token names its school and grant. `forUpdate` locks it (a refresh). */
  abstract findByHash(hash: string, opts?: { forUpdate?: boolean }): Promise<StoredToken | null>;
  /** Marks a refresh token exchanged only if it was not; false otherwise. */
  abstract markUsed(tenantId: string, hash: string, at: string): Promise<boolean>;
  /** Deletes the grant's tokens that expired before `before` (they can never be used again). */
  abstract deleteExpired(tenantId: string, grantId: string, before: string): Promise<number>;
}
