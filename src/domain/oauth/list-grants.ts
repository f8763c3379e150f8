import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { page, pageSize } from '../shared/validation.js';
import { oauthClientViewSchema, scopeView, scopeViewSchema } from './consent.js';
import type { Grant } from './grant.js';

export const listGrantsInput = z
  .object({
    /** Everyone's grants (school administrators: `user.manage`), not only the caller's. */
    all: z.boolean().optional(),
    page: page(),
    pageSize: pageSize(),
  })
  .strict();

/** A connected app as the console lists it. */
export interface GrantView {
  readonly id: string;
  readonly client: { readonly id: string; readonly name: string; readonly host: string | null };
  readonly user: { readonly id: string; readonly name: string; readonly email: string } | null;
  readonly scopes: ReturnType<typeof scopeView>;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

export const grantViewSchema = z.object({
  id: z.string(),
  client: oauthClientViewSchema,
  user: z
    .object({ id: z.string(), name: z.string(), email: z.string() })
    .nullable()
    .describe("Whose app it is (in everyone's list, `all=true`, the point); null when the account is gone"),
  scopes: scopeViewSchema,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/** A page of connected apps, newest first. */
export const grantPageSchema = z.object({
  grants: z.array(grantViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
type GrantPage = z.output<typeof grantPageSchema>;

/**
 * `GET /api/oauth/grants`: the apps connected to the school in a person's name and still working,
 * newest first. Everyone sees their own; with `all`, a school administrator (`user.manage`) sees
 * everyone's, each with whose it is.
 */
@injectable()
export class ListGrants implements UseCase<typeof listGrantsInput, GrantPage> {
  static readonly required = [] as const;
  static readonly input = listGrantsInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.output<typeof listGrantsInput>): Promise<GrantPage> {
    if (input.all) requirePermissions(actor, ['user.manage']);
    const paging = requestedPage(input);
    const tenantId = actor.tenant.id;
    const filter = { userId: input.all ? undefined : actor.principal.id };
    return this.uow.read(async (repos) => {
      const found = await repos.grants.list(tenantId, filter, paging);
      const users = new Map<string, GrantView['user']>();
      for (const userId of new Set(found.items.map((g) => g.userId))) {
        const user = await repos.users.findById(tenantId, userId);
        users.set(userId, user ? { id: user.id, name: user.name, email: user.email } : null);
      }
      return { grants: found.items.map((g) => viewOf(g, users.get(g.userId) ?? null)), ...pageInfo(found, paging) };
    });
  }
}

const viewOf = (g: Grant, user: GrantView['user']): GrantView => ({
  id: g.id,
  client: { id: g.clientId, name: g.clientName, host: g.clientHost },
  user,
  scopes: scopeView(g.scopes),
  createdAt: g.createdAt,
  lastUsedAt: g.lastUsedAt,
});
