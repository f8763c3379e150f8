import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { invalidField } from '../shared/errors.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { calendarDate, isoDate, nullableText, pageOf, pagingInput } from '../shared/validation.js';
import { COVERAGES } from '../submissions/repair-states.js';
import { COST_TYPES } from './cost-entry.js';

export const listCostsInput = z
  .object({
    type: z.enum(COST_TYPES).optional().describe('REPAIR, PURCHASE, PARTS, LICENSE or OTHER'),
    coverage: z
      .enum([...COVERAGES, 'NONE'])
      .optional()
      .describe('WARRANTY, INSURANCE, SCHOOL or PARENT; NONE for entries without one'),
    from: calendarDate().optional().describe('First day, inclusive'),
    to: calendarDate().optional().describe('Last day, inclusive'),
    ...pagingInput('Entries'),
  })
  .strict();

/**
 * A cost entry as the console returns it (CostEntry; the schema lives here, not in cost-entry.ts,
 * which the browser console imports and so imports no package).
 */
export const costEntrySchema = z.object({
  id: z.string(),
  type: z.enum(COST_TYPES),
  coverage: z.enum(COVERAGES).nullable(),
  amountMinor: z.number().int().describe('Minor units of the school currency; below 0 for a refund or a correction'),
  date: isoDate(),
  source: z.string().describe('Where the cost came from: `manual`, `submission:42`...'),
  note: nullableText(),
});

export const costListSchema = pageOf('costs', costEntrySchema).extend({
  currency: z.string().describe("The school's currency: every amount is in its minor units"),
});
export type CostList = z.output<typeof costListSchema>;

/** The cost register, newest first (by date, then the later-recorded entry first), filtered and paged. */
@injectable()
export class ListCosts implements UseCase<typeof listCostsInput, CostList> {
  static readonly required = ['module.costs', 'cost.view'] as const;
  static readonly input = listCostsInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, { page, pageSize, ...filter }: z.output<typeof listCostsInput>): Promise<CostList> {
    const paging = requestedPage({ page, pageSize });
    if (filter.from && filter.to && filter.from > filter.to) throw invalidField('from', 'must not be after to');
    const result = await this.uow.read((r) => r.costs.list(actor.tenant.id, filter, paging));
    return { costs: result.items, ...pageInfo(result, paging), currency: actor.tenant.currency };
  }
}
