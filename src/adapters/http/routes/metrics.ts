import type { Context } from 'koa';
import { DomainError } from '../../../domain/shared/errors.js';
import { Secrets } from '../../../ports/secrets.js';
import type { HttpDeps, RouteModule } from '../route-module.js';

export const METRICS_PATH = '/api/metrics';

const bearerToken = (ctx: Context): string | null => /^Bearer +(\S+) *$/i.exec(ctx.get('Authorization'))?.[1] ?? null;

/** True when no token is configured, or the caller presents it (compared in constant time). */
function mayScrape(ctx: Context, deps: HttpDeps): boolean {
  const expected = deps.config.metricsToken;
  if (!expected) return true;
  const presented = bearerToken(ctx);
  return presented !== null && deps.container.get(Secrets).equal(presented, expected);
}

/**
 * `GET /api/metrics` (SPEC §7.5, seed §4.6): the Prometheus text format, answered on any host (the
 * host gate lets it through, like health). Open unless `METRICS_TOKEN` is set; then it needs
 * `Authorization: Bearer <METRICS_TOKEN>`, and a missing or wrong token gets the same 401 (which of
 * the two is not said).
 */
export const metricsRoutes: RouteModule = {
  name: 'metrics',
  register(router, deps) {
    const { metrics } = deps.observability;
    router.get(METRICS_PATH, async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      if (!mayScrape(ctx, deps)) {
        ctx.set('WWW-Authenticate', 'Bearer');
        throw new DomainError('unauthorized', 'send Authorization: Bearer <METRICS_TOKEN>');
      }
      ctx.type = metrics.contentType;
      ctx.body = await metrics.scrape();
    });
  },
};
