import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { JobLock, type Exclusive } from '../../ports/job-lock.js';
import { Mailer } from '../../ports/mailer.js';
import type { LoanFilter } from '../../ports/repositories/loans.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { LoanRow } from '../loans/loan.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import type { TenantContext } from '../shared/actor.js';
import { addDays, dateInZone } from '../shared/dates.js';
import { DeliverReminder, type DeliveryOutcome } from './deliver-reminder.js';
import type { Reminder } from './reminder.js';
import { owedReminder, reminderAddresses } from './reminder-plan.js';
import { remindersSetting, type ReminderSettings } from './reminder-settings.js';

/** The job lock's name: one instance plans and sends at a time. */
export const REMINDERS_JOB = 'reminders';
/** Loans planned per transaction. */
const PLAN_PAGE = 1_000;
/** Due reminders read at a time. */
const SEND_PAGE = 500;
/** Messages handed to the mailer at once (its pool has a few connections). */
export const SEND_CONCURRENCY = 3;
/** Reminders claimed in one commit and recorded in the next (at most this many lost from the audit by a crash). */
export const SEND_BATCH = 50;

/** What one run did for one school. */
export interface TenantReminders {
  readonly tenant: TenantContext;
  /** The school's date the run planned for; null when it only sent what was due. */
  readonly date: string | null;
  readonly planned: number;
  readonly outcomes: readonly DeliveryOutcome[];
  /** Claims a stopped process left behind, now failed (never sent twice). */
  readonly abandoned: readonly Reminder[];
}

export interface ReminderRunOptions {
  /** Only this school (the CLI's --tenant). */
  readonly tenantSlug?: string;
  /** Plan as of this date (`YYYY-MM-DD`) rather than each school's today. */
  readonly date?: string;
  /**
   * Which schools to plan: `all` (the CLI), or those for which `shouldPlan` says yes (the schedule:
   * once a day after the hour). Every school's due reminders are sent either way.
   */
  readonly shouldPlan?: (tenant: TenantContext, today: string) => Promise<boolean>;
  /** Told once a school's day is planned (the schedule records it). */
  readonly planned?: (tenant: TenantContext, today: string) => Promise<void>;
}

/**
 * The daily reminder job (issue 23, section 3), for `desk serve`'s schedule and `desk reminders
 * send`: under the `reminders` job lock, for each school with the loans module and reminders on,
 * (1) plan: every ISSUED loan that owes a reminder today (reminder-plan.ts) gets a pending row, whose
 * unique key makes planning again add nothing; (2) send every pending reminder that is due, the
 * just-planned ones and earlier refusals whose backoff is over (DeliverReminder, at most once).
 */
