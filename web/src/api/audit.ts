/**
 * The audit log: who changed what, and when, filtered and paged. Types from the console API's
 * declarations (console-api.gen.ts).
 */
import { call, type QueryParams } from './client.js';
import type { AuditPage } from './console-api.gen.js';

export type { AuditPage };
/** An entry as the log answers it: with who acted and the records it names, in words. */
export type AuditEntry = AuditPage['entries'][number];
export type AuditFilters = NonNullable<QueryParams<'get', '/api/audit'>>;

export const searchAudit = (filters: AuditFilters) => call('get', '/api/audit', { query: filters });
