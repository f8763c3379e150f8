import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { MailNotTaken, Mailer } from '../../ports/mailer.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { AuditActorType } from '../audit/audit-entry.js';
import type { LoanRow } from '../loans/loan.js';
import type { TenantContext } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { recordChange } from '../shared/record-change.js';
import type { Reminder } from './reminder.js';
import { reminderMail } from './reminder-mail.js';
import { remindersSetting } from './reminder-settings.js';
import { readSchoolSetting } from '../settings/school-setting.js';

/** Tries of one reminder the server refused, before it is given up (about two days with the backoff). */
export const MAX_ATTEMPTS = 10;
/** The wait after the first refusal; it doubles with each one, up to BACKOFF_CAP_MS. */
export const FIRST_BACKOFF_MS = 5 * 60_000;
const BACKOFF_CAP_MS = 6 * 3_600_000;
/** A claim older than this was left by a process that stopped while sending (SMTP times out in 40 s). */
export const ABANDONED_CLAIM_MS = 10 * 60_000;

export const retryDelayMs = (attempts: number): number =>
  Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);

/** What became of one reminder that was due. */
export interface DeliveryOutcome {
  readonly reminder: Reminder;
  /**
   * `retry`: the server refused or could not be reached, tried again later; `failed`: may have
   * arrived, never sent again; `dropped`: the loan was returned first; `taken`: another sender has it.
   */
  readonly result: 'sent' | 'retry' | 'failed' | 'dropped' | 'taken';
  readonly error?: string;
}

const NOT_ISSUED = 'the loan was returned or issued again before the reminder went: not sent';
const AMBIGUOUS =
  'the connection failed after the message was handed over: it may have arrived, so it is not sent again';
const ABANDONED = 'the sender stopped while sending: it may have arrived, so it is not sent again';

/** `user:<id>` → the audit's actor; the daily job is Desk itself. */
const requester = (requestedBy: string | null): { type: AuditActorType; id: string } => {
  const at = requestedBy?.indexOf(':') ?? -1;
  if (!requestedBy || at < 0) return { type: 'system', id: 'reminders' };
  return { type: requestedBy.slice(0, at) as AuditActorType, id: requestedBy.slice(at + 1) };
};

/**
 * Sends one planned reminder, at most once. The claim (pending → sending) commits before the
 * message goes to SMTP, so a second sender, or this one after a crash, never sends it again; the
 * server's acceptance makes it sent, with its audit entry on the loan and its `loan.reminded` event
 * in one transaction. A certain refusal (MailNotTaken) puts it back to pending with backoff; an
 * ambiguous failure makes it failed: of "maybe twice" and "maybe never" Desk chooses never, and the
 * loan's page shows why. A reminder whose loan was returned in the meantime fails without a send.
 */
@injectable()
export class DeliverReminder {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** Sends one reminder now (remind now), as `deliverMany` does. */
  async deliver(tenant: TenantContext, reminder: Reminder): Promise<DeliveryOutcome> {
    const [outcome] = await this.deliverMany(tenant, [reminder], 1);
    return outcome!;
  }

  /**
   * Sends a batch: one transaction claims them all (and drops those whose loan was returned), the
   * messages go `concurrency` at a time, and one transaction records what became of each. A run of
   * thousands thus commits twice per batch, not twice per message; a process that stops in between
   * leaves its claims `sending`, and they are never sent again (failAbandoned).
   */
  async deliverMany(
    tenant: TenantContext,
    reminders: readonly Reminder[],
    concurrency: number,
  ): Promise<DeliveryOutcome[]> {
    const tenantId = tenant.id;
    const outcomes = new Map<string, DeliveryOutcome>();
    const { claimed, text } = await this.uow.transaction(async (repos) => {
      const at = this.clock.now().toISOString();
      const settings = await readSchoolSetting(repos, tenantId, remindersSetting);
      const holders = new Map(
        (await repos.people.findByIds(tenantId, [...new Set(reminders.map((r) => r.holderId))])).map((p) => [p.id, p]),
      );
      const claimed: { reminder: Reminder; loan: LoanRow; holderAddress: string | null }[] = [];
      for (const reminder of reminders) {
        const loan = await repos.loans.findByNumber(tenantId, reminder.loanNumber);
        if (!loan || loan.id !== reminder.loanId || loan.status !== 'ISSUED' || loan.issuedAt !== reminder.issuedAt) {
          const gone = await repos.reminders.transition(tenantId, reminder.id, 'pending', {
            status: 'failed',
            nextAttemptAt: null,
            lastError: NOT_ISSUED,
          });
          outcomes.set(
            reminder.id,
            gone ? { reminder, result: 'dropped', error: NOT_ISSUED } : { reminder, result: 'taken' },
          );
          continue;
        }
        const taken = await repos.reminders.transition(tenantId, reminder.id, 'pending', {
          status: 'sending',
          attempts: reminder.attempts + 1,
          claimedAt: at,
          nextAttemptAt: null,
        });
        if (!taken) {
          outcomes.set(reminder.id, { reminder, result: 'taken' });
          continue;
        }
        const email = holders.get(reminder.holderId)?.email?.toLowerCase() ?? null;
        claimed.push({ reminder: { ...reminder, attempts: reminder.attempts + 1 }, loan, holderAddress: email });
      }
      return { claimed, text: settings.text };
    });

    const failures = new Map<string, unknown>();
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const c = claimed[next++]!;
        try {
          await this.mailer.send(this.message(tenant, c.reminder, { ...c, text }));
        } catch (error) {
          failures.set(c.reminder.id, error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));

    if (claimed.length > 0) {
      await this.uow.transaction(async (repos) => {
        for (const c of claimed) {
          const failure = failures.get(c.reminder.id);
          const outcome = failures.has(c.reminder.id)
            ? await this.afterFailure(repos, tenantId, c.reminder, failure)
            : await this.recordSent(repos, tenant, c.reminder, c.loan);
          outcomes.set(c.reminder.id, outcome);
        }
      });
    }
    return reminders.map((r) => outcomes.get(r.id)!);
  }

