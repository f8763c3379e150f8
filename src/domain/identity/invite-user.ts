import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { can, type Actor } from '../shared/actor.js';
import { conflict, DomainError, notFound } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { Invitations, invitationSchema, type Invitation } from './invitations.js';
import { withoutCredentials } from './user-view.js';

export const inviteUserInput = z.object({ id: id() }).strict();

/** A new invitation for an existing user: the link is shown here, once. */
export const inviteResultSchema = z.object({ invitation: invitationSchema });

/**
 * A fresh invitation for a user (seven days, replacing any open link of theirs), shown once in the
 * answer: for someone whose invitation expired or got lost. Only for an active user (a deactivated
 * one could not use it). For a user who already has a password the link sets a new one, so it also
 * needs `password.reset`; the old password keeps working until the link is used.
 */
@injectable()
export class InviteUser implements UseCase<typeof inviteUserInput, { invitation: Invitation }> {
  static readonly required = ['user.manage'] as const;
  static readonly input = inviteUserInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(Invitations) private readonly invitations: Invitations,
  ) {}

  async execute(actor: Actor, input: z.output<typeof inviteUserInput>): Promise<{ invitation: Invitation }> {
    const at = this.clock.now().toISOString();
    const { invitation, user } = await this.uow.transaction(async (repos) => {
      const stored = await repos.users.findById(actor.tenant.id, input.id, { forUpdate: true });
      if (!stored) throw notFound('user', input.id);
      if (!stored.active) throw conflict(`${stored.email} is deactivated: turn the account on before inviting them`);
      if (stored.passwordHash !== null && !can(actor, ['password.reset'])) {
        throw new DomainError('forbidden', 'this user has a password: a new link would reset it (password.reset)');
      }
      const user = withoutCredentials(stored);
      return { invitation: await this.invitations.issue(repos, actor, user, at), user };
    });
    // E-mailed once committed, as a new user's invitation is.
    return { invitation: await this.invitations.mail(actor, user, invitation) };
  }
}
