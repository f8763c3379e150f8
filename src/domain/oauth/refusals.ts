/**
 * Why the authorization endpoint would not even ask the person (the app or where it would send them
 * back cannot be trusted): the reason words the endpoint hands the consent page (`?reason=<word>`,
 * beside OAuth's `error` code) and the sentence the page shows for each. The page shows only these
 * sentences, never text from its own address: anyone can send a person a link to it, and whatever
 * it says is said on Desk's origin. The browser console imports this module too, so it imports
 * nothing.
 */
export const AUTHORIZATION_REFUSALS = [
  /** A parameter given twice, or far too long. */
  'malformed_request',
  /** No `client_id`. */
  'client_id_missing',
  /** A `client_id` that is neither registered here nor a usable metadata document URL. */
  'unknown_client',
  /** The app's metadata document could not be fetched (not a public address, unreachable, too slow...). */
  'client_metadata_unavailable',
  /** The metadata document was fetched but is not one Desk can use. */
  'client_metadata_invalid',
  /** No `redirect_uri`, and the app has more than one. */
  'redirect_uri_missing',
  /** A `redirect_uri` the app did not register (or publish). */
  'redirect_uri_unregistered',
] as const;

export type AuthorizationRefusal = (typeof AUTHORIZATION_REFUSALS)[number];

export const isAuthorizationRefusal = (word: string): word is AuthorizationRefusal =>
  (AUTHORIZATION_REFUSALS as readonly string[]).includes(word);

/** What the consent page says for each reason: what happened, for the person who followed the link. */
export const AUTHORIZATION_REFUSAL_MESSAGES: Readonly<Record<AuthorizationRefusal, string>> = {
  malformed_request: 'The app’s request to connect is malformed. Start again from the app.',
  client_id_missing: 'The app did not say which app it is, so Desk cannot connect it.',
  unknown_client:
    'Desk does not know this app: it was not registered here, and does not point to a description of itself that Desk can use.',
  client_metadata_unavailable:
    'Desk could not read the app’s description of itself: the address the app gave could not be reached in time, or is not a public address.',
  client_metadata_invalid: 'The app’s description of itself is not one Desk can use.',
  redirect_uri_missing: 'The app did not say where to send you back to, and it has more than one address.',
  redirect_uri_unregistered:
    'The app asked Desk to send you to an address it never registered, so Desk will not send you there.',
};

/** What the page says for a refusal without a reason it knows. */
export const AUTHORIZATION_REFUSED_GENERIC = 'Desk could not accept the app’s request to connect.';
