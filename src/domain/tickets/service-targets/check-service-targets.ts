import { inject, injectable } from 'inversify';
import { Clock } from '../../../ports/clock.js';
import { IdGenerator } from '../../../ports/id-generator.js';
import { JobLock, type Exclusive } from '../../../ports/job-lock.js';
import { Mailer, type MailMessage } from '../../../ports/mailer.js';
import type { Repositories } from '../../../ports/repositories.js';
import type { ClockedRow } from '../../../ports/repositories/ticket-clocks.js';
import type { TeamLoad } from '../../../ports/repositories/tickets.js';
import { Settings } from '../../../ports/settings.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { schoolBaseUrl } from '../../tenants/school-url.js';
import { appendEvent } from '../../shared/record-change.js';
import { instantInWords } from '../../shared/words.js';
import { dueAlarms, type ClockAlarm } from './clock.js';
import { clockUnder, loadServiceTerms, type ServiceTerms } from './service-terms.js';
import type { Tenant } from '../../tenants/tenant.js';
import { ticketEventData } from '../ticket.js';

export const SERVICE_TARGETS_JOB = 'service-targets';

/** A school as one round of the job reads it: its tenant row and its service terms. */
interface School {
  readonly tenant: Tenant;
  readonly terms: ServiceTerms;
}
/** Clocks looked at per round at most; the rest wait for the next (a minute later). */
const ROUND_LIMIT = 500;

const TARGET_WORDS: Readonly<Record<ClockAlarm['target'], string>> = {
  firstResponse: 'first answer',
  resolution: 'resolution',
};

/** What one round did: the alarms it sent, as events and by e-mail to how many (0: none could be). */
export interface ServiceTargetRound {
  readonly alarms: readonly { tenantId: string; ticketNumber: number; alarm: ClockAlarm; mailed: number }[];
}

/**
 * The service-target job (issue 30, point 5), a round a minute under its job lock (one instance of
 * several does it): every clock whose next check has come gets, in one transaction with the
 * ticket locked, its due warnings and breaches as `ticket.sla_warning` / `ticket.sla_breached`
 * events (each once: the clock records what it sent) and its next check; then the ticket's team and
 * assignee hear of each by e-mail. `load()` counts the open and breached tickets per team, for the
 * metrics every instance reports.
 */
