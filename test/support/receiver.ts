/**
 * A webhook receiver on loopback: a real HTTP server that keeps every request it gets and answers
 * as the test tells it (a status, headers, a delay, or no answer at all).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
  /** The body as JSON. */
  readonly json: any;
}

export interface Answer {
  readonly status: number;
  readonly headers?: Record<string, string>;
  /** Answer only after this long (0: at once). */
  readonly delayMs?: number;
  /** Never answer (the sender's timeout decides). */
  readonly hang?: boolean;
}

export interface Receiver {
  readonly url: string;
  readonly port: number;
  readonly received: Received[];
  /** How the next requests are answered: the first answer for the first request, ... then `otherwise`. */
  answer(...answers: Answer[]): void;
  otherwise(answer: Answer): void;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook', port = 0): Promise<Receiver> {
  const received: Received[] = [];
  let queue: Answer[] = [];
  let fallback: Answer = { status: 204 };
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // not JSON: kept as text
      }
      received.push({ headers: req.headers, body, at: Date.now(), json });
      waiters.splice(0).forEach((w) => w());
      const answer = queue.shift() ?? fallback;
      if (answer.hang) return;
      const reply = () => {
        res.writeHead(answer.status, answer.headers ?? {});
        res.end();
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}${path}`,
    port: bound,
    received,
    answer: (...answers) => {
      queue = answers;
    },
    otherwise: (answer) => {
      fallback = answer;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} webhook request(s), received ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Verifies a request as a receiver would, with the standardwebhooks package; returns the payload. */
export function verified(request: Received, secret: string): unknown {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  });
}
