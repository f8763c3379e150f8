import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { conflict } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { loanGroupName, type LoanGroup } from './loan.js';

export const createLoanGroupInput = z.object({ name: loanGroupName() }).strict();

export const groupNameTaken = (name: string) => conflict(`a loan group named "${name}" already exists`);

/**
 * Adds a loan group (a cart, a desk, a shelf). Names are unique in the tenant, compared exactly as
 * typed (trimmed). Audited; there is no event kind for groups: a loan's events name its group by id.
 */
@injectable()
export class CreateLoanGroup implements UseCase<typeof createLoanGroupInput, { loanGroup: LoanGroup }> {
  static readonly required = ['module.loans', 'loan.manage'] as const;
  static readonly input = createLoanGroupInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, { name }: z.output<typeof createLoanGroupInput>): Promise<{ loanGroup: LoanGroup }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    const loanGroup: LoanGroup = { id: this.ids.next(), name };
    return this.uow.transaction(async (repos) => {
      // Asked first for a clear answer; the unique index still decides a race (a conflict too).
      if ((await repos.loanGroups.findByNames(tenantId, [name])).length > 0) throw groupNameTaken(name);
      await repos.loanGroups.insertMany(tenantId, [loanGroup]);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'loan_group.create',
        target: `loan_group:${loanGroup.id}`,
        at,
        details: { name },
      });
      return { loanGroup };
    });
  }
}
