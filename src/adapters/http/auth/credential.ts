import type { Context } from 'koa';
import type { Actor } from '../../../domain/shared/actor.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { hostTenantOf } from '../middleware/host-gate.js';

/**
 * One kind of credential a request may carry (a console session, an API key, an OAuth access token):
 * where the request presents it, how it is proved to be someone's, and the words of its refusals.
 * Every guard is `signIn` over one of these, so each ends in the same tenant rule.
 */
export interface Credential {
  /** What the request presents, or undefined when it presents nothing of this kind. */
  presented(ctx: Context): string | undefined;
  /** Whose it is: the actor (and a session's id), or `unauthorized` when it is not valid. */
  prove(token: string, ctx: Context): Promise<{ readonly actor: Actor; readonly sessionId?: string }>;
  /** What a request that presents none is told. */
  readonly missing: string;
  /** What a request naming another tenant than the credential's is told. */
  readonly otherTenant: string;
}

/**
 * Signs the request in with `credential`, leaving `ctx.state.actor` (and `sessionId`), and applies the
 * one tenant rule (SPEC §4): a request that names another tenant than the credential's — by one of its
 * hosts, or by `x-tenant-slug` — is refused as unauthorized, so a credential never acts anywhere but in
 * its own school. Answers are per caller: never cached by intermediaries.
 */
export async function signIn(ctx: Context, credential: Credential): Promise<Actor> {
  ctx.set('Cache-Control', 'no-store');
  const token = credential.presented(ctx);
  if (!token) throw new DomainError('unauthorized', credential.missing);
  const { actor, sessionId } = await credential.prove(token, ctx);
  assertSameTenant(ctx, actor.tenant, credential.otherTenant);
  ctx.state.actor = actor;
  if (sessionId !== undefined) ctx.state.sessionId = sessionId;
  return actor;
}

/** The tenant rule alone, for a caller proved another way (a sign-in form, a token endpoint). */
export function assertSameTenant(
  ctx: Context,
  tenant: { readonly id: string; readonly slug: string },
  refusal: string,
): void {
  const slug = ctx.get('x-tenant-slug');
  const hostTenant = hostTenantOf(ctx);
  if ((slug && slug !== tenant.slug) || (hostTenant && hostTenant.id !== tenant.id)) {
    throw new DomainError('unauthorized', refusal);
  }
}

/** Whoever a guard signed in. */
export function actorOf(ctx: Context): Actor {
  const actor = ctx.state.actor as Actor | undefined;
  if (!actor) throw new Error('the route has no guard in front of it');
  return actor;
}

/** `Authorization: Bearer <token>`'s token. */
export const bearerToken = (ctx: Context): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
