import type { Context, Middleware } from 'koa';
import { OAUTH_SCOPES } from '../../../domain/oauth/grant.js';
import { BeginAuthorization, type AuthorizationServer } from '../../../domain/oauth/begin-authorization.js';
import { ExchangeToken } from '../../../domain/oauth/exchange-token.js';
import { RegisterClient } from '../../../domain/oauth/register-client.js';
import { RevokeToken } from '../../../domain/oauth/revoke-token.js';
import type { DeskConfig } from '../../../config/index.js';
import type { RateLimitPolicy } from '../../../ports/rate-limiter.js';
import { formBody, jsonBody } from '../json-body.js';
import { hostTenantOf } from '../middleware/host-gate.js';
import { addressSubject, rateLimit } from '../middleware/rate-limit.js';
import { requestOrigin } from '../origin.js';
import { requestSignal } from '../request-signal.js';
import type { RouteModule } from '../route-module.js';
import { MCP_PATH, resourceMetadataPath } from './mcp.js';

/** Where the authorization server's endpoints live (the metadata names them on the origin asked). */
export const OAUTH_PATHS = {
  authorize: '/api/oauth/authorize',
  token: '/api/oauth/token',
  register: '/api/oauth/register',
  revoke: '/api/oauth/revoke',
} as const;

/** RFC 9728 §3: the metadata of the resource `<origin>/api/mcp`, by path insertion, and at the root. */
export const PROTECTED_RESOURCE_METADATA = '/.well-known/oauth-protected-resource';
export const AUTHORIZATION_SERVER_METADATA = '/.well-known/oauth-authorization-server';
/** The console page that asks the person (web/src/pages/authorize). */
const CONSENT_PAGE = '/authorize';

/** The endpoints that answer OAuth's `{error, error_description}` for every failure (error-handler.ts). */
export const OAUTH_JSON_PATHS = [OAUTH_PATHS.token, OAUTH_PATHS.register, OAUTH_PATHS.revoke] as const;

/**
 * Registrations per source address: open to anyone, so limited, but a hosted connector registers for
 * every person who adds it from the same few addresses, so not tightly (and the daily quotas below,
 * and a deployment-wide daily ceiling, stand behind it: RegisterClient).
 */
const REGISTER_POLICY: RateLimitPolicy = { name: 'oauth-register', limit: 60, windowSeconds: 600 };

/**
 * A day's registrations per source address and per school (the school whose host was asked; the
 * shared address, where no school is known yet, is one more), configured by
 * OAUTH_REGISTRATIONS_PER_ADDRESS_PER_DAY and OAUTH_REGISTRATIONS_PER_SCHOOL_PER_DAY. Without them one
 * address could use up the deployment's daily ceiling, and so registration, for every school; with
 * them it can use only its own quota, a fraction of one school's.
 */
export const registrationQuotas = (config: Pick<DeskConfig, 'oauthRegistrations'>) =>
  ({
    address: { name: 'oauth-register-address', limit: config.oauthRegistrations.perAddressPerDay, windowSeconds: DAY },
    school: { name: 'oauth-register-school', limit: config.oauthRegistrations.perSchoolPerDay, windowSeconds: DAY },
  }) as const satisfies Record<string, RateLimitPolicy>;
const DAY = 24 * 60 * 60;

/** Authorization requests and token exchanges per source address: generous for people, tight for floods. */
const AUTHORIZE_POLICY: RateLimitPolicy = { name: 'oauth-authorize', limit: 60, windowSeconds: 60 };
const TOKEN_POLICY: RateLimitPolicy = { name: 'oauth-token', limit: 120, windowSeconds: 60 };

/** The names of the limits this module adds (for the refusal metrics). */
export const OAUTH_RATE_LIMIT_POLICIES = [REGISTER_POLICY, AUTHORIZE_POLICY, TOKEN_POLICY] as const;

/**
 * Desk as the OAuth 2.1 authorization server of its MCP endpoint, as the MCP authorization
 * specification (2025-11-25, 2026-07-28) asks: protected resource metadata (RFC 9728) and
 * authorization server metadata (RFC 8414) naming the origin that was asked (a school's own host, or
 * a shared address) as both the resource's host and the issuer; dynamic client registration (RFC 7591)
 * beside client ID metadata documents; the authorization endpoint, which hands the person to the
 * console's consent page; the token endpoint (codes with PKCE, rotating refresh tokens); revocation
 * (RFC 7009). The console's own routes for the consent page and connected apps are declared in
 * console-api/connected-apps.ts.
 *
 * The OAuth endpoints answer failures in OAuth's words (error-handler.ts, OAUTH_JSON_PATHS), never
 * problem+json.
 */
