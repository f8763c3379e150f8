import type { z } from 'zod';
import type { ModuleName } from '../access/permissions.js';
import type { Resolve } from '../shared/use-case.js';
import { parseInput } from '../shared/validation.js';
import type { PersonKind } from '../people/person-kinds.js';
import type { TenantContext } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';

/**
 * How a requester came into the portal: a sign-in link e-mailed to them, the school's single
 * sign-on, or the console session of a member of staff whose address is theirs.
 */
export const REQUESTER_VIAS = ['link', 'sso', 'console'] as const;
export type RequesterVia = (typeof REQUESTER_VIAS)[number];

/**
 * A person of the school acting for themselves in the portal (issue 30, point 1): pupils and staff
 * alike, with no console account needed. Not an Actor: no staff use case takes one, so a requester
 * can never reach the desk's own records; the portal's use cases (this folder) take one and read
 * only what is the person's.
 */
export interface Requester {
  readonly tenant: TenantContext;
  readonly person: { readonly id: string; readonly name: string; readonly kind: PersonKind; readonly email: string };
  readonly via: RequesterVia;
  /** The portal session (null when a console session stands for it). */
  readonly sessionId: string | null;
}

/** The audit identity of a requester: the person, and how they came in. */
export const requesterRef = (r: Requester) => ({ type: 'person' as const, id: r.person.id, via: `portal (${r.via})` });

/** A portal session: the cookie holds a random token whose hash is stored here. */
export interface PortalSession {
  readonly id: string;
  readonly personId: string;
  readonly via: Exclude<RequesterVia, 'console'>;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly revokedAt: string | null;
}

/** A school day and a little more: a pupil on a shared computer is signed out by the next morning. */
export const PORTAL_SESSION_TTL_MS = 10 * 60 * 60 * 1000;

/** A sign-in link is good for 15 minutes and once (issue 30). */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/** A one-use sign-in link, as stored: the token's hash, never the token. */
export interface SignInLink {
  readonly tokenHash: string;
  readonly personId: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly usedAt: string | null;
}

export const noRequester = (why = 'sign in to the portal first') => new DomainError('unauthorized', why);

/** Modules a portal page needs: missing is "not found", as the console answers a switched-off module. */
export function requireModule(r: Requester, module: ModuleName): void {
  if (!r.tenant.modules.includes(module)) {
    throw new DomainError('module_disabled', `the ${module} module is not enabled for this school`);
  }
}

/** A portal use case: what a requester may do, with the input it declares once. */
export interface RequesterUseCaseClass<I extends z.ZodType, O> {
  new (...args: never[]): { execute(requester: Requester, input: z.output<I>): Promise<O> };
  readonly input: I;
}

/**
 * The portal's one way to run a use case, as `perform` is the staff's: the input parsed by the use
 * case's own schema (400 naming each field), then the use case for this requester. A requester holds
 * no permissions: what is theirs is each use case's rule, and a module the school has off is 404.
 */
export async function actAsRequester<I extends z.ZodType, O>(
  resolve: Resolve,
  useCase: RequesterUseCaseClass<I, O>,
  requester: Requester,
  input: unknown,
): Promise<O> {
  const parsed = parseInput(useCase.input, input);
  return resolve(useCase).execute(requester, parsed);
}
