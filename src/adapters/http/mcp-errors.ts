import type { Context } from 'koa';
import { RPC, rpcError } from '../mcp/json-rpc.js';
import { PROBLEMS, type ProblemKind } from './problems.js';

/**
 * How `/api/mcp` answers a failure at the HTTP level (SPEC §7.1): MCP clients read JSON-RPC, never
 * problem+json, so each kind of problem becomes an HTTP status and a JSON-RPC error code, with
 * `id: null` (the failure is not about one message). The statuses are the REST table's except where
 * the seed says otherwise: a module that is off is 403 here (seed §7), 404 on REST.
 */
const STATUS_ON_MCP: Partial<Record<ProblemKind, number>> = { module_disabled: 403 };

const CODE_ON_MCP: Partial<Record<ProblemKind, number>> = {
  malformed_body: RPC.parseError,
  invalid: RPC.invalidRequest,
  payload_too_large: RPC.invalidRequest,
  unauthorized: RPC.unauthorized,
  forbidden: RPC.forbidden,
  module_disabled: RPC.forbidden,
  rate_limited: RPC.rateLimited,
  unavailable: RPC.unavailable,
  internal: RPC.internal,
};

/**
 * Writes the JSON-RPC error body of `kind` with its HTTP status (401 also asks for a bearer key). The
 * message leads with the problem's title, since a JSON-RPC error has no other field to carry it.
 */
export function sendJsonRpcProblem(ctx: Context, kind: ProblemKind, detail: string): void {
  const { title, status: restStatus } = PROBLEMS[kind];
  const status = STATUS_ON_MCP[kind] ?? restStatus;
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = rpcError(null, CODE_ON_MCP[kind] ?? RPC.generic, `${title}: ${detail}`);
  if (status === 401) ctx.set('WWW-Authenticate', 'Bearer');
}
