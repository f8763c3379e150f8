import type { Context } from 'koa';
import { mcpFailure, rpcError } from '../mcp/index.js';
import { PROBLEMS, type ProblemKind } from './problems.js';

/**
 * Writes the JSON-RPC error body of a problem on `/api/mcp`, with the status and code the MCP error
 * table gives it (mcp/errors.ts); 401 also asks for a bearer key. The message leads with the
 * problem's title, since a JSON-RPC error has no other field to carry it.
 */
export function sendJsonRpcProblem(ctx: Context, kind: ProblemKind, detail: string): void {
  const { title, status: restStatus } = PROBLEMS[kind];
  const { status, code } = mcpFailure(kind, restStatus);
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = rpcError(null, code, `${title}: ${detail}`);
  // The route may have named where to get a token (routes/mcp.ts); otherwise, plainly, a bearer.
  if (status === 401 && !ctx.response.get('WWW-Authenticate')) ctx.set('WWW-Authenticate', 'Bearer');
}
