/**
 * The one way into the console, whatever proved who the person is (a password, the school's OpenID
 * provider): a session row, written in the caller's transaction, and then the signed token that names
 * it. Every request checks the row (authenticate-session.ts), so signing out revokes at once.
 */
import { z } from 'zod';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import type { SessionTokens } from '../../ports/session-tokens.js';
import { SESSION_TTL_MS, type Session } from './session.js';
import { sessionUserSchema, type User } from './user.js';

/** What signing in answers: the token (also set as the `desk_session` cookie), its expiry and the user. */
export const signedInSchema = z.object({
  token: z.string().describe('The session token: `Authorization: Bearer <token>`, or the `desk_session` cookie'),
  expiresAt: z.string(),
  user: sessionUserSchema,
});

export type SignedIn = z.output<typeof signedInSchema>;

/** Stores a new 12-hour session of the user in the caller's transaction. */
export async function openSession(
  repos: Repositories,
  ids: IdGenerator,
  tenantId: string,
  userId: string,
  now: Date,
): Promise<Session> {
  const session: Session = {
    id: ids.next(),
    userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    revokedAt: null,
  };
  await repos.sessions.create(tenantId, session);
  return session;
}

/** The signed token for a stored session (after its transaction committed), and the answer around it. */
export async function signedInto(
  tokens: SessionTokens,
  tenantId: string,
  session: Session,
  user: Pick<User, 'id' | 'email' | 'name' | 'role' | 'loanGroupIds'>,
): Promise<SignedIn> {
  const token = await tokens.sign({ sessionId: session.id, userId: user.id, tenantId }, new Date(session.expiresAt));
  const { id, email, name, role, loanGroupIds } = user;
  return { token, expiresAt: session.expiresAt, user: { id, email, name, role, loanGroupIds: [...loanGroupIds] } };
}
