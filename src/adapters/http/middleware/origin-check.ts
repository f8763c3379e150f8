import type { Container } from 'inversify';
import type { Middleware } from 'koa';
import type { DeskConfig } from '../../../bootstrap/config.js';
import { ResolveTenant } from '../../../domain/tenants/resolve-tenant.js';
import { normalizeHost } from './host-gate.js';

const originOf = (value: string): URL | null => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};

/**
 * Refuses browser requests from foreign pages (DNS rebinding, drive-by requests to a local server):
 * an `Origin` header that is present must be the PUBLIC_URL origin, an origin whose host is a tenant's
 * host, or listed in ALLOWED_ORIGINS. No Origin is fine: most MCP clients are not browsers.
 * `refuse` raises the surface's own error (MCP: 403 with a JSON-RPC body).
 */
export function originCheck(container: Container, config: DeskConfig, refuse: () => Error): Middleware {
  const allowed = new Set([config.publicUrl, ...config.allowedOrigins].map((o) => originOf(o)?.origin).filter(Boolean));
  return async (ctx, next) => {
    const header = ctx.get('Origin');
    if (header) {
      const origin = originOf(header);
      if (!origin) throw refuse();
      if (!allowed.has(origin.origin)) {
        const tenant = await container.get(ResolveTenant).byHost(normalizeHost(origin.hostname));
        if (!tenant) throw refuse();
      }
    }
    await next();
  };
}
