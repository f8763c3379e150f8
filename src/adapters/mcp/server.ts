import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  isJSONRPCRequest,
  LATEST_PROTOCOL_VERSION,
  ListToolsRequestSchema,
  PingRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type InitializeResult,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type ListToolsResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { UnknownToolError, type ToolCatalogue } from '../../domain/catalogue/catalogue.js';
import type { Resolve } from '../../domain/shared/use-case.js';
import type { Actor } from '../../domain/shared/actor.js';
import { isDomainError } from '../../domain/shared/errors.js';
import type { Metrics, ToolCallOutcome } from '../observability/index.js';
import { RPC, rpcError } from './errors.js';
import { DESK_PROTOCOL_VERSIONS, META, type Lane } from './lanes.js';
import type { MethodResult, Reply } from './reply.js';
import { DatabaseBusyError, DatabaseUnavailableError } from '../../ports/unit-of-work.js';
import {
  BUSY_RESULT,
  domainErrorResult,
  SerializedResult,
  successResult,
  toolEntry,
  UNEXPECTED_RESULT,
} from './tool-results.js';

/** Reports a bug (anything but a DomainError) without secrets: no key, no tool input. */
export type ReportUnexpected = (
  error: unknown,
  context: { readonly rpcMethod: string; readonly tool?: string },
) => void;

/**
 * Told of every `tools/call` once it has ended (metrics). `name` is what the client sent: the
 * observer must not use it unchecked (Metrics counts a name outside the catalogue as `unknown`).
 */
export type ToolCallObserver = (name: string, outcome: ToolCallOutcome) => void;

export interface McpServerDeps {
  readonly catalogue: ToolCatalogue;
  /** How tool handlers reach their use cases (the container). */
  readonly resolve: Resolve;
  readonly version: string;
  readonly onToolCall?: ToolCallObserver;
}

/** Who one message runs as, and where a bug met while answering it is reported (with the request's ids). */
export interface MessageContext {
  readonly actor: Actor;
  readonly reportUnexpected: ReportUnexpected;
}

/** Answers one JSON-RPC message on its lane (lanes.ts): its reply, or null when it asks for none. */
export type AnswerMessage = (message: JSONRPCMessage, lane: Lane) => Promise<Reply | null>;

/** A JSON-RPC error a method raises on purpose, sent with its own code and message. */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type Method = (request: JSONRPCRequest, context: MessageContext) => MethodResult | Promise<MethodResult>;

/** Distinct tool listings kept serialised (one per set of visible tools; a deployment has a handful). */
const MAX_LISTINGS = 256;

/**
 * The 2026 lane's cache hints. A listing differs per key (its scopes, its tenant's modules), so it is
 * `private`, and fresh for a minute only: a scope or a module can change, and a call of a tool that
 * has gone meanwhile answers -32602, which tells a client to list again. Discovery is the same for
 * every key but needs one, so it is private too; it changes only with an upgrade.
 */
export const LIST_TTL_MS = 60_000;
export const DISCOVER_TTL_MS = 300_000;

/** The request's params as `schema` (the SDK's own) reads them, or -32602 naming what is wrong. */
function paramsOf<S extends z.ZodType<{ params?: unknown }>>(schema: S, request: JSONRPCRequest): z.infer<S>['params'] {
  const parsed = schema.safeParse(request);
  if (parsed.success) return parsed.data.params;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; ');
  throw new RpcError(RPC.invalidParams, `Invalid params for ${request.method}: ${problems}`);
}

