import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { EventSignal } from '../../ports/event-signal.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { WebhookResponse } from '../../ports/webhook-sender.js';
import { SendAlert } from '../events/alerts.js';
import { eventBody } from '../events/event.js';
import { RecentEvents } from '../events/recent-events.js';
import { isSuccess, WebhookDelivery } from './webhook-delivery.js';
import {
  retryDelayMs,
  type DeliveryAttempt,
  type DeliveryOutcome,
  type DisabledReason,
  type StoredWebhook,
} from './webhook.js';
import type { Repositories } from '../../ports/repositories.js';
import type { ClaimedWebhook, WebhookProgress } from '../../ports/repositories/webhooks.js';

/** How long a claim lasts: longer than one attempt (10 s timeout), renewed after each; a process that died holding one delays its webhook by at most this. */
export const LEASE_MS = 15_000;
/** Webhooks worked on at once per instance: a slow receiver holds one of these, never the others. */
const CONCURRENCY = 32;
/** Events delivered to one webhook per claim, so one busy webhook cannot hold a worker forever. */
const EVENTS_PER_CLAIM = 200;
/** Events read from the outbox at once for one webhook. */
const READ_BATCH = 50;
/**
 * Successful attempts are written together, from this many or after this long, whichever comes
 * first, while sending goes on; but never more than FLUSH_EVERY are sent without a write having found
 * the webhook still there and on (a webhook deleted or turned off is sent at most that many more).
 */
const FLUSH_FROM = 12;
const FLUSH_MS = 50;
const FLUSH_EVERY = 25;
/** Claims are at least this far apart: a burst of commits wakes the worker once, not once each. */
const CLAIM_GAP_MS = 10;
/**
 * A worker whose webhook has caught up waits this long for the tenant's next commit before it lets
 * the webhook go: the next event is then sent at once, not after a release and a claim (two turns of
 * the database, each behind every write queued before it).
 */
const HOLD_MS = 250;
/** A claim is given up after this long (then claimed again), so a change to the webhook is soon seen. */
const CLAIM_MAX_MS = 1_000;

/** What the worker reports (the composition root logs it). */
export type DispatcherNotice =
  | {
      readonly kind: 'disabled';
      readonly tenantId: string;
      readonly webhookId: string;
      readonly reason: DisabledReason;
    }
  | { readonly kind: 'error'; readonly error: unknown };

/**
 * Delivers webhooks from the outbox (SPEC §8). Woken by the event signal (a commit) and by `wake()`,
 * which whoever runs it calls on a tick for what no signal announces (serve: every second, for due
 * retries and expired leases), it claims webhooks that have something to send — a lease per webhook, so each is
 * worked on by one worker of one instance at a time — and delivers each one's events in order, one
 * task per webhook: a receiver that is slow or down holds its own task only. The events this process
 * commits come with the signal and are kept while a webhook of their tenant is being worked on
 * (RecentEvents), so a webhook that keeps up is sent them without a read of the outbox, which under
 * write load would wait behind every queued write. A worker whose webhook has caught up keeps it a
 * moment (HOLD_MS) for the tenant's next commit, so the next event is not delayed by a release and a
 * claim; it stops waiting CLAIM_MAX_MS after its claim, so a change to the webhook (its URL, its
 * kinds) is read again within about a second.
 *
 * Per webhook, the event after its cursor that it subscribed to is sent; a 2xx moves the cursor on;
 * 410 Gone disables the webhook; anything else is tried again after the schedule's wait (or the
 * receiver's Retry-After) until the tenth attempt fails, which disables it and tells the tenant's
 * administrators by e-mail. Every attempt is logged in the webhook's delivery log, in the same
 * transaction as the progress it made. Nothing is sent that did not commit (the outbox is read),
 * and nothing committed is lost: the cursor moves only after a receiver accepted the event.
 */
