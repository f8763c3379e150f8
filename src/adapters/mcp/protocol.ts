/**
 * The parts of the MCP adapter that need the SDK at run time (its message schemas and versions),
 * loaded on first use through `loadMcp()` (index.ts): most deployments start without an MCP client,
 * and the SDK's schemas are large.
 */
export { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
export { answerPayload } from './exchange.js';
export { createMcpServer, McpServer } from './server.js';
export { serveStdio } from './stdio.js';
