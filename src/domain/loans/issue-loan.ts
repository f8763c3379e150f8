import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { invalidField, notFound } from '../shared/errors.js';
import { calendarDate, exactlyOne, id, parseInput } from '../shared/validation.js';
import { loanRefFields } from './loan-ref.js';
import { LoanTransitionRunner } from './loan-transition.js';
import { issue } from './loan.js';

export const issueLoanInput = z
  .object({
    ...loanRefFields,
    holderId: id().describe('The person (pupil or staff) who takes the loan'),
    dueDate: calendarDate()
      .nullable()
      .optional()
      .describe('Due back on this date (YYYY-MM-DD, tenant time zone); null or absent: no due date'),
  })
  .strict()
  .superRefine(exactlyOne(['number', 'serial']));

/** Hands an AVAILABLE loaner to a person, optionally until a due date. */
@injectable()
export class IssueLoan {
  static readonly required = ['module.loans', 'loan.issue'] as const;

  constructor(
    @inject(LoanTransitionRunner) private readonly transitions: LoanTransitionRunner,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, input: z.input<typeof issueLoanInput>) {
    requirePermissions(actor, IssueLoan.required);
    const { holderId, dueDate, ...ref } = parseInput(issueLoanInput, input);
    if (dueDate && dueDate < dateInZone(this.clock.now(), actor.tenant.timeZone)) {
      throw invalidField('dueDate', 'must not be in the past');
    }
    return this.transitions.run(actor, ref, {
      required: IssueLoan.required,
      action: 'loan.issue',
      event: 'loan.issued',
      apply: async (loan, repos, at) => {
        const holder = await repos.people.findById(actor.tenant.id, holderId);
        if (!holder) throw notFound('person', holderId);
        return { next: issue(loan, holder, dueDate ?? null, at), holderName: holder.name };
      },
    });
  }
}
