import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { grantableRoles, ROLES } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { page, pageSize } from '../shared/validation.js';
import { toUserViews, userViewSchema } from './user-view.js';

export const listUsersInput = z.object({ page: page(), pageSize: pageSize() }).strict();

/** A page of users by e-mail, and the roles the caller may give. */
export const userPageSchema = z.object({
  users: z.array(userViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  grantableRoles: z.array(z.enum(ROLES)).describe('The roles the caller may give a new user, or change one to'),
});
type UserPage = z.output<typeof userPageSchema>;

/**
 * The tenant's console users by e-mail, each saying whether it can sign in yet (never a password
 * hash), and the roles the caller is offered for a new user or a role change (grantableRoles).
 */
@injectable()
export class ListUsers implements UseCase<typeof listUsersInput, UserPage> {
  static readonly required = ['user.manage'] as const;
  static readonly input = listUsersInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, input: z.output<typeof listUsersInput>): Promise<UserPage> {
    const paging = requestedPage(input);
    const now = this.clock.now().toISOString();
    const tenantId = actor.tenant.id;
    return this.uow.read(async (repos) => {
      const found = await repos.users.list(tenantId, paging);
      return {
        users: await toUserViews(repos, tenantId, found.items, now),
        ...pageInfo(found, paging),
        grantableRoles: grantableRoles(actor.permissions),
      };
    });
  }
}
