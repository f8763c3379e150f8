import { z } from 'zod';
import { PERMISSIONS, PERMISSION_DESCRIPTIONS, type Permission } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import { DomainError, notFound } from '../shared/errors.js';
import type { Authorization } from './grant.js';

/** Scopes in words: each permission an app gets, with what it lets the app do. */
export const scopeViewSchema = z.array(z.object({ name: z.enum(PERMISSIONS), description: z.string() })).readonly();

/** The app, as a person is shown it. */
export const oauthClientViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  host: z
    .string()
    .nullable()
    .describe("The host of the app's metadata document, when it is known by one (who vouches for the name)"),
});

/** What the consent page shows (ConsentView). */
export const consentViewSchema = z.object({
  id: z.string(),
  client: oauthClientViewSchema,
  redirectHost: z.string().describe("Where the person goes back to after choosing (the redirect URI's host)"),
  school: z.object({ slug: z.string(), name: z.string() }),
  scopes: scopeViewSchema.describe('What the app would get: what it asked for that this person holds'),
  integrationsEnabled: z
    .boolean()
    .describe('Whether the school lets apps in at all (the Integrations module): if not, the app cannot connect yet'),
  expiresAt: z.string(),
});

/** What the consent page shows a person about one authorization request. */
export interface ConsentView {
  readonly id: string;
  readonly client: {
    readonly id: string;
    readonly name: string;
    /** The host of the app's metadata document, when it is known by one (who vouches for the name). */
    readonly host: string | null;
  };
  /** Where the person goes back to after choosing (the redirect URI's host). */
  readonly redirectHost: string;
  readonly school: { readonly slug: string; readonly name: string };
  /** What the app would get: what it asked for that this person holds, in words. */
  readonly scopes: readonly { readonly name: Permission; readonly description: string }[];
  /** Whether the school lets apps in at all (the Integrations module): if not, the app cannot connect yet. */
  readonly integrationsEnabled: boolean;
  readonly expiresAt: string;
}

/**
 * The authorization a signed-in person may decide: it exists, is undecided and unexpired, and was not
 * started on another school's host. Anything else is "not found": the consent page's address is all
 * an outsider could know, and it reveals nothing.
 */
export function decidable(authorization: Authorization | null, actor: Actor, id: string, now: string): Authorization {
  if (actor.principal.type !== 'user' || actor.principal.via) {
    throw new DomainError('forbidden', 'only a person signed in to the console can allow an app');
  }
  if (!authorization || (authorization.tenantId !== null && authorization.tenantId !== actor.tenant.id)) {
    throw notFound('authorization request', id);
  }
  if (authorization.decidedAt !== null || authorization.expiresAt <= now) {
    throw new DomainError('conflict', 'this request was already answered or has expired: start again from the app');
  }
  return authorization;
}

export const scopeView = (scopes: readonly Permission[]) =>
  scopes.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] }));
