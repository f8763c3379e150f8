import type { JSONRPCErrorResponse, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error body. Kept apart from the SDK's runtime so HTTP errors never load it. */
export const rpcError = (id: RequestId | null, code: number, message: string): JSONRPCErrorResponse =>
  ({ jsonrpc: '2.0', id, error: { code, message } }) as JSONRPCErrorResponse;

/**
 * The JSON-RPC error codes Desk answers outside a tool result: `/api/mcp` at the HTTP level (SPEC
 * §7.1; always with `id: null`, never problem+json: MCP clients read JSON-RPC), and `desk mcp --stdio`
 * when its key stops working.
 */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  internal: -32603,
  generic: -32000,
  unauthorized: -32001,
  forbidden: -32003,
  rateLimited: -32029,
} as const;
