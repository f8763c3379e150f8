import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { LoanCounts } from '../../ports/repositories/loans.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import type { UseCase } from '../shared/use-case.js';
import { inPool } from './loan-ref.js';
import { loanGroupSchema } from './loan.js';

export const listLoanGroupsInput = z.object({}).strict();

const NO_LOANS: LoanCounts = { total: 0, available: 0, issued: 0, overdue: 0, withoutDueDate: 0 };

/** A group in the list: its name and how its loans stand (the inventory summary's counts, for it alone). */
export const loanGroupListSchema = z.object({
  loanGroups: z.array(
    loanGroupSchema.extend({
      loans: z.object({
        total: z.number().int(),
        available: z.number().int(),
        issued: z.number().int(),
        overdue: z.number().int(),
        withoutDueDate: z.number().int(),
      }),
    }),
  ),
});
type LoanGroupList = z.output<typeof loanGroupListSchema>;

/**
 * The loan groups of the caller's authorised pool (a teacher's own groups; the whole tenant for every
 * other role), ordered by name, each with its loans counted as the inventory summary counts them.
 * Not paged: a district has a few hundred groups, and the counts come from the tallies in one read.
 */
@injectable()
export class ListLoanGroups implements UseCase<typeof listLoanGroupsInput, LoanGroupList> {
  static readonly required = ['module.loans', 'loan.view'] as const;
  static readonly input = listLoanGroupsInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor): Promise<LoanGroupList> {
    const tenantId = actor.tenant.id;
    const today = dateInZone(this.clock.now(), actor.tenant.timeZone);
    return this.uow.read(async (repos) => {
      const [groups, counts] = await Promise.all([
        repos.loanGroups.list(tenantId),
        repos.loans.countsByGroup(tenantId, actor.loanGroupIds, today),
      ]);
      const byGroup = new Map(counts.map(({ groupId, ...c }) => [groupId, c]));
      return {
        loanGroups: groups
          .filter((g) => inPool(actor, g.id))
          .map((g) => ({ id: g.id, name: g.name, loans: byGroup.get(g.id) ?? NO_LOANS })),
      };
    });
  }
}
