import { MODULES, type ModuleName } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';

/** Whether the actor may turn modules on and off (see requireModuleChanger). */
export function mayChangeModules(actor: Actor): boolean {
  const p = actor.principal;
  return p.type === 'operator' || (p.type === 'user' && p.role === 'school-admin');
}

/**
 * Who may turn a tenant's modules on and off: the operator at the CLI, and the tenant's own school
 * administrators in the console. By role, not by a grant: `module.*` stays a tenant switch that no
 * role or key is ever given, and no key (whatever its scopes) and no other role may flip it.
 */
export function requireModuleChanger(actor: Actor): void {
  requireSchoolAdministrator(actor, 'changes modules');
}

/**
 * What only the school's administrators (and the operator at the CLI) may do to the school itself:
 * its modules, its name, time zone, currency and host names. By role, as above.
 */
export function requireSchoolAdministrator(actor: Actor, doing: string): void {
  if (mayChangeModules(actor)) return;
  throw new DomainError('forbidden', `only a school administrator (or the operator at the CLI) ${doing}`);
}

/** Every module with whether it is on, in catalogue order: what the console draws its navigation from. */
export const moduleSwitches = (enabled: readonly ModuleName[]): { name: ModuleName; enabled: boolean }[] =>
  MODULES.map((name) => ({ name, enabled: enabled.includes(name) }));
