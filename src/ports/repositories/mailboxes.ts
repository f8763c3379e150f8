import type {
  Mailbox,
  MailReceipt,
  TicketAttachment,
  UnreadableMessage,
} from '../../domain/tickets/mail-in/mailbox.js';

/** A school's mailboxes, what was read from them (once each), and what could not be read. */
export abstract class MailboxRepository {
  /** An address the tenant already reads → conflict. */
  abstract insert(tenantId: string, mailbox: Mailbox): Promise<void>;
  /** Ordered by address. */
  abstract list(tenantId: string): Promise<Mailbox[]>;
  /** Every school's mailboxes, for the watcher. */
  abstract listAll(): Promise<{ tenantId: string; mailbox: Mailbox }[]>;
  abstract find(tenantId: string, id: string): Promise<Mailbox | null>;
  /** False when there is no such mailbox. Its receipts and unreadable mail stay. */
  abstract delete(tenantId: string, id: string): Promise<boolean>;
  /** How far reading got, and how the last look went. */
  abstract recordProgress(
    tenantId: string,
    id: string,
    progress: Pick<Mailbox, 'uidValidity' | 'lastUid' | 'lastCheckedAt' | 'lastError'>,
  ): Promise<void>;

  abstract findReceipt(mailboxId: string, uidValidity: string, uid: number): Promise<MailReceipt | null>;
  /** Records that a message was processed; false when it already was (the receipt exists). */
  abstract insertReceipt(tenantId: string, receipt: MailReceipt): Promise<boolean>;
  /** The ticket a received message of these Message-IDs belongs to, or null. */
  abstract ticketOfReceived(tenantId: string, messageIds: readonly string[]): Promise<string | null>;

  abstract insertUnreadable(tenantId: string, message: UnreadableMessage): Promise<void>;
  /** Newest first, without the bytes. */
  abstract listUnreadable(tenantId: string): Promise<(Omit<UnreadableMessage, 'raw'> & { size: number })[]>;

  abstract insertAttachment(tenantId: string, attachment: TicketAttachment, content: Buffer): Promise<void>;
  /** The sanitised HTML of a message that came in: the ticket's first (commentId null), or a comment's. */
  abstract insertHtml(tenantId: string, ticketId: string, commentId: string | null, html: string): Promise<void>;
  /** A ticket's kept HTML, by the comment it is of (null: the ticket's first message). */
  abstract htmlOf(tenantId: string, ticketId: string): Promise<{ commentId: string | null; html: string }[]>;
  /** A ticket's files, oldest first, without their content. */
  abstract listAttachments(tenantId: string, ticketId: string): Promise<TicketAttachment[]>;
  abstract attachmentContent(
    tenantId: string,
    ticketId: string,
    id: string,
  ): Promise<{ attachment: TicketAttachment; content: Buffer } | null>;

  /** Addresses on a ticket besides its requester (who wrote in, who was copied). */
  abstract addTicketAddresses(tenantId: string, ticketId: string, addresses: readonly string[]): Promise<void>;
  abstract ticketAddresses(tenantId: string, ticketId: string): Promise<string[]>;
}
