import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { VERSION } from '../../config/index.js';
import type { ProbeFacts } from '../../domain/monitors/monitor.js';
import { HttpProbe } from '../../ports/http-probe.js';
import type { GuardedLookup } from './public-address-guard.js';

/** How long a check may take, from the first byte sent to the response's status line. */
export const PROBE_TIMEOUT_MS = 10_000;

export interface NodeHttpProbeOptions {
  /** The resolver that refuses non-public addresses (PublicAddressGuard.lookup). */
  readonly lookup: GuardedLookup;
  readonly timeoutMs?: number;
  /**
   * Certificate authorities to trust instead of Node's bundled ones (tests pass their own CA). Never
   * a way to skip verification: an untrusted certificate is a failed check.
   */
  readonly ca?: string | Buffer;
}

/** Short reasons for what went wrong, as a monitor's `reason` shows them. */
const REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTPUBLIC: 'address is not public',
  CERT_HAS_EXPIRED: 'certificate has expired',
  HPE_INVALID_CONSTANT: 'not an HTTP answer',
};

const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO|ALTNAME|TLS|SSL/;

function reasonOf(error: NodeJS.ErrnoException): string {
  const code = error.code ?? '';
  if (REASONS[code]) return REASONS[code];
  if (TLS_CODE.test(code)) return `certificate not trusted (${code})`;
  return code ? `request failed (${code})` : 'request failed';
}

class ProbeTimeout extends Error {
  override readonly name = 'ProbeTimeout';
}

/**
 * The monitor check over node:http(s): one GET with no redirects followed and no connection kept,
 * a deadline of `timeoutMs` for the status line, and the name resolved through the guard's `lookup`
 * so a private address is refused at connection time. The body is never read: the connection is
 * dropped once the status (and, for https, the peer certificate's expiry) is known.
 */
export class NodeHttpProbe extends HttpProbe {
  private readonly timeoutMs: number;

  constructor(private readonly options: NodeHttpProbeOptions) {
    super();
    this.timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  }

  get(raw: string): Promise<ProbeFacts> {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    return new Promise<ProbeFacts>((resolve) => {
      let settled = false;
      let req: ClientRequest | undefined;
      const finish = (facts: Omit<ProbeFacts, 'ms'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...facts, ms: elapsed() });
        req?.destroy();
      };
      const failed = (error: NodeJS.ErrnoException) =>
        finish({
          status: null,
          error: error instanceof ProbeTimeout ? 'timeout' : reasonOf(error),
          certificateExpiresAt: null,
        });
      const timer = setTimeout(() => failed(new ProbeTimeout()), this.timeoutMs);
      try {
        const url = new URL(raw);
        const https = url.protocol === 'https:';
        const send = https ? httpsRequest : httpRequest;
        req = send(
          url,
          {
            method: 'GET',
            agent: false,
            lookup: this.options.lookup,
            headers: { 'user-agent': `Desk-Monitor/${VERSION}`, accept: '*/*' },
            ...(https && this.options.ca ? { ca: this.options.ca } : {}),
          },
          (res: IncomingMessage) => {
            const expiry = https ? (res.socket as TLSSocket).getPeerCertificate?.()?.valid_to : undefined;
            const when = expiry ? new Date(expiry) : null;
            finish({
              status: res.statusCode ?? null,
              error: null,
              certificateExpiresAt: when && !Number.isNaN(when.getTime()) ? when.toISOString() : null,
            });
          },
        );
        req.on('error', failed);
        req.end();
      } catch (error) {
        failed(error as NodeJS.ErrnoException);
      }
    });
  }
}
