import { inject, injectable } from 'inversify';
import { Clock } from '../../../ports/clock.js';
import { IdGenerator } from '../../../ports/id-generator.js';
import { MailParser, UnreadableMail, type ParsedMail } from '../../../ports/mail-parser.js';
import { HtmlSanitizer } from '../../../ports/html-sanitizer.js';
import { Mailer } from '../../../ports/mailer.js';
import { RateLimiter } from '../../../ports/rate-limiter.js';
import type { Repositories } from '../../../ports/repositories.js';
import { Settings } from '../../../ports/settings.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { TenantContext } from '../../shared/actor.js';
import { recordChange } from '../../shared/record-change.js';
import { personByAddress } from '../../people/own-person.js';
import { openTicket, TICKET_SUBJECT_MAX, TICKET_TEXT_MAX } from '../create-ticket.js';
import { TicketMail } from '../mail/ticket-mail.js';
import { isStaffMail } from '../mail/ticket-message.js';
import { requesterAnswered, takesRequesterAnswer } from '../requester-answers.js';
import { ticketCommentEventData, type Ticket, type TicketComment } from '../ticket.js';
import type { Mailbox, ReceiptOutcome, TicketAttachment } from './mailbox.js';
import { fileName, mayAnswer, ticketNumberIn, textOf } from './mail-rules.js';

/** Automatic answers (acknowledgements, refusals) one sender gets per hour at most. */
export const ANSWERS_PER_SENDER_HOUR = 3;
const ANSWER_POLICY = { name: 'mail-answers', limit: ANSWERS_PER_SENDER_HOUR, windowSeconds: 3600 } as const;
const SYSTEM = { type: 'system', id: 'mail' } as const;

/** What became of one message. */
export interface Received {
  readonly outcome: ReceiptOutcome | 'already';
  readonly ticketNumber: number | null;
}

/**
 * One received message, processed once (issue 30, point 2): in one transaction its receipt (by
 * mailbox, UIDVALIDITY and UID: a message already received is left alone) and what it means.
 *
 * - A message Desk wrote itself is ignored. One it cannot read (no sender, broken MIME, too large) is
 *   kept whole in the "could not read" list.
 * - A reply joins its ticket when it names a message of the ticket (In-Reply-To, References: Desk's
 *   own mail, or mail received for it) or carries its token (`[#1234]`), and comes from the ticket's
 *   requester, an address already on the ticket, or the school's staff; a waiting ticket opens again,
 *   a resolved one too inside the reopen window. Anything else (a stranger, a closed ticket, a
 *   resolved one past its window) opens a new ticket.
 * - A delivery report about a ticket's mail becomes an internal note on it, never a reply.
 * - A new ticket has the sender as requester when they are a person of the school; otherwise the
 *   school's choice: refused with one polite answer, or opened without a requester, the address kept
 *   on the ticket.
 * - No automatic answer goes to mail that says it is automatic or bulk (mail-rules.ts), nor more than
 *   ANSWERS_PER_SENDER_HOUR an hour to one sender.
 * - Files come with the comment (or the ticket), each up to the mailbox's limit; a larger one is named
 *   in the text and left out.
 */
