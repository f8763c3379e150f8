import type { Context } from 'koa';
import { GetPortalMe } from '../../../domain/portal/portal-me.js';
import {
  ListMyDevices,
  ListMyLoans,
  ListMyRepairs,
  ReportDeviceProblem,
  reportDeviceProblemInput,
} from '../../../domain/portal/portal-records.js';
import {
  PORTAL_LINK_POLICIES,
  portalSignedInSchema,
  RequestSignInLink,
  SignInWithLink,
  signInLinkAnswerSchema,
  signInLinkInput,
  SignOutOfPortal,
  spendLinkInput,
  TooManyLinks,
} from '../../../domain/portal/portal-sign-in.js';
import {
  attachQuery,
  AttachToMyTicket,
  GetMyTicket,
  GetMyTicketFile,
  ListMyTickets,
  listMyTicketsInput,
  OpenMyTicket,
  openMyTicketInput,
  portalFileResultSchema,
  ReplyToMyTicket,
  replyToMyTicketInput,
} from '../../../domain/portal/portal-tickets.js';
import {
  portalDeviceListSchema,
  portalLoanListSchema,
  portalMeSchema,
  portalRepairListSchema,
  portalRepairResultSchema,
  portalReplyResultSchema,
  portalTicketListSchema,
  portalTicketResultSchema,
} from '../../../domain/portal/portal-views.js';
import { actAsRequester } from '../../../domain/portal/requester.js';
import { isDomainError } from '../../../domain/shared/errors.js';
import { ResolveTenant } from '../../../domain/tenants/resolve-tenant.js';
import { requesterOf, PORTAL_COOKIE, setPortalCookie } from '../auth/requester.js';
import { fileDownload, handledRoute, noContent, redirect, routeGroup } from '../contract/route.js';
import { named } from '../contract/schema-names.js';
import { download } from '../file-download.js';
import { fileBody } from '../json-body.js';
import { hostTenantOf } from '../middleware/host-gate.js';
import { forbiddenOrigin, OriginPolicy } from '../middleware/origin-check.js';
import { addressKey, addressSubject, rateLimit } from '../middleware/rate-limit.js';
import { canonicalOrigin } from '../origin.js';
import type { HttpDeps } from '../route-module.js';
import { startQuery, startSignIn } from './sso.js';

named('PortalTicket', portalTicketResultSchema.shape.ticket);

/** A path's parameters, as input the use case checks (a malformed id is 400 naming it, never a lookup). */
const paramsOf = (ctx: Context): Record<string, string> => ({ ...ctx.params });

/** The school a sign-in link is asked for: its own host, else `school` in the body; unknown is none. */
async function linkTenant(deps: HttpDeps, ctx: Context, slug: string | undefined) {
  const byHost = hostTenantOf(ctx);
  if (byHost) return byHost;
  if (!slug) return null;
  return deps
    .resolve(ResolveTenant)
    .bySlug(slug)
    .catch((e: unknown) => {
      if (isDomainError(e) && e.code === 'not_found') return null;
      throw e;
    });
}

/**
 * The requester portal (issue 30, point 1; docs/portal.md): a person of the school, signed in by a
 * link e-mailed to them or by the school's single sign-on (or a member of staff's console session,
 * standing for the person they are), and only their own things. Every route but the sign-ins is
 * behind the portal guard (auth/requester.ts); another person's ticket, file or pupil is 404 as if
 * there were none, and a module the school has off is 404.
 */
