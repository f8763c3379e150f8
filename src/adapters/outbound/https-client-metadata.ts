import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { ClientMetadataDocuments, ClientMetadataUnavailable } from '../../ports/client-metadata.js';
import type { OutboundGuard } from '../../ports/outbound-guard.js';
import type { Logger } from '../observability/index.js';
import type { PublicAddressGuard } from './public-address-guard.js';

/** The draft asks servers to stop reading after about 5 KB; real documents are well under this. */
const MAX_BYTES = 16 * 1024;
/** The whole fetch, from the name lookup to the last byte. */
const DEADLINE_MS = 5_000;
/** A document is never kept longer than a day, whatever its headers say (the draft's advice). */
const MAX_KEEP_MS = 24 * 60 * 60 * 1000;
/** Documents kept at once; the oldest make room. */
const MAX_KEPT = 1_000;

/**
 * How long an answer may be reused, from its Cache-Control `max-age` (or `s-maxage`) or `Expires`;
 * 0 for `no-store`, `no-cache` or nothing said. Never more than a day.
 */
export function keepFor(headers: IncomingMessage['headers'], now: number): number {
  const control = String(headers['cache-control'] ?? '').toLowerCase();
  if (/(?:^|,)\s*(?:no-store|no-cache)\b/.test(control)) return 0;
  const maxAge = /(?:^|,)\s*(?:s-maxage|max-age)\s*=\s*"?(\d{1,10})"?/.exec(control)?.[1];
  if (maxAge !== undefined) return Math.min(Number(maxAge) * 1000, MAX_KEEP_MS);
  const expires = headers.expires ? Date.parse(headers.expires) : NaN;
  return Number.isNaN(expires) ? 0 : Math.max(0, Math.min(expires - now, MAX_KEEP_MS));
}

/**
 * Client ID metadata documents over node:https, through the outbound guard that webhooks and monitors
 * use: the URL is checked before the request (an address that is not public is refused unless
 * WEBHOOK_ALLOW_PRIVATE) and again at connection time (its `lookup`), so a name re-pointed at a
 * private address is still refused. Certificates are checked against Node's trust store (the system's
 * plus NODE_EXTRA_CA_CERTS). No redirect is followed; only a 200 with a JSON body of at most 16 KiB
 * counts. Good answers are kept in this process for as long as their caching headers allow; failures
 * never are.
 *
 * The whole fetch, name lookup included, has one deadline (5 s from the start): an idle timeout alone
 * let a server sending a byte every few seconds hold it for as long as it liked. The caller's signal
 * (the browser request that asked) ends it sooner. The person who asked may be anyone, so a refusal
 * by the guard says only that the host is not a public address; what it resolved to is logged.
 */
export class HttpsClientMetadataDocuments extends ClientMetadataDocuments {
  private readonly kept = new Map<string, { readonly document: unknown; readonly until: number }>();

  constructor(
    private readonly guard: OutboundGuard & Pick<PublicAddressGuard, 'lookup'>,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  async fetch(url: string, signal?: AbortSignal): Promise<unknown> {
    const hit = this.kept.get(url);
    if (hit && hit.until > this.now()) return hit.document;
    this.kept.delete(url);
    const deadline = AbortSignal.timeout(DEADLINE_MS);
    const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
    // Why the fetch ended early, in words: the deadline, or the request that asked went away.
    const stopped = () =>
      new ClientMetadataUnavailable(
        deadline.aborted
          ? `${url} did not answer within ${DEADLINE_MS / 1000} s`
          : 'the request that asked for it ended first',
      );
    const refusal = await untilAborted(this.guard.refusal(url), stop, stopped);
    if (refusal) throw this.notPublic(url, refusal);
    const { document, keepMs } = await this.get(url, stop, stopped);
    if (keepMs > 0) {
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(url, { document, until: this.now() + keepMs });
    }
    return document;
  }

  /** The guard's refusal, for the log; for whoever asked, only that the host is not public. */
  private notPublic(url: string, detail: string): ClientMetadataUnavailable {
    const host = new URL(url).hostname;
    this.log.warn({ host, detail }, 'client metadata document refused by the outbound address rule');
    return new ClientMetadataUnavailable(`${host} is not a public address`);
  }

  private get(
    url: string,
    stop: AbortSignal,
    stopped: () => ClientMetadataUnavailable,
  ): Promise<{ document: unknown; keepMs: number }> {
    return new Promise((resolve, reject) => {
      // Once stopped, every later failure (the socket torn down mid-body) is the stop's doing.
      const fail = (reason: string | ClientMetadataUnavailable) =>
        reject(stop.aborted ? stopped() : typeof reason === 'string' ? new ClientMetadataUnavailable(reason) : reason);
      const req = request(
        url,
        {
          method: 'GET',
          lookup: this.guard.lookup,
          headers: { accept: 'application/json', 'user-agent': 'Desk-OAuth/1' },
          signal: stop,
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return fail(
              `${url} answered ${res.statusCode}${res.statusCode! >= 300 && res.statusCode! < 400 ? ' (a redirect, which is not followed)' : ''}`,
            );
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BYTES) {
              req.destroy();
              return fail(`${url} is larger than ${MAX_BYTES / 1024} KiB`);
            }
            chunks.push(chunk);
          });
          res.on('error', () => fail(`${url} could not be read`));
          res.on('end', () => {
            if (size > MAX_BYTES) return;
            try {
              const document: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              resolve({ document, keepMs: keepFor(res.headers, this.now()) });
            } catch {
              fail(`${url} is not JSON`);
            }
          });
        },
      );
      req.on('error', (e: NodeJS.ErrnoException) =>
        fail(
          e.code === 'EADDRNOTPUBLIC'
            ? this.notPublic(url, e.message)
            : `${url} could not be reached (${e.code ?? e.message})`,
        ),
      );
      req.end();
    });
  }
}

/** `work`, unless `signal` aborts first: then `stopped()` (work that cannot be cancelled is left to finish). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, stopped: () => Error): Promise<T> {
  if (signal.aborted) return Promise.reject(stopped());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(stopped());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
