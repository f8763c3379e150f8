import type { Context, Middleware } from 'koa';
import type { DeskConfig } from '../../../config/index.js';
import type { Actor, TenantContext } from '../../../domain/shared/actor.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { normalizeHost } from './host-gate.js';

const parseOrigin = (value: string): URL | null => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};

/** The request's own Host (X-Forwarded-Host with TRUST_PROXY) as `origin` would write it, or null. */
function ownHost(ctx: Context, origin: URL): string | null {
  try {
    return new URL(`${origin.protocol}//${ctx.host}`).host;
  } catch {
    return null;
  }
}

/**
 * Which browser origins may act (SPEC §7.1, §7.4): cookies travel with cross-site requests, and a
 * page on another site (or one rebinding a name to this server, DNS rebinding) must not act as the
 * user or with a local key. A request passes when it carries no `Origin` (not a browser, or a
 * same-origin GET), or its Origin is
 * - the PUBLIC_URL origin, or one listed in ALLOWED_ORIGINS;
 * - the request's own origin: the same host and port as its Host header, which the host gate has
 *   already accepted as this deployment's (a public host or a tenant's), so a rebound name never is.
 *   With PUBLIC_HOSTS `*` the gate accepts any name, so this rule is off and only the others apply;
 * - a host of the tenant the caller acts in: never another tenant's, whose pages are another school's.
 * `Origin: null` (sandboxed or opaque pages) and anything that is not an http(s) origin are refused.
 */
export class OriginPolicy {
  private readonly trusted: ReadonlySet<string>;
  /** Whether the host gate vouches for the request's Host (it does not with PUBLIC_HOSTS `*`). */
  private readonly hostsAreVetted: boolean;

  constructor(config: Pick<DeskConfig, 'publicUrl' | 'allowedOrigins' | 'publicHosts'>) {
    this.trusted = new Set([config.publicUrl, ...config.allowedOrigins].flatMap((o) => parseOrigin(o)?.origin ?? []));
    this.hostsAreVetted = config.publicHosts !== '*';
  }

  allows(ctx: Context, tenant: Pick<TenantContext, 'hosts'> | null): boolean {
    const header = ctx.get('Origin');
    if (!header) return true;
    const origin = parseOrigin(header);
    if (!origin) return false;
    if (this.trusted.has(origin.origin)) return true;
    if (this.hostsAreVetted && origin.host === ownHost(ctx, origin)) return true;
    return tenant !== null && tenant.hosts.includes(normalizeHost(origin.hostname));
  }
}

export const forbiddenOrigin = (): DomainError =>
  new DomainError('forbidden', 'requests from this Origin are not allowed');

/**
 * Refuses (403 forbidden, in the surface's own error language) a request whose Origin may not act
 * for the caller. Place it after authentication: it reads the caller's tenant from `ctx.state.actor`
 * (or a portal requester's, `ctx.state.requester`).
 */
export function requireAllowedOrigin(policy: OriginPolicy): Middleware {
  return async (ctx, next) => {
    const signedIn = (ctx.state.actor ?? ctx.state.requester) as Pick<Actor, 'tenant'> | undefined;
    const tenant = signedIn?.tenant ?? null;
    if (!policy.allows(ctx, tenant)) throw forbiddenOrigin();
    await next();
  };
}