@injectable()
export class WebhookDispatcher {
  private readonly owner: string;
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private again = false;
  private lastClaimAt = Number.NEGATIVE_INFINITY;
  /** A claim waits out CLAIM_GAP_MS. */
  private gapping = false;
  private stopped = true;
  /** Aborted by stop(): ends the waits that stop does not end one by one. */
  private stopping = new AbortController();
  private unlisten: (() => void) | null = null;
  private notify: (notice: DispatcherNotice) => void = () => undefined;
  /** The events lately committed here, kept for the tenants being worked on (`working`) only. */
  private readonly recent = new RecentEvents();
  /** Workers per tenant under way. */
  private readonly working = new Map<string, number>();
  /** Workers waiting for a tenant's next commit (HOLD_MS), woken by its signal, any null one, or stop. */
  private readonly holding = new Set<{ readonly tenantId: string; readonly heard: (yes: boolean) => void }>();
  /** Signals heard so far: a worker that heard one since its last read reads again instead of waiting. */
  private signals = 0;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) ids: IdGenerator,
    @inject(EventSignal) private readonly signal: EventSignal,
    @inject(WebhookDelivery) private readonly delivery: WebhookDelivery,
    @inject(SendAlert) private readonly alert: SendAlert,
  ) {
    this.owner = `worker-${ids.next()}`;
  }

  start(notify: (notice: DispatcherNotice) => void = () => undefined): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = new AbortController();
    this.notify = notify;
    this.unlisten = this.signal.listen((tenantId, committed) => {
      if (tenantId === null || this.working.has(tenantId)) this.recent.heard(tenantId, committed);
      this.signals++;
      for (const hold of this.holding) if (tenantId === null || hold.tenantId === tenantId) hold.heard(true);
      this.wake();
    });
    this.wake();
  }

  /** Stops claiming; waits (up to `graceMs`) for the deliveries under way, whose leases then end. */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    this.stopping.abort();
    for (const hold of this.holding) hold.heard(false);
    const grace = new AbortController();
    await Promise.race([Promise.allSettled([...this.inFlight]), this.clock.sleep(graceMs, grace.signal)]);
    grace.abort();
  }

  /**
   * Looks for work soon: a wake during a claim runs one more claim after it, and claims are at least
   * CLAIM_GAP_MS apart, so 200 commits a second cost far fewer than 200 claims. (A webhook already
   * being delivered needs no claim: its worker reads on until the outbox has nothing more for it.)
   */
  wake(): void {
    if (this.stopped) return;
    if (this.running || this.gapping) {
      this.again = true;
      return;
    }
    const wait = CLAIM_GAP_MS - this.since(this.lastClaimAt);
    if (wait > 0) {
      this.gapping = true;
      void this.clock.sleep(wait, this.stopping.signal).then(() => {
        this.gapping = false;
        this.again = false;
        this.wake();
      });
      return;
    }
    this.running = true;
    this.lastClaimAt = this.clock.now().getTime();
    void this.claim()
      .catch((error: unknown) => this.notify({ kind: 'error', error }))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async claim(): Promise<void> {
    const room = CONCURRENCY - this.inFlight.size;
    if (room <= 0) return;
    const now = this.clock.now();
    const until = new Date(now.getTime() + LEASE_MS).toISOString();
    const claimed = await this.uow.transaction((repos) =>
      repos.webhooks.claimDue(now.toISOString(), this.owner, until, room),
    );
    for (const c of claimed) {
      const task: Promise<void> = this.work(c)
        .catch((error: unknown) => this.notify({ kind: 'error', error }))
        .finally(() => {
          this.inFlight.delete(task);
          // It may have stopped at its per-claim limit, or others may be waiting for room.
          this.wake();
        });
      this.inFlight.add(task);
    }
  }

  private async work(claimed: ClaimedWebhook): Promise<void> {
    const { tenantId } = claimed;
    this.working.set(tenantId, (this.working.get(tenantId) ?? 0) + 1);
    try {
      await this.deliver(claimed);
    } finally {
      const left = this.working.get(tenantId)! - 1;
      if (left > 0) this.working.set(tenantId, left);
      else {
        this.working.delete(tenantId);
        this.recent.forget(tenantId);
      }
    }
  }

  /** Delivers one claimed webhook's events, in order, until it has caught up (or must stop). */
  private async deliver({ tenantId, webhook }: ClaimedWebhook): Promise<void> {
    let w: StoredWebhook = webhook;
    // Attempts made but not yet written: successes are written in small batches (a crash before the
    // write only means those events are sent again: at least once), a failure at once.
    let pending: DeliveryAttempt[] = [];
    // The cursor moved past events this webhook does not take, and that is not written yet.
    let moved = false;
    let flushedAt = this.clock.now().getTime();
    const claimedAt = flushedAt;
    /** Writes `progress` and `records`; false when the webhook was deleted or turned off meanwhile, or the lease was lost. */
    const save = async (repos: Repositories, progress: WebhookProgress, records: DeliveryAttempt[]): Promise<boolean> => {
      if (!(await repos.webhooks.progress(tenantId, w.id, this.owner, progress, this.leaseEnd()))) return false;
      for (const record of records) await repos.webhooks.recordAttempt(tenantId, record);
      return true;
    };
    /** Takes what is unwritten now, to write it (with `extra` when the webhook is still there). */
    const take = () => {
      const taken = {
        progress: { cursor: w.cursor, attempt: w.attempt, nextAttemptAt: w.nextAttemptAt },
        records: pending,
      };
      pending = [];
      moved = false;
      flushedAt = this.clock.now().getTime();
      return taken;
    };
    const flush = (extra?: (repos: Repositories) => Promise<void>): Promise<boolean> => {
      const { progress, records } = take();
      return this.uow.transaction(async (repos) => {
        if (!(await save(repos, progress, records))) return false;
        await extra?.(repos);
        return true;
      });
    };
    // Successes written in the background: one write at a time, so progress is written in order.
    let writing: Promise<boolean> | null = null;
    let unconfirmed = 0; // successes sent that no write has yet found the webhook on for
    let refused = false; // a background write found it deleted or off, or failed
    let failure: unknown = null;
    const writeBehind = () => {
      const count = pending.length;
      writing = flush()
        .then(
          (ok) => {
            if (ok) unconfirmed -= count;
            else refused = true;
            return ok;
          },
          (error: unknown) => {
            refused = true;
            failure = error;
            return false;
          },
        )
        .finally(() => {
          writing = null;
        });
    };
    /** Waits for the background write; false when the run must end (rethrows what the write threw). */
    const settled = async (): Promise<boolean> => {
      if (writing) await writing;
      if (failure) {
        const error = failure;
        failure = null; // reported once, by whoever catches it
        throw error;
      }
      return !refused;
    };
    try {
      let sent = 0;
      while (sent < EVENTS_PER_CLAIM && !this.stopped && !refused) {
        const signalsBefore = this.signals;
        // The newest id too: every event up to it has committed (ids commit in order), so when none
        // of them is one this webhook takes, the cursor may move past all of them. What this process
        // committed lately is known without a read.
        const { newest, events } =
          this.recent.after(tenantId, w.cursor, READ_BATCH, w.events) ??
          (await this.uow.read(async (repos) => {
            const newest = await repos.outbox.newestId(tenantId);
            return { newest, events: await repos.outbox.listAfter(tenantId, w.cursor, READ_BATCH, w.events) };
          }));
        if (events.length === 0) {
          if (newest > w.cursor) {
            w = { ...w, cursor: newest };
            moved = true; // written with the release
          }
          // Caught up: keep the lease a moment for the next commit, unless others need the room.
          const left = Math.min(HOLD_MS, CLAIM_MAX_MS - this.since(claimedAt));
          if (left <= 0 || this.stopped || this.inFlight.size >= CONCURRENCY) return;
          // A commit signalled while the outbox was being read may be the one this worker would wait for.
          if (this.signals === signalsBefore && !(await this.nextCommit(tenantId, left))) return;
          continue;
        }
        for (const event of events) {
          if (this.stopped || refused) return;
          if (unconfirmed >= FLUSH_EVERY) {
            if (!(await settled())) return;
            if (unconfirmed >= FLUSH_EVERY) {
              if (!(await flush())) return;
              unconfirmed = 0;
            }
          }
          sent++;
          const attempt = w.attempt + 1;
          const { record } = await this.delivery.send(
            w,
            { messageId: event.id, kind: event.kind, eventId: event.eventId, body: JSON.stringify(eventBody(event)) },
            attempt,
            (response, at) => decide(response, attempt, at),
          );
          pending.push(record);
          if (record.outcome === 'success') {
            w = { ...w, cursor: event.eventId, attempt: 0, nextAttemptAt: null };
            unconfirmed++;
            if (!writing && (pending.length >= FLUSH_FROM || this.since(flushedAt) >= FLUSH_MS)) writeBehind();
            continue;
          }
          w = { ...w, attempt, nextAttemptAt: record.nextAttemptAt };
          if (!(await settled())) return;
          const disable: DisabledReason | null =
            record.outcome === 'gone' ? 'gone' : record.outcome === 'exhausted' ? 'exhausted' : null;
          const kept = await flush(
            disable
              ? async (repos) => {
                  await repos.webhooks.disable(tenantId, w.id, disable, record.at);
                  await repos.audit.record(tenantId, {
                    id: record.id,
                    actor: { type: 'system', id: 'webhooks' },
                    action: 'webhook.disable',
                    target: `webhook:${w.id}`,
                    at: record.at,
                    details: { reason: disable, eventId: event.eventId, attempt, statusCode: record.statusCode },
                  });
                }
              : undefined,
          );
          if (kept && disable) await this.tellDisabled(tenantId, w, disable, record.error);
          return;
        }
      }
    } finally {
      await (writing as Promise<boolean> | null)?.catch(() => false);
      if (failure) this.notify({ kind: 'error', error: failure });
      // What is left to write and the release, in one transaction: under write load each waits its turn.
      const unwritten = pending.length > 0 || moved ? take() : null;
      await this.uow
        .transaction(async (repos) => {
          if (unwritten) await save(repos, unwritten.progress, unwritten.records);
          await repos.webhooks.release(tenantId, w.id, this.owner);
        })
        .catch((error: unknown) => this.notify({ kind: 'error', error }));
    }
  }

  /** Resolves true at the tenant's next signal, false after `ms` or when the worker stops. */
  private nextCommit(tenantId: string, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wait = new AbortController();
      const hold = {
        tenantId,
        heard: (yes: boolean) => {
          if (!this.holding.delete(hold)) return; // already heard, or timed out
          wait.abort();
          resolve(yes);
        },
      };
      this.holding.add(hold);
      void this.clock.sleep(ms, wait.signal).then(() => hold.heard(false));
    });
  }

  /**
   * Clock time since `at` (ms). A clock set back (an NTP step, a test's clock reset) counts as long
   * ago, so it ends a wait early instead of stretching it.
   */
  private since(at: number): number {
    const elapsed = this.clock.now().getTime() - at;
    return elapsed < 0 ? Number.POSITIVE_INFINITY : elapsed;
  }

  private leaseEnd(): string {
    return new Date(this.clock.now().getTime() + LEASE_MS).toISOString();
  }

  private async tellDisabled(tenantId: string, w: StoredWebhook, reason: DisabledReason, error: string | null) {
    this.notify({ kind: 'disabled', tenantId, webhookId: w.id, reason });
    const why =
      reason === 'gone'
        ? 'The receiver answered 410 Gone, which says it no longer wants these events.'
        : `Ten attempts over about three days failed (the last: ${error ?? 'no answer'}).`;
    const outcome = await this.alert.toTenant(
      tenantId,
      'A webhook was disabled',
      `Desk disabled the webhook ${w.id} (${new URL(w.url).host}).\n\n${why}\n\n` +
        'Events are kept: once the receiver works again, turn the webhook back on (PATCH enabled: true, ' +
        'or in Settings) and the events it missed are delivered in order.\n',
    );
    if (!outcome.sent && outcome.reason === 'failed') this.notify({ kind: 'error', error: outcome.error });
  }
}

/** What an attempt's answer means for the webhook: success, retry later, or disable. */
function decide(
  response: WebhookResponse,
  attempt: number,
  at: Date,
): { outcome: DeliveryOutcome; nextAttemptAt: string | null } {
  if (isSuccess(response)) return { outcome: 'success', nextAttemptAt: null };
  if (response.statusCode === 410) return { outcome: 'gone', nextAttemptAt: null };
  const wait = retryDelayMs(attempt, response.retryAfterMs, Math.random);
  if (wait === null) return { outcome: 'exhausted', nextAttemptAt: null };
  return {
    outcome: response.refused ? 'refused' : 'failure',
    nextAttemptAt: new Date(at.getTime() + wait).toISOString(),
  };
}
