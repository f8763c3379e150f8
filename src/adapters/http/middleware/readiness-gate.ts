import type { Middleware } from 'koa';
import { HttpProblem } from '../problems.js';
import type { ReadinessView } from '../readiness.js';
import { isUngatedPath } from './host-gate.js';

/**
 * Until the database is connected and migrated, every route but health and metrics answers 503
 * `unavailable` with Retry-After at once: its tables may not exist yet, and a request that tried
 * them would fail as a bug. Health and metrics stay open, as probes and scrapes need them most then.
 */
export function readinessGate(readiness: ReadinessView): Middleware {
  return async (ctx, next) => {
    if (readiness.servesRequests || isUngatedPath(ctx.path)) return next();
    throw new HttpProblem('unavailable', 'The service is starting and its database is not ready yet. Retry shortly.');
  };
}
