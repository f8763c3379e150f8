import type { Context, Middleware } from 'koa';
import { isDomainError } from '../../domain/shared/errors.js';
import { RPC, rpcError } from '../mcp/json-rpc.js';
import { HttpProblem, PROBLEMS } from './problems.js';

/** An HTTP-level refusal on `/api/mcp`: status plus JSON-RPC error code. */
export class JsonRpcHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Writes a JSON-RPC error body (id null) with an HTTP status; also what a rate limiter should call (429). */
export function sendJsonRpcError(ctx: Context, status: number, code: number, message: string): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = rpcError(null, code, message);
  if (status === 401) ctx.set('WWW-Authenticate', 'Bearer');
}

/** The JSON-RPC code for an HTTP status raised below (by the body reader, a rate limiter...). */
const codeForStatus = (status: number, kind?: string): number => {
  if (kind === 'malformed_body') return RPC.parseError;
  if (status === 401) return RPC.unauthorized;
  if (status === 403) return RPC.forbidden;
  if (status === 429) return RPC.rateLimited;
  if (status === 400 || status === 413) return RPC.invalidRequest;
  return RPC.generic;
};

/**
 * Outermost middleware of the MCP routes: renders every failure below it as a JSON-RPC error body.
 * A missing or bad key → 401 with `WWW-Authenticate: Bearer`; the Integrations module off → 403.
 * Anything unexpected → 500 -32603, logged on stderr (route and request id, never headers or body).
 * Headers set before the throw (e.g. a limiter's `Retry-After`) are kept.
 */
export function jsonRpcErrors(report: (error: unknown, ctx: Context) => void): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (e) {
      if (e instanceof JsonRpcHttpError) return sendJsonRpcError(ctx, e.status, e.code, e.message);
      if (isDomainError(e)) {
        const status =
          e.code === 'unauthorized' ? 401 : e.code === 'module_disabled' || e.code === 'forbidden' ? 403 : 400;
        return sendJsonRpcError(ctx, status, codeForStatus(status), e.message);
      }
      if (e instanceof HttpProblem) {
        const status: number = PROBLEMS[e.kind].status;
        return sendJsonRpcError(ctx, status, codeForStatus(status, e.kind), e.detail);
      }
      report(e, ctx);
      sendJsonRpcError(
        ctx,
        500,
        RPC.internal,
        'Internal error; quote the X-Request-Id response header when reporting it',
      );
    }
  };
}
