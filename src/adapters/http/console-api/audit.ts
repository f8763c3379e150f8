import { auditEntrySchema } from '../../../domain/audit/audit-entry.js';
import { auditPageSchema, SearchAudit } from '../../../domain/audit/search-audit.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('AuditEntry', auditEntrySchema);

/** The school's audit log (`audit.view`): every change, who made it and how, never a secret. */
export const auditRoutes = routeGroup('audit', "The school's audit log.", [
  useCaseRoute({
    method: 'get',
    path: '/api/audit',
    summary: 'The audit log, newest first, filtered by actor, action, target and time, a page at a time',
    useCase: SearchAudit,
    output: named('AuditPage', auditPageSchema),
  }),
]);
