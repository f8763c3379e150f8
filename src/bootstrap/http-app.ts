import { fileURLToPath } from 'node:url';
import type Koa from 'koa';
import { loadWebAssets, type WebAssets } from '../adapters/http/web-assets.js';
import type { ReadinessView } from '../adapters/http/readiness.js';
import type { RouteModule } from '../adapters/http/route-module.js';
import { createServer, type ServerOptions } from '../adapters/http/server.js';
import type { BuildInfo, DeskConfig } from '../config/index.js';
import type { Container } from 'inversify';
import { resolveFrom } from './container.js';
import { rateLimitPolicies } from './rate-limit-policies.js';

/**
 * The browser console as `npm run build` wrote it: beside the compiled program (dist/web, from
 * dist/bootstrap or the bundle in dist/bundle), or, when running from source (the tests), the
 * checkout's dist/web. Read once per process; null when there is no build.
 */
let consoleAssets: WebAssets | null | undefined;
export function webConsoleAssets(): WebAssets | null {
  if (consoleAssets === undefined) {
    consoleAssets = null;
    for (const candidate of ['../web/', '../../dist/web/']) {
      consoleAssets = loadWebAssets(fileURLToPath(new URL(candidate, import.meta.url)));
      if (consoleAssets) break;
    }
  }
  return consoleAssets;
}

/** What the HTTP app is given by the program: its container, configuration, build and process state. */
export function httpAppOptions(
  container: Container,
  config: DeskConfig,
  build: BuildInfo,
  readiness: ReadinessView,
): ServerOptions {
  return {
    container,
    config,
    build,
    readiness,
    rateLimits: rateLimitPolicies(config),
    resolve: resolveFrom(container),
    webAssets: webConsoleAssets(),
  };
}

/** The Koa app of `desk serve` (and of the tests, with their own route modules when they add some). */
export const httpApp = (
  container: Container,
  config: DeskConfig,
  build: BuildInfo,
  readiness: ReadinessView,
  routes?: readonly RouteModule[],
): Koa => createServer({ ...httpAppOptions(container, config, build, readiness), ...(routes ? { routes } : {}) });
