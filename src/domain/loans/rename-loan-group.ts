import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { groupNameTaken } from './create-loan-group.js';
import { inPool } from './loan-ref.js';
import { loanGroupName, type LoanGroup } from './loan.js';

export const renameLoanGroupInput = z.object({ id: id(), name: loanGroupName() }).strict();

/**
 * Renames a loan group. Its loans follow in the inventory and its search (`q` finds them by the new
 * name, no longer by the old one): the repository does that in the same transaction. Giving the name
 * it already has changes nothing and records nothing.
 */
@injectable()
export class RenameLoanGroup implements UseCase<typeof renameLoanGroupInput, { loanGroup: LoanGroup }> {
  static readonly required = ['module.loans', 'loan.manage'] as const;
  static readonly input = renameLoanGroupInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof renameLoanGroupInput>): Promise<{ loanGroup: LoanGroup }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const current = await repos.loanGroups.findById(tenantId, input.id);
      if (!current || !inPool(actor, current.id)) throw notFound('loan group', input.id);
      if (current.name === input.name) return { loanGroup: current };
      const taken = await repos.loanGroups.findByNames(tenantId, [input.name]);
      if (taken.length > 0) throw groupNameTaken(input.name);
      // False only if the group went between the read and the write: gone for this caller too.
      if (!(await repos.loanGroups.rename(tenantId, current.id, input.name))) throw notFound('loan group', input.id);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'loan_group.rename',
        target: `loan_group:${current.id}`,
        at,
        details: { from: current.name, to: input.name },
      });
      return { loanGroup: { id: current.id, name: input.name } };
    });
  }
}
