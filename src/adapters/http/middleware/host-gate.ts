import type { Container } from 'inversify';
import type { Middleware } from 'koa';
import type { DeskConfig } from '../../../config/index.js';
import { ResolveTenant } from '../../../domain/tenants/resolve-tenant.js';
import { HttpProblem } from '../problems.js';

/** Paths load balancers and Prometheus reach by address, whatever the host (SPEC §4). */
const UNGATED_PREFIXES = ['/api/health', '/api/metrics'];

export const isUngatedPath = (path: string): boolean =>
  UNGATED_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix + '/'));

/** Host name without port, lower case, without a trailing dot; IPv6 keeps its brackets (`[::1]`). */
export const normalizeHost = (hostname: string): string => hostname.toLowerCase().replace(/\.$/, '');

/**
 * Remembers for a few seconds whether a host is a tenant's, so a burst of requests costs one lookup.
 * Bounded, so requests with made-up hosts cannot grow it without limit.
 */
class TenantHostCache {
  private readonly entries = new Map<string, { isTenantHost: boolean; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  async isTenantHost(host: string, lookup: () => Promise<boolean>): Promise<boolean> {
    const now = Date.now();
    const hit = this.entries.get(host);
    if (hit && hit.expiresAt > now) return hit.isTenantHost;
    const isTenantHost = await lookup();
    this.entries.delete(host);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(host, { isTenantHost, expiresAt: now + this.ttlMs });
    return isTenantHost;
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
 * Sets `ctx.state.host` (normalised) for later middleware.
 */
export function hostGate(container: Container, config: DeskConfig, options: HostGateOptions = {}): Middleware {
  const publicHosts = config.publicHosts === '*' ? null : new Set(config.publicHosts.map(normalizeHost));
  const cache = new TenantHostCache(options.ttlMs ?? 5_000, options.maxEntries ?? 1_000);

  return async (ctx, next) => {
    const host = normalizeHost(ctx.hostname);
    ctx.state.host = host;
    if (isUngatedPath(ctx.path) || publicHosts === null || publicHosts.has(host)) return next();
    const known =
      host !== '' &&
      host.length <= 253 &&
      // An unreachable database fails as DatabaseUnavailableError: 503, try again, not "no such host".
      (await cache.isTenantHost(host, async () => (await container.get(ResolveTenant).byHost(host)) !== null));
    if (!known) throw new HttpProblem('unknown_host', 'This host name is not served by this deployment.');
    return next();
  };
}
