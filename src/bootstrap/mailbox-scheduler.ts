import type { Container } from 'inversify';
import { Logger } from '../adapters/observability/index.js';
import { WatchMailboxes } from '../domain/tickets/mail-in/watch-mailboxes.js';
import { PeriodicJob } from './periodic-job.js';
import { resolveFrom } from './container.js';

/** How often `serve` looks in the schools' mailboxes. */
export const MAILBOX_TICK_MS = 30_000;

/** Looks one round may take back to back while a mailbox still has mail waiting (20 × 50: a backlog of 1,000). */
export const LOOKS_PER_ROUND = 20;

/**
 * Runs WatchMailboxes every MAILBOX_TICK_MS (issue 30, point 2), logging what each look did. A
 * mailbox with more waiting than one look takes is looked at again straight away, up to
 * LOOKS_PER_ROUND looks, so a backlog (a morning's mail after a weekend) drains in seconds, not at
 * fifty messages a tick.
 */
export class MailboxScheduler extends PeriodicJob {
  constructor(container: Container, tickMs = MAILBOX_TICK_MS) {
    super(container, 'mailboxes', tickMs, 30_000);
  }

  protected async round(): Promise<void> {
    const log = this.container.get(Logger);
    for (let n = 0; n < LOOKS_PER_ROUND; n++) {
      const looks = await resolveFrom(this.container)(WatchMailboxes).execute();
      for (const look of looks) {
        const fields = { tenantId: look.tenantId, mailboxId: look.mailboxId };
        if (look.error) log.warn({ ...fields, error: look.error }, 'mailbox not read');
        for (const r of look.received)
          log.info({ ...fields, outcome: r.outcome, ticket: r.ticketNumber }, 'mail received');
      }
      if (!looks.some((l) => l.more)) return;
    }
  }
}
