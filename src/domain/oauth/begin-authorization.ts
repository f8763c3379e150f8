import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { clientHostOf, redirectMatches, type OAuthClient } from './clients.js';
import { parseScope, type Authorization } from './grant.js';
import { OAuthClients } from './oauth-clients.js';
import { AuthorizationRefused, OAuthError } from './oauth-error.js';
import type { AuthorizationRefusal } from './refusals.js';
import { CONSENT_TTL_MS } from './tokens.js';

/** Where the request was sent: the issuer (the origin asked), its MCP endpoint, and its school, if any. */
export interface AuthorizationServer {
  readonly issuer: string;
  /** The one resource its tokens are for: `<issuer>/api/mcp`. */
  readonly resource: string;
  /** The school whose own host was asked; null on a shared address (the person's school decides). */
  readonly tenantId: string | null;
}

/**
 * What the authorization endpoint does next:
 * - `consent`: the request is sound; the person decides on the consent page, for this authorization;
 * - `redirect`: the app and its redirect URI are genuine, but the request is not: back to the app
 *   with the error (and `state` and `iss`), as OAuth prescribes;
 * - `refused`: the app or its redirect URI cannot be trusted, so the person is shown why (in Desk's
 *   words for `refusal`) and never sent anywhere (a bad `redirect_uri` is never redirected to).
 */
export type AuthorizationStart =
  | { readonly kind: 'consent'; readonly authorizationId: string }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'refused'; readonly error: OAuthError; readonly refusal: AuthorizationRefusal };

const PKCE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;
const MAX_PARAM = 2_000;

/** The URL an app is sent back to: its redirect URI with these parameters added (its own query kept). */
export function backToClient(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.append(name, value);
  return url.href;
}

/** A resource indicator as sent, made comparable: scheme and host are case-insensitive (RFC 3986). */
export function canonicalResource(resource: string): string | null {
  try {
    const url = new URL(resource);
    if (url.hash || resource.includes('#')) return null;
    return url.href.replace(/\/$/, '');
  } catch {
    return null;
  }
}

/**
 * The authorization endpoint (OAuth 2.1 §4.1.1 as the MCP specification profiles it): checks the app
 * and its redirect URI first (errors there are shown to the person, never redirected), then the rest
 * of the request (errors there go back to the app): the authorization code flow only, PKCE with S256
 * required, `resource` naming this server's MCP endpoint (RFC 8707; absent, it means that endpoint),
 * `scope` a space-separated list of permission names (absent: everything the person may do), `state`
 * echoed as sent. A sound request is kept for the consent page for ten minutes. `signal` is the
 * browser request itself: an app's metadata document is fetched only while it waits.
 */
