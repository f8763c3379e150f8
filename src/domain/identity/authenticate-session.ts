import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { SessionTokens } from '../../ports/session-tokens.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { sessionIsLive } from './session.js';
import { userActor } from './user-actor.js';

const noSession = () => new DomainError('unauthorized', 'sign in first: the session is missing, expired or ended');

/**
 * Turns a console token into the signed-in user's actor. The stored session decides: a token for a
 * revoked or expired session, or for a user who is no longer active, does not work.
 */
@injectable()
export class AuthenticateSession {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(SessionTokens) private readonly tokens: SessionTokens,
  ) {}

  async execute(token: string): Promise<{ actor: Actor; sessionId: string }> {
    const claims = await this.tokens.verify(token);
    if (!claims) throw noSession();
    const now = this.clock.now().toISOString();
    return this.uow.read(async (r) => {
      const session = await r.sessions.findById(claims.tenantId, claims.sessionId);
      if (!session || session.userId !== claims.userId || !sessionIsLive(session, now)) throw noSession();
      const [user, tenant] = await Promise.all([
        r.users.findById(claims.tenantId, claims.userId),
        r.tenants.findById(claims.tenantId),
      ]);
      if (!user || !user.active || !tenant) throw noSession();
      return { actor: userActor(tenant, user), sessionId: session.id };
    });
  }
}
