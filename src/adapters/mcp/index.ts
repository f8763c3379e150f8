/**
 * The MCP adapter's public face: what other adapters and the program use. Loading it loads no SDK:
 * the error vocabulary and the types come at once, and the SDK-backed parts (the method table, the
 * message exchange, stdio) through `loadMcp()`, on first use.
 */
export { mcpCode, mcpFailure, RPC, rpcError, type McpFailureKind } from './errors.js';
export type { Reply } from './reply.js';
export type { AnswerMessage, McpServer, MessageContext, ReportUnexpected } from './server.js';
export type { Lane, McpHeaders } from './lanes.js';
export { isModernVersion, MODERN_VERSION } from './versions.js';

let protocol: Promise<typeof import('./protocol.js')> | undefined;

/** The SDK-backed parts, imported once: a dynamic import resolves its specifier again on every call. */
export const loadMcp = () => (protocol ??= import('./protocol.js'));