  /** Claims left `sending` by a process that stopped: failed, never retried (at most once). */
  async failAbandoned(tenantId: string): Promise<Reminder[]> {
    const before = new Date(this.clock.now().getTime() - ABANDONED_CLAIM_MS).toISOString();
    return this.uow.transaction(async (repos) => {
      const stuck = await repos.reminders.listClaimedBefore(tenantId, before);
      const failed: Reminder[] = [];
      for (const r of stuck) {
        if (await repos.reminders.transition(tenantId, r.id, 'sending', { status: 'failed', lastError: ABANDONED })) {
          failed.push(r);
        }
      }
      return failed;
    });
  }

  private message(
    tenant: TenantContext,
    reminder: Reminder,
    claimed: { loan: LoanRow; holderAddress: string | null; text: string | null },
  ) {
    return reminderMail({
      school: tenant.name,
      loan: claimed.loan,
      kind: reminder.kind,
      today: dateInZone(this.clock.now(), tenant.timeZone),
      text: claimed.text,
      holderAddress: claimed.holderAddress,
      recipients: reminder.recipients,
    });
  }

  private async afterFailure(
    repos: Repositories,
    tenantId: string,
    reminder: Reminder,
    error: unknown,
  ): Promise<DeliveryOutcome> {
    const refused = error instanceof MailNotTaken;
    const said = error instanceof Error ? error.message : String(error);
    const retry = refused && reminder.attempts < MAX_ATTEMPTS;
    const lastError = refused ? `not taken: ${said}`.slice(0, 500) : `${AMBIGUOUS} (${said})`.slice(0, 500);
    const next = new Date(this.clock.now().getTime() + retryDelayMs(reminder.attempts)).toISOString();
    await repos.reminders.transition(
      tenantId,
      reminder.id,
      'sending',
      retry ? { status: 'pending', nextAttemptAt: next, lastError } : { status: 'failed', lastError },
    );
    return { reminder, result: retry ? 'retry' : 'failed', error: lastError };
  }

  private async recordSent(
    repos: Repositories,
    tenant: TenantContext,
    reminder: Reminder,
    loan: LoanRow,
  ): Promise<DeliveryOutcome> {
    const at = this.clock.now().toISOString();
    await repos.reminders.transition(tenant.id, reminder.id, 'sending', { status: 'sent', sentAt: at });
    await recordChange(repos, this.ids, {
      tenantId: tenant.id,
      actor: requester(reminder.requestedBy),
      action: 'loan.remind',
      target: `loan:${loan.number}`,
      at,
      details: {
        kind: reminder.kind,
        sequence: reminder.sequence,
        recipients: reminder.recipients.length,
        dueDate: loan.dueDate,
      },
      event: {
        kind: 'loan.reminded',
        payload: {
          loan: {
            id: loan.id,
            number: loan.number,
            groupId: loan.groupId,
            holderId: loan.holderId,
            dueDate: loan.dueDate,
          },
          reminder: { kind: reminder.kind, sequence: reminder.sequence, recipients: reminder.recipients.length },
        },
      },
    });
    return { reminder: { ...reminder, status: 'sent', sentAt: at }, result: 'sent' };
  }
}
