import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { MODULES, PERMISSIONS, PRIVILEGED_PERMISSIONS, modulePermission } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { sessionUserSchema } from './user.js';

export const getSignedInUserInput = z.object({}).strict();

/** Who is signed in, in which school, and what they may do there. */
export const signedInUserSchema = z.object({
  user: sessionUserSchema,
  tenant: z.object({ slug: z.string(), name: z.string(), timeZone: z.string(), currency: z.string() }),
  permissions: z
    .array(z.string())
    .describe("The effective permissions: the role's, plus `module.<x>` per module that is on"),
  modules: z.array(z.enum(MODULES)).describe('The modules that are on, in catalogue order'),
});

export type SignedInUser = z.output<typeof signedInUserSchema>;

/** The canonical order of everything a caller can hold: permissions, console-only ones, module switches. */
const ORDER = [...PERMISSIONS, ...PRIVILEGED_PERMISSIONS, ...MODULES.map(modulePermission)] as readonly string[];

/**
 * `GET /api/auth/me`: who is signed in, in which school, and what they may do there, so the browser
 * console decides what to show. The permissions are exactly what the server checks (role plus
 * modules), so what the console offers and what the server allows cannot drift apart.
 */
@injectable()
export class GetSignedInUser implements UseCase<typeof getSignedInUserInput, SignedInUser> {
  static readonly required = [] as const;
  static readonly input = getSignedInUserInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor): Promise<SignedInUser> {
    if (actor.principal.type !== 'user') throw new DomainError('forbidden', 'only a signed-in user has a profile');
    const { id: userId } = actor.principal;
    const user = await this.uow.read((r) => r.users.findById(actor.tenant.id, userId));
    if (!user) throw new DomainError('unauthorized', 'sign in first: the session is missing, expired or ended');
    const { tenant } = actor;
    return {
      user: { id: user.id, email: user.email, name: user.name, role: user.role, loanGroupIds: [...user.loanGroupIds] },
      tenant: { slug: tenant.slug, name: tenant.name, timeZone: tenant.timeZone, currency: tenant.currency },
      permissions: ORDER.filter((p) => actor.permissions.has(p)),
      modules: MODULES.filter((m) => tenant.modules.includes(m)),
    };
  }
}