@injectable()
export class SendReminders {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(JobLock) private readonly lock: JobLock,
    @inject(DeliverReminder) private readonly delivery: DeliverReminder,
    @inject(Mailer) private readonly mailer: Mailer,
  ) {}

  /** Whether this deployment can send e-mail at all (SMTP_URL): without it nothing is planned or sent. */
  get canSend(): boolean {
    return this.mailer.configured;
  }

  async execute(options: ReminderRunOptions = {}): Promise<Exclusive<TenantReminders[]>> {
    // Planned reminders would wait for a mail server that does not exist: plan nothing.
    if (!this.canSend) return { ran: true, value: [] };
    return this.lock.runExclusive(REMINDERS_JOB, () => this.run(options));
  }

  private async run(options: ReminderRunOptions): Promise<TenantReminders[]> {
    const tenants = await this.uow.read(async (r) => {
      if (options.tenantSlug === undefined) return r.tenants.list();
      const one = await r.tenants.findBySlug(options.tenantSlug);
      return one ? [one] : [];
    });
    const results: TenantReminders[] = [];
    for (const tenant of tenants) {
      if (!tenant.modules.includes('loans')) continue;
      const settings = await this.uow.read((r) => readSchoolSetting(r, tenant.id, remindersSetting));
      const today = options.date ?? dateInZone(this.clock.now(), tenant.timeZone);
      let date: string | null = null;
      let planned = 0;
      if (settings.enabled && (!options.shouldPlan || (await options.shouldPlan(tenant, today)))) {
        planned = await this.plan(tenant, settings, today);
        date = today;
        await options.planned?.(tenant, today);
      }
      // Refusals of a school that turned reminders off since are still sent: they were owed.
      const abandoned = await this.delivery.failAbandoned(tenant.id);
      const outcomes = await this.sendDue(tenant);
      if (date !== null || outcomes.length > 0 || abandoned.length > 0) {
        results.push({ tenant, date, planned, outcomes, abandoned });
      }
    }
    return results;
  }

  /** Plans the reminders owed on `today`; returns how many were new. */
  private async plan(tenant: TenantContext, settings: ReminderSettings, today: string): Promise<number> {
    const filters: LoanFilter[] = [];
    if (settings.maxReminders > 0) {
      // Late by at least firstAfterDays: due before today - firstAfterDays + 1.
      filters.push({ poolGroupIds: null, overdueBefore: addDays(today, 1 - settings.firstAfterDays) });
    }
    if (settings.dueSoon) filters.push({ poolGroupIds: null, status: 'ISSUED', dueOn: addDays(today, 1) });
    let stored = 0;
    for (const filter of filters) {
      for (let after = 0; ;) {
        const loans = await this.uow.read((r) => r.loans.scan(tenant.id, filter, after, PLAN_PAGE));
        if (loans.length === 0) break;
        stored += await this.planPage(tenant, settings, today, loans);
        after = loans[loans.length - 1]!.number;
      }
    }
    return stored;
  }

  private planPage(
    tenant: TenantContext,
    settings: ReminderSettings,
    today: string,
    loans: readonly LoanRow[],
  ): Promise<number> {
    return this.uow.transaction(async (repos) => {
      const issued = loans.filter((l) => l.status === 'ISSUED' && l.holderId && l.issuedAt && l.dueDate);
      const earlier = await repos.reminders.listForLoans(
        tenant.id,
        issued.map((l) => l.id),
      );
      const owed = issued.flatMap((loan) => {
        const planned = (earlier.get(loan.id) ?? []).filter((r) => r.issuedAt === loan.issuedAt);
        const next = owedReminder(loan, planned, settings, today);
        return next ? [{ loan, ...next }] : [];
      });
      if (owed.length === 0) return 0;
      const holderIds = [...new Set(owed.map((o) => o.loan.holderId!))];
      const people = new Map((await repos.people.findByIds(tenant.id, holderIds)).map((p) => [p.id, p]));
      const pupils = holderIds.filter((id) => people.get(id)?.kind === 'PUPIL');
      const guardians = await repos.guardians.listForPeople(tenant.id, pupils);
      const at = this.clock.now().toISOString();
      const rows: Reminder[] = [];
      for (const { loan, kind, sequence } of owed) {
        const to = reminderAddresses(people.get(loan.holderId!) ?? null, guardians.get(loan.holderId!) ?? []);
        // Nobody of the family can be written to: the school's copy alone is not a reminder.
        if (to.holder === null && to.guardians.length === 0) continue;
        rows.push(newReminder(this.ids.next(), loan, kind, sequence, today, at, recipientsOf(to, settings.copyTo)));
      }
      return (await repos.reminders.insertNew(tenant.id, rows)).length;
    });
  }

  /** Sends every pending reminder of the school that is due now, SEND_CONCURRENCY at a time. */
  private async sendDue(tenant: TenantContext): Promise<DeliveryOutcome[]> {
    const outcomes: DeliveryOutcome[] = [];
    const seen = new Set<string>();
    for (;;) {
      const now = this.clock.now().toISOString();
      const due = (await this.uow.read((r) => r.reminders.listDue(tenant.id, now, SEND_PAGE))).filter(
        (r) => !seen.has(r.id),
      );
      if (due.length === 0) return outcomes;
      due.forEach((r) => seen.add(r.id));
      for (let i = 0; i < due.length; i += SEND_BATCH) {
        const batch = await this.delivery.deliverMany(tenant, due.slice(i, i + SEND_BATCH), SEND_CONCURRENCY);
        outcomes.push(...batch.filter((o) => o.result !== 'taken'));
      }
    }
  }
}

/** The holder, the guardians and the school's copy, each once. */
export const recipientsOf = (to: { holder: string | null; guardians: readonly string[] }, copyTo: string | null) => [
  ...new Set([...(to.holder ? [to.holder] : []), ...to.guardians, ...(copyTo ? [copyTo.toLowerCase()] : [])]),
];

export const newReminder = (
  id: string,
  loan: Pick<LoanRow, 'id' | 'number' | 'holderId' | 'issuedAt'>,
  kind: Reminder['kind'],
  sequence: number,
  runDate: string,
  at: string,
  recipients: readonly string[],
  requestedBy: string | null = null,
): Reminder => ({
  id,
  loanId: loan.id,
  loanNumber: loan.number,
  holderId: loan.holderId!,
  issuedAt: loan.issuedAt!,
  kind,
  sequence,
  runDate,
  recipients,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: at,
  claimedAt: null,
  lastError: null,
  createdAt: at,
  sentAt: null,
  requestedBy,
});