/**
 * The MCP server of SPEC §7.1 over the one tool catalogue, with two method tables over the same
 * methods: the 2025 lane's `initialize`, `ping`, `tools/list` (what the calling key may use on the
 * integration surface) and `tools/call` (run through `catalogue.invoke`), for every protocol version
 * SDK 1.32 supports; and the 2026 lane's `server/discover`, `tools/list` and `tools/call` for
 * 2026-07-28, whose results carry `resultType`, the server's identity and (lists) cache hints. Params
 * are parsed with SDK 1.32's schemas on both lanes (the 2026 envelope is checked first, lanes.ts).
 *
 * Why not the SDK's `Server`: it is a session engine (progress, cancellation, tasks, requests to the
 * client), and Desk's MCP is stateless. Measured under load, its per-request machinery (an
 * AbortController and a chain of promises per message) doubled the allocation per message and was
 * promoted to the old generation at ~2 KB a message, which kept resident memory over 200 MB. Here a
 * message is one method call; one instance serves every caller, who comes with each message (the
 * context), never with the server. Notifications and responses are answered with nothing: a stateless
 * server has no request of its own outstanding and nothing to cancel.
 */
export class McpServer {
  private readonly methods: ReadonlyMap<string, Method>;
  private readonly modernMethods: ReadonlyMap<string, Method>;
  private readonly observe: ToolCallObserver;
  private readonly listings = new Map<string, SerializedResult>();
  private readonly modernListings = new Map<string, SerializedResult>();
  /** What every 2026 result starts with: its `resultType` and the server's identity (the revision's SHOULD). */
  private readonly modernStamp: string;
  private readonly discovery: SerializedResult;

  constructor(private readonly deps: McpServerDeps) {
    this.observe = deps.onToolCall ?? (() => undefined);
    this.methods = new Map<string, Method>([
      ['initialize', (request) => this.initialize(request)],
      [
        'ping',
        (request) => {
          paramsOf(PingRequestSchema, request);
          return {};
        },
      ],
      ['tools/list', (request, { actor }) => this.listTools(request, actor)],
      ['tools/call', (request, context) => this.callTool(request, context)],
    ]);
    // 2026-07-28: no initialize and no ping (removed from the revision); discovery is mandatory. The
    // tools are the same two methods over the same catalogue, with the revision's result fields.
    this.modernMethods = new Map<string, Method>([
      ['server/discover', () => this.discovery],
      ['tools/list', (request, { actor }) => this.listToolsModern(request, actor)],
      ['tools/call', async (request, context) => stampResult(this.modernStamp, await this.callTool(request, context))],
    ]);
    const serverInfo = { [META.serverInfo]: { name: 'desk', version: deps.version } };
    this.modernStamp = `"resultType":"complete","_meta":${JSON.stringify(serverInfo)}`;
    // `server/discover`: the versions Desk serves, its capabilities, who it is; the same for every key.
    const discovery = { supportedVersions: DESK_PROTOCOL_VERSIONS, capabilities: { tools: {} } };
    this.discovery = stampResult(
      this.modernStamp,
      new SerializedResult(JSON.stringify({ ...discovery, ttlMs: DISCOVER_TTL_MS, cacheScope: 'private' })),
    );
  }

  /** Answers one message on its lane (lanes.ts decides which, before this runs). */
  async answer(message: JSONRPCMessage, context: MessageContext, lane: Lane = 'legacy'): Promise<Reply | null> {
    if (!isJSONRPCRequest(message)) return null;
    const method = (lane === 'modern' ? this.modernMethods : this.methods).get(message.method);
    if (!method) {
      // The 2026 lane names the method: ping and initialize are gone from that revision, not broken.
      const text =
        lane === 'modern' ? `Method not found: ${message.method} is not a 2026-07-28 method here` : 'Method not found';
      return rpcError(message.id, RPC.methodNotFound, text);
    }
    try {
      return { jsonrpc: '2.0', id: message.id, result: await method(message, context) };
    } catch (e) {
      if (e instanceof RpcError) return rpcError(message.id, e.code, e.message);
      // An outage, not a bug: the client may retry once the database is back.
      if (e instanceof DatabaseUnavailableError) {
        return rpcError(
          message.id,
          RPC.unavailable,
          'Service unavailable: the database cannot be reached; retry shortly',
        );
      }
      context.reportUnexpected(e, { rpcMethod: message.method });
      return rpcError(message.id, RPC.internal, 'Internal error');
    }
  }

