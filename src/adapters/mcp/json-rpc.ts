import type { JSONRPCErrorResponse, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error body. Kept apart from the SDK's runtime so HTTP errors never load it. */
export const rpcError = (id: RequestId | null, code: number, message: string): JSONRPCErrorResponse =>
  ({ jsonrpc: '2.0', id, error: { code, message } }) as JSONRPCErrorResponse;
