/**
 * The help desk's e-mail to the people who ask: the school's setting (whether Desk writes to
 * requesters, confirms new tickets, and its days for reopening, reminding and closing; set whole by a
 * `PUT`), and the messages one ticket wrote to its requester with how each delivery went. Types from
 * the console API's declarations (console-api.gen.ts).
 */
import { call } from './client.js';
import type { StaffTicketMail, TicketMailSettings, TicketMessageList } from './console-api.gen.js';

export type { StaffTicketMail, TicketMailSettings };
/** One e-mail a ticket wrote to its requester, and where its delivery stands. */
export type TicketMessage = TicketMessageList['messages'][number];

export const ticketMailSettings = () => call('get', '/api/settings/ticket-mail');
export const saveTicketMailSettings = (body: TicketMailSettings) => call('put', '/api/settings/ticket-mail', { body });

/** Oldest first; the desk only (ticket.manage). */
export const ticketMessages = (id: string) => call('get', '/api/tickets/{id}/messages', { path: { id } });

/** What the signed-in member of staff hears of by e-mail for their teams' tickets (409: no staff record). */
export const myTicketMail = () => call('get', '/api/me/ticket-mail');
export const saveMyTicketMail = (body: Pick<StaffTicketMail, 'newTickets' | 'replies'>) =>
  call('put', '/api/me/ticket-mail', { body });
