import Router from '@koa/router';
import { type Observability, observabilityOf } from '../observability/index.js';
import Koa, { type Context } from 'koa';
import { errorHandler } from './middleware/error-handler.js';
import { hostGate } from './middleware/host-gate.js';
import { observeRequests, reportUnavailable, reportUnexpected } from './middleware/observe-requests.js';
import { readinessGate } from './middleware/readiness-gate.js';
import { requestId } from './middleware/request-id.js';
import { routeFallback } from './middleware/route-fallback.js';
import { securityHeaders } from './middleware/security-headers.js';
import { webConsole } from './middleware/web-console.js';
import type { WebAssets } from './web-assets.js';
import type { HttpDeps, RouteModule } from './route-module.js';
import { MCP_PATH } from './routes/mcp.js';
import { routeModules } from './routes/index.js';
import { OAUTH_JSON_PATHS } from './routes/oauth.js';

export interface ServerOptions extends Omit<HttpDeps, 'observability'> {
  /** The log, metrics and error reporter; by default the container's, or a silent stand-in. */
  readonly observability?: Observability;
  /** Defaults to `routeModules` (routes/index.ts); tests may add their own. */
  readonly routes?: readonly RouteModule[];
  /** The browser console as built (dist/web); null when there is no build: no console is served. */
  readonly webAssets?: WebAssets | null;
}

/**
 * Builds the Koa app for every HTTP surface without listening: the caller (`desk serve`, or a test on
 * port 0) serves it with createHttpServer. Everything it needs comes in `options`, made by the
 * program (bootstrap): the container, configuration, build, readiness, rate limits and the use-case
 * resolver; `desk_build_info` is set from `build`.
 */
export function createServer(options: ServerOptions): Koa {
  const { routes = routeModules, observability: given, webAssets = null, ...rest } = options;
  const { container, config, build, readiness } = rest;
  const observability = given ?? observabilityOf(container, config.logLevel);
  observability.metrics.recordBuild(build, config.channel, config.metricsToken !== null);
  const deps: HttpDeps = { ...rest, observability };

  const router = new Router();
  for (const module of routes) module.register(router, deps);

  // `proxy` makes ctx.hostname honour X-Forwarded-Host and ctx.ip X-Forwarded-For (TRUST_PROXY).
  // Only the address the one trusted proxy saw counts: entries further left are the client's to invent,
  // and a client that could choose its address could dodge every per-address limit.
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: 1 });

  // Middleware order, outermost first: each runs before, and unwinds after, everything below it.
  // 1. X-Request-Id echoed or made, first, so every response and every log line carries one.
  app.use(requestId());
  // 2. One log line and one metrics observation per request, on the way out: outside the error
  //    handler, so it records the status that handler chose; route template, never the raw path.
  app.use(observeRequests(observability));
  // 3. Referrer-Policy and nosniff on every response, problem responses included.
  app.use(securityHeaders());
  // 4. Everything thrown below is answered through the one table (problems.ts): problem+json, a
  //    JSON-RPC error on /api/mcp, or an OAuth error on the token, registration and revocation endpoints. A bug is a 500, logged with the request id and sent to the error
  //    tracker when SENTRY_DSN is set; an unreachable database a 503, logged as a warning.
  app.use(
    errorHandler({
      onUnexpected: reportUnexpected(observability),
      onUnavailable: reportUnavailable(observability),
      jsonRpcPaths: [MCP_PATH],
      oauthPaths: OAUTH_JSON_PATHS,
    }),
  );
  // 5. Until the database is connected and migrated, 503 at once (health and metrics excepted).
  app.use(readinessGate(readiness));
  // 6. A host that is neither public nor a tenant's → 404, except /api/health* and /api/metrics.
  app.use(hostGate(container, config));
  // 7. After routing (and the console): nothing matched → 404 no-such-route; the path exists with
  //    other methods → 405.
  app.use(routeFallback());
  // 8. The browser console: a GET outside /api that no route answered gets its built file, or the
  //    app's page (deep links), on the way back out; anything else goes on to step 7.
  app.use(webConsole(webAssets));
  // 9. The route modules (routes/index.ts). Bodies are parsed per route (jsonBody), never globally.
  app.use(router.routes());
  // 10. OPTIONS answers, and the bare 405/501 statuses that step 7 turns into problems.
  app.use(router.allowedMethods());
  // What Koa itself meets after a response has begun (a client hanging up, bytes after a request that
  // cannot be parsed) goes to the log, never as plain text on stderr (Koa's default). Not a bug:
  // everything thrown while answering was handled by step 4.
  app.on('error', (err: unknown, ctx?: Context) => {
    const code = (err as { code?: unknown } | null)?.code;
    observability.log.info(
      { requestId: ctx?.state.requestId as string | undefined, code: typeof code === 'string' ? code : 'unknown' },
      'connection ended with an error',
    );
  });
  return app;
}
