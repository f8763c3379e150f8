import type { IdTokenClaims } from '../domain/sso/sso-provider.js';

/**
 * The relying party's side of a school's OpenID provider: discovery, the authorization request, and
 * the callback turned into verified claims (OpenID Connect Core 1.0, authorization code flow).
 *
 * Contract:
 * - `check` is for saving a configuration: it reads `<issuer>/.well-known/openid-configuration`
 *   (OpenID Connect Discovery 1.0) and checks that the document states this very issuer and offers
 *   what Desk needs (the code flow, PKCE with S256 when it lists its methods). It answers the issuer
 *   as the provider states it, which is what its ID tokens will carry in `iss`.
 * - `authorizationUrl` builds the URL the browser is sent to: the code flow, `scope`, `state`,
 *   `nonce`, the PKCE challenge (S256) of `codeVerifier`, and `redirectUri` exactly as registered.
 * - `complete` turns the callback (the query string the provider sent to `redirectUri`) into the
 *   claims of a verified ID token: the authorization response (its `state`, and `iss` when the
 *   provider sends one, RFC 9207) is checked, the code is redeemed with the PKCE verifier and the
 *   client's credentials, and the ID token's signature (the provider's published keys), `iss`, `aud`,
 *   `azp`, `exp`, `iat` and `nonce` are verified. When the token carries no `email`, the userinfo
 *   endpoint's claims (for the same `sub`) fill in the e-mail claims. A code is redeemed at most once.
 * - Only https issuers are fetched, except http on a loopback host (development). Certificates are
 *   checked against the system's trust store and NODE_EXTRA_CA_CERTS; nothing turns that off.
 * - Every failure is an `OpenIdError` with a reason; the library's own errors never leave the adapter.
 *   Messages name what went wrong in words an administrator can act on, never a secret.
 * - What an adapter remembers between calls (discovery documents, signing keys) is its own business,
 *   but it never outlives a change of the issuer, client id or secret it was fetched for.
 */
export abstract class OpenIdProvider {
  abstract check(issuer: string, clientId: string): Promise<{ issuer: string }>;
  /** Needs no secret: the secret is sent only with the code, to the token endpoint. */
  abstract authorizationUrl(
    client: Pick<OpenIdClient, 'issuer' | 'clientId'>,
    request: AuthorizationRequest,
  ): Promise<string>;
  abstract complete(client: OpenIdClient, callback: OpenIdCallback): Promise<IdTokenClaims>;
}

/** Desk as registered at the provider: the client secret in plain text, for this call only. */
export interface OpenIdClient {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface AuthorizationRequest {
  readonly redirectUri: string;
  readonly scope: string;
  readonly state: string;
  readonly nonce: string;
  /** The PKCE code verifier (RFC 7636): the URL carries only its S256 challenge. */
  readonly codeVerifier: string;
}

export interface OpenIdCallback {
  /** The redirect URI the authorization request named; it is sent again with the code. */
  readonly redirectUri: string;
  /** The callback's query string as received, without the `?`. */
  readonly query: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/**
 * Why a call to the provider failed:
 * - `invalid_issuer`: the address is not an OpenID provider Desk can use (no discovery document, one
 *   naming another issuer, http on a public host, no code flow or S256).
 * - `unreachable`: no answer (refused, unknown host, a timeout, an untrusted certificate).
 * - `provider_error`: the provider answered the authorization with an error (`access_denied`...).
 * - `invalid_response`: an answer that does not verify (the code refused, a bad signature, a wrong
 *   nonce, issuer or audience, an expired token, a state that does not match).
 */
export type OpenIdFailure = 'invalid_issuer' | 'unreachable' | 'provider_error' | 'invalid_response';

export class OpenIdError extends Error {
  override readonly name = 'OpenIdError';
  constructor(
    readonly reason: OpenIdFailure,
    message: string,
    /** The OAuth error code the provider sent (`access_denied`, `invalid_grant`...), when it sent one. */
    readonly providerCode: string | null = null,
  ) {
    super(message);
  }
}
