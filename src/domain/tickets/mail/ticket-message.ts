import { z } from 'zod';
import { isoInstant } from '../../shared/validation.js';

/**
 * A ticket's e-mail to its requester (issue 30, point 3), kept with the ticket: what was written, to
 * whom, in which thread, and how its delivery went. Written in the transaction of the change that
 * causes it, sent afterwards by the ticket-mail job, at most once.
 *
 * - `received`: the acknowledgement of a new ticket (`Auto-Submitted: auto-replied`).
 * - `reply`: the desk's public reply, plain mail a person answers (no Auto-Submitted).
 * - `resolved`: with how to reopen; `waiting`: a reminder while the ticket waits on the requester;
 *   `closed`: closed after the school's days without an answer (`auto-generated`).
 * - `staff-new`, `staff-reply`: the desk's own notices to the staff of the ticket's team who chose to
 *   hear of new tickets and of requesters' answers (`auto-generated`, a thread of their own; an
 *   answer to one by e-mail becomes an internal note, never a word to the requester).
 */
export const TICKET_MAIL_KINDS = [
  'received',
  'reply',
  'resolved',
  'waiting',
  'closed',
  'staff-new',
  'staff-reply',
] as const;
export type TicketMailKind = (typeof TICKET_MAIL_KINDS)[number];
export const STAFF_MAIL_KINDS = ['staff-new', 'staff-reply'] as const satisfies readonly TicketMailKind[];
export type StaffMailKind = (typeof STAFF_MAIL_KINDS)[number];
export const isStaffMail = (kind: TicketMailKind): kind is StaffMailKind =>
  (STAFF_MAIL_KINDS as readonly string[]).includes(kind);

/** What a member of staff chose to hear of by e-mail, for the tickets of their teams. */
export interface StaffMailChoice {
  readonly personId: string;
  readonly newTickets: boolean;
  readonly replies: boolean;
  readonly updatedAt: string;
}

/** pending → sending → sent; a refusal goes back to pending until its tries run out (failed). */
export const TICKET_MAIL_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type TicketMailState = (typeof TICKET_MAIL_STATES)[number];

export interface TicketMessage {
  readonly id: string;
  readonly ticketId: string;
  readonly kind: TicketMailKind;
  /** `<…@host>`: this message's id, and the thread it answers (oldest first, the last one answered last). */
  readonly messageId: string;
  readonly inReplyTo: string | null;
  readonly references: readonly string[];
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly autoSubmitted: 'auto-replied' | 'auto-generated' | null;
  /** The public comment a reply carries. */
  readonly commentId: string | null;
  readonly status: TicketMailState;
  readonly attempts: number;
  readonly nextAttemptAt: string | null;
  readonly sentAt: string | null;
  readonly error: string | null;
  readonly createdAt: string;
}

/** A message as the desk sees it on the ticket (GET /api/tickets/:id/messages). */
export const ticketMessageSchema = z.object({
  id: z.string(),
  kind: z
    .enum(TICKET_MAIL_KINDS)
    .describe(
      "received, reply, resolved, waiting or closed (to the requester); staff-new or staff-reply (the team's notices)",
    ),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  status: z.enum(TICKET_MAIL_STATES).describe('pending, sending, sent or failed'),
  attempts: z.number().int(),
  error: z.string().nullable().describe('Why it was not sent, when it was not'),
  createdAt: isoInstant(),
  sentAt: isoInstant().nullable(),
});
export type TicketMessageView = z.output<typeof ticketMessageSchema>;

export const toMessageView = (m: TicketMessage): TicketMessageView => ({
  id: m.id,
  kind: m.kind,
  to: [...m.to],
  subject: m.subject,
  text: m.text,
  status: m.status,
  attempts: m.attempts,
  error: m.error,
  createdAt: m.createdAt,
  sentAt: m.sentAt,
});

/** The subject's ticket token, `[#1234]`, that a reply's subject keeps (and mail in will read). */
export const ticketToken = (number: number): string => `[#${number}]`;

/** How many earlier ids `References` carries at most: the thread's first and the latest few. */
const REFERENCES_KEPT = 10;

/**
 * The thread a new message joins: it answers the latest message of the ticket and refers to the
 * first and the latest ones (RFC 5322 §3.6.4), so Gmail and Outlook show one conversation.
 */