export const oauthRoutes: RouteModule = {
  name: 'oauth',
  register(router, deps) {
    const { container, config } = deps;
    const server = (ctx: Context): AuthorizationServer => {
      const issuer = requestOrigin(ctx, config);
      return { issuer, resource: `${issuer}${MCP_PATH}`, tenantId: hostTenantOf(ctx)?.id ?? null };
    };
    const noStore: Middleware = async (ctx, next) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Pragma', 'no-cache');
      await next();
    };
    const perAddress = (policy: RateLimitPolicy) => rateLimit(container, policy, addressSubject);
    const quotas = registrationQuotas(config);
    // Counted only once the address's own limits let a request through, so one address adds at most
    // its quota to a school's.
    const perSchool = rateLimit(container, quotas.school, (ctx) => `school:${hostTenantOf(ctx)?.id ?? 'shared'}`);

    // Discovery. Each document describes the origin that was asked, so a school's host and the shared
    // address each have their own issuer and resource, and a token of one is refused by the other.
    const resourceMetadata = (ctx: Context) => {
      const origin = requestOrigin(ctx, config);
      ctx.set('Cache-Control', 'max-age=300');
      ctx.body = {
        resource: `${origin}${MCP_PATH}`,
        authorization_servers: [origin],
        scopes_supported: OAUTH_SCOPES,
        bearer_methods_supported: ['header'],
        resource_name: 'Desk',
      };
    };
    router.get(resourceMetadataPath, resourceMetadata);
    router.get(PROTECTED_RESOURCE_METADATA, resourceMetadata);

    router.get(AUTHORIZATION_SERVER_METADATA, (ctx) => {
      const issuer = requestOrigin(ctx, config);
      ctx.set('Cache-Control', 'max-age=300');
      ctx.body = {
        issuer,
        authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
        token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
        registration_endpoint: `${issuer}${OAUTH_PATHS.register}`,
        revocation_endpoint: `${issuer}${OAUTH_PATHS.revoke}`,
        scopes_supported: OAUTH_SCOPES,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['none'],
        revocation_endpoint_auth_methods_supported: ['none'],
        code_challenge_methods_supported: ['S256'],
        client_id_metadata_document_supported: true,
        authorization_response_iss_parameter_supported: true,
      };
    });

    router.post(
      OAUTH_PATHS.register,
      perAddress(REGISTER_POLICY),
      perAddress(quotas.address),
      perSchool,
      noStore,
      jsonBody(),
      async (ctx) => {
        ctx.body = await deps.resolve(RegisterClient).execute(ctx.request.body);
        ctx.status = 201;
      },
    );

    // The authorization endpoint is a browser's GET: it answers with a redirect, never JSON. A sound
    // request goes to the consent page; one from an app or to a redirect URI that cannot be trusted goes
    // to the consent page's error view (never to the app), with OAuth's code and Desk's reason word
    // only: the page shows its own sentence for the word, never text from its address.
    router.get(OAUTH_PATHS.authorize, perAddress(AUTHORIZE_POLICY), async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      // An app's metadata document is fetched only while the browser waits (requestSignal).
      const started = await deps.resolve(BeginAuthorization).execute(ctx.query, server(ctx), requestSignal(ctx));
      const page = new URLSearchParams();
      if (started.kind === 'consent') page.set('request', started.authorizationId);
      if (started.kind === 'refused') {
        page.set('error', started.error.code);
        page.set('reason', started.refusal);
      }
      ctx.redirect(started.kind === 'redirect' ? started.to : `${CONSENT_PAGE}?${page}`);
    });

    router.post(OAUTH_PATHS.token, perAddress(TOKEN_POLICY), noStore, formBody(), async (ctx) => {
      ctx.body = await deps.resolve(ExchangeToken).execute(ctx.state.form as Record<string, string>, server(ctx));
    });

    router.post(OAUTH_PATHS.revoke, perAddress(TOKEN_POLICY), noStore, formBody(), async (ctx) => {
      await deps.resolve(RevokeToken).execute(ctx.state.form as Record<string, string>);
      ctx.status = 200;
      ctx.body = {};
    });
  },
};
