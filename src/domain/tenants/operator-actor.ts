import { PERMISSIONS, PRIVILEGED_PERMISSIONS, effectivePermissions } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import type { Tenant } from './tenant.js';

/**
 * The operator at the CLI acts with every permission, but still inside one tenant and still only
 * with the modules that tenant has enabled.
 */
export const operatorActor = (tenant: Tenant): Actor => ({
  tenant,
  principal: { type: 'operator', id: 'cli', name: 'operator (CLI)' },
  permissions: effectivePermissions([...PERMISSIONS, ...PRIVILEGED_PERMISSIONS], tenant.modules),
  loanGroupIds: null,
});
