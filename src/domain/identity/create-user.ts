import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { PasswordHasher } from '../../ports/password-hasher.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { ROLES } from '../access/permissions.js';
import { requireGrantableRole, type Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { invalidField } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { id, text } from '../shared/validation.js';
import { Invitations, invitationSchema, type Invitation } from './invitations.js';
import { emailInput, newPasswordInput, type User } from './user.js';
import { toUserView, userViewSchema, type UserView } from './user-view.js';

export const createUserInput = z
  .object({
    email: emailInput(),
    name: text(1, 200),
    role: z.enum(ROLES),
    loanGroupIds: z.array(id()).max(100).default([]),
    password: newPasswordInput().optional(),
  })
  .strict();

/** A new user, and their invitation when one was asked for (its link is shown here once). */
export const createdUserSchema = z.object({
  user: userViewSchema,
  invitation: invitationSchema.optional().describe('Present when `invite` was asked for: the link, shown once'),
});

/** How a new user without a password is invited, in the creating transaction. */
export type Invite<I> = (repos: Repositories, user: User, at: string) => Promise<I>;

/** Throws `invalid` naming the first loan group id the tenant does not have. */
export async function requireLoanGroups(repos: Repositories, tenantId: string, ids: readonly string[]) {
  for (const [n, groupId] of ids.entries()) {
    if (!(await repos.loanGroups.findById(tenantId, groupId))) {
      throw invalidField(`loanGroupIds.${n}`, `no loan group ${groupId} in this tenant`);
    }
  }
}

/**
 * Adds a console user with a role and, for teachers, the loan groups they may see. With a password
 * the user can sign in at once; without one they get an invitation (a one-use link to choose their
 * password, seven days), shown once in the answer, so no new user is ever left without a way in.
 */
@injectable()
export class CreateUser implements UseCase<typeof createUserInput, { user: UserView; invitation?: Invitation }> {
  static readonly required = ['user.manage'] as const;
  static readonly input = createUserInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(Invitations) private readonly invitations: Invitations,
  ) {}

  async execute(
    actor: Actor,
    i: z.output<typeof createUserInput>,
  ): Promise<{ user: UserView; invitation?: Invitation }> {
    const made = await this.create(actor, i, (repos, user, at) => this.invitations.issue(repos, actor, user, at));
    // E-mailed once committed: a message about a user that was rolled back must never go out.
    return made.invitation
      ? { ...made, invitation: await this.invitations.mail(actor, made.user, made.invitation) }
      : made;
  }

  /**
   * Creates the user; `invite` issues the invitation of a user without a password: in the answer
   * (execute), to a file (CreateUserWithInvitationFile), or none at all for the demo's administrator,
   * whose way in is the recovery link written next (CreateDemoSchool).
   */
  async create<I>(
    actor: Actor,
    i: z.output<typeof createUserInput>,
    invite: Invite<I>,
  ): Promise<{ user: UserView; invitation?: I }> {
    requireGrantableRole(actor, i.role);
    // Hash before the transaction: it is deliberately slow and must not hold the write lock.
    const passwordHash = i.password ? await this.hasher.hash(i.password) : null;
    const at = this.clock.now().toISOString();
    const tenantId = actor.tenant.id;
    const user: User = {
      id: this.ids.next(),
      email: i.email,
      name: i.name,
      role: i.role,
      loanGroupIds: [...new Set(i.loanGroupIds)],
      active: true,
      createdAt: at,
    };
    return this.uow.transaction(async (repos) => {
      await requireLoanGroups(repos, tenantId, user.loanGroupIds);
      await repos.users.create(tenantId, user, passwordHash);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'user.create',
        target: `user:${user.id}`,
        at,
        details: {
          email: user.email,
          role: user.role,
          loanGroupIds: user.loanGroupIds,
          password: passwordHash !== null,
        },
      });
      const invitation = passwordHash === null ? await invite(repos, user, at) : undefined;
      const view = await toUserView(repos, tenantId, user, at);
      return invitation === undefined ? { user: view } : { user: view, invitation };
    });
  }
}