export function threadOf(earlier: readonly Pick<TicketMessage, 'messageId'>[]): {
  inReplyTo: string | null;
  references: string[];
} {
  if (earlier.length === 0) return { inReplyTo: null, references: [] };
  const ids = earlier.map((m) => m.messageId);
  const kept = ids.length <= REFERENCES_KEPT ? ids : [ids[0]!, ...ids.slice(-(REFERENCES_KEPT - 1))];
  return { inReplyTo: ids.at(-1)!, references: kept };
}

/** What a message says, by kind: the words a requester reads. */
export interface MailFacts {
  readonly number: number;
  readonly subject: string;
  readonly requesterName: string | null;
  readonly schoolName: string;
  /** A reply's words and who wrote them. */
  readonly comment?: { readonly body: string; readonly authorName: string };
  readonly reopenDays: number;
  readonly closeAfterDays: number;
  /** The ticket's page in the school's portal, when the school has it on. */
  readonly portalUrl?: string | null;
}

/** A notice to the staff of a ticket's team: a new ticket, or the requester's answer. */
export function composeStaffMail(
  kind: StaffMailKind,
  f: Pick<MailFacts, 'number' | 'subject' | 'schoolName'> & {
    readonly requesterName: string | null;
    readonly teamName: string;
    readonly body: string;
    readonly consoleUrl: string;
  },
): Pick<TicketMessage, 'subject' | 'text' | 'autoSubmitted'> {
  const token = ticketToken(f.number);
  const who = f.requesterName ?? 'Someone';
  return {
    subject:
      kind === 'staff-new' ? `New for ${f.teamName}: ${token} ${f.subject}` : `${who} answered ${token} ${f.subject}`,
    autoSubmitted: 'auto-generated',
    text: [
      kind === 'staff-new'
        ? `${who} asked the ${f.teamName} team, in ticket ${token}: "${f.subject}".`
        : `${who} answered on ticket ${token}: "${f.subject}".`,
      '',
      f.body,
      '',
      `Answer in the console: ${f.consoleUrl}`,
      'A reply to this e-mail is kept on the ticket as an internal note; the requester does not see it.',
      '',
      `${f.schoolName} IT help desk. You hear of these because you chose to; change it under Settings → Help desk.`,
    ].join('\n'),
  };
}

export function composeTicketMail(
  kind: Exclude<TicketMailKind, StaffMailKind>,
  f: MailFacts,
): Pick<TicketMessage, 'subject' | 'text' | 'autoSubmitted'> {
  const token = ticketToken(f.number);
  const hello = `Hello ${f.requesterName ?? 'there'},`;
  const sign = `${f.schoolName} IT help desk`;
  const quote = `Ticket ${token}: ${f.subject}`;
  const lines = (...parts: string[]) => parts.join('\n');
  // A status message: greeting, what happened, the signature and the ticket it is about.
  const status = (...said: string[]) => ({
    subject: `Re: ${token} ${f.subject}`,
    autoSubmitted: 'auto-generated' as const,
    text: lines(hello, '', ...said, '', sign, '', quote),
  });
  switch (kind) {
    case 'received':
      return {
        subject: `${token} ${f.subject}`,
        autoSubmitted: 'auto-replied',
        text: lines(
          hello,
          '',
          `We have your request. It is ticket ${token}: "${f.subject}".`,
          'We will answer as soon as we can. To add anything, reply to this e-mail and keep the',
          `ticket number ${token} in the subject.`,
          ...(f.portalUrl ? ['', `You can also follow it, answer and add a photo at ${f.portalUrl}`] : []),
          '',
          sign,
        ),
      };
    case 'reply':
      return {
        subject: `Re: ${token} ${f.subject}`,
        autoSubmitted: null,
        text: lines(f.comment?.body ?? '', '', `${f.comment?.authorName ?? 'The help desk'}, ${sign}`, '', quote),
      };
    case 'resolved':
      return status(
        `We think your ticket ${token} is resolved.`,
        `If it is not, reply to this e-mail within ${f.reopenDays} days and it opens again.`,
        ...(f.portalUrl ? [`You can also reopen it at ${f.portalUrl}`] : []),
      );
    case 'waiting':
      return status(
        `We are waiting for your answer on ticket ${token}. Reply to this e-mail to answer.`,
        f.closeAfterDays > 0
          ? `If we do not hear from you, we will close it after ${f.closeAfterDays} days.`
          : 'It stays open until you answer.',
      );
    case 'closed':
      return status(
        `We have closed ticket ${token} because we did not hear from you.`,
        'If you still need help, write to us again and we will open a new ticket.',
      );
  }
}
