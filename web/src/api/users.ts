/**
 * Users of the console: the list, inviting one (a link to set their password), changing their role
 * or groups, turning them off and on, and a new invitation. Types from the console API's declarations
 * (console-api.gen.ts).
 */
import { call, type RequestBody } from './client.js';
import type { Invitation, User, UserPage } from './console-api.gen.js';

export type { Invitation, User, UserPage };
export type NewUser = RequestBody<'post', '/api/users'>;
export type UserChanges = RequestBody<'patch', '/api/users/{id}'>;
export type Role = NewUser['role'];

export const listUsers = (page: number, pageSize: number) => call('get', '/api/users', { query: { page, pageSize } });
export const addUser = (user: NewUser) => call('post', '/api/users', { body: user });
export const changeUser = (id: string, changes: UserChanges) =>
  call('patch', '/api/users/{id}', { path: { id }, body: changes });
export const inviteAgain = (id: string) => call('post', '/api/users/{id}/invite', { path: { id } });
