import type { Context } from 'koa';
import type { DeskConfig } from '../../../config/index.js';
import { ResolveTenant } from '../../../domain/tenants/resolve-tenant.js';
import type { Resolve } from '../../../domain/shared/use-case.js';
import type { Tenant } from '../../../domain/tenants/tenant.js';
import { HttpProblem } from '../problems.js';

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

  /** The remembered answer, or undefined when there is none (or it has expired). */
  cached(host: string): Tenant | null | undefined {
    const hit = this.entries.get(host);
    return hit && hit.expiresAt > Date.now() ? hit.tenant : undefined;
  }

  async get(host: string, lookup: () => Promise<Tenant | null>): Promise<Tenant | null> {
    const now = Date.now();
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
 * Any other host gets 404 (`unknown_host`). Health and metrics never come here (their routes are
 * ungated: routing/routes.ts). The request host is Koa's `hostname`: the Host header, or
 * X-Forwarded-Host when the app trusts the proxy (`config.trustProxy`).
 *
 * The host's tenant is resolved here, once per request (and remembered per host for a few seconds,
 * answered without a promise while remembered), and carried on the request: `hostTenantOf(ctx)` is
 * what authentication, sign-in and the Origin rule read, never another lookup.
 */
export function hostAdmission(
  resolve: Resolve,
  config: DeskConfig,
  options: HostGateOptions = {},
): (ctx: Context) => void | Promise<void> {
  const publicHosts = config.publicHosts === '*' ? null : new Set(config.publicHosts.map(normalizeHost));
  const cache = new HostTenants(options.ttlMs ?? 5_000, options.maxEntries ?? 1_000);
  const admit = (ctx: Context, host: string, tenant: Tenant | null): void => {
    ctx.state.hostTenant = tenant;
    if (tenant || publicHosts === null || publicHosts.has(host)) return;
    throw new HttpProblem('unknown_host', 'This host name is not served by this deployment.');
  };
  return (ctx) => {
    const host = normalizeHost(ctx.hostname);
    if (host === '' || host.length > 253) return admit(ctx, host, null);
    const known = cache.cached(host);
    if (known !== undefined) return admit(ctx, host, known);
    // An unreachable database fails as DatabaseUnavailableError: 503, try again, not "no such host".
    return cache.get(host, () => resolve(ResolveTenant).byHost(host)).then((tenant) => admit(ctx, host, tenant));
  };
}

/** The tenant whose host the request came to (the host gate resolved it), or null for a public host. */
export const hostTenantOf = (ctx: Context): Tenant | null =>
  (ctx.state.hostTenant as Tenant | null | undefined) ?? null;