@injectable()
export class BeginAuthorization {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(OAuthClients) private readonly clients: OAuthClients,
  ) {}

  async execute(
    query: Readonly<Record<string, unknown>>,
    server: AuthorizationServer,
    signal?: AbortSignal,
  ): Promise<AuthorizationStart> {
    let client: OAuthClient;
    let redirectUri: string;
    try {
      const repeated = Object.entries(query).find(([, value]) => Array.isArray(value));
      if (repeated) throw new OAuthError('invalid_request', `${repeated[0]} is given more than once`);
      const clientId = single(query, 'client_id');
      if (!clientId) throw new AuthorizationRefused('invalid_request', 'client_id is missing', 'client_id_missing');
      client = await this.clients.resolve(clientId, signal);
      redirectUri = chooseRedirect(client, single(query, 'redirect_uri'));
    } catch (e) {
      // A parameter repeated or too long is the one refusal here that is not about the app itself.
      if (e instanceof OAuthError) {
        return {
          kind: 'refused',
          error: e,
          refusal: e instanceof AuthorizationRefused ? e.refusal : 'malformed_request',
        };
      }
      throw e;
    }

    const state = single(query, 'state');
    const back = (error: OAuthError): AuthorizationStart => ({
      kind: 'redirect',
      to: backToClient(redirectUri, {
        error: error.code,
        error_description: error.description,
        state,
        iss: server.issuer,
      }),
    });
    try {
      const request = this.checkRequest(query, server);
      const now = this.clock.now();
      const authorization: Authorization = {
        id: this.ids.next(),
        tenantId: server.tenantId,
        issuer: server.issuer,
        clientId: client.id,
        clientName: client.name,
        clientHost: clientHostOf(client),
        redirectUri,
        state,
        codeChallenge: request.codeChallenge,
        requestedScopes: request.scopes,
        resource: server.resource,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + CONSENT_TTL_MS).toISOString(),
        decidedAt: null,
        userId: null,
        scopes: null,
        codeHash: null,
        codeExpiresAt: null,
        codeUsedAt: null,
        grantId: null,
      };
      await this.uow.transaction(async (repos) => {
        // What nobody finished is swept as requests come: the table holds minutes of traffic.
        await repos.oauthAuthorizations.deleteExpired(now.toISOString());
        await repos.oauthAuthorizations.create(authorization);
      });
      return { kind: 'consent', authorizationId: authorization.id };
    } catch (e) {
      if (e instanceof OAuthError) return back(e);
      throw e;
    }
  }

  private checkRequest(query: Readonly<Record<string, unknown>>, server: AuthorizationServer) {
    const state = single(query, 'state');
    if (state !== null && state.length > MAX_PARAM) throw new OAuthError('invalid_request', 'state is too long');
    const responseType = single(query, 'response_type');
    if (responseType !== 'code') {
      throw new OAuthError(
        'unsupported_response_type',
        responseType ? `response_type "${responseType}" is not supported: use "code"` : 'response_type is missing',
      );
    }
    const codeChallenge = single(query, 'code_challenge');
    if (!codeChallenge) throw new OAuthError('invalid_request', 'code_challenge is missing: PKCE (S256) is required');
    if (!PKCE_CHALLENGE.test(codeChallenge)) {
      throw new OAuthError('invalid_request', 'code_challenge must be 43 to 128 characters of [A-Za-z0-9._~-]');
    }
    const method = single(query, 'code_challenge_method');
    if (method !== 'S256') {
      throw new OAuthError('invalid_request', `code_challenge_method must be S256${method ? `, not "${method}"` : ''}`);
    }
    const resource = single(query, 'resource');
    if (resource !== null && canonicalResource(resource) !== server.resource) {
      throw new OAuthError('invalid_target', `resource must be this server's MCP endpoint, ${server.resource}`);
    }
    const scope = single(query, 'scope');
    if (scope !== null && scope.length > MAX_PARAM) throw new OAuthError('invalid_scope', 'scope is too long');
    return { codeChallenge, scopes: parseScope(scope ?? undefined) };
  }
}

/** A parameter given once, as text; null when absent (repetition was refused before). */
function single(query: Readonly<Record<string, unknown>>, name: string): string | null {
  const value = query[name];
  if (typeof value !== 'string' || value === '') return null;
  if (value.length > MAX_PARAM && name !== 'state' && name !== 'scope') {
    throw new OAuthError('invalid_request', `${name} is too long`);
  }
  return value;
}

/**
 * The redirect URI the app is sent back to: the one it named, which must be one it registered (or
 * published), or — when it named none — the one it has, if it has exactly one (OAuth 2.1 §4.1.1).
 */
function chooseRedirect(client: OAuthClient, presented: string | null): string {
  if (presented === null) {
    if (client.redirectUris.length === 1) return client.redirectUris[0]!;
    throw new AuthorizationRefused(
      'invalid_request',
      'redirect_uri is missing, and the app has more than one',
      'redirect_uri_missing',
    );
  }
  if (!redirectMatches(client.redirectUris, presented)) {
    throw new AuthorizationRefused(
      'invalid_request',
      `redirect_uri ${presented} is not one of the app's redirect URIs`,
      'redirect_uri_unregistered',
    );
  }
  return presented;
}
