/**
 * A server-sent-events client for tests: a plain HTTP GET (so the test sets Host, cookies and
 * Last-Event-ID exactly), parsing `text/event-stream` as it arrives.
 */
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface SseMessage {
  readonly id: string | null;
  readonly event: string;
  readonly data: string;
  /** `data` as JSON. */
  readonly json: any;
}

export interface SseStream {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly messages: SseMessage[];
  /** Everything received, as text (comments and `retry:` included). */
  raw(): string;
  waitFor(count: number, timeoutMs?: number): Promise<SseMessage[]>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  /** The answer's body when the server refused the stream (a problem document). */
  body(): Promise<string>;
  close(): void;
}

export function openStream(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  o: { paused?: boolean } = {},
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      headers: { host: 'localhost', accept: 'text/event-stream', ...headers },
    });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      const messages: SseMessage[] = [];
      let text = '';
      let pending = '';
      const waiters: (() => void)[] = [];
      const ended = new Promise<void>((r) => {
        res.on('end', () => r());
        res.on('close', () => r());
        res.on('error', () => r());
      });
      if (o.paused) res.pause();
      else
        res.on('data', (chunk: Buffer) => {
          const s = chunk.toString('utf8');
          text += s;
          pending += s;
          let at: number;
          while ((at = pending.indexOf('\n\n')) >= 0) {
            const block = pending.slice(0, at);
            pending = pending.slice(at + 2);
            let id: string | null = null;
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const [field, ...rest] = line.split(':');
              const value = rest.join(':').replace(/^ /, '');
              if (field === 'id') id = value;
              else if (field === 'event') event = value;
              else if (field === 'data') data.push(value);
            }
            if (data.length === 0) continue; // retry: or a comment
            const joined = data.join('\n');
            let json: unknown = null;
            try {
              json = JSON.parse(joined);
            } catch {
              // not JSON
            }
            messages.push({ id, event, data: joined, json });
          }
          waiters.splice(0).forEach((w) => w());
        });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        raw: () => text,
        ended,
        async waitFor(count, timeoutMs = 5_000) {
          const deadline = Date.now() + timeoutMs;
          while (messages.length < count) {
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`expected ${count} event(s), received ${messages.length}: ${text}`);
            await new Promise<void>((r) => {
              const timer = setTimeout(r, Math.min(left, 200));
              waiters.push(() => {
                clearTimeout(timer);
                r();
              });
            });
          }
          return messages.slice(0, count);
        },
        body: async () => {
          await ended;
          return text;
        },
        close: () => {
          req.destroy();
          res.destroy();
        },
      });
    });
    req.end();
  });
}
