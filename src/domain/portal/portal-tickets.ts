/**
 * A requester's tickets in the portal (issue 30, point 1): theirs to open, follow, answer and attach
 * to, and a resolved one to reopen inside its window. "Theirs" is one rule, `mine` below: they
 * requested it, or their address is on it (they filed it for a pupil, or were copied in by e-mail,
 * as mail in lets such an address add to it). Anything else is "not found", whoever asks.
 */
import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import { conflict, invalidField, notFound } from '../shared/errors.js';
import { recordChange } from '../shared/record-change.js';
import { id, page, pageSize, text } from '../shared/validation.js';
import { openTicket, TICKET_SUBJECT_MAX, TICKET_TEXT_MAX } from '../tickets/create-ticket.js';
import { TicketMail } from '../tickets/mail/ticket-mail.js';
import type { TicketAttachment } from '../tickets/mail-in/mailbox.js';
import { fileName } from '../tickets/mail-in/mail-rules.js';
import { answerTaken, reopenUntil, requesterAnswered, takesRequesterAnswer } from '../tickets/requester-answers.js';
import { ticketCommentEventData, type Ticket, type TicketComment } from '../tickets/ticket.js';
import { filedFor } from './portal-me.js';
import { portalSetting } from './portal-setting.js';
import {
  portalFileSchema,
  type portalCommentSchema,
  type portalTicketListSchema,
  type portalReplyResultSchema,
  type portalTicketResultSchema,
  type portalTicketSummarySchema,
} from './portal-views.js';
import { requesterRef, requireModule, type Requester } from './requester.js';

type Summary = z.output<typeof portalTicketSummarySchema>;
type PortalComment = z.output<typeof portalCommentSchema>;

/** Whether the ticket is the requester's: they requested it, or their address is on it. */
async function isMine(repos: Repositories, r: Requester, ticket: Ticket): Promise<boolean> {
  if (ticket.requesterId === r.person.id) return true;
  const addresses = await repos.mailboxes.ticketAddresses(r.tenant.id, ticket.id);
  return addresses.includes(r.person.email.toLowerCase());
}

/** The requester's ticket by id, or "not found" (another's is never told apart from none). */
async function mine(repos: Repositories, r: Requester, ticketId: string, forUpdate = false): Promise<Ticket> {
  const ticket = await repos.tickets.findById(r.tenant.id, ticketId, { forUpdate });
  if (!ticket || !(await isMine(repos, r, ticket))) throw notFound('ticket', ticketId);
  return ticket;
}

/** Assignees' names (people of the school), by their ids. */
async function assigneeNames(repos: Repositories, tenantId: string, tickets: readonly Ticket[]) {
  const ids = [...new Set(tickets.map((t) => t.assigneeId).filter((a): a is string => a !== null))];
  const people = ids.length > 0 ? await repos.people.findByIds(tenantId, ids) : [];
  return new Map(people.map((p) => [p.id, p]));
}

