import type { Context, Middleware } from 'koa';
import { isDomainError, type Problem } from '../../../domain/shared/errors.js';
import { DatabaseBusyError } from '../../../ports/unit-of-work.js';
import {
  HttpProblem,
  PROBLEM_CONTENT_TYPE,
  problemDocument,
  type ProblemDocument,
  type ProblemKind,
} from '../problems.js';

const BUSY_DETAIL = 'The database is busy with other work; nothing was changed. Retry shortly.';
/** Seconds a client should wait before retrying a busy answer. */
const BUSY_RETRY_AFTER = '1';
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
  if (err instanceof DatabaseBusyError) return { kind: 'unavailable', detail: BUSY_DETAIL, problems: [] };
  return { kind: 'internal', detail: INTERNAL_DETAIL, problems: [] };
}

/**
 * Renders everything thrown below it as RFC 9457 problem details: DomainError and HttpProblem through
 * the one table in problems.ts; a database busy past its lock timeout is a 503 with Retry-After (a
 * retry may well succeed, nothing was written); anything else is a bug → 500 with a generic detail, handed to
 * `onUnexpected` (logged and reported: observe-requests.ts), and never a stack trace or driver message
 * in the response.
 */
export function errorHandler(onUnexpected: (error: unknown, ctx: Context) => void): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const { kind, detail, problems } = classify(err);
      if (kind === 'internal') onUnexpected(err, ctx);
      if (ctx.headerSent || !ctx.writable) return; // a stream already under way: nothing more to say
      if (err instanceof DatabaseBusyError) ctx.set('Retry-After', BUSY_RETRY_AFTER);
      sendProblem(ctx, problemDocument(kind, detail, problems));
    }
  };
}
