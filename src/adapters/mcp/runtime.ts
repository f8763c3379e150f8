/**
 * Everything that needs the MCP SDK at run time, in one module the HTTP route loads on the first MCP
 * request: the SDK's schemas are large, and most deployments start without an MCP client.
 */
export { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
export { answerPayload } from './exchange.js';
export { McpServer } from './server.js';
