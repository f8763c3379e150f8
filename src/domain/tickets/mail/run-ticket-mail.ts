import { inject, injectable } from 'inversify';
import { Clock } from '../../../ports/clock.js';
import { IdGenerator } from '../../../ports/id-generator.js';
import { JobLock, type Exclusive } from '../../../ports/job-lock.js';
import { Mailer, MailNotTaken } from '../../../ports/mailer.js';
import type { Repositories } from '../../../ports/repositories.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { Tenant } from '../../tenants/tenant.js';
import { readSchoolSetting } from '../../settings/school-setting.js';
import { recordChange } from '../../shared/record-change.js';
import { moveClock } from '../service-targets/service-terms.js';
import { ticketEventData, type Ticket } from '../ticket.js';
import { TicketMail } from './ticket-mail.js';
import { ticketMailSetting } from './ticket-mail-setting.js';
import type { TicketMessage } from './ticket-message.js';

export const TICKET_MAIL_JOB = 'ticket-mail';
/** Messages handed over per round at most; the rest go in the next (seconds later). */
const SEND_LIMIT = 100;
/** Tries of a message the server refused, about a day and a half in all, before it fails. */
export const MAX_MAIL_ATTEMPTS = 8;
/** A message claimed longer ago than this is one whose sender stopped mid-send. */
const ABANDONED_MS = 10 * 60_000;
/** How often a school's waiting and resolved tickets are looked at: an hour is soon enough for days. */
export const FOLLOW_UP_EVERY_MS = 60 * 60_000;
const DAY_MS = 24 * 3600_000;
const SYSTEM = { type: 'system', id: 'ticket-mail' } as const;

/** What one round did, for the log. */
export interface TicketMailRound {
  readonly sent: number;
  readonly retrying: number;
  readonly failed: readonly { tenantId: string; ticketId: string; kind: string; error: string }[];
  readonly reminded: number;
  readonly closed: number;
  /** The round claimed as many as it may (SEND_LIMIT): more may be due, so run again at once. */
  readonly more: boolean;
}

const backoffMs = (attempts: number) => Math.min(6 * 3600_000, 5 * 60_000 * 2 ** (attempts - 1));

/**
 * The ticket-mail job (issue 30, point 3), a round every few seconds under its job lock: once an
 * hour per school, the follow-ups of tickets left waiting (one reminder after the school's days
 * waiting on the requester, closed with a last message after its days without an answer, and a
 * resolved ticket closed once its reopen window is over); then every message whose time has come is
 * handed to the mail server, at most once. A message is claimed (committed as `sending`) before it
 * goes; a certain refusal (MailNotTaken) waits and tries again up to MAX_MAIL_ATTEMPTS times; any
 * other failure, or a sender that stopped mid-send, fails it, never sends it twice.
 */
