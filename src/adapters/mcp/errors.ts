import type { JSONRPCErrorResponse, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { DomainErrorCode } from '../../domain/shared/errors.js';

/**
 * How MCP answers a failure outside a tool result, wherever it happens: at the HTTP level of
 * `/api/mcp` (always `id: null`, never problem+json: MCP clients read JSON-RPC), on stdio, and in the
 * method table for one message. One module owns the codes, the error body and the table from a kind
 * of failure to its HTTP status and code. Loading it never loads the SDK (type imports only).
 */

/**
 * JSON-RPC's own codes, MCP 2026-07-28's (-32020, -32022), and Desk's in the server range, which
 * mirror the HTTP status they go with: -32001 ↔ 401, -32003 ↔ 403, -32029 ↔ 429, -32053 ↔ 503.
 */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  generic: -32000,
  unauthorized: -32001,
  forbidden: -32003,
  rateLimited: -32029,
  /** The service cannot serve now (its database is unreachable or busy): retry later. Like 503. */
  unavailable: -32053,
  /** 2026-07-28: an HTTP header disagrees with the body, or a required one is missing (HTTP 400). */
  headerMismatch: -32020,
  /** 2026-07-28: the request's protocol version is not served here; `data` names both (HTTP 400). */
  unsupportedProtocolVersion: -32022,
} as const;

/** A JSON-RPC error body (with `data` when given). */
export const rpcError = (id: RequestId | null, code: number, message: string, data?: unknown): JSONRPCErrorResponse =>
  ({
    jsonrpc: '2.0',
    id,
    error: data === undefined ? { code, message } : { code, message, data },
  }) as JSONRPCErrorResponse;

/**
 * A kind of failure: a DomainError code, or one the transport meets before a use case runs. Kinds
 * the table below does not list keep the HTTP status the caller gives and get the generic code.
 */
export type McpFailureKind =
  DomainErrorCode | 'malformed_body' | 'payload_too_large' | 'unavailable' | 'internal' | (string & {});

const CODES: Readonly<Record<string, number>> = {
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

/** Where MCP's HTTP status differs from REST's for the same kind: a module that is off is 403 here (seed §7). */
const STATUSES: Readonly<Record<string, number>> = { module_disabled: 403 };

/** The JSON-RPC code of a failure of `kind` (stdio needs no more). */
export const mcpCode = (kind: McpFailureKind): number => CODES[kind] ?? RPC.generic;

/** The HTTP status and JSON-RPC code of a failure of `kind`; `status` is what REST would answer. */
export function mcpFailure(kind: McpFailureKind, status: number): { status: number; code: number } {
  return { status: STATUSES[kind] ?? status, code: mcpCode(kind) };
}
