import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { Mailer } from '../../ports/mailer.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { findLoanInPool } from '../loans/loan-ref.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict, DomainError } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { positiveInt } from '../shared/validation.js';
import { DeliverReminder } from './deliver-reminder.js';
import { reminderViewSchema, toReminderView, type Reminder } from './reminder.js';
import { reminderAddresses } from './reminder-plan.js';
import { remindersSetting } from './reminder-settings.js';
import { newReminder, recipientsOf } from './send-reminders.js';

/** A loan is reminded at most once an hour, whoever or whatever reminded it. */
export const REMIND_INTERVAL_MS = 3_600_000;

export const remindLoanInput = z.object({ number: positiveInt().describe('The loan number') }).strict();

export const remindLoanResultSchema = z.object({ reminder: reminderViewSchema });
type RemindLoanResult = z.output<typeof remindLoanResultSchema>;

/** A reminder of this loan went (or was queued) within the hour: 429, and when to ask again. */
export class RemindedRecently extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'rate_limited',
      `this loan was reminded less than an hour ago; try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s)`,
    );
  }
}

/**
 * "Remind now" (issue 23): one reminder of an ISSUED loan, to its holder and, for a pupil, their
 * guardians (and the school's copy address), sent at once through the same at-most-once delivery
 * as the daily job's. Refused with 429 and Retry-After when any reminder of the loan was sent or
 * queued within the hour (the daily job's included: a family is not mailed twice in minutes), 409
 * when the loan is not issued or nobody of the family has an address, 404 outside the caller's pool.
 * It answers what it did: `sent`, `pending` (the server refused: tried again later) or `failed`.
 */
@injectable()
export class RemindLoan implements UseCase<typeof remindLoanInput, RemindLoanResult> {
  static readonly required = ['module.loans', 'loan.issue'] as const;
  static readonly input = remindLoanInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(DeliverReminder) private readonly delivery: DeliverReminder,
    @inject(Mailer) private readonly mailer: Mailer,
  ) {}

  async execute(actor: Actor, { number }: z.output<typeof remindLoanInput>): Promise<RemindLoanResult> {
    const tenantId = actor.tenant.id;
    if (!this.mailer.configured) throw conflict('this Desk has no mail server (SMTP_URL): nothing can be sent');
    const reminder = await this.uow.transaction(async (repos): Promise<Reminder> => {
      // Locked: two clicks at once queue here, and the second finds the first's reminder.
      const loan = await findLoanInPool(repos, actor, { number }, { forUpdate: true });
      if (loan.status !== 'ISSUED' || !loan.holderId || !loan.issuedAt) {
        throw conflict(`loaner ${loan.number} is not out on loan: there is nobody to remind`);
      }
      const now = this.clock.now();
      const recent = (await repos.reminders.listForLoan(tenantId, loan.id, 20)).filter(
        (r) => r.status !== 'failed' && Date.parse(r.createdAt) > now.getTime() - REMIND_INTERVAL_MS,
      );
      const newest = recent.reduce((a, r) => Math.max(a, Date.parse(r.createdAt)), 0);
      if (newest > 0) throw new RemindedRecently((newest + REMIND_INTERVAL_MS - now.getTime()) / 1000);

      const holder = await repos.people.findById(tenantId, loan.holderId);
      const guardians = holder?.kind === 'PUPIL' ? await repos.guardians.listFor(tenantId, holder.id) : [];
      const to = reminderAddresses(holder, guardians);
      if (to.holder === null && to.guardians.length === 0) {
        throw conflict(
          `nobody can be reminded of loaner ${loan.number}: neither the holder nor a guardian has an e-mail address`,
        );
      }
      const settings = await readSchoolSetting(repos, tenantId, remindersSetting);
      const manual = (await repos.reminders.listForLoans(tenantId, [loan.id]))
        .get(loan.id)
        ?.filter((r) => r.kind === 'manual' && r.issuedAt === loan.issuedAt).length;
      const row = newReminder(
        this.ids.next(),
        loan,
        'manual',
        (manual ?? 0) + 1,
        dateInZone(now, actor.tenant.timeZone),
        now.toISOString(),
        recipientsOf(to, settings.copyTo),
        `${actor.principal.type}:${actor.principal.id}`,
      );
      const [stored] = await repos.reminders.insertNew(tenantId, [row]);
      if (!stored) throw conflict(`loaner ${loan.number} is being reminded now`);
      return stored;
    });
    await this.delivery.deliver(actor.tenant, reminder);
    const after = await this.uow.read((r) => r.reminders.findById(tenantId, reminder.id));
    return { reminder: toReminderView(after ?? reminder) };
  }
}