@injectable()
export class CheckServiceTargets {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(JobLock) private readonly lock: JobLock,
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(Settings) private readonly settings: Settings,
  ) {}

  execute(): Promise<Exclusive<ServiceTargetRound>> {
    return this.lock.runExclusive(SERVICE_TARGETS_JOB, () => this.round());
  }

  private async round(): Promise<ServiceTargetRound> {
    const now = this.clock.now().toISOString();
    const due = await this.uow.read((r) => r.ticketClocks.due(now, ROUND_LIMIT));
    const sent: ServiceTargetRound['alarms'][number][] = [];
    // A school's tenant row and terms (hours, targets, closures) are read once a round, not per ticket.
    const schools = new Map<string, Promise<School | null>>();
    const schoolOf = (tenantId: string) => {
      let school = schools.get(tenantId);
      if (!school) {
        school = this.uow.read(async (r) => {
          const tenant = await r.tenants.findById(tenantId);
          return tenant ? { tenant, terms: await loadServiceTerms(r, tenant) } : null;
        });
        schools.set(tenantId, school);
      }
      return school;
    };
    for (const { tenantId, ticketId } of due) {
      const school = await schoolOf(tenantId);
      const outcome = await this.uow.transaction((repos) => this.check(repos, school, tenantId, ticketId, now));
      if (!outcome) continue;
      for (const alarm of outcome.alarms) {
        const mailed = await this.mail(outcome.recipients, outcome.message(alarm));
        sent.push({ tenantId, ticketNumber: outcome.row.ticket.number, alarm, mailed });
      }
    }
    return { alarms: sent };
  }

  /** Every school's open tickets per team, and how many of them are past a running due time now. */
  load(): Promise<TeamLoad[]> {
    const now = this.clock.now().toISOString();
    return this.uow.read((r) => r.tickets.loadByTeam(now));
  }

  private async check(repos: Repositories, school: School | null, tenantId: string, ticketId: string, now: string) {
    const row = await repos.ticketClocks.findRow(tenantId, ticketId, { forUpdate: true });
    // A ticket gone with its school: nothing to look at again.
    if (!school || !row) return null;
    const { tenant, terms } = school;
    const targets = terms.targetsOf(row.ticket.priority);
    // A school that turned the help desk off sends nothing; its clocks are looked at again later.
    const alarms = tenant.modules.includes('servicedesk')
      ? dueAlarms(row.ticket, row.clock, targets, terms.calendar, now)
      : [];
    for (const alarm of alarms) {
      await appendEvent(repos, this.ids, tenantId, {
        kind: alarm.kind,
        occurredAt: now,
        payload: { ...ticketEventData(row.ticket), target: alarm.target, dueAt: alarm.dueAt },
      });
    }
    const notified = alarms.reduce((bits, a) => bits | a.bit, row.clock.notified);
    let next = clockUnder(terms, row.ticket, { ...row.clock, notified });
    // A school without the help desk is looked at again in an hour, not every minute.
    if (alarms.length === 0 && next.clock.nextCheckAt !== null && next.clock.nextCheckAt <= now)
      next = { ...next, clock: { ...next.clock, nextCheckAt: new Date(Date.parse(now) + 3600_000).toISOString() } };
    await repos.ticketClocks.saveRows(tenantId, [next]);
    const recipients = alarms.length > 0 ? await this.recipients(repos, tenantId, row) : [];
    const base = schoolBaseUrl(this.settings.publicUrl, tenant.hosts);
    const message = (alarm: ClockAlarm): Omit<MailMessage, 'to'> => {
      const what = TARGET_WORDS[alarm.target];
      const when = instantInWords(alarm.dueAt, tenant.timeZone);
      const subject =
        alarm.kind === 'ticket.sla_breached'
          ? `Ticket #${row.ticket.number} is past its ${what} target`
          : `Ticket #${row.ticket.number}: its ${what} is due ${when}`;
      const state = alarm.kind === 'ticket.sla_breached' ? 'was due' : 'is due';
      const text = [
        `${subject}.`,
        '',
        `"${row.ticket.subject}" (${row.ticket.priority.toLowerCase()} priority) ${state} for its ${what} ${when}.`,
        '',
        `Open it: ${base}/tickets/${row.ticket.id}`,
      ].join('\n');
      return { subject: `[Desk] ${subject}`, text };
    };
    return { row, alarms, recipients, message };
  }

  /** The ticket's assignee and its team's members, by their e-mail, once each. */
  private async recipients(repos: Repositories, tenantId: string, row: ClockedRow): Promise<string[]> {
    const team = row.ticket.teamId ? await repos.ticketRouting.findTeam(tenantId, row.ticket.teamId) : null;
    const ids = [
      ...(row.ticket.assigneeId ? [row.ticket.assigneeId] : []),
      ...(team?.members ?? []).map((m) => m.personId),
    ];
    if (ids.length === 0) return [];
    const people = await repos.people.findByIds(tenantId, [...new Set(ids)]);
    return [...new Set(people.filter((p) => p.archivedAt === null && p.email).map((p) => p.email!.toLowerCase()))];
  }

  /** Sends one alarm's e-mail; how many it reached (0 without a mailer, recipients, or when refused). */
  private async mail(to: readonly string[], message: Omit<MailMessage, 'to'>): Promise<number> {
    if (!this.mailer.configured || to.length === 0) return 0;
    try {
      await this.mailer.send({ ...message, to });
      return to.length;
    } catch {
      // The event is stored; the e-mail is the courtesy. The scheduler logs the round's counts.
      return 0;
    }
  }
}
