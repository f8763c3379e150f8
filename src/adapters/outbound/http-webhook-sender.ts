import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { OutboundGuard } from '../../ports/outbound-guard.js';
import { WebhookSender, type WebhookMessage, type WebhookResponse } from '../../ports/webhook-sender.js';
import type { PublicAddressGuard } from './public-address-guard.js';

/** A receiver has this long to answer (issue 11); then the attempt failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: number): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^[0-9]{1,9}$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Standard Webhooks over node:http(s). The signature header holds one `v1,<base64>` per secret,
 * separated by spaces, as the specification allows during a rotation; the standardwebhooks package
 * computes each. Redirects are not followed (a 3xx is a failed attempt: a receiver must answer
 * itself). The body of the answer is read and discarded, never stored. The guard refuses a
 * non-public address before the request and again at connection time (its `lookup`).
 */
export class HttpWebhookSender extends WebhookSender {
  // Connections to receivers are kept open between deliveries (a webhook's events go one after
  // another to the same host); a few per host at most.
  private readonly agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: 4, maxFreeSockets: 4, timeout: 30_000 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 4, maxFreeSockets: 4, timeout: 30_000 }),
  };

  constructor(
    private readonly guard: OutboundGuard & Pick<PublicAddressGuard, 'lookup'>,
    private readonly timeoutMs = WEBHOOK_TIMEOUT_MS,
  ) {
    super();
  }

  /** Closes the kept connections (when the process stops). */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  async send(message: WebhookMessage): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const refusal = await this.guard.refusal(message.url);
    if (refusal)
      return { statusCode: null, durationMs: 0, error: `refused: ${refusal}`, retryAfterMs: null, refused: true };
    const signature = message.secrets
      .map((secret) => new Webhook(secret).sign(message.id, message.timestamp, message.body))
      .join(' ');
    const url = new URL(message.url);
    const secure = url.protocol === 'https:';
    const request = secure ? httpsRequest : httpRequest;
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const done = (r: Omit<WebhookResponse, 'durationMs' | 'refused'> & { refused?: boolean }) => {
        if (settled) return;
        settled = true;
        resolve({ refused: false, ...r, durationMs: elapsed() });
      };
      const req = request(
        url,
        {
          method: 'POST',
          agent: secure ? this.agents.https : this.agents.http,
          lookup: this.guard.lookup,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(message.body),
            'user-agent': 'Desk-Webhooks/1',
            'webhook-id': message.id,
            'webhook-timestamp': String(Math.floor(message.timestamp.getTime() / 1000)),
            'webhook-signature': signature,
          },
          timeout: this.timeoutMs,
        },
        (res: IncomingMessage) => {
          const statusCode = res.statusCode ?? 0;
          const ok = statusCode >= 200 && statusCode < 300;
          // The answer's body is read and dropped (never stored), so the connection can serve the next.
          res.resume();
          res.on('error', () => undefined);
          done({
            statusCode,
            error: ok ? null : `status ${statusCode}`,
            retryAfterMs: ok ? null : retryAfterMs(res.headers['retry-after'], Date.now()),
          });
        },
      );
      const deadline = setTimeout(() => {
        if (settled) return;
        done({ statusCode: null, error: `no answer within ${this.timeoutMs / 1000} s`, retryAfterMs: null });
        req.destroy();
      }, this.timeoutMs);
      req.on('close', () => clearTimeout(deadline));
      req.on('response', (res: IncomingMessage) => res.on('end', () => clearTimeout(deadline)));
      req.on('timeout', () => {
        if (settled) return;
        done({ statusCode: null, error: `no answer within ${this.timeoutMs / 1000} s`, retryAfterMs: null });
        req.destroy();
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        const refused = e.code === 'EADDRNOTPUBLIC';
        done({
          statusCode: null,
          error: refused ? `refused: ${e.message}` : `could not deliver: ${e.code ?? e.message}`,
          retryAfterMs: null,
          refused,
        });
      });
      req.end(message.body);
    });
  }
}
