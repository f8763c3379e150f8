import type { Context } from 'koa';
import { z } from 'zod';
import { invalidField, isDomainError } from '../../../domain/shared/errors.js';
import { isAcceptableText } from '../../../domain/shared/text.js';
import { CompleteSsoSignIn } from '../../../domain/sso/complete-sso-sign-in.js';
import { ConfigureSso } from '../../../domain/sso/configure-sso.js';
import { GetSsoSettings, ssoSettingsSchema } from '../../../domain/sso/get-sso-settings.js';
import { RemoveSso } from '../../../domain/sso/remove-sso.js';
import { safeReturnTo, withRefusal } from '../../../domain/sso/return-to.js';
import type { SsoAudience } from '../../../domain/sso/sso-binding.js';
import { SSO_CALLBACK_PATH, ssoProviderViewSchema } from '../../../domain/sso/sso-provider.js';
import { StartSsoSignIn } from '../../../domain/sso/start-sso-sign-in.js';
import { ResolveTenant } from '../../../domain/tenants/resolve-tenant.js';
import type { Tenant } from '../../../domain/tenants/tenant.js';
import type { DeskConfig } from '../../../config/index.js';
import { setPortalCookie } from '../auth/requester.js';
import { secureCookies, setSessionCookie } from '../auth/session.js';
import { handledRoute, redirect, routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';
import { hostTenantOf } from '../middleware/host-gate.js';
import { addressSubject, rateLimit } from '../middleware/rate-limit.js';
import { canonicalOrigin, requestOrigin } from '../origin.js';
import type { HttpDeps } from '../route-module.js';

named('SsoProvider', ssoProviderViewSchema);
named('SsoSettings', ssoSettingsSchema);

/** The cookie that keeps a sign-in's state in the browser that started it, for its callback only. */
export const SSO_COOKIE = 'desk_sso';
const SSO_COOKIE_PATH = '/api/auth/sso';

export const startQuery = z.object({
  school: z.string().optional().describe("The school's short name; required on a shared address"),
  returnTo: z.string().optional().describe('The console path to come back to (by default the home page)'),
});

/** The provider's answer (OpenID Connect's authorization response), as the browser brings it back. */
const callbackQuery = z.object({
  state: z.string().optional().describe('The sign-in this answers (it must match the desk_sso cookie)'),
  code: z.string().optional().describe('The authorization code, when the person signed in'),
  iss: z.string().optional().describe('The provider that answers (RFC 9207)'),
  error: z.string().optional().describe("The provider's refusal, when it refused"),
  error_description: z.string().optional(),
  session_state: z.string().optional(),
});

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
  return deps
    .resolve(ResolveTenant)
    .bySlug(slug)
    .catch((e: unknown) => {
      if (isDomainError(e) && e.code === 'not_found') return null;
      throw e;
    });
}

/** The `desk_sso` cookie: HttpOnly, SameSite=Lax, Secure with an https PUBLIC_URL, for `/api/auth/sso` only. */
function ssoCookie(ctx: Context, config: DeskConfig, value: string, expires: Date): void {
  ctx.cookies.secure = secureCookies(config);
  ctx.cookies.set(SSO_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(config),
    path: SSO_COOKIE_PATH,
    expires,
    overwrite: true,
  });
}

/**
 * Starts a single sign-on for the console or the portal (the same provider, callback and redirect
 * URI; the pending sign-in remembers whom it is for). On a shared address other than PUBLIC_URL's it
 * first moves there, where the cookie and the registered redirect URI live.
 */
export async function startSignIn(ctx: Context, deps: HttpDeps, audience: SsoAudience): Promise<void> {
  const { config } = deps;
  const publicOrigin = new URL(config.publicUrl).origin;
  ctx.set('Cache-Control', 'no-store');
  ctx.status = 303;
  if (!hostTenantOf(ctx) && requestOrigin(ctx, config) !== publicOrigin) {
    return ctx.redirect(publicOrigin + ctx.url);
  }
  const tenant = await startTenant(deps, ctx);
  const asked = single(ctx, 'returnTo');
  // A portal sign-in goes back into the portal, whatever it was asked.
  const returnTo = audience === 'portal' && !safeReturnTo(asked).startsWith('/portal') ? '/portal' : asked;
  const started = await deps.resolve(StartSsoSignIn).execute(tenant, {
    returnTo,
    redirectUri: canonicalOrigin(ctx, config) + SSO_CALLBACK_PATH,
    audience,
  });
  if (started.kind === 'refused') return ctx.redirect(withRefusal(started.returnTo, started.reason));
  ssoCookie(ctx, config, started.state, new Date(started.expiresAt));
  ctx.status = 302;
  ctx.redirect(started.url);
}

