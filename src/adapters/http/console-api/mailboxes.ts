import {
  AddMailbox,
  ListMailboxes,
  ListUnreadableMail,
  mailboxListSchema,
  mailboxResultSchema,
  mailboxTestSchema,
  RemoveMailbox,
  TestMailbox,
  unreadableListSchema,
} from '../../../domain/tickets/mail-in/manage-mailboxes.js';
import { mailboxSchema, ticketAttachmentSchema } from '../../../domain/tickets/mail-in/mailbox.js';
import {
  GetTicketAttachment,
  ListTicketAttachments,
  ListTicketHtml,
  ticketAttachmentListSchema,
  ticketHtmlListSchema,
} from '../../../domain/tickets/mail-in/ticket-attachments.js';
import { fileDownload, routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';
import { download } from '../file-download.js';

named('Mailbox', mailboxSchema);
named('TicketAttachment', ticketAttachmentSchema);

/**
 * Mail in (issue 30, point 2): the school's mailboxes and what Desk could not read, kept by its
 * administrators; a ticket's files, for whoever may read the ticket.
 */
export const mailboxRoutes = routeGroup('mailboxes', "The school's mailboxes, and the files that came with tickets.", [
  useCaseRoute({
    method: 'get',
    path: '/api/mailboxes',
    summary: "The school's mailboxes Desk reads, by address (never their passwords)",
    useCase: ListMailboxes,
    output: named('MailboxList', mailboxListSchema),
    problems: ['forbidden'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/mailboxes',
    summary: 'Add a mailbox for Desk to read (IMAP over TLS)',
    useCase: AddMailbox,
    status: 201,
    output: named('MailboxResult', mailboxResultSchema),
    problems: ['forbidden', 'conflict'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/mailboxes/unreadable',
    summary: 'Messages Desk could not read, kept whole, newest first',
    useCase: ListUnreadableMail,
    output: named('UnreadableMailList', unreadableListSchema),
    problems: ['forbidden'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/mailboxes/{id}/test',
    summary: 'Sign in to the mailbox as Desk would, and say what it found or why not',
    useCase: TestMailbox,
    output: named('MailboxTest', mailboxTestSchema),
    problems: ['forbidden', 'not_found'],
  }),
  useCaseRoute({
    method: 'delete',
    path: '/api/mailboxes/{id}',
    summary: 'Stop reading a mailbox (its mail stays where it is)',
    useCase: RemoveMailbox,
    status: 204,
    problems: ['forbidden', 'not_found'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/tickets/{id}/attachments',
    summary: "A ticket's files, oldest first (an internal note's for the desk only)",
    useCase: ListTicketAttachments,
    output: named('TicketAttachmentList', ticketAttachmentListSchema),
    problems: ['forbidden'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/tickets/{id}/attachments/{attachmentId}',
    summary: 'Download one of a ticket’s files',
    useCase: GetTicketAttachment,
    output: fileDownload('The file, as an attachment to save (never shown in the page)'),
    answer: download,
    problems: ['forbidden'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/tickets/{id}/html',
    summary: 'How the messages that came by e-mail looked: their HTML, sanitised (no script, style or image)',
    useCase: ListTicketHtml,
    output: named('TicketHtmlList', ticketHtmlListSchema),
    problems: ['forbidden'],
  }),
]);
