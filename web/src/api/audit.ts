/**
 * The audit log: who changed what, and when, filtered and paged. Types from the console API's
 * declarations (console-api.gen.ts).
 */
import { call, type QueryParams } from './client.js';
import type { AuditEntry, AuditPage } from './console-api.gen.js';

export type { AuditEntry, AuditPage };
export type AuditFilters = NonNullable<QueryParams<'get', '/api/audit'>>;

export const searchAudit = (filters: AuditFilters) => call('get', '/api/audit', { query: filters });
