import type { Context } from 'koa';
import { isOAuthError } from '../../../domain/oauth/oauth-error.js';
import { isDomainError, type Problem } from '../../../domain/shared/errors.js';
import { DatabaseBusyError, DatabaseUnavailableError } from '../../../ports/unit-of-work.js';
import { sendJsonRpcProblem } from '../mcp-errors.js';
import { oauthCodeOf, oauthStatus, sendOAuthError } from '../oauth-errors.js';
import {
  HttpProblem,
  PROBLEMS,
  PROBLEM_CONTENT_TYPE,
  problemDocument,
  type ProblemDocument,
  type ProblemKind,
} from '../problems.js';

const BUSY_DETAIL = 'The database is busy with other work; nothing was changed. Retry shortly.';
const UNAVAILABLE_DETAIL = 'The service cannot reach its database; nothing was changed. Retry shortly.';
const INTERNAL_DETAIL = 'An unexpected error occurred. Quote the X-Request-Id response header when reporting it.';
/** Seconds a client should wait before retrying: a lock frees up quickly; an outage takes longer. */
const BUSY_RETRY_AFTER = 1;
const UNAVAILABLE_RETRY_AFTER = 5;

/** Writes a problem+json response, with `extensions` beside the standard members (RFC 9457 allows them). */
export function sendProblem(ctx: Context, doc: ProblemDocument, extensions: Record<string, unknown> = {}): void {
  ctx.status = doc.status;
  ctx.body = { ...doc, ...extensions };
  ctx.type = PROBLEM_CONTENT_TYPE;
}

interface Failure {
  readonly kind: ProblemKind;
  readonly detail: string;
  readonly problems: readonly Problem[];
  readonly retryAfter?: number;
  readonly extensions?: Readonly<Record<string, unknown>>;
}

function classify(err: unknown): Failure {
  if (isDomainError(err))
    return { kind: err.code, detail: err.message, problems: err.problems, extensions: err.extensions };
  if (err instanceof HttpProblem) {
    const retryAfter = err.kind === 'unavailable' ? UNAVAILABLE_RETRY_AFTER : undefined;
    return { kind: err.kind, detail: err.detail, problems: [], ...(retryAfter ? { retryAfter } : {}) };
  }
  if (err instanceof DatabaseBusyError)
    return { kind: 'unavailable', detail: BUSY_DETAIL, problems: [], retryAfter: BUSY_RETRY_AFTER };
  if (err instanceof DatabaseUnavailableError)
    return { kind: 'unavailable', detail: UNAVAILABLE_DETAIL, problems: [], retryAfter: UNAVAILABLE_RETRY_AFTER };
  return { kind: 'internal', detail: INTERNAL_DETAIL, problems: [] };
}

/** The kind of problem an error is answered as (the development-mode answer check reads it). */
export const failureKind = (err: unknown): ProblemKind => classify(err).kind;

export interface ErrorHandlerOptions {
  /** A bug: logged with its stack and reported to the error tracker (observe-requests.ts). */
  readonly onUnexpected: (error: unknown, ctx: Context) => void;
  /** The database cannot be reached: an outage, logged as a warning and never reported. */
  readonly onUnavailable: (error: DatabaseUnavailableError, ctx: Context) => void;
  /** Paths whose clients read JSON-RPC rather than problem+json (the MCP endpoint). */
  readonly jsonRpcPaths: readonly string[];
  /** Paths whose clients read OAuth's `{error, error_description}` (the token, registration and revocation endpoints). */
  readonly oauthPaths: readonly string[];
}

/**
 * Renders everything a request's pipeline threw (the request frame calls it), on every surface,
 * through the one table in problems.ts: DomainError and HttpProblem by their kind; a database busy past its lock timeout or unreachable
 * is a 503 `unavailable` with Retry-After (nothing was written, a retry may well succeed); anything
 * else is a bug → 500 with a generic detail, handed to `onUnexpected`, and never a stack trace or a
 * driver message in the response. Requests to a JSON-RPC path get the same status with a JSON-RPC
 * error body (mcp-errors.ts), requests to an OAuth endpoint an OAuth error (oauth-errors.ts: an
 * OAuthError as it is, anything else in its status's nearest OAuth words); every other request gets
 * problem+json.
 */
export function failureRenderer(options: ErrorHandlerOptions): (ctx: Context, err: unknown) => void {
  const jsonRpcPaths = new Set(options.jsonRpcPaths);
  const oauthPaths = new Set(options.oauthPaths);
  return (ctx, err) => {
    if (isOAuthError(err) && !ctx.headerSent)
      return sendOAuthError(ctx, err.code, err.description, oauthStatus(err.code));
    const { kind, detail, problems, retryAfter, extensions } = classify(err);
    if (kind === 'internal') options.onUnexpected(err, ctx);
    if (err instanceof DatabaseUnavailableError) options.onUnavailable(err, ctx);
    if (ctx.headerSent || !ctx.writable) return; // a stream already under way: nothing more to say
    if (retryAfter) ctx.set('Retry-After', String(retryAfter));
    if (jsonRpcPaths.has(ctx.path)) sendJsonRpcProblem(ctx, kind, detail);
    else if (oauthPaths.has(ctx.path)) sendOAuthError(ctx, oauthCodeOf(kind), detail, PROBLEMS[kind].status);
    else sendProblem(ctx, problemDocument(kind, detail, problems), extensions);
  };
}
