import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { answerPayload, serializeReplies } from './exchange.js';
import { RPC, rpcError } from './errors.js';
import type { AnswerMessage } from './server.js';

const NEWLINE = Buffer.from('\n');

/** What one line of input is answered with, as JSON bytes: a message, a batch's array, or nothing. */
async function answerLine(answer: AnswerMessage, line: string): Promise<Buffer | undefined> {
  let payload: unknown;
  try {
    payload = JSON.parse(line);
  } catch {
    return serializeReplies(rpcError(null, RPC.parseError, 'Parse error: the line is not JSON'));
  }
  // The same handling as a POST body over HTTP: one message or a batch, each element on its own.
  return (await answerPayload(answer, payload)).body;
}

/**
 * Serves MCP over stdin/stdout, newline-delimited JSON-RPC, until the client has closed stdin AND
 * every line read has been answered; resolves then. So a client that writes a call and closes its
 * end of the pipe (`echo … | desk mcp --stdio`) still gets the answer. Each line is answered as a
 * POST body is over HTTP (exchange.ts): a line that is not JSON gets -32700 with `id: null`, one
 * that is not a JSON-RPC message -32600, and the server carries on; blank lines are skipped. Lines
 * are answered as they come, so a slow tool call does not hold up a ping. Stdout carries nothing but
 * protocol messages.
 */
export async function serveStdio(
  answer: AnswerMessage,
  io: { readonly input: Readable; readonly output: Writable } = { input: process.stdin, output: process.stdout },
): Promise<void> {
  const pending = new Set<Promise<void>>();
  for await (const line of createInterface({ input: io.input, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    const work = answerLine(answer, line)
      .catch(() => serializeReplies(rpcError(null, RPC.internal, 'Internal error')))
      .then((reply) => {
        if (reply !== undefined) io.output.write(Buffer.concat([reply, NEWLINE]));
      });
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }
  await Promise.all(pending);
}
