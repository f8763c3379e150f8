/**
 * The service desk: the queue, one ticket and its comments, opening one, working it (status,
 * priority, assignee) and commenting. Types from the console API's declarations (console-api.gen.ts).
 */
import { call, type QueryParams, type RequestBody } from './client.js';
import type { Ticket, TicketComment, TicketList } from './console-api.gen.js';

export type { Ticket, TicketComment, TicketList };
export type TicketFilters = NonNullable<QueryParams<'get', '/api/tickets'>>;
export type NewTicket = RequestBody<'post', '/api/tickets'>;
export type TicketChanges = RequestBody<'patch', '/api/tickets/{id}'>;
export type NewComment = RequestBody<'post', '/api/tickets/{id}/comments'>;

export const listTickets = (filters: TicketFilters) => call('get', '/api/tickets', { query: filters });
export const getTicket = (id: string) => call('get', '/api/tickets/{id}', { path: { id } });
export const openTicket = (ticket: NewTicket) => call('post', '/api/tickets', { body: ticket });
export const updateTicket = (id: string, changes: TicketChanges) =>
  call('patch', '/api/tickets/{id}', { path: { id }, body: changes });
export const ticketComments = (id: string, page: number, pageSize: number) =>
  call('get', '/api/tickets/{id}/comments', { path: { id }, query: { page, pageSize } });
export const addComment = (id: string, comment: NewComment) =>
  call('post', '/api/tickets/{id}/comments', { path: { id }, body: comment });
