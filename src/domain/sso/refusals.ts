/**
 * Why a single sign-on did not sign anyone in: the reason words (what the audit log records as
 * `auth.sso_refused` and what the callback hands back to the sign-in page as `?sso=<reason>`) and the
 * message a person is shown for each. The browser console imports this module too, so it imports
 * nothing: one list of reasons, one set of words, on both sides.
 */
export const SSO_REFUSALS = [
  /** The school is unknown, or has no OpenID provider (the two answer alike). */
  'not_configured',
  /** No active user of the school has the e-mail address the provider vouched for. */
  'unknown_user',
  /** The portal: no person of the school (not archived) has that address, or the portal is off. */
  'unknown_person',
  /** The provider sent no e-mail address, or did not say it is verified. */
  'unverified_email',
  /** The e-mail address (or Google's `hd`) is outside the school's allowed domains. */
  'domain',
  /** The Desk user is turned off. */
  'deactivated',
  /** The sign-in was not started in this browser, was already used, or has expired. */
  'state',
  /** The provider itself answered with an error (the person cancelled, or it refused). */
  'provider_error',
  /** The Desk user is already linked to another account at this provider. */
  'subject_mismatch',
  /** The provider's answer could not be verified (the code exchange or the ID token failed its checks). */
  'invalid_response',
  /** The provider could not be reached (down, unreachable, or an untrusted certificate). */
  'provider_unreachable',
] as const;

export type SsoRefusal = (typeof SSO_REFUSALS)[number];

export const isSsoRefusal = (word: string): word is SsoRefusal => (SSO_REFUSALS as readonly string[]).includes(word);

/** What the sign-in page says for each reason: what happened, and what the person can do about it. */
export const SSO_REFUSAL_MESSAGES: Readonly<Record<SsoRefusal, string>> = {
  not_configured: 'Single sign-on is not set up for that school. Sign in with your e-mail address and password.',
  unknown_user:
    "You signed in at your school's provider, but no Desk user of this school has that e-mail address. Desk never creates accounts by itself: ask your school's Desk administrator to invite you.",
  unknown_person:
    "You signed in at your school's provider, but no pupil or member of staff of the school has that e-mail address in Desk. Ask your school's IT team to check your record.",
  unverified_email:
    'Your provider did not confirm that the e-mail address is yours, so Desk cannot tell whose account it is. Ask your school’s IT team.',
  domain: "That account's e-mail address is not in a domain this school allows. Sign in with your school account.",
  deactivated: "Your Desk account is turned off. Ask your school's Desk administrator.",
  state: 'That sign-in was already used, has expired, or was started in another browser. Start again.',
  provider_error: 'The provider did not sign you in (it was cancelled or refused). Try again.',
  subject_mismatch:
    "Your Desk account is linked to a different account at your school's provider. Sign in with that account, or ask your school's Desk administrator to unlink it.",
  invalid_response:
    "The provider's answer could not be verified, so nobody was signed in. Try again; if it keeps happening, tell your school's IT team.",
  provider_unreachable: "Desk could not reach your school's sign-in provider. Try again in a moment.",
};
