import { z } from 'zod';
import { text } from '../shared/validation.js';
import { OAuthError } from './oauth-error.js';

/**
 * An app that asks people for access (an MCP client). Either registered here through dynamic client
 * registration (RFC 7591), its `id` one Desk made, or identified by a client ID metadata document:
 * its `id` is the https URL of a JSON document the app publishes, naming it and its redirect URIs,
 * which Desk fetches (ports/client-metadata.ts). Desk serves public clients only: none holds a
 * secret, and PKCE is what binds a code to the app that asked for it.
 */
export interface OAuthClient {
  readonly id: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly kind: 'registered' | 'metadata-document';
}

/** A registered client as stored: deployment-wide, since registration happens before any school is known. */
export interface RegisteredClient extends OAuthClient {
  readonly kind: 'registered';
  readonly createdAt: string;
}

/** Ids Desk gives registered clients: URL-safe, so Basic authentication and forms encode them alike. */
export const REGISTERED_CLIENT_PREFIX = 'desk_client_';

/** The host a person is shown for an app known by its metadata document (whoever controls it vouches). */
export const clientHostOf = (client: Pick<OAuthClient, 'id' | 'kind'>): string | null =>
  client.kind === 'metadata-document' ? new URL(client.id).host : null;

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);

const parseUrl = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/** An http redirect URI on the machine the app runs on (RFC 8252 §7.3: a native app's listener). */
const isLoopback = (url: URL): boolean => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);

/**
 * Why a redirect URI cannot be registered, or null: it must be absolute, https or loopback http
 * (the MCP specification), with no fragment and no user name or password in it.
 */
export function redirectUriProblem(value: string): string | null {
  const url = parseUrl(value);
  if (!url) return `"${value}" is not an absolute URL`;
  if (url.hash || value.includes('#')) return `"${value}" has a fragment`;
  if (url.username || url.password) return `"${value}" carries a user name or password`;
  if (url.protocol !== 'https:' && !isLoopback(url)) {
    return `"${value}" must use https, or http on a loopback address (127.0.0.1, [::1] or localhost)`;
  }
  return null;
}

/**
 * Whether `presented` is one of the client's redirect URIs: compared as exact strings, except that a
 * loopback URI matches on any port, since a native app listens on whichever port is free when it asks
 * (RFC 8252 §7.3, which OAuth 2.1 makes a MUST). Only the port is free: a user name or password in
 * the presented URI is refused, as registration refuses it (`http://evil@127.0.0.1:1234/cb` is not
 * `http://127.0.0.1/cb`).
 */
export function redirectMatches(registered: readonly string[], presented: string): boolean {
  if (registered.includes(presented)) return true;
  const url = parseUrl(presented);
  if (!url || !isLoopback(url) || url.hash || url.username || url.password) return false;
  return registered.some((r) => {
    const known = parseUrl(r);
    if (!known || !isLoopback(known)) return false;
    return known.hostname === url.hostname && known.pathname === url.pathname && known.search === url.search;
  });
}

/** Whether a client id names a metadata document rather than a registration. */
export const isMetadataDocumentId = (clientId: string): boolean => clientId.startsWith('https://');

/**
 * Why `clientId` cannot be a client ID metadata document URL, or null (the CIMD draft): https, a path
 * other than `/`, no fragment, no user name or password, no `.` or `..` segment.
 */
export function metadataDocumentIdProblem(clientId: string): string | null {
  const url = parseUrl(clientId);
  if (!url || url.protocol !== 'https:') return 'must be an https URL';
  if (url.hash || clientId.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.pathname === '/' || url.pathname === '') return 'must have a path';
  // URL() resolves dot segments away: look at the path as written.
  const written = clientId.replace(/^https:\/\/[^/?#]*/i, '').split(/[?#]/)[0]!;
  if (written.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment))) return 'must not have . or .. segments';
  return null;
}

/**
 * Client metadata as RFC 7591 (registration) and the client ID metadata document share it. Members
 * Desk has no use for (logo_uri, contacts, software_id...) are accepted and ignored, as RFC 7591
 * allows; those it uses are checked.
 */
const clientMetadata = z
  .object({
    redirect_uris: z.array(z.string().max(2_000)).min(1).max(20),
    client_name: text(1, 200).optional(),
    token_endpoint_auth_method: z.string().max(100).optional(),
    grant_types: z.array(z.string().max(100)).max(10).optional(),
    response_types: z.array(z.string().max(100)).max(10).optional(),
  })
  .loose();

export type ClientMetadata = z.output<typeof clientMetadata>;

const GRANT_TYPES: ReadonlySet<string> = new Set(['authorization_code', 'refresh_token']);

/**
 * Checks client metadata for a public client that uses the authorization code flow, in RFC 7591's
 * terms: a bad redirect URI is `invalid_redirect_uri`, anything else `invalid_client_metadata`.
 */
export function checkClientMetadata(input: unknown): ClientMetadata & { client_name?: string } {
  const parsed = clientMetadata.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join('.') || 'the body';
    const code = issue.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw new OAuthError(code, `${field}: ${issue.message}`);
  }
  const metadata = parsed.data;
  for (const uri of metadata.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', problem);
  }
  const method = metadata.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') {
    throw new OAuthError(
      'invalid_client_metadata',
      `token_endpoint_auth_method "${method}" is not supported: Desk serves public clients only ("none"), with PKCE`,
    );
  }
  const unsupported = metadata.grant_types?.find((g) => !GRANT_TYPES.has(g));
  if (unsupported) {
    throw new OAuthError('invalid_client_metadata', `grant_types: "${unsupported}" is not supported`);
  }
  if (metadata.response_types && metadata.response_types.some((r) => r !== 'code')) {
    throw new OAuthError('invalid_client_metadata', 'response_types: only "code" is supported');
  }
  return metadata;
}
