import { GetTenant } from '../../../domain/tenants/get-tenant.js';
import { schoolResultSchema } from '../../../domain/tenants/tenant.js';
import { UpdateTenant, updateTenantInput } from '../../../domain/tenants/update-tenant.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

/**
 * The school itself (`/settings/school`): its name, time zone, currency and host names, as
 * `desk tenant update` changes them. School administrators only; every change is audited.
 */
export const schoolRoutes = routeGroup('school', 'The school itself: its name, time zone, currency and host names.', [
  useCaseRoute({
    method: 'get',
    path: '/api/school',
    summary: "The school's name, time zone, currency and host names; school administrators only",
    useCase: GetTenant,
    output: named('School', schoolResultSchema),
    // Who may is the role, not a permission, so the declaration says it.
    problems: ['forbidden'],
  }),
  useCaseRoute({
    method: 'patch',
    path: '/api/school',
    summary:
      'Change what is given of the name, time zone, currency and host names (the whole list); school administrators only',
    useCase: UpdateTenant,
    body: updateTenantInput,
    output: schoolResultSchema,
    problems: ['conflict'],
  }),
]);
