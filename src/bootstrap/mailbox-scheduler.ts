import type { Container } from 'inversify';
import { Logger } from '../adapters/observability/index.js';
import { WatchMailboxes } from '../domain/tickets/mail-in/watch-mailboxes.js';
import { PeriodicJob } from './periodic-job.js';
import { resolveFrom } from './container.js';

/** How often `serve` looks in the schools' mailboxes. */
export const MAILBOX_TICK_MS = 30_000;

/** Runs WatchMailboxes every MAILBOX_TICK_MS (issue 30, point 2), logging what each look did. */
export class MailboxScheduler extends PeriodicJob {
  constructor(container: Container, tickMs = MAILBOX_TICK_MS) {
    super(container, 'mailboxes', tickMs, 30_000);
  }

  protected async round(): Promise<void> {
    const log = this.container.get(Logger);
    for (const look of await resolveFrom(this.container)(WatchMailboxes).execute()) {
      const fields = { tenantId: look.tenantId, mailboxId: look.mailboxId };
      if (look.error) log.warn({ ...fields, error: look.error }, 'mailbox not read');
      for (const r of look.received)
        log.info({ ...fields, outcome: r.outcome, ticket: r.ticketNumber }, 'mail received');
    }
  }
}
