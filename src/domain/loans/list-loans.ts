import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { pageOf, pagingInput } from '../shared/validation.js';
import { loanFilterFields, toLoanFilter } from './loan-filter.js';
import { loanViewSchema, toLoanView } from './loan.js';

export const listLoansInput = z
  .object({
    ...loanFilterFields,
    ...pagingInput('Loans'),
  })
  .strict();

/** The inventory page of seed §2.1: one page of loans and a summary of the whole authorised pool. */
export const loanInventorySchema = pageOf('loans', loanViewSchema).extend({
  summary: z.object({
    total: z.number().int(),
    available: z.number().int(),
    issued: z.number().int(),
    overdue: z.number().int(),
    withoutDueDate: z.number().int(),
    nextNumber: z.number().int(),
  }),
});
export type LoanInventoryPage = z.output<typeof loanInventorySchema>;

/**
 * One page of the caller's authorised loan pool, ordered by number, with a summary of the whole pool
 * that does not change with the filters.
 */
@injectable()
export class ListLoans implements UseCase<typeof listLoansInput, LoanInventoryPage> {
  static readonly required = ['module.loans', 'loan.view'] as const;
  static readonly input = listLoansInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(
    actor: Actor,
    { page, pageSize, ...filters }: z.output<typeof listLoansInput>,
  ): Promise<LoanInventoryPage> {
    const paging = requestedPage({ page, pageSize });
    const today = dateInZone(this.clock.now(), actor.tenant.timeZone);
    const tenantId = actor.tenant.id;
    return this.uow.read(async (repos) => {
      const [result, counts, nextNumber] = await Promise.all([
        repos.loans.list(tenantId, toLoanFilter(actor, filters, today), paging),
        repos.loans.counts(tenantId, actor.loanGroupIds, today),
        repos.tenants.peekNumber(tenantId, 'loan'),
      ]);
      return {
        loans: result.items.map((row) => toLoanView(row, today)),
        ...pageInfo(result, paging),
        summary: { ...counts, nextNumber },
      };
    });
  }
}

export const listLoansTool = defineTool({
  name: 'loans.list',
  title: 'List loans',
  description:
    'Page through the loaner pool (ordered by loaner number) with optional filters: status, group, kind, class, holder, overdue, or a search text matched against serial, holder name and group name (a whole number also matches that loaner number). The summary counts the whole pool the caller may see, independent of the filters.',
  readOnly: true,
  output: loanInventorySchema,
  useCase: ListLoans,
});
