import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import { addDays, addMonths, dateInZone } from '../shared/dates.js';
import { invalidField } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { calendarDate, isoDate } from '../shared/validation.js';
import { COST_BREAKDOWN_BY, COST_PERIODS } from './cost-entry.js';

export const costBreakdownInput = z
  .object({
    by: z.enum(COST_BREAKDOWN_BY).describe('Group spend by type, coverage or period'),
    from: calendarDate().optional().describe('First day, inclusive (default: 12 months before to)'),
    to: calendarDate().optional().describe('Last day, inclusive (default: today in the school time zone)'),
    period: z
      .enum(COST_PERIODS)
      .optional()
      .describe('Bucket size when by=period: month, quarter or year (default month)'),
  })
  .strict();

export const costBreakdownSchema = z.object({
  by: z.enum(COST_BREAKDOWN_BY),
  currency: z.string(),
  from: isoDate(),
  to: isoDate(),
  rows: z.array(z.object({ key: z.string(), count: z.number().int(), amountMinor: z.number().int() })),
  totalMinor: z.number().int(),
});
export type CostBreakdownResult = z.output<typeof costBreakdownSchema>;

/** Spend by type, coverage or period over an inclusive date range, in minor units. */
@injectable()
export class CostBreakdown implements UseCase<typeof costBreakdownInput, CostBreakdownResult> {
  static readonly required = ['module.costs', 'cost.view'] as const;
  static readonly input = costBreakdownInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, i: z.output<typeof costBreakdownInput>): Promise<CostBreakdownResult> {
    const to = i.to ?? dateInZone(this.clock.now(), actor.tenant.timeZone);
    const from = i.from ?? addDays(addMonths(to, -12), 1);
    if (from > to) throw invalidField('from', 'must not be after to');
    const rows = await this.uow.read((r) =>
      r.costs.breakdown(actor.tenant.id, { by: i.by, period: i.period ?? 'month', from, to }),
    );
    const totalMinor = rows.reduce((sum, row) => sum + row.amountMinor, 0);
    return { by: i.by, currency: actor.tenant.currency, from, to, rows, totalMinor };
  }
}

export const costBreakdownTool = defineTool({
  name: 'costs.breakdown',
  title: 'Spend breakdown',
  description:
    'Spend in minor units of the school currency, grouped by cost type, coverage (who paid) or period (month, quarter or year), over an inclusive date range (default: the last 12 months).',
  readOnly: true,
  output: costBreakdownSchema,
  useCase: CostBreakdown,
});
