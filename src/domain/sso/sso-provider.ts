/**
 * A school's OpenID provider and the rules single sign-on follows, as pure functions: which issuers
 * may be configured, the allowed e-mail domains, which e-mail address a first sign-in may be matched
 * by, who may still use a password, and the redirect URIs to register at the provider.
 */
import { z } from 'zod';
import { isEmail, normaliseEmail } from '../identity/user.js';
import type { Role } from '../access/permissions.js';
import { isAcceptableText } from '../shared/text.js';
import { schoolOrigin } from '../tenants/school-url.js';
import { isHostName } from '../tenants/tenant.js';
import type { SsoRefusal } from './refusals.js';

/** A school's OpenID provider as stored: one per school. */
export interface SsoProvider {
  /** The issuer exactly as the provider's discovery document states it. */
  readonly issuer: string;
  readonly clientId: string;
  /** The client secret sealed with the SecretBox (ENCRYPTION_KEY): written, never shown. */
  readonly clientSecret: string;
  /** The provider's name on the sign-in button: "Sign in with <label>". */
  readonly label: string;
  /** Lower-case domain names the school's addresses are in; empty: no restriction. */
  readonly domains: readonly string[];
  /** Whether staff other than school administrators may still sign in with a password. */
  readonly passwordsAllowed: boolean;
  readonly updatedAt: string;
}

/** What the console and the CLI show of a provider: everything but the secret. */
export const ssoProviderViewSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  label: z.string().describe('The sign-in button says "Sign in with <label>"'),
  domains: z.array(z.string()).describe('The domains staff addresses are in; empty: any'),
  passwords: z.enum(['on', 'off']).describe('Whether staff other than school administrators may use passwords'),
  /** Always true: a provider is never stored without one. Says that one is kept, never what it is. */
  hasClientSecret: z.literal(true).describe('A client secret is kept (never shown)'),
  updatedAt: z.string(),
});
export type SsoProviderView = z.output<typeof ssoProviderViewSchema>;

export const toProviderView = (p: SsoProvider): SsoProviderView => ({
  issuer: p.issuer,
  clientId: p.clientId,
  label: p.label,
  domains: [...p.domains],
  passwords: p.passwordsAllowed ? 'on' : 'off',
  hasClientSecret: true,
  updatedAt: p.updatedAt,
});

/**
 * The claims of a verified ID token (the provider's signature, issuer, audience, expiry and nonce
 * already checked), with what the provider's userinfo endpoint added when the token itself carried
 * no e-mail address. Only `iss` and `sub` are certain to be there.
 */
export interface IdTokenClaims {
  readonly iss: string;
  readonly sub: string;
  readonly [claim: string]: unknown;
}

export const SSO_START_PATH = '/api/auth/sso/start';
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
/** A pending sign-in (its state, nonce and PKCE verifier) lasts this long. */
export const SSO_SIGN_IN_TTL_MS = 10 * 60 * 1000;
/** How long a sign-in is kept once expired: a late replay of its callback is still recognised. */
export const SSO_SIGN_IN_KEPT_MS = 60 * 60 * 1000;
/** The scopes asked for: who the person is (`sub`), their e-mail address and their name. */
export const SSO_SCOPE = 'openid email profile';

/** Google's one issuer for every Workspace and consumer account: `hd` tells them apart. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Microsoft's sign-in hosts (the public cloud, US Government, China; the v1 names). */
const MICROSOFT_HOSTS = new Set([
  'login.microsoftonline.com',
  'login.microsoftonline.us',
  'login.partner.microsoftonline.cn',
  'login.chinacloudapi.cn',
  'login.windows.net',
  'sts.windows.net',
]);
/** Entra's shared endpoints: they sign in anyone's tenant, and their issuer holds `{tenantid}`. */
const SHARED_ENTRA_TENANTS = new Set(['common', 'organizations', 'consumers']);

const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/**
 * What is wrong with an issuer URL as an administrator typed it, or null. It must be https (http only
 * on a loopback host, for development), an absolute URL without credentials, query or fragment
 * (OpenID Connect Discovery §2), and never one of Entra's shared endpoints, whose tokens come from
 * every tenant in the world.
 */
