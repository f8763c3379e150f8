import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { nameAuditEntries, namedAuditEntrySchema } from '../audit/audit-names.js';
import { findLoanInPool } from '../loans/loan-ref.js';
import { loanViewSchema, toLoanView } from '../loans/loan.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import type { UseCase } from '../shared/use-case.js';
import { positiveInt } from '../shared/validation.js';
import { reminderViewSchema, toReminderView } from './reminder.js';

/** Entries of each list the page shows: the newest. */
export const LOAN_HISTORY_LIMIT = 100;

export const getLoanHistoryInput = z.object({ number: positiveInt().describe('The loaner number') }).strict();

export const loanHistorySchema = z.object({
  loan: loanViewSchema,
  history: z
    .array(namedAuditEntrySchema)
    .describe(
      "The loan's audit entries (issues, returns, reminders…), newest first, with who acted and the holders by name",
    ),
  reminders: z.array(reminderViewSchema).describe('Its reminder e-mails over every issue, newest first'),
});
type LoanHistory = z.output<typeof loanHistorySchema>;

/**
 * One loan with its history (the audit entries about `loan:<number>`: issues, returns, reminders
 * sent) and its reminder e-mails with their state, for the loan's page. Outside the caller's pool
 * the loan does not exist (404).
 */
@injectable()
export class GetLoanHistory implements UseCase<typeof getLoanHistoryInput, LoanHistory> {
  static readonly required = ['module.loans', 'loan.view'] as const;
  static readonly input = getLoanHistoryInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, { number }: z.output<typeof getLoanHistoryInput>): Promise<LoanHistory> {
    const tenantId = actor.tenant.id;
    return this.uow.read(async (repos) => {
      const loan = await findLoanInPool(repos, actor, { number });
      const history = await repos.audit.search(
        tenantId,
        { targets: [`loan:${loan.number}`] },
        { page: 1, pageSize: LOAN_HISTORY_LIMIT },
      );
      const reminders = await repos.reminders.listForLoan(tenantId, loan.id, LOAN_HISTORY_LIMIT);
      return {
        loan: toLoanView(loan, dateInZone(this.clock.now(), actor.tenant.timeZone)),
        // A loan's viewers see its holder by name in the inventory, so its history names holders too.
        history: await nameAuditEntries(repos, actor, history.items, { people: true }),
        reminders: reminders.map(toReminderView),
      };
    });
  }
}
