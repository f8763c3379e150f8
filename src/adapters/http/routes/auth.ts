import type { Context } from 'koa';
import { ConsumeSetupLink } from '../../../domain/identity/consume-setup-link.js';
import { GetSignedInUser } from '../../../domain/identity/get-signed-in-user.js';
import { SignIn, TooManyAttempts } from '../../../domain/identity/sign-in.js';
import { SignOut } from '../../../domain/identity/sign-out.js';
import { perform } from '../../../domain/shared/use-case.js';
import { DomainError, isDomainError } from '../../../domain/shared/errors.js';
import { GetSsoSignInOption } from '../../../domain/sso/get-sso-sign-in-option.js';
import { ResolveTenant } from '../../../domain/tenants/resolve-tenant.js';
import type { Tenant } from '../../../domain/tenants/tenant.js';
import { consoleActor, consoleAuth, secureCookies, SESSION_COOKIE, setSessionCookie } from '../auth/session.js';
import { jsonBody } from '../json-body.js';
import { hostTenantOf } from '../middleware/host-gate.js';
import { forbiddenOrigin, OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { addressKey } from '../middleware/rate-limit.js';
import type { HttpDeps, RouteModule } from '../route-module.js';

const wrongCredentials = () => new DomainError('unauthorized', 'wrong e-mail or password');

/** The tenant a sign-in is for: the request's tenant host, else `x-tenant-slug` (SPEC §7.4). */
async function signInTenant(deps: HttpDeps, ctx: Context): Promise<Tenant> {
  const byHost = hostTenantOf(ctx);
  if (byHost) return byHost;
  const tenants = deps.container.get(ResolveTenant);
  const slug = ctx.get('x-tenant-slug');
  if (!slug)
    throw new DomainError('invalid', 'name the school: use its own host name or send x-tenant-slug', [
      { path: 'x-tenant-slug', message: 'required on this host' },
    ]);
  // An unknown school answers like wrong credentials: sign-in reveals nothing about who exists.
  // Anything else (a database that cannot be reached) is what it is.
  return tenants.bySlug(slug).catch((e: unknown) => {
    throw isDomainError(e) && e.code === 'not_found' ? wrongCredentials() : e;
  });
}

/**
 * Console sign-in, sign-out, who is signed in (`/me`) and setup links (recovery and invitations). The session token is returned in the body and
 * set as an HttpOnly, SameSite=Lax cookie (Secure when PUBLIC_URL is https). Each refuses a browser
 * Origin that may not act for the school concerned (middleware/origin-check.ts): sign-in the school
 * signed into, sign-out the session's, setup (whose school is known only from the token) our own
 * origins alone.
 */
export const authRoutes: RouteModule = {
  name: 'auth',
  register(router, deps) {
    const { container, config } = deps;
    const origins = new OriginPolicy(config);

    router.post('/api/auth/login', jsonBody(), async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      const tenant = await signInTenant(deps, ctx);
      if (!origins.allows(ctx, tenant)) throw forbiddenOrigin();
      try {
        const signedIn = await container
          .get(SignIn)
          .execute(tenant, ctx.request.body as never, { address: addressKey(ctx.ip) });
        setSessionCookie(ctx, config, signedIn.token, signedIn.expiresAt);
        ctx.body = { token: signedIn.token, expiresAt: signedIn.expiresAt, user: signedIn.user };
      } catch (e) {
        if (e instanceof TooManyAttempts) {
          ctx.set('Retry-After', String(e.retryAfterSeconds));
          for (const policy of e.policies) deps.observability.metrics.countRateLimited(policy);
        }
        throw e;
      }
    });

    router.post('/api/auth/logout', consoleAuth(container), requireAllowedOrigin(origins), async (ctx) => {
      await perform(deps.resolve, SignOut, consoleActor(ctx), { sessionId: ctx.state.sessionId });
      ctx.cookies.secure = secureCookies(config);
      ctx.cookies.set(SESSION_COOKIE, '', {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(config),
        path: '/',
        expires: new Date(0),
      });
      ctx.status = 204;
    });

    // Who is signed in, in which school, with what: the browser console draws itself from this.
    router.get('/api/auth/me', consoleAuth(container), async (ctx) => {
      ctx.body = await perform(deps.resolve, GetSignedInUser, consoleActor(ctx), {});
    });

    router.post('/api/auth/setup', jsonBody(), async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      if (!origins.allows(ctx, null)) throw forbiddenOrigin();
      const done = await container.get(ConsumeSetupLink).execute(ctx.request.body as never);
      ctx.body = { ok: true, email: done.email, school: done.school, next: 'sign in with POST /api/auth/login' };
    });

    // The school this address belongs to, for the sign-in page: a school's own host names it, a shared
    // address (localhost, the deployment's own name) names none and the page asks which school. A
    // school with an OpenID provider offers "Sign in with <label>" (`sso`).
    router.get('/api/auth/school', async (ctx) => {
      const tenant = hostTenantOf(ctx);
      const sso = tenant && (await container.get(GetSsoSignInOption).execute(tenant.id));
      ctx.body = { school: tenant ? { slug: tenant.slug, name: tenant.name, sso } : null };
    });
  },
};
