import type { Container } from 'inversify';
import { Logger } from '../adapters/observability/index.js';
import { SendReminders, type TenantReminders } from '../domain/reminders/send-reminders.js';
import type { TenantContext } from '../domain/shared/actor.js';
import { dateInZone } from '../domain/shared/dates.js';
import { UnitOfWork } from '../ports/unit-of-work.js';
import { PeriodicJob } from './periodic-job.js';
import { resolveFrom } from './container.js';

/** How often `serve` looks for reminders to plan or send (a refusal's first retry is 5 minutes later). */
export const REMINDER_TICK_MS = 5 * 60_000;

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The hour (0-23) of `instant` in `timeZone`. */
export function hourInZone(instant: Date, timeZone: string): number {
  let f = hourFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, f);
  }
  return Number(f.format(instant));
}

/** The deployment job record that says which of a school's days was planned (survives restarts). */
export const reminderJobName = (tenantId: string): string => `reminders:${tenantId}`;

/** Logs what a reminder run did, one line per reminder, as the schedule and the CLI both report it. */
export function logReminders(container: Container, results: readonly TenantReminders[], via: 'schedule' | 'command') {
  const log = container.get(Logger);
  for (const { tenant, date, planned, outcomes, abandoned } of results) {
    if (date) log.info({ via, tenantId: tenant.id, date, planned }, 'reminders planned');
    for (const o of outcomes) {
      const fields = { via, tenantId: tenant.id, loan: o.reminder.loanNumber, kind: o.reminder.kind };
      if (o.result === 'sent') log.info({ ...fields, recipients: o.reminder.recipients.length }, 'reminder sent');
      else log.warn({ ...fields, result: o.result, error: o.error }, 'reminder not sent');
    }
    for (const r of abandoned)
      log.warn({ via, tenantId: tenant.id, loan: r.loanNumber }, 'reminder abandoned while sending');
  }
}

/**
 * Reminders while `serve` runs (issue 23): every REMINDER_TICK_MS, under the `reminders` job lock
 * (one instance of several does it), each school whose clock has passed REMINDER_HOUR and whose day
 * is not yet planned gets its day planned (the record of it is in the deployment job table, so a
 * restart does not plan again; if it did, the reminders' unique key would add nothing), and every
 * due reminder is sent: new ones, and refusals whose backoff is over.
 */
export class ReminderScheduler extends PeriodicJob {
  // On stop, a message under way finishes or times out; a claim it leaves is failed by the next run, never resent.
  constructor(
    container: Container,
    private readonly hour: number,
    tickMs = REMINDER_TICK_MS,
  ) {
    super(container, 'reminders', tickMs);
  }

  protected async round(): Promise<void> {
    const uow = this.container.get(UnitOfWork);
    const shouldPlan = async (tenant: TenantContext, today: string) => {
      const now = new Date();
      if (hourInZone(now, tenant.timeZone) < this.hour) return false;
      const last = await uow.read((r) => r.deploymentJobs.find(reminderJobName(tenant.id)));
      return !last?.lastFinishedAt || dateInZone(new Date(last.lastFinishedAt), tenant.timeZone) < today;
    };
    const planned = (tenant: TenantContext) =>
      uow.transaction((r) =>
        r.deploymentJobs.finished(reminderJobName(tenant.id), new Date().toISOString(), 'ok', null),
      );
    const result = await resolveFrom(this.container)(SendReminders).execute({ shouldPlan, planned });
    if (result.ran) logReminders(this.container, result.value, 'schedule');
  }
}