@injectable()
export class RunTicketMail {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(JobLock) private readonly lock: JobLock,
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(TicketMail) private readonly mail: TicketMail,
  ) {}

  execute(): Promise<Exclusive<TicketMailRound>> {
    return this.lock.runExclusive(TICKET_MAIL_JOB, () => this.round());
  }

  private async round(): Promise<TicketMailRound> {
    const now = this.clock.now();
    const followed = { reminded: 0, closed: 0 };
    for (const tenant of await this.uow.read((r) => r.tenants.list())) {
      if (!tenant.modules.includes('servicedesk')) continue;
      const done = await this.followUps(tenant, now);
      followed.reminded += done.reminded;
      followed.closed += done.closed;
    }
    if (!this.mailer.configured) return { sent: 0, retrying: 0, failed: [], more: false, ...followed };
    return { ...(await this.deliver(now)), ...followed };
  }

  /** One school's waiting and resolved tickets, at most once per FOLLOW_UP_EVERY_MS (across restarts). */
  private async followUps(tenant: Tenant, now: Date): Promise<{ reminded: number; closed: number }> {
    const job = `ticket-follow-ups:${tenant.id}`;
    const at = now.toISOString();
    // Follow-ups are for tickets that changed since ticket mail began for the school: tickets waiting
    // since before an upgrade (or a demo's seeded history) get no burst of reminders and closings.
    const since = `ticket-follow-ups-since:${tenant.id}`;
    const began = (await this.uow.read((r) => r.deploymentJobs.find(since)))?.lastFinishedAt;
    if (!began) {
      await this.uow.transaction((r) => r.deploymentJobs.finished(since, at, 'ok', null));
      return { reminded: 0, closed: 0 };
    }
    const last = await this.uow.read((r) => r.deploymentJobs.find(job));
    if (last?.lastFinishedAt && now.getTime() - Date.parse(last.lastFinishedAt) < FOLLOW_UP_EVERY_MS)
      return { reminded: 0, closed: 0 };

    const setting = await this.uow.read((r) => readSchoolSetting(r, tenant.id, ticketMailSetting));
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
    let reminded = 0;
    let closed = 0;
    if (setting.closeAfterDays > 0) {
      for (const t of await this.stale(tenant.id, 'PENDING', ago(setting.closeAfterDays), began)) {
        if (await this.uow.transaction((r) => this.close(r, tenant, t.id, 'PENDING', at))) closed++;
      }
    }
    if (setting.waitingReminderDays > 0) {
      for (const t of await this.stale(tenant.id, 'PENDING', ago(setting.waitingReminderDays), began)) {
        if (await this.uow.transaction((r) => this.remind(r, tenant, t.id, at))) reminded++;
      }
    }
    if (setting.reopenDays > 0) {
      for (const t of await this.stale(tenant.id, 'RESOLVED', ago(setting.reopenDays), began)) {
        if (await this.uow.transaction((r) => this.close(r, tenant, t.id, 'RESOLVED', at))) closed++;
      }
    }
    await this.uow.transaction((r) => r.deploymentJobs.finished(job, at, 'ok', null));
    return { reminded, closed };
  }

  /** A school's tickets of a status unchanged since `before`, oldest number last (a keyset walk). */
  private async stale(
    tenantId: string,
    status: 'PENDING' | 'RESOLVED',
    before: string,
    since: string,
  ): Promise<Ticket[]> {
    const found: Ticket[] = [];
    for (let from: number | null = null; ;) {
      const batch = await this.uow.read((r) => r.tickets.scan(tenantId, { status, updatedBefore: before }, from, 500));
      found.push(...batch.filter((t) => t.updatedAt >= since));
      if (batch.length < 500) return found;
      from = batch.at(-1)!.number;
    }
  }

  /** One reminder per wait: none when a `waiting` message was written since the ticket last changed. */
  private async remind(repos: Repositories, tenant: Tenant, ticketId: string, at: string): Promise<boolean> {
    const ticket = await repos.tickets.findById(tenant.id, ticketId, { forUpdate: true });
    if (ticket?.status !== 'PENDING') return false;
    const earlier = await repos.ticketMessages.listForTicket(tenant.id, ticket.id);
    if (earlier.some((m) => m.kind === 'waiting' && m.createdAt >= ticket.updatedAt)) return false;
    return (await this.mail.queue(repos, tenant, ticket, 'waiting', at)) !== null;
  }

  /**
   * Closes a ticket the requester left unanswered (waiting, with a last message) or whose reopen
   * window is over (resolved, quietly), as Desk itself: audited and sent as any change is.
   */
  private async close(
    repos: Repositories,
    tenant: Tenant,
    ticketId: string,
    from: 'PENDING' | 'RESOLVED',
    at: string,
  ): Promise<boolean> {
    const current = await repos.tickets.findById(tenant.id, ticketId, { forUpdate: true });
    if (current?.status !== from) return false;
    const next = await moveClock(repos, tenant, current, { ...current, status: 'CLOSED', updatedAt: at }, at);
    await repos.tickets.update(tenant.id, next);
    await recordChange(repos, this.ids, {
      tenantId: tenant.id,
      actor: SYSTEM,
      action: 'ticket.update',
      target: `ticket:${next.number}`,
      at,
      details: {
        from: { status: from },
        to: { status: 'CLOSED' },
        reason: from === 'PENDING' ? 'no answer from the requester' : 'the reopen window is over',
      },
      event: { kind: 'ticket.updated', payload: ticketEventData(next) },
    });
    if (from === 'PENDING') await this.mail.queue(repos, tenant, next, 'closed', at);
    return true;
  }

  /** Hands every due message to the mail server, each claimed first (see the class). */
  private async deliver(now: Date): Promise<Pick<TicketMailRound, 'sent' | 'retrying' | 'failed' | 'more'>> {
    const at = now.toISOString();
    await this.uow.transaction((r) =>
      r.ticketMessages.failAbandoned(new Date(now.getTime() - ABANDONED_MS).toISOString()),
    );
    const claimed = await this.uow.transaction((r) => r.ticketMessages.claimDue(at, SEND_LIMIT));
    const names = new Map<string, string>();
    let sent = 0;
    let retrying = 0;
    const failed: TicketMailRound['failed'][number][] = [];
    for (const { tenantId, message } of claimed) {
      if (!names.has(tenantId))
        names.set(tenantId, (await this.uow.read((r) => r.tenants.findById(tenantId)))?.name ?? '');
      const outcome = await this.send(message, names.get(tenantId)!);
      await this.uow.transaction((r) => r.ticketMessages.finish(tenantId, message.id, outcome));
      if (outcome.status === 'sent') sent++;
      else if (outcome.status === 'pending') retrying++;
      else failed.push({ tenantId, ticketId: message.ticketId, kind: message.kind, error: outcome.error ?? '' });
    }
    return { sent, retrying, failed, more: claimed.length === SEND_LIMIT };
  }

  private async send(
    m: TicketMessage,
    schoolName: string,
  ): Promise<Pick<TicketMessage, 'status' | 'sentAt' | 'error' | 'nextAttemptAt'>> {
    try {
      await this.mailer.send({
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(schoolName ? { fromName: schoolName } : {}),
        messageId: m.messageId,
        ...(m.inReplyTo ? { inReplyTo: m.inReplyTo } : {}),
        references: m.references,
        ...(m.autoSubmitted ? { autoSubmitted: m.autoSubmitted } : {}),
      });
      return { status: 'sent', sentAt: this.clock.now().toISOString(), error: null, nextAttemptAt: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // Attempts count this one (claimDue added it).
      const attempts = m.attempts;
      if (error instanceof MailNotTaken && attempts < MAX_MAIL_ATTEMPTS) {
        const next = new Date(this.clock.now().getTime() + backoffMs(attempts)).toISOString();
        return { status: 'pending', sentAt: null, error: reason, nextAttemptAt: next };
      }
      return { status: 'failed', sentAt: null, error: reason, nextAttemptAt: null };
    }
  }
}
