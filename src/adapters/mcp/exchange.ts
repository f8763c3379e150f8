import { JSONRPCMessageSchema, type JSONRPCErrorResponse, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { AnswerMessage, Reply } from './server.js';
import { RPC, rpcError } from './errors.js';
import { SerializedResult } from './tool-results.js';

/** Desk's documented extension: batches were removed from MCP in 2025-06-18; we accept up to 32. */
export const MAX_BATCH_MESSAGES = 32;

/** What the HTTP surface sends back: a status and a JSON body (as text), or 202 with no body. */
export interface ExchangeAnswer {
  readonly status: 200 | 202 | 400 | 413;
  readonly body?: string;
}

/** A reply as JSON text; a result that is already serialised is written as it stands. */
function serializeReply(reply: Reply): string {
  if ('result' in reply && reply.result instanceof SerializedResult) {
    return `{"jsonrpc":"2.0","id":${JSON.stringify(reply.id)},"result":${reply.result.json}}`;
  }
  return JSON.stringify(reply);
}

/** One reply, or a batch's replies as an array, as the JSON text that goes out. */
export const serializeReplies = (replies: Reply | readonly Reply[]): string =>
  Array.isArray(replies) ? `[${replies.map(serializeReply).join(',')}]` : serializeReply(replies as Reply);

const requestIdOf = (raw: unknown): RequestId | null => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
};

const invalidMessage = (raw: unknown): JSONRPCErrorResponse =>
  rpcError(requestIdOf(raw), RPC.invalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message');

/** One element of a batch: a message that is not valid JSON-RPC fails only itself (-32600). */
async function answerElement(answer: AnswerMessage, raw: unknown): Promise<Reply | null> {
  const parsed = JSONRPCMessageSchema.safeParse(raw);
  return parsed.success ? answer(parsed.data) : invalidMessage(raw);
}

/**
 * One HTTP body: a single message, or a batch of 1..32 answered as an array in order (notifications
 * get no entry; nothing to answer at all → 202). The batch size is checked before anything runs, so
 * an oversized batch runs nothing. Elements run one after another, each answered on its own, so a bad
 * element fails only itself and duplicate ids each get their answer.
 */
export async function answerPayload(answer: AnswerMessage, payload: unknown): Promise<ExchangeAnswer> {
  if (!Array.isArray(payload)) {
    const parsed = JSONRPCMessageSchema.safeParse(payload);
    if (!parsed.success) return { status: 400, body: serializeReplies(invalidMessage(payload)) };
    const reply = await answer(parsed.data);
    return reply ? { status: 200, body: serializeReplies(reply) } : { status: 202 };
  }
  if (payload.length === 0) {
    return { status: 400, body: serializeReplies(rpcError(null, RPC.invalidRequest, 'Invalid Request: empty batch')) };
  }
  if (payload.length > MAX_BATCH_MESSAGES) {
    const message = `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages, not ${payload.length}; nothing was run`;
    return { status: 413, body: serializeReplies(rpcError(null, RPC.invalidRequest, message)) };
  }
  const replies: Reply[] = [];
  for (const raw of payload) {
    const reply = await answerElement(answer, raw);
    if (reply) replies.push(reply);
  }
  return replies.length ? { status: 200, body: serializeReplies(replies) } : { status: 202 };
}