@injectable()
export class ReceiveMail {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(MailParser) private readonly parser: MailParser,
    @inject(TicketMail) private readonly mail: TicketMail,
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(RateLimiter) private readonly limiter: RateLimiter,
    @inject(Settings) private readonly settings: Settings,
    @inject(HtmlSanitizer) private readonly sanitizer: HtmlSanitizer,
  ) {}

  async receive(
    tenant: TenantContext,
    mailbox: Mailbox,
    place: { uidValidity: string; uid: number },
    raw: Buffer,
  ): Promise<Received> {
    const at = this.clock.now().toISOString();
    const receipt = (outcome: ReceiptOutcome, messageId: string | null, ticketId: string | null) => ({
      mailboxId: mailbox.id,
      ...place,
      messageId,
      outcome,
      ticketId,
      receivedAt: at,
    });
    let parsed: ParsedMail | null = null;
    let unreadable: string | null = null;
    if (raw.length > mailbox.maxMessageBytes) {
      unreadable = `the message is ${Math.ceil(raw.length / 1048576)} MB, over this mailbox's limit`;
    } else {
      try {
        parsed = await this.parser.parse(raw);
      } catch (error) {
        if (!(error instanceof UnreadableMail)) throw error;
        unreadable = error.message;
      }
    }
    const answering = parsed !== null && mayAnswer(parsed, this.ownAddresses) && (await this.mayAnswerNow(parsed));
    // The polite refusal goes after the commit: no mail server is waited on inside a transaction.
    let refusal = false;
    const result = await this.uow.transaction(async (repos): Promise<Received> => {
      if (!parsed) {
        if (!(await repos.mailboxes.insertReceipt(tenant.id, receipt('unreadable', null, null))))
          return { outcome: 'already', ticketNumber: null };
        await repos.mailboxes.insertUnreadable(tenant.id, {
          id: this.ids.next(),
          mailboxId: mailbox.id,
          ...place,
          reason: unreadable!,
          raw,
          receivedAt: at,
        });
        return { outcome: 'unreadable', ticketNumber: null };
      }
      const mail = parsed;
      if (this.isOwn(mail)) {
        const ok = await repos.mailboxes.insertReceipt(tenant.id, receipt('ignored', mail.messageId, null));
        return { outcome: ok ? 'ignored' : 'already', ticketNumber: null };
      }
      const found = await this.ticketFor(repos, tenant, mail, at);
      const existing = found?.ticket ?? null;
      if (mail.isReport) {
        if (!existing) {
          const ok = await repos.mailboxes.insertReceipt(tenant.id, receipt('ignored', mail.messageId, null));
          return { outcome: ok ? 'ignored' : 'already', ticketNumber: null };
        }
        if (!(await repos.mailboxes.insertReceipt(tenant.id, receipt('note', mail.messageId, existing.id))))
          return { outcome: 'already', ticketNumber: null };
        await this.comment(repos, tenant, mailbox, existing, mail, at, { internal: true, report: true });
        return { outcome: 'note', ticketNumber: existing.number };
      }
      if (existing && found?.staffNotice) {
        // Staff answering the team's own notice: an internal note, never a word to the requester.
        if (!(await repos.mailboxes.insertReceipt(tenant.id, receipt('note', mail.messageId, existing.id))))
          return { outcome: 'already', ticketNumber: null };
        await this.comment(repos, tenant, mailbox, existing, mail, at, { internal: true, report: false });
        return { outcome: 'note', ticketNumber: existing.number };
      }
      if (existing) {
        if (!(await repos.mailboxes.insertReceipt(tenant.id, receipt('reply', mail.messageId, existing.id))))
          return { outcome: 'already', ticketNumber: null };
        await this.comment(repos, tenant, mailbox, existing, mail, at, { internal: false, report: false });
        await requesterAnswered(repos, this.ids, tenant, existing, at, {
          actor: SYSTEM,
          reason: 'the requester answered by e-mail',
        });
        return { outcome: 'reply', ticketNumber: existing.number };
      }
      const requester = await personByAddress(repos, tenant.id, mail.from.address);
      if (!requester && mailbox.unknownSenders === 'refuse') {
        if (!(await repos.mailboxes.insertReceipt(tenant.id, receipt('refused', mail.messageId, null))))
          return { outcome: 'already', ticketNumber: null };
        refusal = answering;
        return { outcome: 'refused', ticketNumber: null };
      }
      const ticketId = this.ids.next();
      // The receipt first: a second reader of this message stops here, before a ticket is made.
      if (!(await repos.mailboxes.insertReceipt(tenant.id, receipt('ticket', mail.messageId, ticketId))))
        return { outcome: 'already', ticketNumber: null };
      const ticket = await openTicket(repos, { ids: this.ids, mail: this.mail }, tenant, {
        id: ticketId,
        subject: subjectOf(mail.subject),
        body: bodyOf(mail),
        requester,
        priority: 'NORMAL',
        categoryId: null,
        at,
        actor: SYSTEM,
        acknowledge: answering,
      });
      const others = [mail.from.address, ...mail.cc].filter(
        (a) => a !== requester?.email?.toLowerCase() && !this.ownAddresses.includes(a) && a !== mailbox.address,
      );
      await repos.mailboxes.addTicketAddresses(tenant.id, ticket.id, others);
      await this.keepHtml(repos, tenant, ticket.id, null, mail);
      await this.attach(repos, tenant, mailbox, ticket, null, mail, at);
      return { outcome: 'ticket', ticketNumber: ticket.number };
    });
    if (refusal && parsed) await this.refuse(tenant, mailbox, parsed);
    return result;
  }

  /** Desk's own sending address (MAIL_FROM): mail from it is Desk's, and is never a requester. */
  private get ownAddresses(): string[] {
    return this.fromAddress ? [this.fromAddress] : [];
  }

  private get fromAddress(): string {
    return this.settings.mailFrom?.toLowerCase() ?? '';
  }

  /** A message Desk sent: its Message-ID is one of Desk's on this deployment's host. */
  private isOwn(mail: ParsedMail): boolean {
    const host = new URL(this.settings.publicUrl).hostname;
    return (
      (mail.messageId !== null && /\.ticket-\d+@/.test(mail.messageId) && mail.messageId.endsWith(`@${host}>`)) ||
      (this.fromAddress !== '' && mail.from.address === this.fromAddress)
    );
  }

  private async mayAnswerNow(mail: ParsedMail): Promise<boolean> {
    const r = await this.limiter.consume(ANSWER_POLICY, mail.from.address);
    return r.allowed;
  }

  /** The ticket a reply belongs to, if its sender may add to it; null otherwise. */
  private async ticketFor(
    repos: Repositories,
    tenant: TenantContext,
    mail: ParsedMail,
    at: string,
  ): Promise<{ ticket: Ticket; staffNotice: boolean } | null> {
    const named = [...(mail.inReplyTo ? [mail.inReplyTo] : []), ...mail.references];
    const ours = await repos.ticketMessages.ticketOfMessage(tenant.id, named);
    let ticketId = ours?.ticketId ?? null;
    ticketId ??= await repos.mailboxes.ticketOfReceived(tenant.id, named);
    const staffNotice = ours !== null && isStaffMail(ours.kind);
    let ticket = ticketId ? await repos.tickets.findById(tenant.id, ticketId, { forUpdate: true }) : null;
    if (!ticket) {
      const number = ticketNumberIn(mail.subject);
      if (number !== null) ticket = await repos.tickets.findByNumber(tenant.id, number);
      if (ticket) ticket = await repos.tickets.findById(tenant.id, ticket.id, { forUpdate: true });
    }
    if (!ticket || ticket.status === 'CLOSED') return null;
    // A delivery report comes from a mail system, not a person: naming the ticket's mail is enough.
    if (mail.isReport) return ticketId === null ? null : { ticket, staffNotice: false };
    if (!(await this.mayAddTo(repos, tenant, ticket, mail.from.address))) return null;
    // An answer to the team's own notice is a note, whatever the ticket's window.
    if (staffNotice) return { ticket, staffNotice };
    return (await takesRequesterAnswer(repos, tenant.id, ticket, at)) ? { ticket, staffNotice } : null;
  }

  /** The requester, an address already on the ticket, or the school's staff (a user, or a staff person). */
  private async mayAddTo(repos: Repositories, tenant: TenantContext, ticket: Ticket, address: string) {
    if (ticket.requesterId) {
      const requester = await repos.people.findById(tenant.id, ticket.requesterId);
      if (requester?.email?.toLowerCase() === address) return true;
    }
    if ((await repos.mailboxes.ticketAddresses(tenant.id, ticket.id)).includes(address)) return true;
    if (await repos.users.findByEmail(tenant.id, address)) return true;
    const people = await repos.people.findByEmails(tenant.id, [address]);
    return people.some((p) => p.kind === 'STAFF' && p.archivedAt === null);
  }

  private async comment(
    repos: Repositories,
    tenant: TenantContext,
    mailbox: Mailbox,
    ticket: Ticket,
    mail: ParsedMail,
    at: string,
    o: { internal: boolean; report: boolean },
  ): Promise<void> {
    const people = await repos.people.findByEmails(tenant.id, [mail.from.address]);
    const person = people.find((p) => p.archivedAt === null);
    const comment: TicketComment = {
      id: this.ids.next(),
      ticketId: ticket.id,
      author: person
        ? { type: 'person', id: person.id, name: person.name }
        : { type: 'email', id: mail.from.address, name: mail.from.name ?? mail.from.address },
      body: o.report ? `Delivery report: ${subjectOf(mail.subject)}\n\n${bodyOf(mail)}` : bodyOf(mail),
      internal: o.internal,
      createdAt: at,
    };
    await repos.tickets.addComment(tenant.id, comment);
    await repos.mailboxes.addTicketAddresses(
      tenant.id,
      ticket.id,
      mail.cc.filter((a) => !this.ownAddresses.includes(a) && a !== mailbox.address),
    );
    // The requester's side answering (the requester, or anyone on the ticket who is not staff) is a
    // reply, an event of its own; the desk's staff writing by e-mail comment as in the console.
    const staff =
      person?.id !== ticket.requesterId &&
      (person?.kind === 'STAFF' || (await repos.users.findByEmail(tenant.id, mail.from.address)) !== null);
    await recordChange(repos, this.ids, {
      tenantId: tenant.id,
      actor: SYSTEM,
      action: 'ticket.comment',
      target: `ticket:${ticket.number}`,
      at,
      details: { commentId: comment.id, internal: o.internal, via: 'email', from: comment.author },
      event: {
        kind: o.internal || staff ? 'ticket.commented' : 'ticket.replied',
        payload: ticketCommentEventData(ticket, comment),
      },
    });
    if (!o.internal && !staff) await this.mail.notifyStaff(repos, tenant, ticket, 'staff-reply', at, comment);
    await this.keepHtml(repos, tenant, ticket.id, comment.id, mail);
    await this.attach(repos, tenant, mailbox, ticket, comment.id, mail, at);
  }

  /** The message's HTML as the sanitizer leaves it (no script, no style, no image), when it has any. */
  private async keepHtml(
    repos: Repositories,
    tenant: TenantContext,
    ticketId: string,
    commentId: string | null,
    mail: ParsedMail,
  ): Promise<void> {
    if (mail.html === null) return;
    const { html } = this.sanitizer.sanitize(mail.html);
    if (html !== '') await repos.mailboxes.insertHtml(tenant.id, ticketId, commentId, html);
  }

  private async attach(
    repos: Repositories,
    tenant: TenantContext,
    mailbox: Mailbox,
    ticket: Ticket,
    commentId: string | null,
    mail: ParsedMail,
    at: string,
  ): Promise<void> {
    for (const [i, file] of mail.attachments.entries()) {
      if (file.content.length > mailbox.maxFileBytes) continue;
      const attachment: TicketAttachment = {
        id: this.ids.next(),
        ticketId: ticket.id,
        commentId,
        name: fileName(file.name, file.contentType, i),
        contentType: file.contentType,
        size: file.content.length,
        createdAt: at,
      };
      await repos.mailboxes.insertAttachment(tenant.id, attachment, file.content);
    }
  }

  /** One polite answer to a sender the school does not know (when it chose to refuse them). */
  private async refuse(tenant: TenantContext, mailbox: Mailbox, mail: ParsedMail): Promise<void> {
    if (!this.mailer.configured) return;
    const subject = subjectOf(mail.subject);
    await this.mailer
      .send({
        to: [mail.from.address],
        fromName: tenant.name,
        replyTo: mailbox.address,
        subject: `Re: ${subject}`,
        text: [
          'Hello,',
          '',
          `${tenant.name}'s IT help desk takes requests from the school's pupils and staff, at the address the`,
          'school knows them by. We could not find yours, so no ticket was opened. If you are at the school,',
          'please write from your school address, or ask at the IT desk.',
          '',
          `${tenant.name} IT help desk`,
        ].join('\n'),
        ...(mail.messageId ? { inReplyTo: mail.messageId, references: [mail.messageId] } : {}),
        autoSubmitted: 'auto-replied',
      })
      // A refusal that cannot go is no loss: the message is kept in the mailbox's processed folder.
      .catch(() => undefined);
  }
}

/** A subject fit for a ticket: one line, cut to the limit, something when there is none. */
function subjectOf(subject: string): string {
  const line = textOf(subject).replace(/\s+/g, ' ').trim();
  if (!line) return '(no subject)';
  return line.length > TICKET_SUBJECT_MAX ? `${line.slice(0, TICKET_SUBJECT_MAX - 1)}…` : line;
}

/** A body fit for a ticket: the text, cut to the limit with a word saying so. */
function bodyOf(mail: ParsedMail): string {
  const text = textOf(mail.text).trim() || '(no text)';
  if (text.length <= TICKET_TEXT_MAX) return text;
  const note = '\n\n[The message was longer; the rest is in the mailbox.]';
  return text.slice(0, TICKET_TEXT_MAX - note.length) + note;
}
