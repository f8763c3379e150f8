import { effectivePermissions, PERMISSIONS, ROLE_PERMISSIONS, type Permission } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import type { User } from '../identity/user.js';
import type { Tenant } from '../tenants/tenant.js';

/**
 * A person's consent for an app: which school and person it acts as, which app, for which resource
 * (the MCP endpoint of the origin it was granted on), with which permissions. Every token of the grant
 * acts as that person, never with more than the grant's scopes AND the person's role now.
 */
export interface Grant {
  readonly id: string;
  readonly userId: string;
  readonly clientId: string;
  readonly clientName: string;
  /** The host of the app's metadata document, when it has one (what the person was shown). */
  readonly clientHost: string | null;
  readonly scopes: readonly Permission[];
  readonly resource: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

/** Why a grant stopped working. */
export type GrantRevocation =
  'revoked' | 'token_revoked' | 'refresh_token_reused' | 'code_replayed' | 'person_deactivated';

/**
 * An authorization request, from the moment the app sends the person to Desk until its code is
 * exchanged: what was asked (kept while the person decides), then what was allowed, as a one-use code.
 */
export interface Authorization {
  readonly id: string;
  /** The school whose host was asked (null on a shared address, until a person of a school decides). */
  readonly tenantId: string | null;
  /** The origin asked: the issuer the code and tokens belong to. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientName: string;
  readonly clientHost: string | null;
  readonly redirectUri: string;
  readonly state: string | null;
  readonly codeChallenge: string;
  /** The permission names asked for; null: everything the person may do. */
  readonly requestedScopes: readonly string[] | null;
  readonly resource: string;
  readonly createdAt: string;
  /** The person must decide before this. */
  readonly expiresAt: string;
  readonly decidedAt: string | null;
  /** Once allowed: who, what, and the code (its hash) the app exchanges within CODE_TTL_MS. */
  readonly userId: string | null;
  readonly scopes: readonly Permission[] | null;
  readonly codeHash: string | null;
  readonly codeExpiresAt: string | null;
  readonly codeUsedAt: string | null;
  /** The grant its code became. */
  readonly grantId: string | null;
}

/** Every permission a token may carry: the key permissions (never a console-only one, never a module). */
export const OAUTH_SCOPES: readonly Permission[] = PERMISSIONS;

/** The permission names in a space-separated `scope`; null when there is none (everything). */
export function parseScope(scope: string | undefined): string[] | null {
  const names = (scope ?? '').split(' ').filter(Boolean);
  return names.length === 0 ? null : [...new Set(names)];
}

/**
 * What a person can give an app: what it asked for (everything, when it named nothing) that the
 * person holds, in catalogue order. Names that are not permissions are left out (OIDC's `openid`,
 * `offline_access`: Desk always issues refresh tokens), as are console-only permissions and modules.
 */
export const grantableScopes = (requested: readonly string[] | null, held: ReadonlySet<string>): Permission[] =>
  OAUTH_SCOPES.filter((p) => held.has(p) && (requested === null || requested.includes(p)));

/**
 * The actor a token acts as: the person, with the token's scopes that their role holds NOW (a role
 * changed since the consent takes effect at once) plus the school's modules, and a teacher's pool.
 * The principal names the app, so audit entries say "via" it.
 */
export function tokenActor(tenant: Tenant, user: User, grant: Grant, tokenScopes: readonly string[]): Actor {
  const role: ReadonlySet<string> = new Set(ROLE_PERMISSIONS[user.role]);
  const granted = tokenScopes.filter((s) => role.has(s) && grant.scopes.includes(s as Permission));
  return {
    tenant,
    principal: {
      type: 'user',
      id: user.id,
      name: user.name,
      role: user.role,
      via: { grantId: grant.id, clientId: grant.clientId, clientName: grant.clientName },
    },
    permissions: effectivePermissions(granted, tenant.modules),
    loanGroupIds: user.role === 'teacher' ? [...user.loanGroupIds] : null,
  };
}
