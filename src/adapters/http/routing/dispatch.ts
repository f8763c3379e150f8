import type { Context, Middleware } from 'koa';
import { HttpProblem } from '../problems.js';
import type { ReadinessView } from '../readiness.js';
import { assignRequestId } from '../middleware/request-id.js';
import { setSecurityHeaders } from '../middleware/security-headers.js';
import type { WebConsole } from '../middleware/web-console.js';
import { isUngatedPath, type CompiledRoute, type Found, type RouteMap } from './routes.js';

export interface DispatchOptions {
  readonly routes: RouteMap;
  readonly readiness: ReadinessView;
  /** The host rule (middleware/host-gate.ts): sets the host's tenant, or refuses a foreign host. */
  readonly admitHost: (ctx: Context) => void | Promise<void>;
  /** The browser console, or null when there is no build. */
  readonly console: WebConsole | null;
  /** Renders what the pipeline threw (middleware/error-handler.ts). */
  readonly renderFailure: (ctx: Context, err: unknown) => void;
  /** One log line and one metrics observation (middleware/observe-requests.ts). */
  readonly observe: (ctx: Context, started: bigint) => void;
}

/**
 * The whole of Desk's HTTP app, as one Koa middleware: what every request needs, fused into one frame
 * (the request id, the security headers, the error rendering, the log line and the metrics), and
 * around it only what its route needs, decided when the table was compiled:
 *
 * 1. health and metrics (ungated routes) go straight to their handler: no readiness, no host;
 * 2. everything else waits for the database (503 until it is ready) and must come to a host of the
 *    deployment (host-gate.ts), then: the route of the path and method (routes.ts: one map lookup for
 *    a path without parameters), its pipeline composed once at start-up; else a built file of the
 *    browser console (one map lookup); the path with other methods (405 with Allow; OPTIONS gets the
 *    list); the console's page for a deep link; and otherwise 404 `no_such_route`.
 *
 * Nothing else runs before or after a request, so a route costs what its own pipeline costs.
 */
export function dispatcher(options: DispatchOptions): Middleware {
  const { routes, readiness, admitHost, console: web, renderFailure, observe } = options;

  const gated = async (ctx: Context, found: Found): Promise<void> => {
    if (!readiness.servesRequests)
      throw new HttpProblem('unavailable', 'The service is starting and its database is not ready yet. Retry shortly.');
    const admitted = admitHost(ctx);
    if (admitted) await admitted;
    if (found?.kind === 'route') return run(ctx, found.route, found.params);
    if (!web?.file(ctx)) unmatched(ctx, found);
  };

  const run = async (ctx: Context, route: CompiledRoute, params: Record<string, string>): Promise<void> => {
    ctx.state.route = route.template;
    ctx.params = params;
    await route.run(ctx);
    // A handler that answered nothing is no route either (as Koa would say 404 in plain text).
    if (ctx.body == null && ctx.status === 404 && ctx.respond !== false)
      throw new HttpProblem('no_such_route', `No route matches ${ctx.method} ${ctx.path}.`);
  };

  const unmatched = (ctx: Context, found: Found): void => {
    if (found?.kind === 'other-methods') {
      ctx.state.route = found.template;
      ctx.set('Allow', found.allow);
      if (ctx.method === 'OPTIONS') {
        ctx.status = 200;
        ctx.body = '';
        return;
      }
      throw new HttpProblem('method_not_allowed', `${ctx.method} is not allowed on this route.`);
    }
    if (web?.page(ctx)) return;
    throw new HttpProblem('no_such_route', `No route matches ${ctx.method} ${ctx.path}.`);
  };

  return async function desk(ctx) {
    const started = process.hrtime.bigint();
    assignRequestId(ctx);
    setSecurityHeaders(ctx);
    try {
      const found = routes.find(ctx.method, ctx.path);
      if (found?.kind === 'route' && found.route.ungated) await run(ctx, found.route, found.params);
      else if (isUngatedPath(ctx.path)) unmatched(ctx, found);
      else await gated(ctx, found);
    } catch (err) {
      renderFailure(ctx, err);
    } finally {
      observe(ctx, started);
    }
  };
}
