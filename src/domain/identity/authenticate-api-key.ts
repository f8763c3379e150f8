import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { effectivePermissions } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { isWellFormedKey, keyState, lookupPrefix } from './api-key.js';

/** Touching `lastUsedAt` on every request would turn every read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

const unauthorized = (why: string) => new DomainError('unauthorized', why);

/** Turns a presented API key into the actor it acts as, or fails with `unauthorized`. */
@injectable()
export class AuthenticateApiKey {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(Secrets) private readonly secrets: Secrets,
  ) {}

  async execute(presented: string): Promise<Actor> {
    if (!isWellFormedKey(presented)) throw unauthorized('the API key is not valid');
    const now = this.clock.now();
    const hash = this.secrets.hash(presented);
    const candidates = await this.uow.read((r) => r.apiKeys.findByPrefix(lookupPrefix(presented)));
    const stored = candidates.find((c) => this.secrets.equal(c.hash, hash));
    if (!stored) throw unauthorized('the API key is not valid');
    const state = keyState(stored, now.toISOString());
    if (state !== 'active') throw unauthorized(`the API key is ${state}`);
    const tenant = await this.uow.read((r) => r.tenants.findById(stored.tenantId));
    if (!tenant) throw unauthorized('the API key is not valid');
    if (!stored.lastUsedAt || now.getTime() - Date.parse(stored.lastUsedAt) > TOUCH_INTERVAL_MS) {
      await this.uow.transaction((r) => r.apiKeys.touch(tenant.id, stored.id, now.toISOString()));
    }
    return {
      tenant,
      principal: { type: 'apiKey', id: stored.id, name: stored.name },
      permissions: effectivePermissions(stored.scopes, tenant.modules),
      loanGroupIds: null,
    };
  }
}
