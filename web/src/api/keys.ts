/**
 * API keys: the school's keys (never the secret again), the scopes a new key may be given, making one
 * (its secret and an MCP client's configuration shown once) and revoking one. Types from the console
 * API's declarations (console-api.gen.ts).
 */
import { call, type RequestBody } from './client.js';
import type { ApiKey, ApiKeyList, CreatedApiKey } from './console-api.gen.js';

export type { ApiKey, ApiKeyList, CreatedApiKey };
export type NewKey = RequestBody<'post', '/api/keys'>;

export const listKeys = () => call('get', '/api/keys');
export const makeKey = (key: NewKey) => call('post', '/api/keys', { body: key });
export const revokeKey = (id: string) => call('delete', '/api/keys/{id}', { path: { id } });
