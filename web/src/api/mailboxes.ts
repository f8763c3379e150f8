/**
 * Mail in: the school's mailboxes that Desk reads (kept by its administrators, `user.manage`; a
 * mailbox's password goes in and never comes back), a test that signs in to one as Desk would, the
 * messages Desk could not read, and the files that came with a ticket, each downloaded from its own
 * address. Types from the console API's declarations (console-api.gen.ts).
 */
import { call, type Answer, type PathsOf, type RequestBody } from './client.js';
import type { Mailbox, MailboxTest, TicketAttachment } from './console-api.gen.js';

export type { Mailbox, MailboxTest, TicketAttachment };
export type NewMailbox = RequestBody<'post', '/api/mailboxes'>;
/** One message Desk could not read: why, how large, when it came. */
export type UnreadableMessage = Answer<'get', '/api/mailboxes/unreadable'>['messages'][number];

/** By address. */
export const listMailboxes = () => call('get', '/api/mailboxes');
/** 409 when the school already has a mailbox of that address. */
export const addMailbox = (mailbox: NewMailbox) => call('post', '/api/mailboxes', { body: mailbox });
/** Signs in as Desk would and says what it found, or why it could not; changes nothing. */
export const testMailbox = (id: string) => call('post', '/api/mailboxes/{id}/test', { path: { id } });
/** Desk stops reading it; its mail stays where it is. */
export const removeMailbox = (id: string) => call('delete', '/api/mailboxes/{id}', { path: { id } });

/** Newest first. */
export const listUnreadableMail = () => call('get', '/api/mailboxes/unreadable');

/** Oldest first; an internal note's files for the desk only. */
export const ticketAttachments = (id: string) => call('get', '/api/tickets/{id}/attachments', { path: { id } });
/** How the messages that came by e-mail looked (their HTML, sanitised on the server), by comment. */
export const ticketHtml = (id: string) => call('get', '/api/tickets/{id}/html', { path: { id } });

const ATTACHMENT: PathsOf<'get'> = '/api/tickets/{id}/attachments/{attachmentId}';

/** Where the browser downloads one of a ticket's files from (a plain link: the session cookie goes with it). */
export const attachmentAddress = (ticketId: string, attachmentId: string): string =>
  ATTACHMENT.replace('{id}', encodeURIComponent(ticketId)).replace('{attachmentId}', encodeURIComponent(attachmentId));
