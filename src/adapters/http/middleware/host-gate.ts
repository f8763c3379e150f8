import type { Container } from 'inversify';
import type { Context, Middleware } from 'koa';
import type { DeskConfig } from '../../../config/index.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { ResolveTenant } from '../../../domain/tenants/resolve-tenant.js';
import type { Tenant } from '../../../domain/tenants/tenant.js';
import { HttpProblem } from '../problems.js';

/** Paths load balancers and Prometheus reach by address, whatever the host (SPEC §4). */
const UNGATED_PREFIXES = ['/api/health', '/api/metrics'];

export const isUngatedPath = (path: string): boolean =>
  UNGATED_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix + '/'));

/** Host name without port, lower case, without a trailing dot; IPv6 keeps its brackets (`[::1]`). */
export const normalizeHost = (hostname: string): string => hostname.toLowerCase().replace(/\.$/, '');

/**
 * Remembers for a few seconds which tenant a host belongs to (or that it belongs to none), so a burst
 * of requests costs one lookup. Bounded, so requests with made-up hosts cannot grow it without limit.
 */
class HostTenants {
  private readonly entries = new Map<string, { tenant: Tenant | null; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  async get(host: string, lookup: () => Promise<Tenant | null>): Promise<Tenant | null> {
    const now = Date.now();
    const hit = this.entries.get(host);
    if (hit && hit.expiresAt > now) return hit.tenant;
    const tenant = await lookup();
    this.entries.delete(host);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(host, { tenant, expiresAt: now + this.ttlMs });
    return tenant;
  }
}

export interface HostGateOptions {
  readonly ttlMs?: number;
  readonly maxEntries?: number;
}

/**
 * Answers only for the deployment's hosts: `config.publicHosts` (or any, with `*`) and tenant hosts.
 * Any other host gets 404 on every route except health and metrics. The request host is Koa's
 * `hostname`: the Host header, or X-Forwarded-Host when the app trusts the proxy (`config.trustProxy`).
 *
 * The host's tenant is resolved here, once per request (and remembered per host for a few seconds),
 * and carried on the request: `hostTenantOf(ctx)` is what authentication, sign-in and the Origin
 * rule read, never another lookup. Sets `ctx.state.host` (normalised) too.
 */
export function hostGate(container: Container, config: DeskConfig, options: HostGateOptions = {}): Middleware {
  const publicHosts = config.publicHosts === '*' ? null : new Set(config.publicHosts.map(normalizeHost));
  const cache = new HostTenants(options.ttlMs ?? 5_000, options.maxEntries ?? 1_000);

  return async (ctx, next) => {
    const host = normalizeHost(ctx.hostname);
    ctx.state.host = host;
    if (isUngatedPath(ctx.path)) return next();
    // An unreachable database fails as DatabaseUnavailableError: 503, try again, not "no such host".
    const tenant =
      host === '' || host.length > 253 ? null : await cache.get(host, () => container.get(ResolveTenant).byHost(host));
    ctx.state.hostTenant = tenant;
    if (tenant || publicHosts === null || publicHosts.has(host)) return next();
    throw new HttpProblem('unknown_host', 'This host name is not served by this deployment.');
  };
}

/** The tenant whose host the request came to (the host gate resolved it), or null for a public host. */
export const hostTenantOf = (ctx: Context): Tenant | null =>
  (ctx.state.hostTenant as Tenant | null | undefined) ?? null;

/**
 * The one "same tenant" rule of key and session authentication (SPEC §4): a request that names
 * another tenant than the caller's — by one of its hosts, or by `x-tenant-slug` — is refused as
 * unauthorized, so a credential never acts anywhere but in its own institution.
 */
export function assertSameTenant(ctx: Context, tenant: Pick<Tenant, 'id' | 'slug'>, refusal: string): void {
  const slug = ctx.get('x-tenant-slug');
  const hostTenant = hostTenantOf(ctx);
  if ((slug && slug !== tenant.slug) || (hostTenant && hostTenant.id !== tenant.id)) {
    throw new DomainError('unauthorized', refusal);
  }
}
