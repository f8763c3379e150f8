import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The SDK's stdio transport, closed once stdin has ended AND every request read has been answered:
 * a client that writes a call and closes its end of the pipe (`echo … | desk mcp --stdio`, or the SDK
 * client's close) still gets the answer.
 */
class DrainingStdioTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly inner = new StdioServerTransport();
  private unanswered = 0;
  private inputEnded = false;

  constructor() {
    this.inner.onmessage = (message: JSONRPCMessage) => {
      if ('method' in message && 'id' in message) this.unanswered++;
      this.onmessage?.(message);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.inner.send(message);
    if ('result' in message || 'error' in message) {
      this.unanswered--;
      this.closeIfDrained();
    }
  }

  endOfInput(): void {
    this.inputEnded = true;
    this.closeIfDrained();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private closeIfDrained(): void {
    if (this.inputEnded && this.unanswered <= 0) void this.close();
  }
}

/**
 * Serves one MCP server over stdin/stdout (newline-delimited JSON-RPC) until the client has closed
 * stdin and every request is answered; resolves then. Stdout carries nothing but protocol messages.
 */
export async function serveStdio(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  const transport = new DrainingStdioTransport();
  await server.connect(transport);
  process.stdin.once('end', () => transport.endOfInput());
  await closed;
}
