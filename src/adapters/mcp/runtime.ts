/**
 * Everything that needs the MCP SDK at run time, in one module the HTTP route loads on the first MCP
 * request: the SDK is the largest dependency, and most deployments start without an MCP client.
 */
export { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
export { answerPayload } from './exchange.js';
export { createMcpServer } from './server.js';
