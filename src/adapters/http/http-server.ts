import { createServer, STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import { type Logger, throttled } from '../observability/index.js';
import type { Socket } from 'node:net';
import type Koa from 'koa';
import type { HttpLimits } from '../../config/index.js';
import { PROBLEM_CONTENT_TYPE, problemDocument, type HttpProblemKind } from './problems.js';

/** How often Node looks for requests past their timeout (its default, 30 s, would let them linger). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/** At most one warning about refused connections per this many milliseconds (a flood is one story). */
const REFUSED_LOG_INTERVAL_MS = 10_000;

/** What Node's parser or its timeouts reject, as one of our problems; null when nobody is left to answer. */
function problemFor(error: NodeJS.ErrnoException): HttpProblemKind | null {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return null;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  return 'malformed_request';
}

const DETAILS: Record<string, string> = {
  request_timeout: 'The request did not arrive in time; the connection is closed.',
  headers_too_large: 'The request headers are larger than this server accepts.',
  malformed_request: 'The request is not well-formed HTTP.',
};

/**
 * The `node:http` server for the Koa app, listening nowhere yet (the caller listens, on a port or 0).
 * It bounds what a client can hold (issue 9): the headers must arrive within `headersTimeoutMs` and
 * the whole request within `requestTimeoutMs` (receiving only: a slow answer is not a slow client),
 * an idle keep-alive connection closes after `keepAliveTimeoutMs`, and at most `maxConnections` are
 * open (one more is closed at once and a warning logged).
 *
 * What Node rejects before Koa ever sees a request — a timeout, bytes that are not HTTP, headers past
 * its limit — is answered here with problem+json (408, 400, 431) and `Connection: close`, and logged
 * as a client error; never the bare text Node would write. A request whose handler is already
 * waiting for its body is answered through its own response, so its request log line says 408.
 */
export function createHttpServer(app: Koa, limits: HttpLimits, log: Logger): Server {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    app.callback(),
  );
  server.maxConnections = limits.maxConnections;

  // The response a connection is working on, for the few failures that arrive mid-request.
  const responses = new WeakMap<Socket, ServerResponse>();
  server.on('request', (req, res) => responses.set(req.socket, res));

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const kind = problemFor(error);
    if (kind === null || !socket.writable) return void socket.destroy();
    const doc = problemDocument(kind, DETAILS[kind]!);
    const body = JSON.stringify(doc);
    const headers = {
      'Content-Type': PROBLEM_CONTENT_TYPE,
      'Content-Length': Buffer.byteLength(body),
      Connection: 'close',
    };
    const res = responses.get(socket);
    if (res && !res.writableEnded) {
      // A handler is waiting for this request's body: answer through its response, which it logs.
      // Once the answer is out, the request itself is destroyed: Node has already let go of it, and
      // without the 'aborted' that destroying emits, the body reader would wait for ever.
      const end = () => {
        res.req.destroy();
        socket.destroy();
      };
      if (res.headersSent) end();
      else res.writeHead(doc.status, headers).end(body, end);
      return;
    }
    log.info({ status: doc.status, code: error.code ?? 'unknown' }, kind.replaceAll('_', ' '));
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${doc.status} ${STATUS_CODES[doc.status]}\r\n${head.join('')}\r\n${body}`);
  });

  server.on(
    'drop',
    throttled(REFUSED_LOG_INTERVAL_MS, (refused) =>
      log.warn({ maxConnections: limits.maxConnections, refused }, 'connection refused: MAX_CONNECTIONS are open'),
    ),
  );
  return server;
}
