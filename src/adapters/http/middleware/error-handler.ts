import type { Context, Middleware } from 'koa';
import { isDomainError, type Problem } from '../../../domain/shared/errors.js';
import {
  HttpProblem,
  PROBLEM_CONTENT_TYPE,
  problemDocument,
  type ProblemDocument,
  type ProblemKind,
} from '../problems.js';

const INTERNAL_DETAIL = 'An unexpected error occurred. Quote the X-Request-Id response header when reporting it.';

/** Writes a problem+json response. */
export function sendProblem(ctx: Context, doc: ProblemDocument): void {
  ctx.status = doc.status;
  ctx.body = doc;
  ctx.type = PROBLEM_CONTENT_TYPE;
}

function classify(err: unknown): { kind: ProblemKind; detail: string; problems: readonly Problem[] } {
  if (isDomainError(err)) return { kind: err.code, detail: err.message, problems: err.problems };
  if (err instanceof HttpProblem) return { kind: err.kind, detail: err.detail, problems: [] };
  return { kind: 'internal', detail: INTERNAL_DETAIL, problems: [] };
}

/**
 * A bug: one JSON line on stderr. It names the route template, never the raw URL (a query or path may
 * carry a token) and no header or body.
 */
function reportUnexpected(err: unknown, ctx: Context): void {
  const error =
    err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : { value: String(err) };
  const route = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  const line = {
    level: 'error',
    time: new Date().toISOString(),
    msg: 'unexpected error while handling a request',
    requestId: ctx.state.requestId as string | undefined,
    method: ctx.method,
    route: route === undefined ? null : String(route),
    error,
  };
  process.stderr.write(JSON.stringify(line) + '\n');
}

/**
 * Renders everything thrown below it as RFC 9457 problem details: DomainError and HttpProblem through
 * the one table in problems.ts; anything else is a bug → 500 with a generic detail, logged, and never
 * a stack trace or driver message in the response.
 */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const { kind, detail, problems } = classify(err);
      if (kind === 'internal') reportUnexpected(err, ctx);
      if (ctx.headerSent || !ctx.writable) return; // a stream already under way: nothing more to say
      sendProblem(ctx, problemDocument(kind, detail, problems));
    }
  };
}
