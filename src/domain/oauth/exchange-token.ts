import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Permission } from '../access/permissions.js';
import { lookupOf } from '../identity/access-lookups.js';
import { recordChange } from '../shared/record-change.js';
import { canonicalResource } from './begin-authorization.js';
import { parseScope, type Grant, type GrantRevocation } from './grant.js';
import { OAuthError } from './oauth-error.js';
import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKEN_TTL_MS,
  REFRESH_TOKEN_PREFIX,
  REFRESH_TOKEN_TTL_MS,
  TOKEN_BYTES,
  type StoredToken,
} from './tokens.js';

/** The RFC 6749 §5.1 answer. */
export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly refresh_token: string;
  readonly scope: string;
}

/** The token endpoint's server: only codes and tokens issued by this issuer are taken here. */
export interface TokenServer {
  readonly issuer: string;
  /** Its one resource, `<issuer>/api/mcp`: what a grant made here is for (refresh tokens are checked by it). */
  readonly resource: string;
}

const invalidGrant = (why: string) => new OAuthError('invalid_grant', why);

/** A refusal that revokes a grant first: the revocation must commit even though the request fails. */
class RefusedAfterRevoking {
  constructor(
    readonly tenantId: string,
    readonly grantId: string,
    readonly reason: GrantRevocation,
    readonly error: OAuthError,
  ) {}
}

/**
 * The token endpoint (OAuth 2.1 §3.2, §4.1.3, §4.3): a public client (its `client_id` in the body)
 * exchanges its one-use code, with the PKCE verifier and the same redirect URI, for an access token
 * (an hour) and a refresh token (thirty days); a refresh token is exchanged once for the next pair
 * (rotation). The grant is made when its code is first exchanged.
 *
 * Replays revoke: a code exchanged a second time, or a refresh token used after it was rotated, means
 * someone else may hold it, so the grant and all its tokens end (OAuth 2.1 §4.1.3, §4.3.1), audited
 * as `system`. A token works only while its person is active: a deactivated person's refresh fails.
 */
