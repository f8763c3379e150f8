/**
 * Monitors: the addresses Desk checks, adding, changing and deleting one. Types from the console
 * API's declarations (console-api.gen.ts).
 */
import { call, type RequestBody } from './client.js';
import type { Monitor, MonitorCheck } from './console-api.gen.js';

export type { Monitor, MonitorCheck };
export type MonitorFields = RequestBody<'post', '/api/monitors'>;

export const listMonitors = () => call('get', '/api/monitors');
export const addMonitor = (fields: MonitorFields) => call('post', '/api/monitors', { body: fields });
export const changeMonitor = (id: string, fields: RequestBody<'patch', '/api/monitors/{id}'>) =>
  call('patch', '/api/monitors/{id}', { path: { id }, body: fields });
export const deleteMonitor = (id: string) => call('delete', '/api/monitors/{id}', { path: { id } });
