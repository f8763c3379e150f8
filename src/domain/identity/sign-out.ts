import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';

/** Ends a console session at once: its token stops working on the next request. */
@injectable()
export class SignOut {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, sessionId: string): Promise<void> {
    const at = this.clock.now().toISOString();
    await this.uow.transaction((r) => r.sessions.revoke(actor.tenant.id, sessionId, at));
  }
}