function summary(t: Ticket, names: Map<string, { name: string }>): Summary {
  const assignee = t.assigneeId ? names.get(t.assigneeId) : undefined;
  return {
    id: t.id,
    number: t.number,
    subject: t.subject,
    status: t.status,
    assignee: assignee ? { name: assignee.name } : null,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

/** A file as the portal lists it. */
const fileView = (a: TicketAttachment) => ({ id: a.id, name: a.name, contentType: a.contentType, size: a.size });

/** Most comments one ticket shows: a conversation longer than this is the desk's to split. */
const COMMENTS_MAX = 1_000;

/** The ticket as its requester sees it: the public conversation, its files, the assignee's name only. */
async function ticketView(repos: Repositories, r: Requester, ticket: Ticket, at: string) {
  const tenantId = r.tenant.id;
  // One after another: inside a transaction every query shares one connection (Postgres runs them in turn anyway).
  const comments = await repos.tickets.listComments(
    tenantId,
    ticket.id,
    { includeInternal: false },
    { page: 1, pageSize: COMMENTS_MAX },
  );
  const files = await repos.mailboxes.listAttachments(tenantId, ticket.id);
  const names = await assigneeNames(repos, tenantId, [ticket]);
  const category = ticket.categoryId ? await repos.ticketRouting.findCategory(tenantId, ticket.categoryId) : null;
  const until = await reopenUntil(repos, tenantId, ticket);
  const addresses = await repos.mailboxes.ticketAddresses(tenantId, ticket.id);
  // The people who wrote, read at once rather than a query a comment.
  const writers = new Map(
    (
      await repos.people.findByIds(tenantId, [
        ...new Set(comments.items.filter((c) => c.author.type === 'person').map((c) => c.author.id)),
      ])
    ).map((p) => [p.id, p]),
  );
  const html = await repos.mailboxes.htmlOf(tenantId, ticket.id);
  const htmlOf = (commentId: string | null) => html.find((h) => h.commentId === commentId)?.html ?? null;
  const assignee = ticket.assigneeId ? (names.get(ticket.assigneeId) ?? null) : null;
  const desk = `${r.tenant.name} IT desk`;
  const users = new Map<string, string | null>();
  const userEmail = async (userId: string) => {
    if (!users.has(userId)) users.set(userId, (await repos.users.findById(tenantId, userId))?.email ?? null);
    return users.get(userId)!;
  };
  const authorName = async (c: TicketComment): Promise<PortalComment['author']> => {
    const { type, id: authorId, name } = c.author;
    if (type === 'person' && authorId === r.person.id) return { name: 'You', you: true };
    if (assignee) {
      const isAssignee =
        (type === 'person' && authorId === assignee.id) ||
        (type === 'user' && (await userEmail(authorId))?.toLowerCase() === assignee.email?.toLowerCase());
      if (isAssignee) return { name: assignee.name, you: false };
    }
    // Someone on the ticket (copied in by e-mail, the teacher who filed it) is named; staff are the desk.
    if (type === 'email') return { name, you: false };
    if (type === 'person') {
      const person = writers.get(authorId);
      const onTicket = person?.email ? addresses.includes(person.email.toLowerCase()) : false;
      if (person && (person.kind !== 'STAFF' || onTicket)) return { name: person.name, you: false };
    }
    return { name: desk, you: false };
  };
  const shown = new Set(comments.items.map((c) => c.id));
  const publicFiles = files.filter((f) => f.commentId === null || shown.has(f.commentId));
  const conversation: PortalComment[] = [];
  for (const c of comments.items) {
    conversation.push({
      id: c.id,
      author: await authorName(c),
      body: c.body,
      html: htmlOf(c.id),
      createdAt: c.createdAt,
      files: publicFiles.filter((f) => f.commentId === c.id).map(fileView),
    });
  }
  return {
    ...summary(ticket, names),
    body: ticket.body,
    html: htmlOf(null),
    priority: ticket.priority,
    category: category ? { id: category.id, name: category.name } : null,
    reopenUntil: until !== null && at <= until ? until : null,
    canReply: answerTaken(ticket, until, at),
    files: publicFiles.filter((f) => f.commentId === null).map(fileView),
    comments: conversation,
  };
}

export const listMyTicketsInput = z.object({ page: page(), pageSize: pageSize() }).strict();

/** `GET /api/portal/tickets`: the requester's tickets, newest first. */
@injectable()
export class ListMyTickets {
  static readonly input = listMyTicketsInput;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(
    r: Requester,
    input: z.output<typeof listMyTicketsInput>,
  ): Promise<z.output<typeof portalTicketListSchema>> {
    requireModule(r, 'servicedesk');
    const paging = { page: input.page ?? 1, pageSize: input.pageSize ?? 25 };
    return this.uow.read(async (repos) => {
      const found = await repos.tickets.search(
        r.tenant.id,
        { requester: { personId: r.person.id, address: r.person.email.toLowerCase() } },
        paging,
      );
      const names = await assigneeNames(repos, r.tenant.id, found.items);
      return { tickets: found.items.map((t) => summary(t, names)), total: found.total, ...paging };
    });
  }
}

export const getMyTicketInput = z.object({ id: id().describe('The ticket id') }).strict();

/** `GET /api/portal/tickets/:id`: one of the requester's tickets, with its public conversation. */
@injectable()
export class GetMyTicket {
  static readonly input = getMyTicketInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(
    r: Requester,
    input: z.output<typeof getMyTicketInput>,
  ): Promise<z.output<typeof portalTicketResultSchema>> {
    requireModule(r, 'servicedesk');
    const at = this.clock.now().toISOString();
    return this.uow.read(async (repos) => ({ ticket: await ticketView(repos, r, await mine(repos, r, input.id), at) }));
  }
}

export const openMyTicketInput = z
  .object({
    subject: text(1, TICKET_SUBJECT_MAX).describe('What it is about, in a line'),
    body: text(1, TICKET_TEXT_MAX).describe('What happened, in as many words as it takes'),
    categoryId: id().optional().describe('What it is about (GET /api/portal/me lists the categories)'),
    forPersonId: id().optional().describe('A teacher only: the pupil of their loan groups it is for'),
  })
  .strict();

/**
 * `POST /api/portal/tickets`: opens a ticket with the requester (or, for a teacher, their pupil) as
 * its requester, through the one way a ticket opens (create-ticket.ts's openTicket: the school's
 * routing, the service clock, the acknowledgement by e-mail). A teacher's address stays on a ticket
 * they filed for a pupil, so they follow it and may answer it.
 */
@injectable()
export class OpenMyTicket {
  static readonly input = openMyTicketInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(TicketMail) private readonly mail: TicketMail,
  ) {}

  async execute(
    r: Requester,
    input: z.output<typeof openMyTicketInput>,
  ): Promise<z.output<typeof portalTicketResultSchema>> {
    requireModule(r, 'servicedesk');
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      if (input.categoryId && !(await repos.ticketRouting.findCategory(r.tenant.id, input.categoryId))) {
        throw invalidField('categoryId', "is not one of the school's categories");
      }
      const requester = await filedFor(repos, r, input.forPersonId);
      const ticket = await openTicket(repos, { ids: this.ids, mail: this.mail }, r.tenant, {
        subject: input.subject,
        body: input.body,
        requester,
        priority: 'NORMAL',
        categoryId: input.categoryId ?? null,
        at,
        actor: requesterRef(r),
        acknowledge: true,
      });
      if (requester.id !== r.person.id) {
        await repos.mailboxes.addTicketAddresses(r.tenant.id, ticket.id, [r.person.email.toLowerCase()]);
      }
      return { ticket: await ticketView(repos, r, ticket, at) };
    });
  }
}

