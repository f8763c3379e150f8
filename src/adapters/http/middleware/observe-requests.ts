import type { Context } from 'koa';
import { type Observability, type RequestLine, UNMATCHED_ROUTE, throttled } from '../../observability/index.js';
import type { Actor } from '../../../domain/shared/actor.js';
import type { DatabaseUnavailableError } from '../../../ports/unit-of-work.js';

/**
 * The route template the request was matched to (`/api/loans/:number/issue`), or `unmatched` when
 * none was (an unknown path, a foreign host). Never the raw path: it may hold ids, and a query string
 * tokens. The request frame sets it (routing/dispatch.ts).
 */
export const routeTemplate = (ctx: Context): string => (ctx.state.route as string | undefined) ?? UNMATCHED_ROUTE;

/** Who made the request, once authentication has run: ids only, never a credential or a name. */
function callerFields(ctx: Context): Pick<RequestLine, 'tenantId' | 'keyId' | 'userId'> {
  const actor = ctx.state.actor as Actor | undefined;
  if (!actor) return {};
  const { principal } = actor;
  if (principal.type === 'apiKey') return { tenantId: actor.tenant.id, keyId: principal.id };
  if (principal.type === 'user') return { tenantId: actor.tenant.id, userId: principal.id };
  return { tenantId: actor.tenant.id };
}

/**
 * One log line and one metrics observation per request, taken when the answer is decided (so it sees
 * the status the error handler chose). The line holds the request id, method, route template,
 * status, duration in milliseconds and, once authenticated, the tenant id and the key or user id —
 * never a header, a cookie, the query string or the body. A 500 (a bug) is logged at level `error`;
 * a 503 (the service cannot serve now: an outage, not a bug) at `warn`; everything else at `info`.
 * The duration ends when the handler has answered; streaming a body out is not included.
 */
export function requestObserver({ log, metrics }: Observability): (ctx: Context, started: bigint) => void {
  return (ctx, started) => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = routeTemplate(ctx);
    const status = ctx.status;
    metrics.observeRequest(ctx.method, route, status, seconds);
    const line: RequestLine = {
      requestId: ctx.state.requestId as string | undefined,
      method: ctx.method,
      route,
      status,
      durationMs: Math.round(seconds * 100_000) / 100,
      ...callerFields(ctx),
    };
    log.request(status === 503 ? 'warn' : status >= 500 ? 'error' : 'info', line);
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

/** At most one `database unavailable` warning per this many milliseconds: an outage is one story. */
export const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;

/**
 * How a request refused because the database cannot be reached is recorded: a warning naming the
 * driver's code (ECONNREFUSED, 57P01, SQLITE_CANTOPEN...), at most once per interval with the number
 * of refusals it stands for, so an outage under load does not bury the log. Never reported to the
 * error tracker: there is no bug to fix, only a database to bring back.
 */
export function reportUnavailable(
  { log }: Observability,
  intervalMs = UNAVAILABLE_LOG_INTERVAL_MS,
): (error: DatabaseUnavailableError, ctx: Context) => void {
  return throttled(intervalMs, (refused, error: DatabaseUnavailableError, ctx: Context) =>
    log.warn(
      { requestId: ctx.state.requestId as string | undefined, reason: error.reason, refused },
      'database unavailable',
    ),
  );
}
