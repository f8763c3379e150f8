import type { Container } from 'inversify';
import type { Context, Middleware } from 'koa';
import type { DeskConfig } from '../../../config/index.js';
import { AuthenticateSession } from '../../../domain/identity/authenticate-session.js';
import type { Actor } from '../../../domain/shared/actor.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { assertSameTenant } from '../middleware/host-gate.js';

export const SESSION_COOKIE = 'desk_session';

/** The console token: the `desk_session` cookie, or `Authorization: Bearer <token>` for scripts. */
export function presentedSessionToken(ctx: Context): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
  return bearer ?? ctx.cookies.get(SESSION_COOKIE) ?? undefined;
}

/**
 * Signs the request in as a console user (SPEC §7.4) and checks it stays in the session's tenant: a
 * tenant host or `x-tenant-slug` naming another institution is refused as unauthorized.
 * Leaves `ctx.state.actor` and `ctx.state.sessionId`.
 */
export function consoleAuth(container: Container): Middleware {
  return async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    const token = presentedSessionToken(ctx);
    if (!token) throw new DomainError('unauthorized', 'sign in first (POST /api/auth/login)');
    const { actor, sessionId } = await container.get(AuthenticateSession).execute(token);
    assertSameTenant(ctx, actor.tenant, 'this session belongs to another tenant');
    ctx.state.actor = actor;
    ctx.state.sessionId = sessionId;
    await next();
  };
}

export const consoleActor = (ctx: Context): Actor => {
  const actor = ctx.state.actor as Actor | undefined;
  if (!actor) throw new Error('consoleActor: the route is missing consoleAuth');
  return actor;
};

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
