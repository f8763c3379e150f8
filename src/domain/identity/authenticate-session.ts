import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { SessionTokens } from '../../ports/session-tokens.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { AccessLookups, lookupOf } from './access-lookups.js';
import { sessionIsLive } from './session.js';
import { userActor } from './user-actor.js';

const noSession = () => new DomainError('unauthorized', 'sign in first: the session is missing, expired or ended');

/**
 * Turns a console token into the signed-in user's actor. The stored session decides: a token for a
 * revoked or expired session, or for a user who is no longer active, does not work. The session,
 * the user and the tenant come from AccessLookups (remembered until they change: a session ended, a
 * user deactivated or a role changed anywhere applies to the next request).
 */
@injectable()
export class AuthenticateSession {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(SessionTokens) private readonly tokens: SessionTokens,
    @inject(AccessLookups) private readonly lookups: AccessLookups,
  ) {}

  async execute(token: string): Promise<{ actor: Actor; sessionId: string }> {
    const claims = await this.tokens.verify(token);
    if (!claims) throw noSession();
    const { tenantId, sessionId, userId } = claims;
    const now = this.clock.now().toISOString();
    const [session, user, tenant] = await Promise.all([
      this.lookups.get(lookupOf.session(tenantId, sessionId), () =>
        this.uow.read((r) => r.sessions.findById(tenantId, sessionId)),
      ),
      this.lookups.get(lookupOf.user(tenantId, userId), () => this.uow.read((r) => r.users.findById(tenantId, userId))),
      this.lookups.get(lookupOf.tenant(tenantId), () => this.uow.read((r) => r.tenants.findById(tenantId))),
    ]);
    if (!session || session.userId !== userId || !sessionIsLive(session, now)) throw noSession();
    if (!user || !user.active || !tenant) throw noSession();
    return { actor: userActor(tenant, user), sessionId: session.id };
  }
}
