import type { Routes } from './routing/routes.js';
import type { Observability } from '../observability/index.js';
import type { Container } from 'inversify';
import type { BuildInfo, DeskConfig } from '../../config/index.js';
import type { Resolve } from '../../domain/shared/use-case.js';
import type { RateLimitPolicies } from './middleware/rate-limit.js';
import type { ReadinessView } from './readiness.js';

/** What every route module may use: what the program hands the HTTP app (createServer). */
export interface HttpDeps {
  readonly container: Container;
  readonly config: DeskConfig;
  readonly build: BuildInfo;
  readonly readiness: ReadinessView;
  /** The limits of the HTTP surfaces, from the configuration. */
  readonly rateLimits: RateLimitPolicies;
  /** The log, the metrics registry and the error reporter (one of each per process). */
  readonly observability: Observability;
  /** How handlers reach use cases and ports (the container's `get`). */
  readonly resolve: Resolve;
}

/**
 * One surface's routes (health, v1, actions, MCP, console...). A module registers thin handlers that
 * translate HTTP to a use-case call and back; errors are thrown (DomainError) and rendered by the
 * error handler. Add a module by listing it in `routes/index.ts`.
 */
export interface RouteModule {
  readonly name: string;
  register(routes: Routes, deps: HttpDeps): void;
}
