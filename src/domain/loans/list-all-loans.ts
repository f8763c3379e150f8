import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { invalid } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { loanFilterFields, toLoanFilter } from './loan-filter.js';
import { toLoanView, type LoanView } from './loan.js';

/** The legacy list answers at most this many loans, and never a truncated list (seed §4.4.3). */
export const LEGACY_LOAN_LIMIT = 1_000;

export const listAllLoansInput = z.object(loanFilterFields).strict();

/**
 * Every matching loan of the caller's pool as one array, for clients written before paging. Over
 * 1,000 matches it refuses, telling the client to page, rather than cut the list short.
 */
@injectable()
export class ListAllLoans implements UseCase<typeof listAllLoansInput, LoanView[]> {
  static readonly required = ['module.loans', 'loan.view'] as const;
  static readonly input = listAllLoansInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, filters: z.output<typeof listAllLoansInput>): Promise<LoanView[]> {
    const today = dateInZone(this.clock.now(), actor.tenant.timeZone);
    const result = await this.uow.read((r) =>
      r.loans.listAll(actor.tenant.id, toLoanFilter(actor, filters, today), LEGACY_LOAN_LIMIT),
    );
    if (result.total > LEGACY_LOAN_LIMIT) {
      throw invalid([
        {
          path: '',
          message: `${result.total} loans match, more than the ${LEGACY_LOAN_LIMIT} this route returns: use GET /api/loans/inventory with page and pageSize (pageSize up to 100) and read every page until you have all ${result.total}`,
        },
      ]);
    }
    return result.items.map((row) => toLoanView(row, today));
  }
}
