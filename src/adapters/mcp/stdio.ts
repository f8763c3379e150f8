import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { AnswerMessage } from './server.js';

/**
 * Serves MCP over stdin/stdout (newline-delimited JSON-RPC; the SDK's stdio transport does the
 * framing) until the client has closed stdin AND every message read has been answered; resolves then.
 * So a client that writes a call and closes its end of the pipe (`echo … | desk mcp --stdio`, or the
 * SDK client's close) still gets the answer. Stdout carries nothing but protocol messages.
 */
export async function serveStdio(answer: AnswerMessage): Promise<void> {
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  let unanswered = 0;
  let inputEnded = false;
  const closeIfDrained = () => {
    if (inputEnded && unanswered === 0) void transport.close();
  };
  transport.onmessage = (message) => {
    unanswered++;
    void answer(message)
      .then((reply) => reply && transport.send(reply))
      .finally(() => {
        unanswered--;
        closeIfDrained();
      });
  };
  await transport.start();
  process.stdin.once('end', () => {
    inputEnded = true;
    closeIfDrained();
  });
  await closed;
}