/**
 * Single sign-on with the school's OpenID provider (docs/sso.md).
 *
 * - `GET /api/auth/sso/start?school=<slug>&returnTo=<path>` (rate-limited per source address): on a
 *   shared address other than PUBLIC_URL's it first moves to PUBLIC_URL (where the cookie and the
 *   registered redirect URI live); then keeps the sign-in's state in the `desk_sso` cookie (ten
 *   minutes) and sends the browser to the provider. The redirect URI is the callback on the origin
 *   the person is on.
 * - `GET /api/auth/sso/callback`: the provider's answer. Signed in: the `desk_session` cookie, as a
 *   password sign-in sets it, and 303 to `returnTo`. Refused: 303 to `returnTo?sso=<reason>`, where
 *   the sign-in page says why. Either way the `desk_sso` cookie is cleared.
 * - `GET|PUT|DELETE /api/settings/sso`: the school's provider for its administrators (`user.manage`),
 *   writes from the school's own origins only.
 */
export const ssoRoutes = routeGroup('sso', "Single sign-on with the school's OpenID provider.", [
  handledRoute({
    method: 'get',
    path: '/api/auth/sso/start',
    operationId: 'startSsoSignIn',
    summary: "Start a sign-in with the school's provider: a redirect there (a browser's navigation, not a call)",
    access: 'public',
    guards: (deps) => [rateLimit(deps.container, deps.rateLimits.sso, addressSubject)],
    // Read only once on the deployment's own address: a shared address first moves there as it is.
    query: startQuery,
    judgesQuery: true,
    responses: {
      302: redirect("To the school's provider, with the sign-in's state kept in the desk_sso cookie"),
      303: redirect(
        'To PUBLIC_URL first, from another shared address; or back to returnTo with `sso=<reason>` when the sign-in cannot start',
      ),
    },
    problems: ['invalid', 'rate_limited'],
    handle: ({ ctx, deps }) => startSignIn(ctx, deps, 'console'),
  }),
  handledRoute({
    method: 'get',
    path: '/api/auth/sso/callback',
    operationId: 'completeSsoSignIn',
    summary: "The provider's answer: signed in (the desk_session cookie) or refused, and back to the console",
    access: 'public',
    query: callbackQuery,
    judgesQuery: true,
    responses: {
      303: redirect(
        'To returnTo, signed in; or to returnTo with `sso=<reason>`, refused. The desk_sso cookie is cleared',
      ),
    },
    problems: ['invalid'],
    async handle({ ctx, deps }) {
      ctx.set('Cache-Control', 'no-store');
      // Each parameter of the provider's answer is checked as text from outside is.
      for (const name of Object.keys(callbackQuery.shape)) single(ctx, name);
      const outcome = await deps
        .resolve(CompleteSsoSignIn)
        .execute({ query: ctx.querystring, cookieState: ctx.cookies.get(SSO_COOKIE) });
      ssoCookie(ctx, deps.config, '', new Date(0));
      ctx.status = 303;
      if (outcome.kind === 'refused') return ctx.redirect(withRefusal(outcome.returnTo, outcome.reason));
      if (outcome.kind === 'portal') setPortalCookie(ctx, deps.config, outcome.portal.token, outcome.portal.expiresAt);
      else setSessionCookie(ctx, deps.config, outcome.signedIn.token, outcome.signedIn.expiresAt);
      ctx.redirect(outcome.returnTo);
    },
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/settings/sso',
    summary: "The school's provider (never its secret), and the redirect URIs to register there",
    useCase: GetSsoSettings,
    output: ssoSettingsSchema,
  }),
  useCaseRoute({
    method: 'put',
    path: '/api/settings/sso',
    summary: "Set the school's provider: checked against its discovery document before it is kept",
    useCase: ConfigureSso,
    output: ssoSettingsSchema,
  }),
  useCaseRoute({
    method: 'delete',
    path: '/api/settings/sso',
    summary: "Remove the school's provider: everyone signs in with a password again",
    useCase: RemoveSso,
    status: 204,
    problems: ['not_found'],
  }),
]);
