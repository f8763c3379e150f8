import type { Context, Middleware } from 'koa';
import type { DeskConfig } from '../../../config/index.js';
import { AuthenticateSession } from '../../../domain/identity/authenticate-session.js';
import type { Resolve } from '../../../domain/shared/use-case.js';
import { bearerToken, signIn, type Credential } from './credential.js';

export const SESSION_COOKIE = 'desk_session';

/** The console token: `Authorization: Bearer <token>` for scripts, or the `desk_session` cookie. */
export const presentedSessionToken = (ctx: Context): string | undefined =>
  bearerToken(ctx) ?? ctx.cookies.get(SESSION_COOKIE) ?? undefined;

/** A console session (SPEC §7.4): its JWT names a session the sessions table still holds. */
export const sessionCredential = (resolve: Resolve): Credential => ({
  presented: presentedSessionToken,
  prove: (token) => resolve(AuthenticateSession).execute(token),
  missing: 'sign in first (POST /api/auth/login)',
  otherTenant: 'this session belongs to another tenant',
});

/** The session guard: a signed-in person, in the session's own school (`ctx.state.actor`, `sessionId`). */
export function sessionGuard(resolve: Resolve): Middleware {
  const credential = sessionCredential(resolve);
  return async (ctx, next) => {
    await signIn(ctx, credential);
    await next();
  };
}

/** Cookies are Secure when the deployment is served over https (PUBLIC_URL). */
export const secureCookies = (config: DeskConfig): boolean => config.publicUrl.startsWith('https:');

/**
 * Sets the `desk_session` cookie for a session just opened (by a password or the school's provider):
 * HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https, for the whole site, until the session ends.
 */
export function setSessionCookie(ctx: Context, config: DeskConfig, token: string, expiresAt: string): void {
  // Koa refuses a Secure cookie on a plain-http hop; behind a TLS proxy the deployment is https.
  ctx.cookies.secure = secureCookies(config);
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(config),
    path: '/',
    expires: new Date(expiresAt),
    overwrite: true,
  });
}
