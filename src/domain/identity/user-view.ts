import type { Repositories } from '../../ports/repositories.js';
import { z } from 'zod';
import { userSchema, type User, type UserCredentials } from './user.js';

/** A user as the console shows it (UserView). */
export const userViewSchema = userSchema.extend({
  hasPassword: z.boolean().describe('A password is set'),
  invitation: z
    .object({ expiresAt: z.string() })
    .nullable()
    .describe('The open invitation, by its expiry (the link itself is shown once, when made); null: none'),
});

/** What a change to one user answers with: the user as it now is. */
export const userResultSchema = z.object({ user: userViewSchema });

/**
 * A user as the console shows it: never a password hash, but whether the user can sign in yet.
 * `hasPassword`: a password is set. `invitation`: the user's open invitation (unused, not replaced,
 * not expired) with its expiry, or null; the link itself is shown once, when it is made, never again.
 * A user with neither has no way in until someone invites them.
 */
export interface UserView extends User {
  readonly hasPassword: boolean;
  readonly invitation: { readonly expiresAt: string } | null;
}

/** The user without its credentials. */
export const withoutCredentials = ({ passwordHash: _hash, ...user }: UserCredentials): User => user;

/** The users as the console shows them, in the order given: two reads for the whole page. */
export async function toUserViews(
  repos: Repositories,
  tenantId: string,
  users: readonly User[],
  now: string,
): Promise<UserView[]> {
  const ids = users.map((u) => u.id);
  const withPassword = new Set(await repos.users.withPassword(tenantId, ids));
  const invitations = new Map<string, string>();
  for (const link of await repos.setupLinks.listOpen(tenantId, ids, now)) {
    if (link.purpose !== 'invitation') continue;
    const known = invitations.get(link.userId);
    if (known === undefined || link.expiresAt > known) invitations.set(link.userId, link.expiresAt);
  }
  return users.map((user) => {
    const expiresAt = invitations.get(user.id);
    return { ...user, hasPassword: withPassword.has(user.id), invitation: expiresAt ? { expiresAt } : null };
  });
}

export async function toUserView(repos: Repositories, tenantId: string, user: User, now: string): Promise<UserView> {
  const [view] = await toUserViews(repos, tenantId, [user], now);
  return view!;
}
