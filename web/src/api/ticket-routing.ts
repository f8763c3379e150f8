/**
 * Where tickets go: the school's ticket categories, teams and routing rules. Types from the console
 * API's declarations (console-api.gen.ts).
 */
import { call, type RequestBody } from './client.js';
import type { RoutingRule, Team, TicketCategory } from './console-api.gen.js';

export type { RoutingRule, Team, TicketCategory };
export type NewRule = RequestBody<'post', '/api/routing-rules'>;

export const listCategories = () => call('get', '/api/ticket-categories');
export const addCategory = (name: string) => call('post', '/api/ticket-categories', { body: { name } });
export const listTeams = () => call('get', '/api/teams');
export const addTeam = (name: string, memberIds: string[]) => call('post', '/api/teams', { body: { name, memberIds } });
export const changeTeam = (id: string, body: RequestBody<'patch', '/api/teams/{id}'>) =>
  call('patch', '/api/teams/{id}', { path: { id }, body });
export const listRules = () => call('get', '/api/routing-rules');
export const addRule = (rule: NewRule) => call('post', '/api/routing-rules', { body: rule });
export const removeRule = (id: string) => call('delete', '/api/routing-rules/{id}', { path: { id } });

export const listCannedReplies = () => call('get', '/api/canned-replies');
export const addCannedReply = (title: string, body: string) =>
  call('post', '/api/canned-replies', { body: { title, body } });
export const removeCannedReply = (id: string) => call('delete', '/api/canned-replies/{id}', { path: { id } });
/** A canned reply with its placeholders filled for one ticket, by the server. */
export const fillCannedReply = (ticketId: string, replyId: string) =>
  call('get', '/api/tickets/{ticketId}/canned-replies/{replyId}', { path: { ticketId, replyId } });
