import type { Context } from 'koa';
import { invalidField, isDomainError } from '../../../domain/shared/errors.js';
import { isAcceptableText } from '../../../domain/shared/text.js';
import { perform } from '../../../domain/shared/use-case.js';
import { CompleteSsoSignIn } from '../../../domain/sso/complete-sso-sign-in.js';
import { ConfigureSso } from '../../../domain/sso/configure-sso.js';
import { GetSsoSettings } from '../../../domain/sso/get-sso-settings.js';
import { RemoveSso } from '../../../domain/sso/remove-sso.js';
import { withRefusal } from '../../../domain/sso/return-to.js';
import { SSO_CALLBACK_PATH, SSO_START_PATH } from '../../../domain/sso/sso-provider.js';
import { StartSsoSignIn } from '../../../domain/sso/start-sso-sign-in.js';
import { ResolveTenant } from '../../../domain/tenants/resolve-tenant.js';
import type { Tenant } from '../../../domain/tenants/tenant.js';
import { consoleActor, consoleAuth, secureCookies, setSessionCookie } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { hostTenantOf } from '../middleware/host-gate.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { addressSubject, rateLimit } from '../middleware/rate-limit.js';
import { canonicalOrigin, requestOrigin } from '../origin.js';
import type { HttpDeps, RouteModule } from '../route-module.js';

/** The cookie that keeps a sign-in's state in the browser that started it, for its callback only. */
export const SSO_COOKIE = 'desk_sso';
const SSO_COOKIE_PATH = '/api/auth/sso';

/** The parameters of the provider's answer, each checked as text from outside is. */
const CALLBACK_PARAMS = ['state', 'code', 'iss', 'error', 'error_description', 'session_state'];

/**
 * One value of a query parameter, as text from outside must be (text.ts): a repeated parameter, a
 * control character or a lone surrogate is refused naming it.
 */
function single(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  if (Array.isArray(value)) throw invalidField(name, 'give it once');
  if (value !== undefined && !isAcceptableText(value)) {
    throw invalidField(name, 'must be well-formed text without control characters');
  }
  return value;
}

/**
 * The school a sign-in is for: the school's own host, else `school=<slug>`. An unknown slug is no
 * school (answered like a school without single sign-on); no slug at all on a shared address is a
 * request that cannot be answered, 400 naming `school`.
 */
async function startTenant(deps: HttpDeps, ctx: Context): Promise<Tenant | null> {
  const byHost = hostTenantOf(ctx);
  if (byHost) return byHost;
  const slug = single(ctx, 'school');
  if (!slug) throw invalidField('school', 'name the school (its short name) on this address');
  return deps.container
    .get(ResolveTenant)
    .bySlug(slug)
    .catch((e: unknown) => {
      if (isDomainError(e) && e.code === 'not_found') return null;
      throw e;
    });
}

/**
 * Single sign-on with the school's OpenID provider (docs/sso.md).
 *
 * - `GET /api/auth/sso/start?school=<slug>&returnTo=<path>` (rate-limited per source address): on a
 *   shared address other than PUBLIC_URL's it first moves to PUBLIC_URL (where the cookie and the
 *   registered redirect URI live); then keeps the sign-in's state in the `desk_sso` cookie (HttpOnly,
 *   SameSite=Lax, Secure with an https PUBLIC_URL, for `/api/auth/sso` only, ten minutes) and sends
 *   the browser to the provider. The redirect URI is the callback on the origin the person is on.
 * - `GET /api/auth/sso/callback`: the provider's answer. Signed in: the `desk_session` cookie, as a
 *   password sign-in sets it, and 303 to `returnTo`. Refused: 303 to `returnTo?sso=<reason>`, where
 *   the sign-in page says why. Either way the `desk_sso` cookie is cleared.
 * - `GET|PUT|DELETE /api/settings/sso`: the school's provider for its administrators (`user.manage`),
 *   writes from the school's own origins only.
 */
export const ssoRoutes: RouteModule = {
  name: 'sso',
  register(router, deps) {
    const { container, config, resolve } = deps;
    const publicOrigin = new URL(config.publicUrl).origin;
    const signedIn = consoleAuth(container);
    const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));
    const ssoCookie = (ctx: Context, value: string, expires: Date) => {
      ctx.cookies.secure = secureCookies(config);
      ctx.cookies.set(SSO_COOKIE, value, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(config),
        path: SSO_COOKIE_PATH,
        expires,
        overwrite: true,
      });
    };

    router.get(SSO_START_PATH, rateLimit(container, deps.rateLimits.sso, addressSubject), async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 303;
      if (!hostTenantOf(ctx) && requestOrigin(ctx, config) !== publicOrigin) {
        return ctx.redirect(publicOrigin + ctx.url);
      }
      const tenant = await startTenant(deps, ctx);
      const started = await container.get(StartSsoSignIn).execute(tenant, {
        returnTo: single(ctx, 'returnTo'),
        redirectUri: canonicalOrigin(ctx, config) + SSO_CALLBACK_PATH,
      });
      if (started.kind === 'refused') return ctx.redirect(withRefusal(started.returnTo, started.reason));
      ssoCookie(ctx, started.state, new Date(started.expiresAt));
      ctx.status = 302;
      ctx.redirect(started.url);
    });

    router.get(SSO_CALLBACK_PATH, async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      for (const name of CALLBACK_PARAMS) single(ctx, name);
      const outcome = await container
        .get(CompleteSsoSignIn)
        .execute({ query: ctx.querystring, cookieState: ctx.cookies.get(SSO_COOKIE) });
      ssoCookie(ctx, '', new Date(0));
      ctx.status = 303;
      if (outcome.kind === 'refused') return ctx.redirect(withRefusal(outcome.returnTo, outcome.reason));
      setSessionCookie(ctx, config, outcome.signedIn.token, outcome.signedIn.expiresAt);
      ctx.redirect(outcome.returnTo);
    });

    router.get('/api/settings/sso', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, GetSsoSettings, consoleActor(ctx), {});
    });
    router.put('/api/settings/sso', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, ConfigureSso, consoleActor(ctx), objectBody(ctx));
    });
    router.delete('/api/settings/sso', signedIn, sameOrigin, async (ctx) => {
      await perform(resolve, RemoveSso, consoleActor(ctx), {});
      ctx.status = 204;
    });
  },
};
