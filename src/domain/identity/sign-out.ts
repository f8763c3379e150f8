import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { lookupOf } from './access-lookups.js';

export const signOutInput = z.object({ sessionId: id() }).strict();

/** Ends a console session at once: its token stops working on the next request. Any signed-in user. */
@injectable()
export class SignOut implements UseCase<typeof signOutInput, void> {
  static readonly required = [] as const;
  static readonly input = signOutInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, { sessionId }: z.output<typeof signOutInput>): Promise<void> {
    const at = this.clock.now().toISOString();
    await this.uow.transaction(async (r) => {
      await r.sessions.revoke(actor.tenant.id, sessionId, at);
      await r.accessChanges.changed([lookupOf.session(actor.tenant.id, sessionId)]);
    });
  }
}
