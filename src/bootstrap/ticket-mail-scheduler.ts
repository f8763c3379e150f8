import type { Container } from 'inversify';
import { Logger } from '../adapters/observability/index.js';
import { RunTicketMail } from '../domain/tickets/mail/run-ticket-mail.js';
import { PeriodicJob } from './periodic-job.js';
import { resolveFrom } from './container.js';

/** How often `serve` hands tickets' e-mail to the mail server (a requester hears within seconds). */
export const TICKET_MAIL_TICK_MS = 10_000;

/** Rounds one tick may run back to back while mail is still due (10 × 100: a morning's 1,000 acknowledgements). */
export const SEND_ROUNDS_PER_TICK = 10;

/**
 * Runs RunTicketMail every TICKET_MAIL_TICK_MS (issue 30, point 3): under its job lock one instance
 * sends; the follow-ups of waiting and resolved tickets run once an hour per school inside it. A round
 * that sent as many as it may is followed at once by another, up to SEND_ROUNDS_PER_TICK, so a
 * backlog goes out in seconds rather than at a hundred a tick.
 */
export class TicketMailScheduler extends PeriodicJob {
  constructor(container: Container, tickMs = TICKET_MAIL_TICK_MS) {
    super(container, 'ticket mail', tickMs);
  }

  protected async round(): Promise<void> {
    const log = this.container.get(Logger);
    for (let n = 0; n < SEND_ROUNDS_PER_TICK; n++) {
      const result = await resolveFrom(this.container)(RunTicketMail).execute();
      if (!result.ran) return;
      const { sent, retrying, failed, reminded, closed, more } = result.value;
      if (sent + retrying + reminded + closed > 0) log.info({ sent, retrying, reminded, closed }, 'ticket mail');
      for (const f of failed) log.warn(f, 'ticket mail not sent');
      if (!more) return;
    }
  }
}
