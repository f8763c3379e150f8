import type { StaffMailChoice, TicketMailKind, TicketMessage } from '../../domain/tickets/mail/ticket-message.js';

/** A ticket's e-mail (issue 30, point 3): written with the change that causes it, then delivered. */
export abstract class TicketMessageRepository {
  abstract insert(tenantId: string, message: TicketMessage): Promise<void>;
  /** The ticket one of these Message-IDs (Desk's own mail) belongs to, and the latest one's kind, or null. */
  abstract ticketOfMessage(
    tenantId: string,
    messageIds: readonly string[],
  ): Promise<{ ticketId: string; kind: TicketMailKind } | null>;
  /** What these members of staff chose to hear of by e-mail; those who never chose have no row. */
  abstract staffChoices(tenantId: string, personIds: readonly string[]): Promise<StaffMailChoice[]>;
  /** Keeps a member of staff's choice (replacing the one before). */
  abstract saveStaffChoice(tenantId: string, choice: StaffMailChoice): Promise<void>;
  /** A ticket's messages, oldest first (then in the order they were written). */
  abstract listForTicket(tenantId: string, ticketId: string): Promise<TicketMessage[]>;
  /**
   * Up to `limit` pending messages of every tenant whose next attempt is due at `now`, oldest first,
   * each marked `sending` with one more attempt (another instance passes over rows being claimed).
   */
  abstract claimDue(now: string, limit: number): Promise<{ tenantId: string; message: TicketMessage }[]>;
  /** Records how a claimed message's delivery went. */
  abstract finish(
    tenantId: string,
    id: string,
    result: Pick<TicketMessage, 'status' | 'sentAt' | 'error' | 'nextAttemptAt'>,
  ): Promise<void>;
  /** Messages left `sending` before `before` (their process died mid-send): failed, never sent again. */
  abstract failAbandoned(before: string): Promise<number>;
}
