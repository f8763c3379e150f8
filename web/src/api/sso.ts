/**
 * Single sign-on with the school's OpenID provider (docs/sso.md): the school's settings for its
 * administrators, the address that starts a sign-in, and what a refusal means. The reasons and their
 * words are the domain's own module, so the page and the server never disagree on them.
 */
import { isSsoRefusal, SSO_REFUSAL_MESSAGES } from '@desk/contract';
import { api, withQuery } from './client.js';

/** The school's provider as `GET /api/settings/sso` shows it: never its secret. */
export interface SsoProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly label: string;
  readonly domains: readonly string[];
  /** off: only school administrators may still sign in with a password. */
  readonly passwords: 'on' | 'off';
  readonly hasClientSecret: true;
  readonly updatedAt: string;
}

export interface SsoSettings {
  readonly sso: SsoProvider | null;
  /** The callback addresses to register at the provider: PUBLIC_URL's and each of the school's hosts. */
  readonly redirectUris: readonly string[];
}

/** What `PUT /api/settings/sso` takes: the secret is required the first time, and left out to keep it. */
export interface SsoChange {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret?: string;
  /** Left out: the provider's name (Google, Microsoft, or its host). */
  readonly label?: string;
  readonly domains: readonly string[];
  readonly passwords: 'on' | 'off';
}

export const ssoSettings = () => api.get<SsoSettings>('/api/settings/sso');
export const saveSso = (change: SsoChange) => api.put<SsoSettings>('/api/settings/sso', change);
export const removeSso = () => api.delete('/api/settings/sso');

/**
 * The address that starts a single sign-on (a full page load: the browser goes to the provider), for
 * the school this address names, or the one given; `returnTo` is where the person lands afterwards.
 */
export const ssoStartUrl = (o: { returnTo: string; school?: string }): string =>
  withQuery('/api/auth/sso/start', { school: o.school, returnTo: o.returnTo });

/** The query parameter a refused sign-in comes back with. */
export const SSO_REFUSAL_PARAM = 'sso';

/** What the sign-in page says for a refusal's reason word; null for anything that is not one. */
export const ssoRefusalMessage = (word: string | null): string | null =>
  word !== null && isSsoRefusal(word) ? SSO_REFUSAL_MESSAGES[word] : null;