  /** Speaks the client's protocol version when the SDK knows it, else offers the latest (MCP spec). */
  private initialize(request: JSONRPCRequest): InitializeResult {
    const { protocolVersion } = paramsOf(InitializeRequestSchema, request);
    return {
      protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(protocolVersion)
        ? protocolVersion
        : LATEST_PROTOCOL_VERSION,
      capabilities: { tools: {} },
      serverInfo: { name: 'desk', version: this.deps.version },
    };
  }

  /**
   * The tools the caller may use. A listing only changes with the set of visible tools, so each is
   * serialised once and kept, by that set (the entries themselves were converted at start).
   */
  private listTools(request: JSONRPCRequest, actor: Actor): SerializedResult {
    paramsOf(ListToolsRequestSchema, request);
    return this.listing(this.listings, actor, (tools) => JSON.stringify({ tools } satisfies ListToolsResult));
  }

  /** The same listing on the 2026 lane: with its cache hints (private to the key, a minute fresh). */
  private listToolsModern(request: JSONRPCRequest, actor: Actor): SerializedResult {
    paramsOf(ListToolsRequestSchema, request);
    return this.listing(
      this.modernListings,
      actor,
      (tools) =>
        stampResult(
          this.modernStamp,
          new SerializedResult(JSON.stringify({ ttlMs: LIST_TTL_MS, cacheScope: 'private', tools })),
        ).json,
    );
  }

  private listing(
    kept: Map<string, SerializedResult>,
    actor: Actor,
    serialise: (tools: ListToolsResult['tools']) => string,
  ): SerializedResult {
    const tools = this.deps.catalogue.visibleTo(actor, 'integration');
    const key = tools.map((t) => t.name).join(',');
    let listing = kept.get(key);
    if (!listing) {
      if (kept.size >= MAX_LISTINGS) kept.clear();
      listing = new SerializedResult(serialise(tools.map(toolEntry)));
      kept.set(key, listing);
    }
    return listing;
  }

  private async callTool(
    request: JSONRPCRequest,
    { actor, reportUnexpected }: MessageContext,
  ): Promise<CallToolResult | SerializedResult> {
    const { name, arguments: input } = paramsOf(CallToolRequestSchema, request);
    try {
      const result = successResult(
        await this.deps.catalogue.invoke(this.deps.resolve, actor, 'integration', name, input),
      );
      this.observe(name, 'ok');
      return result;
    } catch (e) {
      // Hidden and unknown tools answer alike, so a key learns nothing about tools it cannot use.
      if (e instanceof UnknownToolError) {
        this.observe(name, 'unknown');
        throw new RpcError(RPC.invalidParams, `Unknown tool: ${name}`);
      }
      this.observe(name, 'error');
      if (isDomainError(e)) return domainErrorResult(e);
      if (e instanceof DatabaseBusyError) return BUSY_RESULT;
      if (e instanceof DatabaseUnavailableError) throw e;
      reportUnexpected(e, { rpcMethod: 'tools/call', tool: name });
      return UNEXPECTED_RESULT;
    }
  }
}

/**
 * A result with the 2026 lane's fields in front (`resultType`, the server's identity in `_meta`). An
 * already serialised result gets them spliced into its text, not parsed and written again.
 */
function stampResult(stamp: string, result: CallToolResult | SerializedResult): SerializedResult {
  const json = result instanceof SerializedResult ? result.json : JSON.stringify(result);
  return new SerializedResult(json === '{}' ? `{${stamp}}` : `{${stamp},${json.slice(1)}`);
}

/**
 * The one way an McpServer is made, for HTTP and stdio alike: over the process's catalogue, counting
 * every tool call in `desk_mcp_tool_calls_total`.
 */
export function createMcpServer(deps: {
  readonly catalogue: ToolCatalogue;
  readonly resolve: Resolve;
  readonly version: string;
  readonly metrics: Pick<Metrics, 'countToolCall'>;
}): McpServer {
  const { metrics, ...rest } = deps;
  return new McpServer({ ...rest, onToolCall: (name, outcome) => metrics.countToolCall(name, outcome) });
}