export const replyToMyTicketInput = z
  .object({
    id: id().describe('The ticket id'),
    body: text(1, TICKET_TEXT_MAX).describe('The reply'),
  })
  .strict();

/**
 * `POST /api/portal/tickets/:id/comments`: the requester answers. A ticket waiting on them opens
 * again; a resolved one reopens inside its window (`ticket.reopened`); a closed one, or a resolved
 * one past its window, takes no answer (409: open a new ticket).
 */
@injectable()
export class ReplyToMyTicket {
  static readonly input = replyToMyTicketInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(TicketMail) private readonly mail: TicketMail,
  ) {}

  async execute(
    r: Requester,
    input: z.output<typeof replyToMyTicketInput>,
  ): Promise<z.output<typeof portalReplyResultSchema>> {
    requireModule(r, 'servicedesk');
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const ticket = await mine(repos, r, input.id, true);
      if (!(await takesRequesterAnswer(repos, r.tenant.id, ticket, at))) {
        throw conflict(
          ticket.status === 'CLOSED'
            ? `ticket ${ticket.number} is closed: open a new one`
            : `ticket ${ticket.number} was resolved too long ago to reopen: open a new one`,
        );
      }
      const comment: TicketComment = {
        id: this.ids.next(),
        ticketId: ticket.id,
        author: { type: 'person', id: r.person.id, name: r.person.name },
        body: input.body,
        internal: false,
        createdAt: at,
      };
      await repos.tickets.addComment(r.tenant.id, comment);
      await recordChange(repos, this.ids, {
        tenantId: r.tenant.id,
        actor: requesterRef(r),
        action: 'ticket.comment',
        target: `ticket:${ticket.number}`,
        at,
        details: { commentId: comment.id, internal: false, via: 'portal' },
        event: { kind: 'ticket.replied', payload: ticketCommentEventData(ticket, comment) },
      });
      const next = await requesterAnswered(repos, this.ids, r.tenant, ticket, at, {
        actor: requesterRef(r),
        reason: 'the requester answered in the portal',
      });
      await this.mail.notifyStaff(repos, r.tenant, next, 'staff-reply', at, comment);
      return { ticket: await ticketView(repos, r, next, at), comment: { id: comment.id } };
    });
  }
}

