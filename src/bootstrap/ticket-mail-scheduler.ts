import type { Container } from 'inversify';
import { Logger } from '../adapters/observability/index.js';
import { RunTicketMail } from '../domain/tickets/mail/run-ticket-mail.js';
import { PeriodicJob } from './periodic-job.js';
import { resolveFrom } from './container.js';

/** How often `serve` hands tickets' e-mail to the mail server (a requester hears within seconds). */
export const TICKET_MAIL_TICK_MS = 10_000;

/**
 * Runs RunTicketMail every TICKET_MAIL_TICK_MS (issue 30, point 3): under its job lock one instance
 * sends; the follow-ups of waiting and resolved tickets run once an hour per school inside it.
 */
export class TicketMailScheduler extends PeriodicJob {
  constructor(container: Container, tickMs = TICKET_MAIL_TICK_MS) {
    super(container, 'ticket mail', tickMs);
  }

  protected async round(): Promise<void> {
    const result = await resolveFrom(this.container)(RunTicketMail).execute();
    if (!result.ran) return;
    const log = this.container.get(Logger);
    const { sent, retrying, failed, reminded, closed } = result.value;
    if (sent + retrying + reminded + closed > 0) log.info({ sent, retrying, reminded, closed }, 'ticket mail');
    for (const f of failed) log.warn(f, 'ticket mail not sent');
  }
}
