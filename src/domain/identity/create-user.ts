import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { PasswordHasher } from '../../ports/password-hasher.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { ROLES } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { invalidField } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { id, text } from '../shared/validation.js';
import { emailInput, newPasswordInput, type User } from './user.js';

export const createUserInput = z
  .object({
    email: emailInput(),
    name: text(1, 200),
    role: z.enum(ROLES),
    loanGroupIds: z.array(id()).max(100).default([]),
    password: newPasswordInput().optional(),
  })
  .strict();

/** Adds a console user with a role and, for teachers, the loan groups they may see. */
@injectable()
export class CreateUser implements UseCase<typeof createUserInput, { user: User }> {
  static readonly required = ['user.manage'] as const;
  static readonly input = createUserInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  async execute(actor: Actor, i: z.output<typeof createUserInput>): Promise<{ user: User }> {
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
    await this.uow.transaction(async (repos) => {
      for (const [n, groupId] of user.loanGroupIds.entries()) {
        if (!(await repos.loanGroups.findById(tenantId, groupId))) {
          throw invalidField(`loanGroupIds.${n}`, `no loan group ${groupId} in this tenant`);
        }
      }
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
    });
    return { user };
  }
}
