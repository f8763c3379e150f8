import type { Server } from 'node:http';

export interface DrainResult {
  /** Requests still unanswered when the grace period ended (their connections were closed). */
  readonly abandoned: number;
}

/**
 * Lets a Node HTTP server stop without cutting off a request it is answering. Construct it right
 * after `listen`, before any request arrives: it counts the requests in flight from the moment the
 * server has read their headers (a request whose body is still arriving counts) until their response
 * is finished or their connection gone.
 *
 * `drain(graceMs)`:
 * 1. every response from now on carries `Connection: close`, and idle keep-alive connections are
 *    closed at once, so no connection outlives the request it carries;
 * 2. the listener stays open while requests are in flight, so a load balancer probing
 *    `/api/health/ready` gets its 503 (readiness is the caller's to turn) instead of a refused
 *    connection, and a request routed here late is still answered;
 * 3. once nothing is in flight — or when `graceMs` has passed — the listener closes and every
 *    remaining connection is destroyed; resolves when the server has closed.
 */
export class HttpDrain {
  private inFlight = 0;
  private draining = false;
  private onIdle: (() => void) | null = null;

  constructor(private readonly server: Server) {
    // Prepended, so the header is set before the app's own listener can start writing a response.
    server.prependListener('request', (_req, res) => {
      this.inFlight++;
      if (this.draining) res.setHeader('Connection', 'close');
      res.once('close', () => {
        this.inFlight--;
        if (this.inFlight === 0) this.onIdle?.();
        // A request that began before the drain leaves a keep-alive connection behind: close it.
        else if (this.draining) setImmediate(() => this.server.closeIdleConnections());
      });
    });
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  async drain(graceMs: number): Promise<DrainResult> {
    this.draining = true;
    this.server.closeIdleConnections();
    if (this.inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.onIdle = resolve;
        timer = setTimeout(resolve, graceMs);
      });
      clearTimeout(timer);
      this.onIdle = null;
    }
    const abandoned = this.inFlight;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
    return { abandoned };
  }
}
