import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict, invalidField, notFound } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { calendarDate, exactlyOne, id } from '../shared/validation.js';
import { loanRefFields } from './loan-ref.js';
import { LoanTransitionRunner } from './loan-transition.js';
import { issue, loanResultSchema, type LoanView } from './loan.js';
import { runCheckoutChecks } from './checkout-checks.js';
import { applyBookings } from '../reservations/reservation-hold.js';

export const issueLoanInput = z
  .object({
    ...loanRefFields,
    holderId: id().describe('The person (pupil or staff) who takes the loan'),
    dueDate: calendarDate()
      .nullable()
      .optional()
      .describe('Due back on this date (YYYY-MM-DD, tenant time zone); null or absent: no due date'),
    confirm: z
      .boolean()
      .optional()
      .describe(
        "true: issue despite the school's warnings at the desk (an answer of confirmation_required lists them); never lifts a block",
      ),
    override: z
      .boolean()
      .optional()
      .describe('Issue it even though a booking starting within 24 hours needs this unit (audited)'),
  })
  .strict()
  .superRefine(exactlyOne(['number', 'serial']));

/** Hands an AVAILABLE loaner to a person who is not archived, optionally until a due date. */
@injectable()
export class IssueLoan implements UseCase<typeof issueLoanInput, { loan: LoanView }> {
  static readonly required = ['module.loans', 'loan.issue'] as const;
  static readonly input = issueLoanInput;

  constructor(
    @inject(LoanTransitionRunner) private readonly transitions: LoanTransitionRunner,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(
    actor: Actor,
    { holderId, dueDate, confirm, override, ...ref }: z.output<typeof issueLoanInput>,
  ): Promise<{ loan: LoanView }> {
    if (dueDate && dueDate < dateInZone(this.clock.now(), actor.tenant.timeZone)) {
      throw invalidField('dueDate', 'must not be in the past');
    }
    return this.transitions.run(actor, ref, {
      action: 'loan.issue',
      event: 'loan.issued',
      apply: async (loan, repos, at, today, ids) => {
        // Locked, like the loan: an archive of the holder waits for this issue, or this issue for it,
        // so an archived person can never end up holding a loan (ArchivePerson locks them too).
        const holder = await repos.people.findById(actor.tenant.id, holderId, { forUpdate: true });
        if (!holder) throw notFound('person', holderId);
        if (holder.archivedAt !== null) {
          throw conflict(`${holder.name} is archived: restore them before issuing them a loan`);
        }
        const next = issue(loan, holder, dueDate ?? null, at);
        // The school's checks at the desk: after the loan and the holder are known good, so a
        // refusal for an unknown loan or an archived person says that first.
        const confirmed = await runCheckoutChecks(repos, actor, holder, confirm === true, today);
        // Bookings of the group: fulfil the holder's, keep units others need soon (reservation-hold.ts).
        const bookings = await applyBookings(repos, ids, actor, { unit: next, holderId, override: !!override, at });
        return {
          next,
          holderName: holder.name,
          details: {
            dueDate: next.dueDate,
            ...(confirmed.length > 0 ? { confirmed: confirmed.map((r) => r.rule) } : {}),
            ...bookings,
          },
        };
      },
    });
  }
}

export const issueLoanTool = defineTool({
  name: 'loans.issue',
  title: 'Issue a loan',
  description:
    'Hand an AVAILABLE loaner to a person, optionally until a due date (YYYY-MM-DD in the school time zone). Give exactly one of `number` or `serial`. The school may check the holder first (agreement on file, balance, loans out): a warning answers "Confirmation required" with the reasons — tell the user, and only if they agree send the call again with `confirm: true`; a block cannot be confirmed. Issuing to a person with a booking of the group starting within 24 hours (or running) fulfils it; a unit another booking needs within 24 hours is refused unless `override` is true. Changes data: confirm with the user first.',
  readOnly: false,
  output: loanResultSchema,
  useCase: IssueLoan,
});
