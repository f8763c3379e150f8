import { actorOf } from '../auth/credential.js';
import type { Context } from 'koa';
import { z } from 'zod';
import { ConsumeSetupLink, consumeSetupLinkInput } from '../../../domain/identity/consume-setup-link.js';
import { GetSignedInUser, signedInUserSchema } from '../../../domain/identity/get-signed-in-user.js';
import { signedInSchema } from '../../../domain/identity/open-session.js';
import { SignIn, signInInput, TooManyAttempts } from '../../../domain/identity/sign-in.js';
import { SignOut } from '../../../domain/identity/sign-out.js';
import { sessionUserSchema } from '../../../domain/identity/user.js';
import { DomainError, isDomainError } from '../../../domain/shared/errors.js';
import { perform } from '../../../domain/shared/use-case.js';
import { GetSsoSignInOption } from '../../../domain/sso/get-sso-sign-in-option.js';
import { GetPortalSignInOptions } from '../../../domain/portal/portal-sign-in.js';
import { ResolveTenant } from '../../../domain/tenants/resolve-tenant.js';
import type { Tenant } from '../../../domain/tenants/tenant.js';
import { secureCookies, SESSION_COOKIE, setSessionCookie } from '../auth/session.js';
import { handledRoute, noContent, routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';
import { hostTenantOf } from '../middleware/host-gate.js';
import { forbiddenOrigin, OriginPolicy } from '../middleware/origin-check.js';
import { addressKey } from '../middleware/rate-limit.js';
import type { HttpDeps } from '../route-module.js';

named('SessionUser', sessionUserSchema);

const setupDoneSchema = z.object({
  ok: z.literal(true),
  email: z.string().describe('The address to sign in with'),
  school: z.object({ slug: z.string(), name: z.string() }).describe('The school to sign in to'),
  next: z.string().describe('What to do next, in words'),
});

const schoolSchema = z.object({
  school: z
    .object({
      slug: z.string(),
      name: z.string(),
      sso: z
        .object({ label: z.string() })
        .nullable()
        .describe('"Sign in with <label>", when the school has an OpenID provider'),
      portal: z
        .object({ enabled: z.boolean(), signInLinks: z.boolean() })
        .describe("Whether the school's requester portal is on, and takes sign-in links by e-mail"),
    })
    .nullable()
    .describe("The school of this address; null on a shared address (the page asks for the school's short name)"),
});

const wrongCredentials = () => new DomainError('unauthorized', 'wrong e-mail or password');

/** The tenant a sign-in is for: the request's tenant host, else `x-tenant-slug` (SPEC §7.4). */
async function signInTenant(deps: HttpDeps, ctx: Context): Promise<Tenant> {
  const byHost = hostTenantOf(ctx);
  if (byHost) return byHost;
  const tenants = deps.resolve(ResolveTenant);
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
 * Console sign-in, sign-out, who is signed in (`/me`) and setup links (recovery and invitations). The
 * session token is returned in the body and set as an HttpOnly, SameSite=Lax cookie (Secure when
 * PUBLIC_URL is https). Each refuses a browser Origin that may not act for the school concerned
 * (middleware/origin-check.ts): sign-in the school signed into, sign-out the session's, setup (whose
 * school is known only from the token) our own origins alone. Sign-in and setup judge their body
 * themselves, after the school and the origin: a refusal comes before any input problem.
 */
export const authRoutes = routeGroup('auth', 'Signing in and out, and setting a password from a setup link.', [
  handledRoute({
    method: 'post',
    path: '/api/auth/login',
    operationId: 'signIn',
    summary: "Sign in with an e-mail address and password: the session's token, also set as the desk_session cookie",
    description:
      "The school is the address's own, else the `x-tenant-slug` header names it. Failed attempts are limited per account and per source address (429 with Retry-After); at a school whose provider has passwords off, only school administrators may sign in with one (403).",
    access: 'public',
    body: signInInput,
    judgesBody: true,
    responses: { 200: named('SignedIn', signedInSchema) },
    problems: ['invalid', 'unauthorized', 'forbidden', 'rate_limited'],
    async handle({ ctx, deps, body, reply }) {
      ctx.set('Cache-Control', 'no-store');
      const tenant = await signInTenant(deps, ctx);
      if (!new OriginPolicy(deps.config).allows(ctx, tenant)) throw forbiddenOrigin();
      try {
        const signedIn = await deps.resolve(SignIn).execute(tenant, body as never, { address: addressKey(ctx.ip) });
        setSessionCookie(ctx, deps.config, signedIn.token, signedIn.expiresAt);
        reply(200, { token: signedIn.token, expiresAt: signedIn.expiresAt, user: signedIn.user });
      } catch (e) {
        if (e instanceof TooManyAttempts) {
          ctx.set('Retry-After', String(e.retryAfterSeconds));
          for (const policy of e.policies) deps.observability.metrics.countRateLimited(policy);
        }
        throw e;
      }
    },
  }),
  handledRoute({
    method: 'post',
    path: '/api/auth/logout',
    operationId: 'signOut',
    summary: 'End the session and clear the desk_session cookie',
    responses: { 204: noContent('Signed out; the cookie is cleared.') },
    async handle({ ctx, deps }) {
      await perform(deps.resolve, SignOut, actorOf(ctx), { sessionId: ctx.state.sessionId });
      ctx.cookies.secure = secureCookies(deps.config);
      ctx.cookies.set(SESSION_COOKIE, '', {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(deps.config),
        path: '/',
        expires: new Date(0),
      });
      ctx.status = 204;
    },
  }),
  // Who is signed in, in which school, with what: the browser console draws itself from this.
  useCaseRoute({
    method: 'get',
    path: '/api/auth/me',
    summary: 'Who is signed in, in which school, and what they may do there',
    useCase: GetSignedInUser,
    output: named('SignedInUser', signedInUserSchema),
  }),
  handledRoute({
    method: 'post',
    path: '/api/auth/setup',
    operationId: 'useSetupLink',
    summary: "Set a password with a setup link's token (a recovery or an invitation)",
    access: 'public',
    body: consumeSetupLinkInput,
    judgesBody: true,
    responses: { 200: named('SetupDone', setupDoneSchema) },
    problems: ['invalid', 'forbidden'],
    async handle({ ctx, deps, body, reply }) {
      ctx.set('Cache-Control', 'no-store');
      if (!new OriginPolicy(deps.config).allows(ctx, null)) throw forbiddenOrigin();
      const done = await deps.resolve(ConsumeSetupLink).execute(body as never);
      reply(200, { ok: true, email: done.email, school: done.school, next: 'sign in with POST /api/auth/login' });
    },
  }),
  // The school this address belongs to, for the sign-in page: a school's own host names it, a shared
  // address (localhost, the deployment's own name) names none and the page asks which school.
  handledRoute({
    method: 'get',
    path: '/api/auth/school',
    operationId: 'getSignInSchool',
    summary: 'The school of this address, and its single sign-on option, for the sign-in page',
    access: 'public',
    responses: { 200: named('SignInSchool', schoolSchema) },
    async handle({ ctx, deps, reply }) {
      const tenant = hostTenantOf(ctx);
      if (!tenant) return reply(200, { school: null });
      const [sso, portal] = await Promise.all([
        deps.resolve(GetSsoSignInOption).execute(tenant.id),
        deps.resolve(GetPortalSignInOptions).execute(tenant.id),
      ]);
      reply(200, { school: { slug: tenant.slug, name: tenant.name, sso, portal } });
    },
  }),
]);
