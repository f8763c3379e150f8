import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { AccessLookups, lookupOf } from '../identity/access-lookups.js';
import { LastUse } from '../identity/last-use.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { tokenActor } from './grant.js';

/** A bearer that is not (or no longer) an access token for this resource: 401, `invalid_token`. */
export class InvalidAccessToken extends DomainError {
  constructor(why: string) {
    super('unauthorized', why);
  }
}

/**
 * Turns an OAuth access token into the person it acts as, for the MCP endpoint it was issued for
 * (`resource`: a token issued on another school's host or another deployment names another endpoint
 * and is refused). The token's grant must be unrevoked and its person active; what it may do is the
 * token's scopes that the person's role holds now, plus the school's modules (grant.ts `tokenActor`).
 *
 * The token, its grant, the person and the school come from AccessLookups, remembered until they
 * change: a revoked grant, a deactivated person, a changed role or a module switched off applies to
 * the next request, and a request is usually no database work at all. Expiry is checked against the
 * clock on every request.
 */
@injectable()
export class AuthenticateAccessToken {
  private readonly lastUse = new LastUse();

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(Secrets) private readonly secrets: Secrets,
    @inject(AccessLookups) private readonly lookups: AccessLookups,
  ) {}

  async execute(presented: string, resource: string): Promise<Actor> {
    const hash = this.secrets.hash(presented);
    const token = await this.lookups.get(lookupOf.accessToken(hash), () =>
      this.uow.read((r) => r.oauthTokens.findByHash(hash)),
    );
    const now = this.clock.now();
    if (!token || token.kind !== 'access') throw new InvalidAccessToken('the access token is not valid');
    if (token.expiresAt <= now.toISOString()) throw new InvalidAccessToken('the access token has expired');
    const { tenantId, grantId } = token;
    const [grant, tenant] = await Promise.all([
      this.lookups.get(lookupOf.grant(tenantId, grantId), () =>
        this.uow.read((r) => r.grants.findById(tenantId, grantId)),
      ),
      this.lookups.get(lookupOf.tenant(tenantId), () => this.uow.read((r) => r.tenants.findById(tenantId))),
    ]);
    if (!grant || grant.revokedAt !== null || !tenant) {
      throw new InvalidAccessToken('the access this token gave was revoked');
    }
    if (grant.resource !== resource) throw new InvalidAccessToken(`the access token was issued for ${grant.resource}`);
    const user = await this.lookups.get(lookupOf.user(tenantId, grant.userId), () =>
      this.uow.read((r) => r.users.findById(tenantId, grant.userId)),
    );
    if (!user?.active) throw new InvalidAccessToken('the person this token acts as can no longer sign in');
    if (this.lastUse.due(grantId, grant.lastUsedAt, now)) {
      await this.uow.transaction((r) => r.grants.touch(tenantId, grantId, now.toISOString()));
    }
    return tokenActor(tenant, user, grant, token.scopes);
  }
}
