/**
 * The OpenIdProvider port on openid-client 6 (a certified OpenID Connect relying party, over
 * oauth4webapi): discovery, the authorization URL, the code exchange and the ID token's checks are
 * the library's; this adapter chooses the options, remembers what it discovered, and turns the
 * library's errors into the port's reasons.
 *
 * - Discovery documents are remembered per issuer for an hour (a provider's endpoints rarely move)
 *   with the signing keys fetched through them; a failed discovery is never remembered. Saving a
 *   configuration (`check`) always asks again. The client secret is never remembered: each call
 *   builds its client from the metadata and the secret it is given.
 * - `enableNonRepudiationChecks`: openid-client trusts an ID token from the token endpoint on the
 *   strength of TLS alone by default; Desk also verifies its signature with the provider's keys.
 * - https only, except http on a loopback host (`allowInsecureRequests`, for development). Node's
 *   fetch checks certificates against the system store and NODE_EXTRA_CA_CERTS.
 * - Every request gives up after 10 seconds.
 */
import type * as OpenIdClientLib from 'openid-client';
import type { IdTokenClaims } from '../../domain/sso/sso-provider.js';
import {
  OpenIdError,
  OpenIdProvider,
  type AuthorizationRequest,
  type OpenIdCallback,
  type OpenIdClient,
  type OpenIdFailure,
} from '../../ports/openid-provider.js';

type Lib = typeof OpenIdClientLib;
type ServerMetadata = OpenIdClientLib.ServerMetadata;
type JwksCache = OpenIdClientLib.ExportedJWKSCache;

/** Seconds a request to the provider may take. */
export const OPENID_TIMEOUT_SECONDS = 10;
/** How long a discovery document is used before it is fetched again. */
const DISCOVERY_MAX_AGE_MS = 60 * 60 * 1000;
/** Issuers remembered at most (one per school, or a few). */
const MAX_ISSUERS = 1_000;

/** The claims a userinfo answer may add when the ID token carried no e-mail address. */
const USERINFO_CLAIMS = ['email', 'email_verified', 'hd', 'xms_edov', 'name'] as const;

/** Certificate problems, which an administrator fixes with the right CA, not by retrying. */
const CERTIFICATE_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

let loaded: Promise<Lib> | undefined;
/** openid-client is loaded on first use: `desk serve` starts without it, as most schools never sign in with it. */
const library = (): Promise<Lib> => (loaded ??= import('openid-client'));

interface Discovered {
  readonly metadata: ServerMetadata;
  readonly at: number;
  /** The provider's signing keys as last fetched, handed to the next call. */
  jwks?: JwksCache;
}

export class OpenIdClientProvider extends OpenIdProvider {
  private readonly discovered = new Map<string, Promise<Discovered>>();

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  /** Always asks the provider (an administrator is checking it now), and remembers the answer. */
  async check(issuer: string, clientId: string): Promise<{ issuer: string }> {
    const { metadata } = await this.remember(new URL(issuer).href, this.discover(issuer, clientId));
    return { issuer: metadata.issuer };
  }

  async authorizationUrl(
    client: Pick<OpenIdClient, 'issuer' | 'clientId'>,
    request: AuthorizationRequest,
  ): Promise<string> {
    const lib = await library();
    const { config } = await this.configure(lib, { ...client, clientSecret: null });
    const challenge = await lib.calculatePKCECodeChallenge(request.codeVerifier);
    return lib.buildAuthorizationUrl(config, {
      redirect_uri: request.redirectUri,
      scope: request.scope,
      state: request.state,
      nonce: request.nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).href;
  }

  async complete(client: OpenIdClient, callback: OpenIdCallback): Promise<IdTokenClaims> {
    const lib = await library();
    const { config, discovered } = await this.configure(lib, client);
    // The redirect URI sent with the code is this URL without its query: the registered one.
    const current = new URL(callback.redirectUri);
    current.search = callback.query;
    try {
      const tokens = await lib.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: callback.codeVerifier,
        expectedState: callback.state,
        expectedNonce: callback.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new OpenIdError('invalid_response', 'the provider sent no ID token');
      const result: Record<string, unknown> = { ...claims };
      // A provider that keeps the e-mail claims at its userinfo endpoint (as the core spec allows).
      if (claims.email === undefined && config.serverMetadata().userinfo_endpoint) {
        const info = await lib.fetchUserInfo(config, tokens.access_token, claims.sub);
        for (const claim of USERINFO_CLAIMS) if (info[claim] !== undefined) result[claim] = info[claim];
      }
      discovered.jwks = lib.getJwksCache(config) ?? discovered.jwks;
      return result as IdTokenClaims;
    } catch (e) {
      throw failure(lib, e, 'callback', client.issuer);
    }
  }

  /** A client for one call: the remembered metadata (discovered now if need be) and this secret. */
  private async configure(lib: Lib, client: { issuer: string; clientId: string; clientSecret: string | null }) {
    const key = new URL(client.issuer).href;
    let entry = this.discovered.get(key);
    const fresh = entry && (await entry.then((d) => this.now() - d.at < DISCOVERY_MAX_AGE_MS).catch(() => false));
    if (!entry || !fresh) entry = this.remember(key, this.discover(client.issuer, client.clientId));
    const discovered = await entry;
    const config = new lib.Configuration(discovered.metadata, client.clientId, client.clientSecret ?? undefined);
    this.harden(lib, config, discovered.metadata.issuer);
    if (discovered.jwks) lib.setJwksCache(config, discovered.jwks);
    return { config, discovered };
  }

  private remember(key: string, discovery: Promise<Discovered>): Promise<Discovered> {
    if (!this.discovered.has(key) && this.discovered.size >= MAX_ISSUERS) {
      this.discovered.delete(this.discovered.keys().next().value!);
    }
    this.discovered.set(key, discovery);
    discovery.catch(() => {
      if (this.discovered.get(key) === discovery) this.discovered.delete(key);
    });
    return discovery;
  }

  /**
   * Reads `<issuer>/.well-known/openid-configuration` and checks what Desk relies on: the document
   * states this very issuer (openid-client lets Entra's shared endpoints through with a `{tenantid}`
   * placeholder; Desk does not), the code flow, PKCE with S256 when the methods are listed, and the
   * endpoints and keys of the flow.
   */
  private async discover(issuer: string, clientId: string): Promise<Discovered> {
    const lib = await library();
    let metadata: ServerMetadata;
    try {
      const config = await lib.discovery(new URL(issuer), clientId, undefined, undefined, {
        timeout: OPENID_TIMEOUT_SECONDS,
        execute: insecureAllowed(issuer) ? [lib.allowInsecureRequests] : [],
      });
      metadata = config.serverMetadata();
    } catch (e) {
      throw failure(lib, e, 'discovery', issuer);
    }
    const where = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const refuse = (why: string) => new OpenIdError('invalid_issuer', `${where} ${why}`);
    if (new URL(metadata.issuer).href !== new URL(issuer).href || /\{tenantid\}/i.test(metadata.issuer)) {
      throw refuse(`states another issuer, ${metadata.issuer}: use that exact address`);
    }
    if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
      throw refuse('lacks the authorization endpoint, the token endpoint or the signing keys (jwks_uri)');
    }
    if (metadata.response_types_supported && !metadata.response_types_supported.includes('code')) {
      throw refuse('does not offer the authorization code flow (response type "code")');
    }
    const pkce = metadata.code_challenge_methods_supported;
    if (pkce && !pkce.includes('S256')) throw refuse('does not offer PKCE with S256');
    return { metadata, at: this.now() };
  }

