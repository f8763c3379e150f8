import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { rpcError } from './json-rpc.js';
import {
  ErrorCode,
  JSONRPCMessageSchema,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** Desk's documented extension: batches were removed from MCP in 2025-06-18; we accept up to 32. */
export const MAX_BATCH_MESSAGES = 32;

/** What the HTTP surface sends back: a status and a JSON body, or 202 with no body. */
export interface ExchangeAnswer {
  readonly status: 200 | 202 | 400 | 413;
  readonly body?: JSONRPCMessage | JSONRPCMessage[];
}

const requestIdOf = (raw: unknown): RequestId | null => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
};

/**
 * A transport for exactly one incoming message: the SDK Server's reply is captured instead of written,
 * so the HTTP route can assemble a batch's answers itself.
 */
class OneMessageTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private settle!: (reply: JSONRPCMessage) => void;
  readonly reply = new Promise<JSONRPCMessage>((resolve) => (this.settle = resolve));

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    // Only the answer to our request counts; a stateless server has nothing else to say.
    if ('result' in message || 'error' in message) this.settle(message);
  }

  async close(): Promise<void> {
    this.onclose?.();
  }
}

const invalidMessage = (raw: unknown): JSONRPCErrorResponse =>
  rpcError(requestIdOf(raw), ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message');

/** Runs one message through a fresh server: its answer, or null when there is none to give. */
async function run(newServer: () => Server, message: JSONRPCMessage): Promise<JSONRPCMessage | null> {
  const server = newServer();
  const transport = new OneMessageTransport();
  await server.connect(transport);
  try {
    transport.onmessage?.(message);
    // A notification, or a response to a request the server never made: nothing to answer.
    const isRequest = 'method' in message && 'id' in message;
    return isRequest ? await transport.reply : null;
  } finally {
    await server.close();
  }
}

/** One element of a batch: a message that is not valid JSON-RPC fails only itself (-32600). */
async function answerMessage(newServer: () => Server, raw: unknown): Promise<JSONRPCMessage | null> {
  const parsed = JSONRPCMessageSchema.safeParse(raw);
  return parsed.success ? run(newServer, parsed.data) : invalidMessage(raw);
}

/**
 * One HTTP body: a single message, or a batch of 1..32 answered as an array in order (notifications
 * get no entry; nothing to answer at all → 202). The batch size is checked before any server exists,
 * so an oversized batch runs nothing. Elements run one after another, each on its own server, so a
 * bad element fails only itself and duplicate ids each get their answer.
 */
export async function answerPayload(newServer: () => Server, payload: unknown): Promise<ExchangeAnswer> {
  if (!Array.isArray(payload)) {
    const parsed = JSONRPCMessageSchema.safeParse(payload);
    if (!parsed.success) return { status: 400, body: invalidMessage(payload) };
    const answer = await run(newServer, parsed.data);
    return answer ? { status: 200, body: answer } : { status: 202 };
  }
  if (payload.length === 0) {
    return { status: 400, body: rpcError(null, ErrorCode.InvalidRequest, 'Invalid Request: empty batch') };
  }
  if (payload.length > MAX_BATCH_MESSAGES) {
    const message = `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages, not ${payload.length}; nothing was run`;
    return { status: 413, body: rpcError(null, ErrorCode.InvalidRequest, message) };
  }
  const answers: JSONRPCMessage[] = [];
  for (const raw of payload) {
    const answer = await answerMessage(newServer, raw);
    if (answer) answers.push(answer);
  }
  return answers.length ? { status: 200, body: answers } : { status: 202 };
}