export const portalRoutes = routeGroup(
  'portal',
  "The requester portal: a pupil's or a member of staff's own tickets, repairs and loans.",
  [
    handledRoute({
      method: 'post',
      path: '/api/portal/sign-in-link',
      operationId: 'requestPortalSignInLink',
      summary: 'E-mail a one-use sign-in link (15 minutes) to a person of the school, if the school allows links',
      description:
        'The answer is the same whether or not the address is known, so it tells nobody who is at the school. Links are limited per address (three in 15 minutes, silently) and per source address (429 with Retry-After). The link opens `/portal/sign-in#token=…`; the page spends the token with `POST /api/portal/sign-in`.',
      access: 'public',
      body: signInLinkInput,
      responses: { 200: named('PortalSignInLinkAnswer', signInLinkAnswerSchema) },
      problems: ['invalid', 'forbidden', 'rate_limited'],
      async handle({ ctx, deps, body, reply }) {
        ctx.set('Cache-Control', 'no-store');
        const tenant = await linkTenant(deps, ctx, body.school);
        if (!new OriginPolicy(deps.config).allows(ctx, tenant)) throw forbiddenOrigin();
        const origin = canonicalOrigin(ctx, deps.config);
        const portalUrl = `${origin}/portal/sign-in${hostTenantOf(ctx) || !tenant ? '' : `?school=${encodeURIComponent(tenant.slug)}`}`;
        try {
          reply(
            200,
            await deps
              .resolve(RequestSignInLink)
              .execute(tenant, { email: body.email, source: addressKey(ctx.ip), portalUrl }),
          );
        } catch (e) {
          if (e instanceof TooManyLinks) deps.observability.metrics.countRateLimited(PORTAL_LINK_POLICIES.source.name);
          throw e;
        }
      },
    }),
    handledRoute({
      method: 'post',
      path: '/api/portal/sign-in',
      operationId: 'signInToPortal',
      summary: 'Spend a sign-in link: a portal session, set as the desk_portal cookie',
      description: 'A link works once and for 15 minutes; a used, expired or unknown one is 401.',
      access: 'public',
      body: spendLinkInput,
      responses: { 200: named('PortalSignedIn', portalSignedInSchema) },
      problems: ['invalid', 'unauthorized', 'forbidden'],
      async handle({ ctx, deps, body, reply }) {
        ctx.set('Cache-Control', 'no-store');
        const host = hostTenantOf(ctx);
        if (!new OriginPolicy(deps.config).allows(ctx, host)) throw forbiddenOrigin();
        const signedIn = await deps.resolve(SignInWithLink).execute(host?.id ?? null, body.token);
        setPortalCookie(ctx, deps.config, signedIn.token, signedIn.expiresAt);
        reply(200, { expiresAt: signedIn.expiresAt });
      },
    }),
    handledRoute({
      method: 'get',
      path: '/api/portal/sso/start',
      operationId: 'startPortalSsoSignIn',
      summary: "Sign in to the portal with the school's provider: a redirect there (a browser's navigation)",
      description:
        "The same provider, callback and redirect URI as the console's sign-in (`/api/auth/sso/callback`); the verified address, inside the school's domains, names the person. Back to `returnTo` (a portal path) signed in, or with `sso=<reason>`.",
      access: 'public',
      guards: (deps) => [rateLimit(deps.container, deps.rateLimits.sso, addressSubject)],
      query: startQuery,
      judgesQuery: true,
      responses: {
        302: redirect("To the school's provider, with the sign-in's state kept in the desk_sso cookie"),
        303: redirect('To PUBLIC_URL first, from another shared address; or back with `sso=<reason>`'),
      },
      problems: ['invalid', 'rate_limited'],
      handle: ({ ctx, deps }) => startSignIn(ctx, deps, 'portal'),
    }),
    handledRoute({
      method: 'post',
      path: '/api/portal/sign-out',
      operationId: 'signOutOfPortal',
      summary: 'End the portal session and clear the desk_portal cookie',
      access: 'requester',
      responses: { 204: noContent('Signed out of the portal (a console session stays as it is).') },
      async handle({ ctx, deps }) {
        await deps.resolve(SignOutOfPortal).execute(requesterOf(ctx));
        if (ctx.cookies.get(PORTAL_COOKIE)) setPortalCookie(ctx, deps.config, '', new Date(0).toISOString());
        ctx.status = 204;
      },
    }),
    handledRoute({
      method: 'get',
      path: '/api/portal/me',
      operationId: 'getPortalMe',
      summary: 'Who is signed in to the portal, and what the school offers them there',
      access: 'requester',
      responses: { 200: named('PortalMe', portalMeSchema) },
      async handle({ ctx, deps, reply }) {
        reply(200, await deps.resolve(GetPortalMe).execute(requesterOf(ctx)));
      },
    }),
    handledRoute({
      method: 'get',
      path: '/api/portal/tickets',
      operationId: 'listMyTickets',
      summary: "The requester's tickets, newest first (theirs, and those they filed for a pupil)",
      access: 'requester',
      query: listMyTicketsInput,
      responses: { 200: named('PortalTicketList', portalTicketListSchema) },
      problems: ['module_disabled'],
      async handle({ ctx, deps, query, reply }) {
        reply(200, await actAsRequester(deps.resolve, ListMyTickets, requesterOf(ctx), query));
      },
    }),
    handledRoute({
      method: 'post',
      path: '/api/portal/tickets',
      operationId: 'openMyTicket',
      summary: 'Open a ticket (a teacher may open one for a pupil of their loan groups)',
      description:
        "The school's routing rules apply as to every channel, and the requester is told by e-mail with the ticket's number.",
      access: 'requester',
      body: openMyTicketInput,
      responses: { 201: named('PortalTicketResult', portalTicketResultSchema) },
      problems: ['module_disabled', 'not_found', 'conflict'],
      async handle({ ctx, deps, body, reply }) {
        reply(201, await actAsRequester(deps.resolve, OpenMyTicket, requesterOf(ctx), body));
      },
    }),
    handledRoute({
      method: 'get',
      path: '/api/portal/tickets/{id}',
      operationId: 'getMyTicket',
      summary: "One of the requester's tickets, with its public conversation and files",
      access: 'requester',
      responses: { 200: portalTicketResultSchema },
      problems: ['module_disabled', 'not_found', 'invalid'],
      async handle({ ctx, deps, reply }) {
        reply(200, await actAsRequester(deps.resolve, GetMyTicket, requesterOf(ctx), paramsOf(ctx)));
      },
    }),
    handledRoute({
      method: 'post',
      path: '/api/portal/tickets/{id}/comments',
      operationId: 'replyToMyTicket',
      summary: 'Answer on a ticket: a waiting one opens again, a resolved one reopens inside its window',
      access: 'requester',
      body: replyToMyTicketInput.omit({ id: true }),
      responses: { 201: named('PortalReplyResult', portalReplyResultSchema) },
      problems: ['module_disabled', 'not_found', 'conflict'],
      async handle({ ctx, deps, body, reply }) {
        const input = { ...paramsOf(ctx), ...body };
        reply(201, await actAsRequester(deps.resolve, ReplyToMyTicket, requesterOf(ctx), input));
      },
    }),
    handledRoute({
      method: 'post',
      path: '/api/portal/tickets/{id}/attachments',
      operationId: 'attachToMyTicket',
      summary: "Attach a file (a photo of the fault) to a ticket, or to one of the requester's replies on it",
      description:
        "The body is the file itself with its own Content-Type (`image/jpeg`…), up to the school's per-file limit (`maxFileBytes` in `GET /api/portal/me`); `name` is its file name.",
      access: 'requester',
      query: attachQuery,
      body: 'application/octet-stream',
      guards: () => [fileBody()],
      responses: { 201: named('PortalFileResult', portalFileResultSchema) },
      problems: ['module_disabled', 'not_found', 'conflict', 'malformed_body'],
      async handle({ ctx, deps, query, reply }) {
        const input = {
          ...paramsOf(ctx),
          ...query,
          contentType: ctx.state.fileType as string,
          content: ctx.request.body as Buffer,
        };
        reply(201, await actAsRequester(deps.resolve, AttachToMyTicket, requesterOf(ctx), input));
      },
    }),
    handledRoute({
      method: 'get',
      path: '/api/portal/tickets/{id}/attachments/{fileId}',
      operationId: 'getMyTicketFile',
      summary: "A file of the requester's ticket, as a download",
      access: 'requester',
      responses: { 200: fileDownload('The file, as an attachment to save (never shown in the page)') },
      problems: ['module_disabled', 'not_found', 'invalid'],
      async handle({ ctx, deps }) {
        download(await actAsRequester(deps.resolve, GetMyTicketFile, requesterOf(ctx), paramsOf(ctx)), ctx);
        ctx.status = 200;
      },
    }),
    handledRoute({
      method: 'get',
      path: '/api/portal/repairs',
      operationId: 'listMyRepairs',
      summary: 'The repairs the requester reported, newest first',
      access: 'requester',
      responses: { 200: named('PortalRepairList', portalRepairListSchema) },
      problems: ['module_disabled'],
      async handle({ ctx, deps, reply }) {
        reply(200, await actAsRequester(deps.resolve, ListMyRepairs, requesterOf(ctx), {}));
      },
    }),
    handledRoute({
      method: 'post',
      path: '/api/portal/repairs',
      operationId: 'reportDeviceProblem',
      summary: 'Report a problem with a device or loaner the requester holds: a repair submission',
      access: 'requester',
      body: reportDeviceProblemInput,
      responses: { 201: named('PortalRepairResult', portalRepairResultSchema) },
      problems: ['module_disabled', 'not_found', 'conflict'],
      async handle({ ctx, deps, body, reply }) {
        reply(201, await actAsRequester(deps.resolve, ReportDeviceProblem, requesterOf(ctx), body));
      },
    }),
    handledRoute({
      method: 'get',
      path: '/api/portal/loans',
      operationId: 'listMyLoans',
      summary: 'What the requester has on loan (with due dates) and their bookings to come',
      access: 'requester',
      responses: { 200: named('PortalLoanList', portalLoanListSchema) },
      problems: ['module_disabled'],
      async handle({ ctx, deps, reply }) {
        reply(200, await actAsRequester(deps.resolve, ListMyLoans, requesterOf(ctx), {}));
      },
    }),
    handledRoute({
      method: 'get',
      path: '/api/portal/devices',
      operationId: 'listMyDevices',
      summary: "The devices and loaners the requester (or a teacher's pupil) holds: what a problem may be reported on",
      access: 'requester',
      query: ListMyDevices.input,
      responses: { 200: named('PortalDeviceList', portalDeviceListSchema) },
      problems: ['not_found'],
      async handle({ ctx, deps, query, reply }) {
        reply(200, await actAsRequester(deps.resolve, ListMyDevices, requesterOf(ctx), query));
      },
    }),
  ],
);
