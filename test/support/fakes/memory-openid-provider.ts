/**
 * The OpenIdProvider port in memory, for the use cases' unit tests: providers registered by issuer,
 * each with its clients, and an authorization that a test "signs in" with the claims it wants the ID
 * token to carry. It keeps the port's promises that a use case relies on — a code is redeemed once,
 * only with the state, nonce, PKCE verifier, redirect URI and client secret of its request — so a
 * use case that passes the wrong one fails here too. The real exchange (oidc-provider and
 * openid-client, over HTTPS) is tested end to end in test/capabilities/sso/sso-http.test.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IdTokenClaims } from '../../../src/domain/sso/sso-provider.js';
import {
  OpenIdError,
  type AuthorizationRequest,
  type OpenIdCallback,
  type OpenIdClient,
  type OpenIdProvider,
} from '../../../src/ports/openid-provider.js';

interface Registered {
  /** The issuer as the provider states it in discovery. */
  readonly issuer: string;
  /** client id → secret. */
  readonly clients: Map<string, string>;
}

interface Authorization {
  readonly client: Pick<OpenIdClient, 'issuer' | 'clientId'>;
  readonly request: AuthorizationRequest;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export class MemoryOpenIdProvider implements OpenIdProvider {
  private readonly providers = new Map<string, Registered>();
  private readonly authorizations = new Map<string, Authorization>();
  private readonly codes = new Map<string, { state: string; claims: IdTokenClaims }>();
  /** While true, every call fails as a provider that cannot be reached would. */
  unreachable = false;

  /** A provider at `issuer` (stated exactly so in discovery) with one registered client. */
  register(issuer: string, clientId: string, clientSecret: string): this {
    const key = new URL(issuer).href;
    const known = this.providers.get(key) ?? { issuer, clients: new Map() };
    known.clients.set(clientId, clientSecret);
    this.providers.set(key, known);
    return this;
  }

  async check(issuer: string, _clientId: string): Promise<{ issuer: string }> {
    return { issuer: this.discover(issuer).issuer };
  }

  async authorizationUrl(client: Pick<OpenIdClient, 'issuer' | 'clientId'>, request: AuthorizationRequest) {
    const provider = this.discover(client.issuer);
    this.authorizations.set(request.state, { client, request });
    const url = new URL('/authorize', provider.issuer);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: request.redirectUri,
      scope: request.scope,
      state: request.state,
      nonce: request.nonce,
      code_challenge: s256(request.codeVerifier),
      code_challenge_method: 'S256',
    }).toString();
    return url.href;
  }

  /**
   * The person signs in at the provider as the account with these claims: the query string the
   * provider sends back to the redirect URI (a fresh code, the state, and `iss`).
   */
  signIn(authorizationUrl: string, claims: { readonly sub: string; readonly [claim: string]: unknown }): string {
    const state = new URL(authorizationUrl).searchParams.get('state')!;
    const authorization = this.authorizations.get(state);
    if (!authorization) throw new Error('no authorization was started with this URL');
    const code = randomUUID();
    this.codes.set(code, { state, claims: { iss: authorization.client.issuer, ...claims } });
    return new URLSearchParams({ code, state, iss: authorization.client.issuer }).toString();
  }

  /** The person presses Cancel: the query string carries `error` instead of a code. */
  cancel(authorizationUrl: string, error = 'access_denied'): string {
    const state = new URL(authorizationUrl).searchParams.get('state')!;
    return new URLSearchParams({ error, error_description: 'The user cancelled', state }).toString();
  }

  async complete(client: OpenIdClient, callback: OpenIdCallback): Promise<IdTokenClaims> {
    const provider = this.discover(client.issuer);
    const params = new URLSearchParams(callback.query);
    const error = params.get('error');
    if (error) throw new OpenIdError('provider_error', `the provider answered ${error}`, error);
    if (params.get('state') !== callback.state) throw new OpenIdError('invalid_response', 'unexpected "state"');
    const code = params.get('code') ?? '';
    const issued = this.codes.get(code);
    this.codes.delete(code);
    if (!issued) throw new OpenIdError('invalid_response', 'the code was refused', 'invalid_grant');
    const { request } = this.authorizations.get(issued.state)!;
    if (provider.clients.get(client.clientId) !== client.clientSecret) {
      throw new OpenIdError('invalid_response', 'the client was refused', 'invalid_client');
    }
    if (s256(callback.codeVerifier) !== s256(request.codeVerifier) || callback.redirectUri !== request.redirectUri) {
      throw new OpenIdError('invalid_response', 'the code was refused', 'invalid_grant');
    }
    if (callback.nonce !== request.nonce) throw new OpenIdError('invalid_response', 'unexpected ID Token "nonce"');
    return issued.claims;
  }

  private discover(issuer: string): Registered {
    if (this.unreachable) throw new OpenIdError('unreachable', `cannot reach ${issuer}: ECONNREFUSED`);
    const provider = this.providers.get(new URL(issuer).href);
    if (!provider) throw new OpenIdError('invalid_issuer', `no OpenID configuration at ${issuer} (HTTP 404)`);
    return provider;
  }
}
