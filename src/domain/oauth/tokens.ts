/**
 * What Desk's authorization server hands out: opaque random strings, stored only as SHA-256 hashes,
 * each with a prefix that says what it is (and tells a secret scanner it is Desk's). None of them is
 * an API key (`desk_` + 38 characters with a checksum), so a bearer is never mistaken for the other.
 */
export const ACCESS_TOKEN_PREFIX = 'desk_at_';
export const REFRESH_TOKEN_PREFIX = 'desk_rt_';
export const CODE_PREFIX = 'desk_ac_';

/** Short-lived, as the MCP specification asks: an hour. Revocation does not wait for it (AccessLookups). */
export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Each refresh gives a new refresh token, good for this long: an app unused for a month signs in again. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** An authorization code is used at once by the app that asked for it: a minute, once. */
export const CODE_TTL_MS = 60 * 1000;
/** How long the consent page waits for the person to choose. */
export const CONSENT_TTL_MS = 10 * 60 * 1000;

/** Bytes of randomness in every token and code (256 bits). */
export const TOKEN_BYTES = 32;

export const isAccessToken = (bearer: string): boolean => bearer.startsWith(ACCESS_TOKEN_PREFIX);

/** The kinds of token a grant has (codes are kept with the authorization that made them). */
export type TokenKind = 'access' | 'refresh';

/** A token as stored: only its hash, the grant it belongs to, and when it stops working. */
export interface StoredToken {
  readonly hash: string;
  readonly tenantId: string;
  readonly grantId: string;
  readonly kind: TokenKind;
  /** The permissions this token was issued for (a subset of the grant's, when a refresh narrowed them). */
  readonly scopes: readonly string[];
  readonly createdAt: string;
  readonly expiresAt: string;
  /** A refresh token once exchanged for the next one (reusing it revokes the whole grant). */
  readonly usedAt: string | null;
}
