import { JSONRPCMessageSchema, type JSONRPCErrorResponse, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Reply } from './reply.js';
import type { AnswerMessage } from './server.js';
import { RPC, rpcError } from './errors.js';
import { claimsEnvelope, classify, type McpHeaders } from './lanes.js';
import { SerializedResult } from './tool-results.js';

/**
 * Desk's documented extension of the 2025 lane: batches were removed from MCP in 2025-06-18; we
 * accept up to 32. The 2026 lane is one message per POST (or line): a batch holding a 2026 request is
 * refused whole.
 */
export const MAX_BATCH_MESSAGES = 32;

/** What the HTTP surface sends back: a status and a JSON body (UTF-8 bytes), or 202 with no body. */
export interface ExchangeAnswer {
  readonly status: 200 | 202 | 400 | 404 | 413;
  readonly body?: Buffer;
}

const CLOSE = Buffer.from('}');
const OPEN_BATCH = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE_BATCH = Buffer.from(']');

/**
 * A reply as JSON bytes; a result that is already serialised is sent as the bytes it holds, between
 * an envelope written per reply, so a kept listing is neither serialised nor encoded again.
 */
function serializeReply(reply: Reply): Buffer {
  if ('result' in reply && reply.result instanceof SerializedResult) {
    const head = Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(reply.id)},"result":`);
    return Buffer.concat([head, reply.result.bytes, CLOSE]);
  }
  return Buffer.from(JSON.stringify(reply));
}

/** One reply, or a batch's replies as an array, as the JSON bytes that go out. */
export function serializeReplies(replies: Reply | readonly Reply[]): Buffer {
  if (!Array.isArray(replies)) return serializeReply(replies as Reply);
  const parts: Buffer[] = [OPEN_BATCH];
  (replies as readonly Reply[]).forEach((reply, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(serializeReply(reply));
  });
  parts.push(CLOSE_BATCH);
  return Buffer.concat(parts);
}

const requestIdOf = (raw: unknown): RequestId | null => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
};

const invalidMessage = (raw: unknown): JSONRPCErrorResponse =>
  rpcError(requestIdOf(raw), RPC.invalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message');

/** One element of a batch: a message that is not valid JSON-RPC fails only itself (-32600). */
async function answerElement(answer: AnswerMessage, raw: unknown): Promise<Reply | null> {
  const parsed = JSONRPCMessageSchema.safeParse(raw);
  return parsed.success ? answer(parsed.data, 'legacy') : invalidMessage(raw);
}

/** The 2026 lane over HTTP: an unknown (or removed) method is 404 with its -32601 (the revision). */
const modernStatus = (reply: Reply): 200 | 404 =>
  'error' in reply && reply.error.code === RPC.methodNotFound ? 404 : 200;

/**
 * One HTTP body (or stdio line): a single message, served on the lane its body names (lanes.ts), or
 * a 2025-lane batch of 1..32 answered as an array in order (notifications get no entry; nothing to
 * answer at all → 202). The batch size is checked before anything runs, so an oversized batch runs
 * nothing. Elements run one after another, each answered on its own, so a bad element fails only
 * itself and duplicate ids each get their answer. `headers` are the POST's (undefined on stdio,
 * which has none to check).
 */
export async function answerPayload(
  answer: AnswerMessage,
  payload: unknown,
  headers?: McpHeaders,
): Promise<ExchangeAnswer> {
  if (!Array.isArray(payload)) {
    const parsed = JSONRPCMessageSchema.safeParse(payload);
    if (!parsed.success) return { status: 400, body: serializeReplies(invalidMessage(payload)) };
    const classified = classify(parsed.data, headers);
    if ('refused' in classified) return { status: 400, body: serializeReplies(classified.refused.reply) };
    const reply = await answer(parsed.data, classified.lane);
    if (!reply) return { status: 202 };
    return { status: classified.lane === 'modern' ? modernStatus(reply) : 200, body: serializeReplies(reply) };
  }
  if (payload.length === 0) {
    return { status: 400, body: serializeReplies(rpcError(null, RPC.invalidRequest, 'Invalid Request: empty batch')) };
  }
  if (payload.length > MAX_BATCH_MESSAGES) {
    const message = `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages, not ${payload.length}; nothing was run`;
    return { status: 413, body: serializeReplies(rpcError(null, RPC.invalidRequest, message)) };
  }
  if (payload.some(claimsEnvelope)) {
    const message =
      'Invalid Request: batches are a 2025-era extension; a 2026-07-28 request (one with the _meta envelope) goes alone; nothing was run';
    return { status: 400, body: serializeReplies(rpcError(null, RPC.invalidRequest, message)) };
  }
  const replies: Reply[] = [];
  for (const raw of payload) {
    const reply = await answerElement(answer, raw);
    if (reply) replies.push(reply);
  }
  return replies.length ? { status: 200, body: serializeReplies(replies) } : { status: 202 };
}
