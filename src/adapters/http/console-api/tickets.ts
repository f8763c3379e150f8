import { AddTicketComment } from '../../../domain/tickets/add-ticket-comment.js';
import { CreateTicket } from '../../../domain/tickets/create-ticket.js';
import { GetTicket } from '../../../domain/tickets/get-ticket.js';
import { ListTicketComments, ticketCommentListSchema } from '../../../domain/tickets/list-ticket-comments.js';
import { ListTicketMessages, ticketMessageListSchema } from '../../../domain/tickets/mail/list-ticket-messages.js';
import { ListTickets, ticketListSchema } from '../../../domain/tickets/list-tickets.js';
import {
  GetMyTicketMail,
  SetMyTicketMail,
  staffMailChoiceSchema,
} from '../../../domain/tickets/mail/staff-mail-choice.js';
import {
  ticketCommentResultSchema,
  ticketCommentSchema,
  ticketResultSchema,
  ticketSchema,
} from '../../../domain/tickets/ticket.js';
import { UpdateTicket } from '../../../domain/tickets/update-ticket.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('Ticket', ticketSchema);
named('TicketResult', ticketResultSchema);
named('TicketComment', ticketCommentSchema);

/**
 * The service desk (module `servicedesk`, issue 12 point 5): the queue and a ticket exactly as the
 * `tickets.list` and `tickets.get` tools answer (the same use cases), opening a ticket, working it
 * (status, priority, assignee) and its conversation. A person of no one's reach is 404; an archived
 * one, a move the ticket's state does not allow, or a word on a CLOSED ticket is 409. Internal notes
 * are the desk's (ticket.manage): anyone else writing one is 403.
 */
export const ticketRoutes = routeGroup('tickets', 'The service desk: tickets and their conversations.', [
  useCaseRoute({
    method: 'get',
    path: '/api/tickets',
    summary: 'The queue, newest first, with filters, a page at a time',
    useCase: ListTickets,
    output: named('TicketList', ticketListSchema),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/tickets',
    summary: 'Open a ticket (for oneself, or for a requester the desk names)',
    useCase: CreateTicket,
    status: 201,
    output: ticketResultSchema,
    problems: ['not_found', 'conflict'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/tickets/{id}',
    summary: 'One ticket',
    useCase: GetTicket,
    output: ticketResultSchema,
  }),
  useCaseRoute({
    method: 'patch',
    path: '/api/tickets/{id}',
    summary: 'Work a ticket: its status, priority or assignee (null: nobody)',
    useCase: UpdateTicket,
    output: ticketResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/tickets/{id}/comments',
    summary: "A ticket's conversation, oldest first (internal notes only for the desk)",
    useCase: ListTicketComments,
    output: named('TicketCommentList', ticketCommentListSchema),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/tickets/{id}/comments',
    summary: 'Add a comment, or (the desk only) an internal note',
    useCase: AddTicketComment,
    status: 201,
    output: named('TicketCommentResult', ticketCommentResultSchema),
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/me/ticket-mail',
    summary: "What the signed-in member of staff hears of by e-mail for their teams' tickets",
    useCase: GetMyTicketMail,
    output: named('StaffTicketMail', staffMailChoiceSchema),
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'put',
    path: '/api/me/ticket-mail',
    summary: "Choose to hear by e-mail of new tickets and of requesters' answers for one's teams",
    useCase: SetMyTicketMail,
    output: staffMailChoiceSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/tickets/{id}/messages',
    summary: 'The e-mail the ticket wrote to its requester, with how each delivery went (the desk only)',
    useCase: ListTicketMessages,
    output: named('TicketMessageList', ticketMessageListSchema),
    problems: ['forbidden'],
  }),
]);
