import type Koa from 'koa';
import type { ReadinessView } from '../adapters/http/readiness.js';
import type { RouteModule } from '../adapters/http/route-module.js';
import { createServer, type ServerOptions } from '../adapters/http/server.js';
import type { BuildInfo, DeskConfig } from '../config/index.js';
import type { Container } from 'inversify';
import { resolveFrom } from './container.js';
import { rateLimitPolicies } from './rate-limit-policies.js';

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