  private harden(lib: Lib, config: OpenIdClientLib.Configuration, issuer: string): void {
    config.timeout = OPENID_TIMEOUT_SECONDS;
    lib.enableNonRepudiationChecks(config);
    if (insecureAllowed(issuer)) lib.allowInsecureRequests(config);
  }
}

/** http is allowed only for a provider on this machine (the domain refuses it elsewhere at saving). */
function insecureAllowed(issuer: string): boolean {
  const { protocol, hostname } = new URL(issuer);
  return (
    protocol === 'http:' &&
    (hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname))
  );
}

interface Caused {
  readonly code?: unknown;
  readonly message?: unknown;
  readonly status?: unknown;
  readonly body?: { readonly issuer?: unknown };
  readonly cause?: Caused;
}

/**
 * The port's error for whatever the library threw (openid-client's errors are listed in
 * /work/notes/oidc-harness.md and the library's docs). An error of Desk's own making (a wrong
 * argument) is a bug, and stays one.
 */
function failure(lib: Lib, e: unknown, phase: 'discovery' | 'callback', issuer: string): Error {
  if (e instanceof OpenIdError) return e;
  const host = new URL(issuer).host;
  const unusable: OpenIdFailure = phase === 'discovery' ? 'invalid_issuer' : 'invalid_response';
  if (e instanceof lib.AuthorizationResponseError) {
    const said = e.error_description ? `${e.error}: ${e.error_description}` : e.error;
    return new OpenIdError('provider_error', `the provider answered ${said}`, e.error);
  }
  if (e instanceof lib.ResponseBodyError) {
    return new OpenIdError('invalid_response', `${host} refused the request (${e.status} ${e.error})`, e.error);
  }
  const err = e as Caused;
  if (e instanceof lib.ClientError) {
    const detail = String(err.cause?.message ?? (e as Error).message);
    switch (err.code) {
      case 'OAUTH_TIMEOUT':
      case 'OAUTH_ABORT':
        return new OpenIdError('unreachable', `${host} did not answer within ${OPENID_TIMEOUT_SECONDS} seconds`);
      case 'OAUTH_HTTP_REQUEST_FORBIDDEN':
      case 'OAUTH_REQUEST_PROTOCOL_FORBIDDEN':
        return new OpenIdError('invalid_issuer', `only https is allowed for ${host}`);
      case 'OAUTH_RESPONSE_IS_NOT_CONFORM': {
        const status = typeof err.cause?.status === 'number' ? ` (HTTP ${err.cause.status})` : '';
        return phase === 'discovery'
          ? new OpenIdError('invalid_issuer', `there is no OpenID configuration at this address${status}`)
          : new OpenIdError('invalid_response', `${host} answered unexpectedly${status}`);
      }
      case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED': {
        if (phase === 'callback') return new OpenIdError('invalid_response', detail);
        const stated = typeof err.cause?.body?.issuer === 'string' ? `, ${err.cause.body.issuer}` : '';
        return new OpenIdError(
          'invalid_issuer',
          `its discovery document states another issuer${stated}: use that exact address`,
        );
      }
      default:
        return new OpenIdError(
          unusable,
          phase === 'discovery' ? `this address did not answer as an OpenID provider: ${detail}` : detail,
        );
    }
  }
  // fetch's own failure: nothing came back (refused, no such host, TLS refused).
  if (e instanceof TypeError && err.cause) {
    const code = String(err.cause.code ?? err.cause.message ?? 'failed');
    return CERTIFICATE_CODES.has(code)
      ? new OpenIdError(
          'unreachable',
          `the certificate of ${host} is not trusted (${code}): add its CA to NODE_EXTRA_CA_CERTS, or fix the provider's certificate`,
        )
      : new OpenIdError('unreachable', `cannot reach ${host} (${code})`);
  }
  return e instanceof Error ? e : new Error(String(e));
}
