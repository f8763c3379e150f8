import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { ROLES } from '../access/permissions.js';
import { requireGrantableRole, requirePermissions, type Actor } from '../shared/actor.js';
import { conflict, notFound } from '../shared/errors.js';
import { requireSomeField } from '../shared/patch.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id, text } from '../shared/validation.js';
import { requireLoanGroups } from './create-user.js';
import { lookupOf } from './access-lookups.js';
import type { User } from './user.js';
import { toUserView, withoutCredentials, type UserView } from './user-view.js';

export const updateUserInput = z
  .object({
    id: id(),
    name: text(1, 200).optional(),
    role: z.enum(ROLES).optional(),
    loanGroupIds: z.array(id()).max(100).optional(),
    active: z.boolean().optional(),
  })
  .strict();

const CHANGEABLE = ['name', 'role', 'loanGroupIds', 'active'] as const;
type Changeable = (typeof CHANGEABLE)[number];

const isActiveAdmin = (u: User): boolean => u.active && u.role === 'school-admin';
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Changes a console user's name, role, loan groups or whether they may sign in. A role change also
 * needs `role.manage`. The tenant's last active school administrator cannot be demoted or
 * deactivated (conflict): the active administrators are read locked, first and always in one order,
 * so two administrators demoting each other at once cannot both succeed. Deactivating ends the
 * user's sessions, connected apps and open links at once; a new role or pool applies from the user's
 * next request, in every process (to their apps' tokens too).
 * Audited `user.update` with what changed, from and to; a change that changes nothing writes nothing.
 */
@injectable()
export class UpdateUser implements UseCase<typeof updateUserInput, { user: UserView }> {
  static readonly required = ['user.manage'] as const;
  static readonly input = updateUserInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof updateUserInput>): Promise<{ user: UserView }> {
    requireSomeField(input, CHANGEABLE);
    if (input.role !== undefined) {
      requirePermissions(actor, ['role.manage']);
      requireGrantableRole(actor, input.role);
    }
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      // Administrators before the user, by e-mail: every change of an administrator locks in this
      // order, so none waits on another forever, and the later one reads the earlier one's outcome.
      const admins =
        input.role !== undefined || input.active !== undefined
          ? await repos.users.listActiveByRole(tenantId, 'school-admin', { forUpdate: true })
          : null;
      const stored = await repos.users.findById(tenantId, input.id, { forUpdate: true });
      if (!stored) throw notFound('user', input.id);
      const current = withoutCredentials(stored);
      if (input.role !== undefined && input.role !== current.role) requireGrantableRole(actor, current.role);
      if (input.loanGroupIds !== undefined) await requireLoanGroups(repos, tenantId, input.loanGroupIds);
      const next: User = {
        ...current,
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.loanGroupIds !== undefined ? { loanGroupIds: [...new Set(input.loanGroupIds)] } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      };
      const changed = CHANGEABLE.filter((k) => !same(current[k], next[k]));
      if (changed.length === 0) return { user: await toUserView(repos, tenantId, current, at) };
      if (isActiveAdmin(current) && !isActiveAdmin(next) && !admins?.some((a) => a.id !== current.id)) {
        throw conflict(
          `${current.email} is the last active school administrator: make someone else a school administrator first`,
        );
      }
      await repos.users.update(tenantId, next);
      const endedSessions: string[] = [];
      const endedGrants: string[] = [];
      if (current.active && !next.active) {
        endedSessions.push(...(await repos.sessions.revokeAllOf(tenantId, current.id, at)));
        endedGrants.push(...(await repos.grants.revokeAllOf(tenantId, current.id, at, 'person_deactivated')));
        await repos.setupLinks.replaceOpen(tenantId, current.id, at);
      }
      // Every process authenticates the user afresh from its next request: a deactivated user is
      // refused, a new role or pool applies (to their apps' tokens too), and an ended session or app
      // stays ended even if the user is turned back on at once (AccessLookups).
      await repos.accessChanges.changed([
        lookupOf.user(tenantId, current.id),
        ...endedSessions.map((sessionId) => lookupOf.session(tenantId, sessionId)),
        ...endedGrants.map((grantId) => lookupOf.grant(tenantId, grantId)),
      ]);
      const changes = Object.fromEntries(changed.map((k) => [k, { from: current[k], to: next[k] }])) as Record<
        Changeable,
        { from: unknown; to: unknown }
      >;
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'user.update',
        target: `user:${current.id}`,
        at,
        details: { changes },
      });
      return { user: await toUserView(repos, tenantId, next, at) };
    });
  }
}
