/**
 * The console's side of Desk's OAuth authorization server: what an app asks on the consent page and
 * the person's answer, and the apps connected in a person's name
 * (src/adapters/http/console-api/connected-apps.ts).
 */
import { AUTHORIZATION_REFUSAL_MESSAGES, AUTHORIZATION_REFUSED_GENERIC, isAuthorizationRefusal } from '@desk/contract';
import { api } from './client.js';

/** An authorization request as the consent page shows it (domain/oauth/consent.ts). */
export interface ConsentRequest {
  readonly id: string;
  readonly client: { readonly id: string; readonly name: string; readonly host: string | null };
  readonly redirectHost: string;
  readonly school: { readonly slug: string; readonly name: string };
  readonly scopes: readonly { readonly name: string; readonly description: string }[];
  readonly integrationsEnabled: boolean;
  readonly expiresAt: string;
}

/** A connected app (domain/oauth/list-grants.ts). */
export interface Grant {
  readonly id: string;
  readonly client: { readonly id: string; readonly name: string; readonly host: string | null };
  readonly user: { readonly id: string; readonly name: string; readonly email: string } | null;
  readonly scopes: readonly { readonly name: string; readonly description: string }[];
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

export interface GrantPage {
  readonly grants: readonly Grant[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

export const getConsentRequest = async (id: string): Promise<ConsentRequest> =>
  (await api.get<{ authorization: ConsentRequest }>(`/api/oauth/authorizations/${encodeURIComponent(id)}`))
    .authorization;

/** The person's answer; resolves to where the browser goes next (back to the app). */
export const decideConsent = async (id: string, decision: 'allow' | 'deny'): Promise<string> =>
  (await api.post<{ redirectTo: string }>(`/api/oauth/authorizations/${encodeURIComponent(id)}`, { decision }))
    .redirectTo;

/**
 * What the consent page says for a request the server refused (`?reason=<word>`): Desk's sentence for
 * a reason it knows, a generic one for anything else. Never text from the address itself.
 */
export const authorizationRefusalMessage = (word: string | null): string =>
  word !== null && isAuthorizationRefusal(word) ? AUTHORIZATION_REFUSAL_MESSAGES[word] : AUTHORIZATION_REFUSED_GENERIC;

export const listGrants = (o: { all?: boolean; page?: number; pageSize?: number } = {}): Promise<GrantPage> =>
  api.get<GrantPage>('/api/oauth/grants', { all: o.all ? 'true' : undefined, page: o.page, pageSize: o.pageSize });

export const revokeGrant = (id: string): Promise<unknown> => api.delete(`/api/oauth/grants/${encodeURIComponent(id)}`);