@injectable()
export class ExchangeToken {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
  ) {}

  async execute(form: Readonly<Record<string, string>>, server: TokenServer): Promise<TokenResponse> {
    const grantType = form.grant_type;
    const clientId = required(form, 'client_id');
    let outcome: TokenResponse | RefusedAfterRevoking;
    if (grantType === 'authorization_code') outcome = await this.fromCode(form, clientId, server);
    else if (grantType === 'refresh_token') outcome = await this.fromRefreshToken(form, clientId, server);
    else if (!grantType) throw new OAuthError('invalid_request', 'grant_type is missing');
    else throw new OAuthError('unsupported_grant_type', `grant_type "${grantType}" is not supported`);
    if (outcome instanceof RefusedAfterRevoking) {
      await this.revoke(outcome);
      throw outcome.error;
    }
    return outcome;
  }

  private fromCode(
    form: Readonly<Record<string, string>>,
    clientId: string,
    server: TokenServer,
  ): Promise<TokenResponse | RefusedAfterRevoking> {
    const code = required(form, 'code');
    const verifier = required(form, 'code_verifier');
    const redirectUri = required(form, 'redirect_uri');
    const now = this.clock.now();
    const at = now.toISOString();
    return this.uow.transaction(async (repos) => {
      const a = await repos.oauthAuthorizations.findByCodeHash(this.secrets.hash(code), { forUpdate: true });
      if (!a || a.codeHash === null || a.tenantId === null || a.userId === null || a.scopes === null) {
        throw invalidGrant('the code is not valid');
      }
      if (a.codeUsedAt !== null) {
        const error = invalidGrant('the code was already used: the access it gave is revoked');
        if (!a.grantId) throw error;
        return new RefusedAfterRevoking(a.tenantId, a.grantId, 'code_replayed', error);
      }
      if (a.clientId !== clientId) throw invalidGrant('the code was issued to another client');
      if (a.codeExpiresAt === null || a.codeExpiresAt <= at) throw invalidGrant('the code has expired');
      if (a.issuer !== server.issuer) throw invalidGrant('the code was issued by another authorization server');
      if (a.redirectUri !== redirectUri) throw invalidGrant('redirect_uri is not the one the code was issued for');
      if (!this.secrets.equal(this.secrets.codeChallenge(verifier), a.codeChallenge)) {
        throw invalidGrant('code_verifier does not match the code challenge');
      }
      checkResource(form, a.resource);
      const user = await repos.users.findById(a.tenantId, a.userId);
      if (!user?.active) throw invalidGrant('the person who allowed this can no longer sign in');
      const grant: Grant = {
        id: this.ids.next(),
        userId: a.userId,
        clientId: a.clientId,
        clientName: a.clientName,
        clientHost: a.clientHost,
        scopes: a.scopes,
        resource: a.resource,
        createdAt: at,
        lastUsedAt: null,
        revokedAt: null,
      };
      await repos.grants.create(a.tenantId, grant);
      if (!(await repos.oauthAuthorizations.useCode(a.id, at, grant.id)))
        throw invalidGrant('the code was already used');
      return this.issue(repos, a.tenantId, grant.id, grant.scopes, now);
    });
  }

  private fromRefreshToken(
    form: Readonly<Record<string, string>>,
    clientId: string,
    server: TokenServer,
  ): Promise<TokenResponse | RefusedAfterRevoking> {
    const presented = required(form, 'refresh_token');
    const asked = parseScope(form.scope);
    const now = this.clock.now();
    const at = now.toISOString();
    return this.uow.transaction(async (repos) => {
      const token = await repos.oauthTokens.findByHash(this.secrets.hash(presented), { forUpdate: true });
      if (!token || token.kind !== 'refresh') throw invalidGrant('the refresh token is not valid');
      const grant = await repos.grants.findById(token.tenantId, token.grantId, { forUpdate: true });
      if (!grant || grant.revokedAt !== null) throw invalidGrant('the access this token gave was revoked');
      if (grant.clientId !== clientId) throw invalidGrant('the refresh token was issued to another client');
      if (token.usedAt !== null) {
        const error = invalidGrant('the refresh token was already used: the access it gave is revoked');
        return new RefusedAfterRevoking(token.tenantId, grant.id, 'refresh_token_reused', error);
      }
      if (token.expiresAt <= at) throw invalidGrant('the refresh token has expired');
      // As for codes: a grant belongs to the origin (a school's host, or the shared address) that made
      // it, and its resource names that origin, so another origin's token endpoint refuses it. Refused
      // before it is marked used, so the token still works where it was issued.
      if (grant.resource !== server.resource) {
        throw invalidGrant('the refresh token was issued by another authorization server');
      }
      checkResource(form, grant.resource);
      const scopes = asked ?? [...token.scopes];
      const beyond = scopes.find((s) => !token.scopes.includes(s));
      if (beyond) throw new OAuthError('invalid_scope', `"${beyond}" was not granted`);
      const user = await repos.users.findById(token.tenantId, grant.userId);
      if (!user?.active) throw invalidGrant('the person who allowed this can no longer sign in');
      if (!(await repos.oauthTokens.markUsed(token.tenantId, token.hash, at))) {
        throw invalidGrant('the refresh token was already used');
      }
      await repos.oauthTokens.deleteExpired(token.tenantId, grant.id, at);
      return this.issue(repos, token.tenantId, grant.id, scopes as Permission[], now);
    });
  }

  private async issue(
    repos: Repositories,
    tenantId: string,
    grantId: string,
    scopes: readonly Permission[],
    now: Date,
  ): Promise<TokenResponse> {
    const access = `${ACCESS_TOKEN_PREFIX}${this.secrets.randomToken(TOKEN_BYTES)}`;
    const refresh = `${REFRESH_TOKEN_PREFIX}${this.secrets.randomToken(TOKEN_BYTES)}`;
    const stored = (kind: StoredToken['kind'], value: string, ttlMs: number): StoredToken => ({
      hash: this.secrets.hash(value),
      tenantId,
      grantId,
      kind,
      scopes,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
      usedAt: null,
    });
    await repos.oauthTokens.create(stored('access', access, ACCESS_TOKEN_TTL_MS));
    await repos.oauthTokens.create(stored('refresh', refresh, REFRESH_TOKEN_TTL_MS));
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_MS / 1000,
      refresh_token: refresh,
      scope: scopes.join(' '),
    };
  }

  /** Ends a grant someone else may hold, in a transaction of its own (the refusal must not undo it). */
  private async revoke({ tenantId, grantId, reason }: RefusedAfterRevoking): Promise<void> {
    const at = this.clock.now().toISOString();
    await this.uow.transaction(async (repos) => {
      if (!(await repos.grants.revoke(tenantId, grantId, at, reason))) return;
      await repos.accessChanges.changed([lookupOf.grant(tenantId, grantId)]);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: { type: 'system', id: 'oauth' },
        action: 'oauth.grant_revoke',
        target: `oauthGrant:${grantId}`,
        at,
        details: { reason },
      });
    });
  }
}

function required(form: Readonly<Record<string, string>>, name: string): string {
  const value = form[name];
  if (!value) throw new OAuthError('invalid_request', `${name} is missing`);
  return value;
}

/** A `resource` on a token request must name the grant's (RFC 8707 §2.2); absent, it is the grant's. */
function checkResource(form: Readonly<Record<string, string>>, resource: string): void {
  if (form.resource !== undefined && canonicalResource(form.resource) !== resource) {
    throw new OAuthError('invalid_target', `resource must be ${resource}, the one this access was granted for`);
  }
}
