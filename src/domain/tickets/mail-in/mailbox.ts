import { z } from 'zod';
import { isoInstant } from '../../shared/validation.js';

/**
 * A school's mailbox that Desk reads (issue 30, point 2): where, as whom (the password sealed with the
 * deployment's key, as webhook secrets are), the folder read mail goes to, what to do with mail from
 * an address the school does not know, the size limits, and how far reading has got (the inbox's
 * UIDVALIDITY and the highest UID done).
 */
export const UNKNOWN_SENDERS = ['refuse', 'open'] as const;
export type UnknownSenders = (typeof UNKNOWN_SENDERS)[number];

export interface Mailbox {
  readonly id: string;
  readonly address: string;
  readonly host: string;
  readonly port: number;
  readonly username: string;
  /** The password, sealed (SecretBox); never answered. */
  readonly secret: string;
  readonly processedFolder: string;
  readonly unknownSenders: UnknownSenders;
  readonly maxMessageBytes: number;
  readonly maxFileBytes: number;
  readonly uidValidity: string | null;
  readonly lastUid: number;
  readonly lastCheckedAt: string | null;
  readonly lastError: string | null;
  readonly createdAt: string;
}

export const mailboxSchema = z.object({
  id: z.string(),
  address: z.string().describe('The address people write to'),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  processedFolder: z.string().describe('Where read mail is moved (made when missing); Desk never deletes mail'),
  unknownSenders: z
    .enum(UNKNOWN_SENDERS)
    .describe('refuse: one polite reply, no ticket; open: a ticket without a requester'),
  maxMessageMb: z.number().describe('A larger message goes to the "could not read" list'),
  maxFileMb: z.number().describe('A larger attachment is left out of the ticket (named in it)'),
  lastCheckedAt: isoInstant().nullable(),
  lastError: z.string().nullable().describe('Why the last look at the mailbox failed, or null'),
  createdAt: isoInstant(),
});
export type MailboxView = z.output<typeof mailboxSchema>;

const MB = 1024 * 1024;
export const toMailboxView = (m: Mailbox): MailboxView => ({
  id: m.id,
  address: m.address,
  host: m.host,
  port: m.port,
  username: m.username,
  processedFolder: m.processedFolder,
  unknownSenders: m.unknownSenders,
  maxMessageMb: Math.round((m.maxMessageBytes / MB) * 10) / 10,
  maxFileMb: Math.round((m.maxFileBytes / MB) * 10) / 10,
  lastCheckedAt: m.lastCheckedAt,
  lastError: m.lastError,
  createdAt: m.createdAt,
});

/** What became of one message, recorded by mailbox, UIDVALIDITY and UID: each is processed once. */
export const RECEIPT_OUTCOMES = ['ticket', 'reply', 'note', 'refused', 'ignored', 'unreadable'] as const;
export type ReceiptOutcome = (typeof RECEIPT_OUTCOMES)[number];

export interface MailReceipt {
  readonly mailboxId: string;
  readonly uidValidity: string;
  readonly uid: number;
  readonly messageId: string | null;
  readonly outcome: ReceiptOutcome;
  readonly ticketId: string | null;
  readonly receivedAt: string;
}

/** A message Desk could not read, kept whole for an administrator. */
export interface UnreadableMessage {
  readonly id: string;
  readonly mailboxId: string;
  readonly uidValidity: string;
  readonly uid: number;
  readonly reason: string;
  readonly raw: Buffer;
  readonly receivedAt: string;
}

export const unreadableSchema = z.object({
  id: z.string(),
  mailboxId: z.string(),
  reason: z.string(),
  size: z.number().int().describe('Bytes'),
  receivedAt: isoInstant(),
});

/** A file that came with a ticket or a comment, stored in the database (so in the backups). */
export interface TicketAttachment {
  readonly id: string;
  readonly ticketId: string;
  readonly commentId: string | null;
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  readonly createdAt: string;
}

export const ticketAttachmentSchema = z.object({
  id: z.string(),
  commentId: z.string().nullable(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().describe('Bytes'),
  createdAt: isoInstant(),
});
