import type { Context, Middleware } from 'koa';
import type { DeskConfig } from '../../../config/index.js';
import { AuthenticateSession } from '../../../domain/identity/authenticate-session.js';
import { AuthenticateRequester, RequesterOfUser } from '../../../domain/portal/authenticate-requester.js';
import { noRequester, type Requester } from '../../../domain/portal/requester.js';
import type { Resolve } from '../../../domain/shared/use-case.js';
import { assertSameTenant } from './credential.js';
import { presentedSessionToken, secureCookies } from './session.js';

export const PORTAL_COOKIE = 'desk_portal';

const OTHER_SCHOOL = 'this portal session belongs to another school';

/**
 * The portal's guard (issue 30, point 1): the `desk_portal` cookie's requester, or, without one, the
 * console session of a member of staff, standing for the person they are (RequesterOfUser). Either
 * way the one tenant rule applies (credential.ts): a request naming another school is refused. The
 * requester is `ctx.state.requester`; answers are per caller, never cached.
 */
export function requesterGuard(resolve: Resolve): Middleware {
  return async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    const portalToken = ctx.cookies.get(PORTAL_COOKIE);
    let requester: Requester;
    if (portalToken) {
      requester = await resolve(AuthenticateRequester).execute(portalToken);
    } else {
      const consoleToken = presentedSessionToken(ctx);
      if (!consoleToken)
        throw noRequester("sign in to the portal first (a sign-in link, or the school's single sign-on)");
      const { actor } = await resolve(AuthenticateSession).execute(consoleToken);
      requester = await resolve(RequesterOfUser).execute(actor);
    }
    assertSameTenant(ctx, requester.tenant, OTHER_SCHOOL);
    ctx.state.requester = requester;
    await next();
  };
}

/** Whoever the portal guard signed in. */
export function requesterOf(ctx: Context): Requester {
  const requester = ctx.state.requester as Requester | undefined;
  if (!requester) throw new Error('the route has no portal guard in front of it');
  return requester;
}

/** Sets (or, with an empty token, clears) the `desk_portal` cookie: HttpOnly, SameSite=Lax, Secure over https. */
export function setPortalCookie(ctx: Context, config: DeskConfig, token: string, expiresAt: string): void {
  ctx.cookies.secure = secureCookies(config);
  ctx.cookies.set(PORTAL_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(config),
    path: '/',
    expires: new Date(expiresAt),
    overwrite: true,
  });
}
