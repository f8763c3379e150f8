import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { invalidField } from '../shared/errors.js';
import { PAGE_SIZE_DEFAULT } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { calendarDate, page, pageSize } from '../shared/validation.js';
import { COVERAGES } from '../submissions/repair-states.js';
import { COST_TYPES, type CostEntry } from './cost-entry.js';

export const listCostsInput = z
  .object({
    type: z.enum(COST_TYPES).optional().describe('REPAIR, PURCHASE, PARTS, LICENSE or OTHER'),
    coverage: z
      .enum([...COVERAGES, 'NONE'])
      .optional()
      .describe('WARRANTY, INSURANCE, SCHOOL or PARENT; NONE for entries without one'),
    from: calendarDate().optional().describe('First day, inclusive'),
    to: calendarDate().optional().describe('Last day, inclusive'),
    page: page().describe('Page number, from 1 (default 1)'),
    pageSize: pageSize().describe('Entries per page, 1 to 100 (default 50)'),
  })
  .strict();

export interface CostList {
  readonly costs: CostEntry[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  /** The school's currency: every amount is in its minor units. */
  readonly currency: string;
}

/** The cost register, newest first (by date, then the later-recorded entry first), filtered and paged. */
@injectable()
export class ListCosts implements UseCase<typeof listCostsInput, CostList> {
  static readonly required = ['module.costs', 'cost.view'] as const;
  static readonly input = listCostsInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(
    actor: Actor,
    { page = 1, pageSize = PAGE_SIZE_DEFAULT, ...filter }: z.output<typeof listCostsInput>,
  ): Promise<CostList> {
    if (filter.from && filter.to && filter.from > filter.to) throw invalidField('from', 'must not be after to');
    const result = await this.uow.read((r) => r.costs.list(actor.tenant.id, filter, { page, pageSize }));
    return { costs: result.items, total: result.total, page, pageSize, currency: actor.tenant.currency };
  }
}
