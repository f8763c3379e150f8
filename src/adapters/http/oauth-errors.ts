import type { Context } from 'koa';
import type { OAuthErrorCode } from '../../domain/oauth/oauth-error.js';
import type { ProblemKind } from './problems.js';

/** The status each OAuth error goes with (RFC 6749 §5.2: 400, and 401 for a client that failed). */
const STATUS: Readonly<Record<OAuthErrorCode, number>> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  invalid_scope: 400,
  invalid_target: 400,
  access_denied: 403,
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
  slow_down: 429,
  server_error: 500,
  temporarily_unavailable: 503,
};

export const oauthStatus = (code: OAuthErrorCode): number => STATUS[code];

/**
 * A failure the HTTP layer or a use case found, on an OAuth endpoint, as an OAuth error code: the
 * endpoint keeps the problem's status (413, 415, 429, 503...) and answers in OAuth's own words.
 */
export function oauthCodeOf(kind: ProblemKind): OAuthErrorCode {
  if (kind === 'rate_limited') return 'slow_down';
  if (kind === 'unavailable') return 'temporarily_unavailable';
  if (kind === 'internal') return 'server_error';
  if (kind === 'unauthorized') return 'invalid_client';
  return 'invalid_request';
}

/**
 * Writes an OAuth error response (RFC 6749 §5.2): `{error, error_description}` as JSON, never cached.
 * OAuth clients read only that shape, so the OAuth endpoints never answer problem+json.
 */
export function sendOAuthError(ctx: Context, code: OAuthErrorCode, description: string, status = STATUS[code]): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { error: code, error_description: description };
}
