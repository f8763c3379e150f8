import type { Middleware } from 'koa';
import { HttpProblem } from '../problems.js';

/**
 * Turns what the router left unanswered into problems: no route matched → 404 `no-such-route` (a type
 * distinct from a missing record); the path exists with other methods → 405 with the router's `Allow`.
 */
export function routeFallback(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.body != null || ctx.respond === false) return;
    const pathHasOtherMethods = (ctx.status === 405 || ctx.status === 501) && ctx.response.get('Allow') !== '';
    if (pathHasOtherMethods) {
      throw new HttpProblem('method_not_allowed', `${ctx.method} is not allowed on this route.`);
    }
    ctx.remove('Allow');
    if ([404, 405, 501].includes(ctx.status)) {
      throw new HttpProblem('no_such_route', `No route matches ${ctx.method} ${ctx.path}.`);
    }
  };
}
