import type {
  CallToolResult,
  InitializeResult,
  JSONRPCErrorResponse,
  ListToolsResult,
  RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { SerializedResult } from './tool-results.js';

/*
 * The shape of an answer, apart from the method table that makes most of them (server.ts): the lanes
 * refuse a message with a reply and the exchange writes replies out, and neither needs the table.
 */

/** What a method of the table returns: one of the SDK's results, or one already serialised. */
export type MethodResult = InitializeResult | ListToolsResult | CallToolResult | SerializedResult | Record<string, never>;

/**
 * The reply to one message: a JSON-RPC error, or a response whose result may already be serialised
 * (SerializedResult; exchange.ts writes replies to text).
 */
export type Reply =
  | JSONRPCErrorResponse
  | { readonly jsonrpc: '2.0'; readonly id: RequestId; readonly result: MethodResult };
