import type { JSONRPCErrorResponse, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error body. Kept apart from the SDK's runtime so HTTP errors never load it. */
export const rpcError = (id: RequestId | null, code: number, message: string): JSONRPCErrorResponse =>
  ({ jsonrpc: '2.0', id, error: { code, message } }) as JSONRPCErrorResponse;

/**
 * The JSON-RPC error codes Desk answers outside a tool result: `/api/mcp` at the HTTP level (SPEC
 * §7.1; always with `id: null`, never problem+json: MCP clients read JSON-RPC), and `desk mcp --stdio`
 * when its key stops working. Desk's own codes in the server range mirror the HTTP status they go
 * with: -32001 ↔ 401, -32003 ↔ 403, -32029 ↔ 429, -32053 ↔ 503.
 */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  internal: -32603,
  generic: -32000,
  unauthorized: -32001,
  forbidden: -32003,
  rateLimited: -32029,
  /** The service cannot serve now (its database is unreachable or busy): retry later. Like 503. */
  unavailable: -32053,
} as const;
