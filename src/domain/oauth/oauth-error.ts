import type { AuthorizationRefusal } from './refusals.js';

/**
 * The error codes Desk's authorization server answers with: RFC 6749 §4.1.2.1 and §5.2 (OAuth 2.1),
 * RFC 7591 §3.2.2 (registration) and RFC 8707 (`invalid_target`).
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'slow_down'
  | 'server_error'
  | 'temporarily_unavailable';

/**
 * A refusal in OAuth's own words. The authorization server's endpoints answer it as
 * `{error, error_description}` JSON (never problem+json: OAuth clients parse only that), and the
 * authorization endpoint, once it knows the client and its redirect URI are genuine, by redirecting
 * the person back to the client with it.
 */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
  }
}

export const isOAuthError = (e: unknown): e is OAuthError => e instanceof OAuthError;

/**
 * An app, or where it would send the person back, that the authorization endpoint cannot trust: shown
 * to the person on Desk's page by its reason word (refusals.ts), never redirected to the app. The
 * description is for the app's developer in the places that speak OAuth; the page never shows it.
 */
export class AuthorizationRefused extends OAuthError {
  constructor(
    code: OAuthErrorCode,
    description: string,
    readonly refusal: AuthorizationRefusal,
  ) {
    super(code, description);
  }
}
