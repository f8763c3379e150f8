import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { LoanFilter } from '../../ports/repositories.js';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { PAGE_SIZE_DEFAULT } from '../shared/paging.js';
import { id, page, pageSize, parseInput, text } from '../shared/validation.js';
import { LOAN_KINDS, LOAN_STATUSES, toLoanView, type LoanView } from './loan.js';

/** The inventory filters of seed §4.4 (the console parses its query string into this shape). */
export const loanFilterFields = {
  status: z.enum(LOAN_STATUSES).optional().describe('AVAILABLE, ISSUED or UNAVAILABLE'),
  groupId: id().optional().describe('Only loans of this loan group'),
  kind: z.enum(LOAN_KINDS).optional().describe('LAPTOP or IPAD'),
  userGroup: text(1, 100).optional().describe("Holder's class or department"),
  holderId: id().optional().describe('Only loans held by this person'),
  q: text(1, 200)
    .optional()
    .describe('Text contained in the serial, holder name or group name (case-insensitive), or a loan number'),
  overdue: z.boolean().optional().describe('true: only issued loans past their due date'),
};

export const listLoansInput = z
  .object({
    ...loanFilterFields,
    page: page().describe('Page number, from 1 (default 1)'),
    pageSize: pageSize().describe('Loans per page, 1 to 100 (default 50)'),
  })
  .strict();

export interface LoanInventoryPage {
  loans: LoanView[];
  total: number;
  page: number;
  pageSize: number;
  summary: {
    total: number;
    available: number;
    issued: number;
    overdue: number;
    withoutDueDate: number;
    nextNumber: number;
  };
}

export function toLoanFilter(
  actor: Actor,
  f: z.output<z.ZodObject<typeof loanFilterFields>>,
  today: string,
): LoanFilter {
  const q = f.q;
  return {
    poolGroupIds: actor.loanGroupIds,
    status: f.status,
    groupId: f.groupId,
    kind: f.kind,
    userGroup: f.userGroup,
    holderId: f.holderId,
    q,
    qNumber: q !== undefined && /^\d{1,9}$/.test(q) ? Number(q) : undefined,
    // Only the value true enables the filter (seed §4.4).
    overdueBefore: f.overdue === true ? today : undefined,
  };
}

/**
 * One page of the caller's authorised loan pool, ordered by number, with a summary of the whole pool
 * that does not change with the filters.
 */
@injectable()
export class ListLoans {
  static readonly required = ['module.loans', 'loan.view'] as const;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, input: z.input<typeof listLoansInput>): Promise<LoanInventoryPage> {
    requirePermissions(actor, ListLoans.required);
    const { page = 1, pageSize = PAGE_SIZE_DEFAULT, ...filters } = parseInput(listLoansInput, input);
    const today = dateInZone(this.clock.now(), actor.tenant.timeZone);
    const tenantId = actor.tenant.id;
    return this.uow.read(async (repos) => {
      const [result, counts, nextNumber] = await Promise.all([
        repos.loans.list(tenantId, toLoanFilter(actor, filters, today), { page, pageSize }),
        repos.loans.counts(tenantId, actor.loanGroupIds, today),
        repos.tenants.peekNumber(tenantId, 'loan'),
      ]);
      return {
        loans: result.items.map((row) => toLoanView(row, today)),
        total: result.total,
        page,
        pageSize,
        summary: { ...counts, nextNumber },
      };
    });
  }
}