/** What the route's query says of a file (its body is the file itself). */
export const attachQuery = z
  .object({
    name: text(1, 255).describe("The file's name"),
    commentId: id().optional().describe("One of the requester's own replies on the ticket, the file goes with it"),
  })
  .strict();

export const attachInput = attachQuery.extend({
  id: id().describe('The ticket id'),
  contentType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/),
  content: z.custom<Buffer>((value) => Buffer.isBuffer(value), { message: 'must be the file' }),
});

export const portalFileResultSchema = z.object({ file: portalFileSchema });

/**
 * `POST /api/portal/tickets/:id/attachments?name=…`: a file for the requester's ticket (a photo of a
 * cracked screen), up to the portal's per-file limit, stored with the ticket in the database (in the
 * same transaction as its audit entry, and in the backups). Not on a closed ticket.
 */
@injectable()
export class AttachToMyTicket {
  static readonly input = attachInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(r: Requester, input: z.output<typeof attachInput>): Promise<z.output<typeof portalFileResultSchema>> {
    requireModule(r, 'servicedesk');
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const ticket = await mine(repos, r, input.id, true);
      if (ticket.status === 'CLOSED') throw conflict(`ticket ${ticket.number} is closed: open a new one`);
      const setting = await readSchoolSetting(repos, r.tenant.id, portalSetting);
      if (input.content.length === 0) throw invalidField('body', 'is empty: send the file itself');
      if (input.content.length > setting.maxFileBytes) {
        const mb = (n: number) => `${Math.ceil(n / 1048576)} MB`;
        throw invalidField(
          'body',
          `is ${mb(input.content.length)}; the school takes files up to ${mb(setting.maxFileBytes)}`,
        );
      }
      if (input.commentId !== undefined) {
        const comments = await repos.tickets.listComments(
          r.tenant.id,
          ticket.id,
          { includeInternal: false },
          { page: 1, pageSize: COMMENTS_MAX },
        );
        const own = comments.items.find((c) => c.id === input.commentId);
        if (!own || own.author.type !== 'person' || own.author.id !== r.person.id)
          throw notFound('comment', input.commentId);
      }
      const attachment: TicketAttachment = {
        id: this.ids.next(),
        ticketId: ticket.id,
        commentId: input.commentId ?? null,
        name: fileName(input.name, input.contentType, 0),
        contentType: input.contentType,
        size: input.content.length,
        createdAt: at,
      };
      await repos.mailboxes.insertAttachment(r.tenant.id, attachment, input.content);
      await recordChange(repos, this.ids, {
        tenantId: r.tenant.id,
        actor: requesterRef(r),
        action: 'ticket.attach',
        target: `ticket:${ticket.number}`,
        at,
        details: { attachmentId: attachment.id, name: attachment.name, size: attachment.size, via: 'portal' },
      });
      return { file: fileView(attachment) };
    });
  }
}

export const getMyFileInput = z.object({ id: id().describe('The ticket id'), fileId: id() }).strict();

/** `GET /api/portal/tickets/:id/attachments/:fileId`: a file of the requester's ticket (never an internal note's). */
@injectable()
export class GetMyTicketFile {
  static readonly input = getMyFileInput;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(r: Requester, input: z.output<typeof getMyFileInput>) {
    requireModule(r, 'servicedesk');
    return this.uow.read(async (repos) => {
      const ticket = await mine(repos, r, input.id);
      const found = await repos.mailboxes.attachmentContent(r.tenant.id, ticket.id, input.fileId);
      if (!found) throw notFound('file', input.fileId);
      if (found.attachment.commentId !== null) {
        const comments = await repos.tickets.listComments(
          r.tenant.id,
          ticket.id,
          { includeInternal: false },
          { page: 1, pageSize: COMMENTS_MAX },
        );
        if (!comments.items.some((c) => c.id === found.attachment.commentId)) throw notFound('file', input.fileId);
      }
      return found;
    });
  }
}
