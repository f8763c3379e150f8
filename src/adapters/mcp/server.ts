import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { UnknownToolError, type ToolCatalogue } from '../../domain/catalogue/catalogue.js';
import type { Resolve } from '../../domain/catalogue/tool.js';
import type { Actor } from '../../domain/shared/actor.js';
import { isDomainError } from '../../domain/shared/errors.js';
import type { ToolCallOutcome } from '../observability/metrics.js';
import { domainErrorResult, successResult, toolEntry, UNEXPECTED_RESULT } from './tool-results.js';

/** Reports a bug (anything but a DomainError) without secrets: no key, no tool input. */
export type ReportUnexpected = (error: unknown, context: { readonly tool: string }) => void;

/**
 * Told of every `tools/call` once it has ended (metrics). `name` is what the client sent: the
 * observer must not use it unchecked (Metrics counts a name outside the catalogue as `unknown`).
 */
export type ToolCallObserver = (name: string, outcome: ToolCallOutcome) => void;

export interface McpServerDeps {
  readonly catalogue: ToolCatalogue;
  /** How tool handlers reach their use cases (the container). */
  readonly resolve: Resolve;
  /** The API key the tools run as, inside its tenant. */
  readonly actor: Actor;
  readonly version: string;
  readonly reportUnexpected?: ReportUnexpected;
  readonly onToolCall?: ToolCallObserver;
}

/** A bug, as one JSON line on stderr (over stdio, stdout is the protocol channel). */
export function logUnexpected(msg: string, error: unknown, context: Readonly<Record<string, unknown>>): void {
  const err =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack }
      : { value: String(error) };
  const line = { level: 'error', time: new Date().toISOString(), msg, ...context, error: err };
  process.stderr.write(JSON.stringify(line) + '\n');
}

const logToolError: ReportUnexpected = (error, context) =>
  logUnexpected('unexpected error in an MCP tool call', error, context);

/**
 * JSON-RPC -32602 with the plain message `Unknown tool: <name>` (the SDK's McpError would prefix
 * "MCP error -32602:" to the message that goes on the wire).
 */
class UnknownToolRpcError extends Error {
  readonly code = ErrorCode.InvalidParams;
  constructor(name: string) {
    super(`Unknown tool: ${name}`);
  }
}

// The SDK Server builds an Ajv instance per construction (for elicitation, which Desk never uses);
// one shared instance keeps a server per HTTP message cheap.
let sharedValidator: AjvJsonSchemaValidator | undefined;

/**
 * The MCP surface over the one tool catalogue, for one actor: `tools/list` shows what the key may use
 * on the integration surface; `tools/call` runs it through `catalogue.invoke`. `initialize` and `ping`
 * are the SDK's own, for every protocol version it supports. Over HTTP a fresh server answers each
 * message (stateless); over stdio one server lives as long as the process.
 */
export function createMcpServer(deps: McpServerDeps): Server {
  const { catalogue, resolve, actor } = deps;
  const report = deps.reportUnexpected ?? logToolError;
  const observe = deps.onToolCall ?? (() => undefined);
  sharedValidator ??= new AjvJsonSchemaValidator();
  const server = new Server(
    { name: 'desk', version: deps.version },
    { capabilities: { tools: {} }, jsonSchemaValidator: sharedValidator },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: catalogue.visibleTo(actor, 'integration').map(toolEntry),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: input } = request.params;
    try {
      const result = successResult(await catalogue.invoke(resolve, actor, 'integration', name, input));
      observe(name, 'ok');
      return result;
    } catch (e) {
      // Hidden and unknown tools answer alike, so a key learns nothing about tools it cannot use.
      if (e instanceof UnknownToolError) {
        observe(name, 'unknown');
        throw new UnknownToolRpcError(name);
      }
      observe(name, 'error');
      if (isDomainError(e)) return domainErrorResult(e);
      report(e, { tool: name });
      return UNEXPECTED_RESULT;
    }
  });

  return server;
}
