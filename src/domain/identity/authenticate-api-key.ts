import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { effectivePermissions } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { isWellFormedKey, keyState, lookupPrefix } from './api-key.js';
import { AccessLookups, lookupOf } from './access-lookups.js';
import { LastUse } from './last-use.js';

const unauthorized = (why: string) => new DomainError('unauthorized', why);

/**
 * Turns a presented API key into the actor it acts as, or fails with `unauthorized`. The keys under a
 * prefix and the key's tenant come from AccessLookups (remembered until they change: a key revoked, or
 * a module switched off, anywhere fails the next request), and `lastUsedAt` is written at most once a
 * minute per key by this process, so a request is no database work at all most of the time.
 */
@injectable()
export class AuthenticateApiKey {
  private readonly lastUse = new LastUse();
  /**
   * The actor made for a remembered key in a remembered tenant. The lookups hand back the same
   * objects until either changes, so the actor (its permissions worked out from scopes and modules)
   * is made once per change, not per request; a changed key or tenant is a new object, a new actor.
   */
  private readonly actors = new WeakMap<object, { readonly tenant: object; readonly actor: Actor }>();

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(Secrets) private readonly secrets: Secrets,
    @inject(AccessLookups) private readonly lookups: AccessLookups,
  ) {}

  async execute(presented: string): Promise<Actor> {
    if (!isWellFormedKey(presented)) throw unauthorized('the API key is not valid');
    const now = this.clock.now();
    const hash = this.secrets.hash(presented);
    const prefix = lookupPrefix(presented);
    const candidates = await this.lookups.get(lookupOf.apiKeys(prefix), () =>
      this.uow.read((r) => r.apiKeys.findByPrefix(prefix)),
    );
    const stored = candidates.find((c) => this.secrets.equal(c.hash, hash));
    if (!stored) throw unauthorized('the API key is not valid');
    const state = keyState(stored, now.toISOString());
    if (state !== 'active') throw unauthorized(`the API key is ${state}`);
    const tenant = await this.lookups.get(lookupOf.tenant(stored.tenantId), () =>
      this.uow.read((r) => r.tenants.findById(stored.tenantId)),
    );
    if (!tenant) throw unauthorized('the API key is not valid');
    if (this.lastUse.due(stored.id, stored.lastUsedAt, now)) {
      await this.uow.transaction((r) => r.apiKeys.touch(tenant.id, stored.id, now.toISOString()));
    }
    const kept = this.actors.get(stored);
    if (kept?.tenant === tenant) return kept.actor;
    const actor: Actor = {
      tenant,
      principal: { type: 'apiKey', id: stored.id, name: stored.name },
      permissions: effectivePermissions(stored.scopes, tenant.modules),
      loanGroupIds: null,
    };
    this.actors.set(stored, { tenant, actor });
    return actor;
  }
}