export function issuerProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'must be a URL such as https://accounts.google.com';
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return 'must be https (http is allowed only for a provider on this machine: localhost, 127.0.0.1, [::1])';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (url.username || url.password) return 'must not contain a user name or password';
  if (url.search || issuer.includes('?')) return 'must not have a query string';
  if (url.hash || issuer.includes('#')) return 'must not have a fragment';
  if (/\{tenantid\}|%7btenantid%7d/i.test(issuer)) {
    return "holds the {tenantid} placeholder: use your Entra tenant's own issuer, https://login.microsoftonline.com/<tenant id>/v2.0";
  }
  const firstSegment = url.pathname.split('/')[1]?.toLowerCase() ?? '';
  if (MICROSOFT_HOSTS.has(url.hostname) && SHARED_ENTRA_TENANTS.has(firstSegment)) {
    return `is Entra's shared "${firstSegment}" endpoint, which signs in accounts of any organisation: use your tenant's own issuer, https://login.microsoftonline.com/<tenant id>/v2.0`;
  }
  return null;
}

/** Whether two spellings name one issuer, as discovery compares them (`https://x` and `https://x/` do). */
export const sameIssuer = (a: string, b: string): boolean => new URL(a).href === new URL(b).href;

/** The button's default name: the provider's brand for Google and Microsoft, else its host name. */
export function defaultLabel(issuer: string): string {
  const host = new URL(issuer).hostname;
  if (host === 'accounts.google.com') return 'Google';
  if (MICROSOFT_HOSTS.has(host)) return 'Microsoft';
  return host;
}

export const MAX_DOMAINS = 50;

/** A domain as an administrator may type it (`@North.Example.`): lower case, no `@`, no final dot. */
export const normaliseDomain = (raw: string): string => raw.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');

/** Whether a (normalised) domain can hold e-mail addresses: a host name with at least one dot. */
export const isDomainName = (domain: string): boolean => isHostName(domain) && domain.includes('.');

const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1);

/**
 * The e-mail address a sign-in without a binding may be matched by, or why it may not (rules 2 and
 * 3 of docs/sso.md):
 * - the ID token must carry an e-mail address, and the provider must vouch for it: `email_verified`
 *   exactly `true`; only when the token has no `email_verified` at all (Entra ID never sends it) is
 *   the address taken when its domain is one of the school's `domains` or Entra's `xms_edov` (the
 *   domain's owner is verified) is `true`. Otherwise `unverified_email`.
 * - with `domains` set, the address must be in one of them, and so must Google's `hd` (the Workspace
 *   domain) when the token carries one; Google's issuer without `hd` is a consumer account, never a
 *   school's. Otherwise `domain`.
 */
export function emailForBinding(
  provider: Pick<SsoProvider, 'issuer' | 'domains'>,
  claims: IdTokenClaims,
): { email: string } | { refusal: SsoRefusal } {
  const raw = typeof claims.email === 'string' ? normaliseEmail(claims.email) : '';
  if (!isEmail(raw) || !isAcceptableText(raw)) return { refusal: 'unverified_email' };
  const restricted = provider.domains.length > 0;
  const inDomains = provider.domains.includes(domainOf(raw));
  const verified =
    'email_verified' in claims ? claims.email_verified === true : (restricted && inDomains) || claims.xms_edov === true;
  if (!verified) return { refusal: 'unverified_email' };
  if (restricted) {
    if (!inDomains) return { refusal: 'domain' };
    const hd = claims.hd;
    if (hd !== undefined && !(typeof hd === 'string' && provider.domains.includes(hd.toLowerCase()))) {
      return { refusal: 'domain' };
    }
    if (hd === undefined && provider.issuer === GOOGLE_ISSUER) return { refusal: 'domain' };
  }
  return { email: raw };
}

/** Whether a user of this role may sign in with a password at a school with this provider (or none). */
export const passwordSignInAllowed = (provider: Pick<SsoProvider, 'passwordsAllowed'> | null, role: Role): boolean =>
  provider === null || provider.passwordsAllowed || role === 'school-admin';

/**
 * The redirect URIs to register at the provider: PUBLIC_URL's, and one per school host with PUBLIC_URL's
 * scheme and port, which is where the school's own pages are served (src/adapters/http/origin.ts).
 */
export function ssoRedirectUris(publicUrl: string, hosts: readonly string[]): string[] {
  const base = new URL(publicUrl);
  const uris = [base.origin, ...hosts.map((host) => schoolOrigin(base, host))];
  return [...new Set(uris)].map((origin) => origin + SSO_CALLBACK_PATH);
}
