import { type Observability, observabilityOf } from '../observability/index.js';
import Koa, { type Context } from 'koa';
import { failureRenderer } from './middleware/error-handler.js';
import { hostAdmission } from './middleware/host-gate.js';
import { reportUnavailable, reportUnexpected, requestObserver } from './middleware/observe-requests.js';
import { webConsole } from './middleware/web-console.js';
import { dispatcher } from './routing/dispatch.js';
import { RouteMap, Routes } from './routing/routes.js';
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
  const { routes: modules = routeModules, observability: given, webAssets = null, ...rest } = options;
  const { container, config, build, readiness } = rest;
  const observability = given ?? observabilityOf(container, config.logLevel);
  observability.metrics.recordBuild(build, config.channel, config.metricsToken !== null);
  const deps: HttpDeps = { ...rest, observability };

  const routes = new Routes();
  for (const module of modules) module.register(routes, deps);

  // `proxy` makes ctx.hostname honour X-Forwarded-Host and ctx.ip X-Forwarded-For (TRUST_PROXY).
  // Only the address the one trusted proxy saw counts: entries further left are the client's to invent,
  // and a client that could choose its address could dodge every per-address limit.
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: 1 });

  // One middleware: the request frame and, inside it, only what the matched route needs, composed
  // once here (routing/dispatch.ts). Bodies are parsed per route (jsonBody), never globally.
  app.use(
    dispatcher({
      routes: new RouteMap(routes),
      readiness,
      admitHost: hostAdmission(rest.resolve, config),
      console: webConsole(webAssets),
      // Everything thrown is answered through the one table (problems.ts): problem+json, a JSON-RPC
      // error on /api/mcp, or an OAuth error on the token, registration and revocation endpoints. A
      // bug is a 500, logged with the request id and sent to the error tracker when SENTRY_DSN is
      // set; an unreachable database a 503, logged as a warning.
      renderFailure: failureRenderer({
        onUnexpected: reportUnexpected(observability),
        onUnavailable: reportUnavailable(observability),
        jsonRpcPaths: [MCP_PATH],
        oauthPaths: OAUTH_JSON_PATHS,
      }),
      // One log line and one metrics observation per request, once the answer is decided; route
      // template, never the raw path.
      observe: requestObserver(observability),
    }),
  );
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
