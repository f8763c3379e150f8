/**
 * A Desk user's account at the school's provider, and a sign-in on its way there and back.
 *
 * The binding is what makes single sign-on safe against a renamed or recycled mailbox (the "nOAuth"
 * class of flaw): the e-mail address is trusted once, for the first sign-in; from then on the
 * provider's stable identifier of the account (`iss` + `sub`) alone says who signs in.
 */
export interface SsoBinding {
  readonly issuer: string;
  readonly subject: string;
  readonly userId: string;
  /** The e-mail address the first sign-in matched (for the record: never matched again). */
  readonly email: string;
  readonly createdAt: string;
  readonly lastSignInAt: string;
}

/**
 * A sign-in sent to the provider and not yet back: what the callback must find to accept its answer.
 * Keyed by the SHA-256 hash of `state` (the state itself lives only in the browser's cookie and the
 * provider's redirect), used at most once, for ten minutes.
 */
export const SSO_AUDIENCES = ['console', 'portal'] as const;
export type SsoAudience = (typeof SSO_AUDIENCES)[number];

export interface PendingSignIn {
  readonly stateHash: string;
  readonly nonce: string;
  /** The PKCE code verifier; the provider saw only its S256 challenge. */
  readonly codeVerifier: string;
  /** The redirect URI the request named (the code is redeemed with the same one). */
  readonly redirectUri: string;
  /** Where the browser goes afterwards: a path on the same origin. */
  readonly returnTo: string;
  /** Who the sign-in is for: a console user, or a requester in the portal (a person of the school). */
  readonly audience: SsoAudience;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly usedAt: string | null;
}
