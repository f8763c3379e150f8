import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { invalidField } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { calendarDate, text, wholeNumber } from '../shared/validation.js';
import { COVERAGES } from '../submissions/repair-states.js';
import { COST_TYPES, costEventData, MANUAL_SOURCE, MAX_AMOUNT_MINOR, type CostEntry } from './cost-entry.js';
import { costEntrySchema } from './list-costs.js';

export const recordCostInput = z
  .object({
    type: z.enum(COST_TYPES).describe('REPAIR, PURCHASE, PARTS, LICENSE or OTHER'),
    coverage: z.enum(COVERAGES).nullable().optional().describe('Who paid: WARRANTY, INSURANCE, SCHOOL or PARENT'),
    amountMinor: wholeNumber()
      .min(-MAX_AMOUNT_MINOR, { message: `must be at least -${MAX_AMOUNT_MINOR}` })
      .max(MAX_AMOUNT_MINOR, { message: `must be at most ${MAX_AMOUNT_MINOR}` })
      .refine((n) => n !== 0, { message: 'must not be 0: a cost entry records money spent (or, below 0, refunded)' })
      .describe('Minor units of the school currency; below 0 for a refund or a correction'),
    date: calendarDate().describe('The day it was spent (the invoice date), not after today'),
    note: text(1, 500).nullable().optional().describe('What it was for: an invoice number, a supplier...'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.amountMinor < 0 && !v.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'say what a refund or correction is for' });
    }
  });

/** What recording a cost answers with: the entry as kept. */
export const costResultSchema = z.object({ cost: costEntrySchema });

/**
 * Records a cost by hand: a purchase, parts, a licence, an outside repair, or (below 0) a refund or a
 * correction of an earlier entry, which are never edited or deleted. Its source is `manual`.
 */
@injectable()
export class RecordCost implements UseCase<typeof recordCostInput, { cost: CostEntry }> {
  static readonly required = ['module.costs', 'cost.manage'] as const;
  static readonly input = recordCostInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, i: z.output<typeof recordCostInput>): Promise<{ cost: CostEntry }> {
    const tenantId = actor.tenant.id;
    const now = this.clock.now();
    const today = dateInZone(now, actor.tenant.timeZone);
    if (i.date > today) throw invalidField('date', `must not be after today (${today} in the school's time zone)`);
    const cost: CostEntry = {
      id: this.ids.next(),
      type: i.type,
      coverage: i.coverage ?? null,
      amountMinor: i.amountMinor,
      date: i.date,
      source: MANUAL_SOURCE,
      note: i.note ?? null,
    };
    const at = now.toISOString();
    await this.uow.transaction(async (repos) => {
      await repos.costs.insertMany(tenantId, [cost]);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'cost.record',
        target: `cost:${cost.id}`,
        at,
        details: {
          type: cost.type,
          coverage: cost.coverage,
          amountMinor: cost.amountMinor,
          date: cost.date,
          source: cost.source,
          note: cost.note,
        },
        event: { kind: 'cost.recorded', payload: costEventData(cost) },
      });
    });
    return { cost };
  }
}
