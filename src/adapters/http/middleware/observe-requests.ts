import type { Context, Middleware } from 'koa';
import type { Actor } from '../../../domain/shared/actor.js';
import { UNMATCHED_ROUTE } from '../../observability/metrics.js';
import type { Observability } from '../../observability/observability.js';

/**
 * The route template the router matched (`/api/loans/:number/issue`), or `unmatched` when none did
 * (an unknown path, a foreign host). Never the raw path: it may hold ids, and a query string tokens.
 */
export function routeTemplate(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  return typeof matched === 'string' ? matched : UNMATCHED_ROUTE;
}

/** Who made the request, once authentication has run: ids only, never a credential or a name. */
function callerFields(ctx: Context): Record<string, string> {
  const actor = ctx.state.actor as Actor | undefined;
  if (!actor) return {};
  const { principal } = actor;
  const fields: Record<string, string> = { tenantId: actor.tenant.id };
  if (principal.type === 'apiKey') fields.keyId = principal.id;
  if (principal.type === 'user') fields.userId = principal.id;
  return fields;
}

/**
 * One log line and one metrics observation per request, taken when the answer is decided (so it sees
 * the status the error handler chose). The line holds the request id, method, route template,
 * status, duration in milliseconds and, once authenticated, the tenant id and the key or user id —
 * never a header, a cookie, the query string or the body. 5xx lines are at level `error`.
 * The duration ends when the handler has answered; streaming a body out is not included.
 */
export function observeRequests({ log, metrics }: Observability): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeTemplate(ctx);
      const status = ctx.status;
      metrics.observeRequest(ctx.method, route, status, seconds);
      const fields = {
        requestId: ctx.state.requestId as string | undefined,
        method: ctx.method,
        route,
        status,
        durationMs: Math.round(seconds * 100_000) / 100,
        ...callerFields(ctx),
      };
      if (status >= 500) log.error(fields, 'request');
      else log.info(fields, 'request');
    }
  };
}

/**
 * The one way a bug met while handling a request is recorded: a log line (request id, method, route
 * template, the error scrubbed of secrets) and an error report with the same context.
 */
export function reportUnexpected({ log, errors }: Observability): (error: unknown, ctx: Context) => void {
  return (error, ctx) => {
    const context = {
      requestId: ctx.state.requestId as string | undefined,
      method: ctx.method,
      route: routeTemplate(ctx),
    };
    log.error({ ...context, err: error }, 'unexpected error while handling a request');
    errors.report(error, { surface: 'http', ...context });
  };
}
