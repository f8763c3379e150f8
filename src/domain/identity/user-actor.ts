import { ROLE_PERMISSIONS, effectivePermissions } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import type { Tenant } from '../tenants/tenant.js';
import type { User } from './user.js';

/**
 * A signed-in user as an actor: the role's permissions plus the tenant's modules. A teacher's pool
 * is their loan groups (none: no loans); every other role sees the whole tenant (SPEC §4).
 */
export const userActor = (tenant: Tenant, user: User): Actor => ({
  tenant,
  principal: { type: 'user', id: user.id, name: user.name, role: user.role },
  permissions: effectivePermissions(ROLE_PERMISSIONS[user.role], tenant.modules),
  loanGroupIds: user.role === 'teacher' ? [...user.loanGroupIds] : null,
});
