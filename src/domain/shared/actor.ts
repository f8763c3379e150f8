import { DomainError, type DomainErrorCode } from './errors.js';
import { missingPermissions, ROLE_PERMISSIONS, type ModuleName, type Role } from '../access/permissions.js';

/** What a use case needs to know about the tenant it runs in. */
export interface TenantContext {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly timeZone: string;
  readonly currency: string;
  readonly modules: readonly ModuleName[];
  /** Host names the tenant's own pages are served on (the origins that may act for its users). */
  readonly hosts: readonly string[];
}

/** The app a person acts through with an OAuth access token (domain/oauth), and the grant it holds. */
export interface Via {
  readonly grantId: string;
  readonly clientId: string;
  readonly clientName: string;
}

export type Principal =
  | { readonly type: 'user'; readonly id: string; readonly name: string; readonly role: Role; readonly via?: Via }
  | { readonly type: 'apiKey'; readonly id: string; readonly name: string }
  /** The operator at the CLI: trusted, acts as the whole tenant. */
  | { readonly type: 'operator'; readonly id: 'cli'; readonly name: string };

/**
 * Who is calling, always passed as an argument to `execute` (never ambient state).
 * `loanGroupIds` is the authorised loan pool: null means the whole tenant.
 */
export interface Actor {
  readonly tenant: TenantContext;
  readonly principal: Principal;
  readonly permissions: ReadonlySet<string>;
  readonly loanGroupIds: readonly string[] | null;
}

/** The audit identity of an actor: a user id, an API key id, or `cli`. */
export const actorRef = (actor: Actor): { type: Principal['type']; id: string } => ({
  type: actor.principal.type,
  id: actor.principal.id,
});

/** The app the actor acts through (an OAuth token), or undefined for a person, a key or the CLI. */
export const viaOf = (actor: Actor): Via | undefined =>
  actor.principal.type === 'user' ? actor.principal.via : undefined;

/**
 * Throws unless every required permission is effective. A missing `module.*` is reported as
 * `module_disabled` so surfaces can answer it differently (403 on MCP, 404 on REST).
 */
export function requirePermissions(actor: Actor, required: readonly string[]): void {
  const missing = missingPermissions(actor.permissions, required);
  if (missing.length === 0) return;
  const moduleMissing = missing.find((p) => p.startsWith('module.'));
  const code: DomainErrorCode = moduleMissing ? 'module_disabled' : 'forbidden';
  throw new DomainError(
    code,
    moduleMissing
      ? `the ${moduleMissing.slice('module.'.length)} module is not enabled for this tenant`
      : `missing permission ${missing.join(', ')}`,
  );
}

/**
 * Throws `forbidden` unless the actor holds every permission of `role`: nobody hands out, or takes
 * away, a role that can do more than they can (the rule behind the console's `grantableRoles`).
 */
export function requireGrantableRole(actor: Actor, role: Role): void {
  const missing = missingPermissions(actor.permissions, ROLE_PERMISSIONS[role]);
  if (missing.length > 0) {
    throw new DomainError('forbidden', `the role ${role} holds permissions you do not: ${missing.join(', ')}`);
  }
}

export const can = (actor: Actor, required: readonly string[]): boolean =>
  missingPermissions(actor.permissions, required).length === 0;
