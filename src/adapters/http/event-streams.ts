import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';
import { EventHub } from '../../domain/events/event-hub.js';
import { invalidField } from '../../domain/shared/errors.js';
import type { Actor } from '../../domain/shared/actor.js';
import type { HttpDeps } from './route-module.js';
import { eventBody, type OutboxEvent } from '../../domain/events/event.js';
import type { Subscriber } from '../../domain/events/event-hub.js';
import type { EventAudience } from '../../domain/events/event.js';
import type { EventMetrics } from '../../ports/event-metrics.js';

/** A comment line every 15 s keeps proxies from closing an idle stream (issue 11). */
export const HEARTBEAT_MS = 15_000;
/** Heartbeat buckets: one beats every HEARTBEAT_MS / BEATS (100 ms), so 5,000 streams cost ~33 writes a tick. */
const BEATS = 150;
/** Ticks are at least this far apart (a short heartbeat, in tests, has fewer buckets). */
const MIN_TICK_MS = 10;
/** What a client is told to wait before reconnecting. */
export const RETRY_MS = 3_000;
/**
 * Bytes that may wait in a stream's socket buffer for a client that reads too slowly; past this the
 * stream is closed (the client reconnects with Last-Event-ID and misses nothing), so one slow reader
 * cannot grow the server's memory without bound.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/** One `text/event-stream` message: `id`, `event` and one `data` line of JSON. */
export const sseMessage = (event: OutboxEvent): string =>
  `id: ${event.eventId}\nevent: ${event.kind}\ndata: ${JSON.stringify(eventBody(event))}\n\n`;

/**
 * The open event streams of one app: each is a Subscriber of the EventHub writing server-sent events
 * to its response. One timer sends every stream's heartbeat; `closeAll` ends them when the server
 * stops (a stream would otherwise hold the graceful stop for its whole grace period).
 */
export class EventStreams {
  private readonly open = new Set<ServerResponse>();
  /**
   * Heartbeats are spread over the interval: each stream belongs to one bucket and one bucket beats
   * per tick, so 5,000 streams cost a few dozen writes at a time, never 5,000 at once (which would
   * hold the event loop long enough to show in every request's latency). One timer for all streams.
   */
  private readonly buckets: Set<ServerResponse>[];
  private nextBucket = 0;
  private beatingBucket = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly metrics: EventMetrics,
    private readonly heartbeatMs = HEARTBEAT_MS,
    private readonly maxBufferedBytes = MAX_BUFFERED_BYTES,
  ) {
    const beats = Math.max(1, Math.min(BEATS, Math.floor(heartbeatMs / MIN_TICK_MS)));
    this.buckets = Array.from({ length: beats }, () => new Set());
  }

  /**
   * Sends what `begin` and a replay wrote. Only after the subscription: a client that acts as soon as
   * its stream answers must hear of what it did, and until the subscriber is in the hub an event
   * committed meanwhile would be behind its starting point, never sent.
   */
  opened(res: ServerResponse): void {
    if (res.writableCorked > 0) res.uncork();
  }

  get size(): number {
    return this.open.size;
  }

  /**
   * Starts the stream on `res` (head and `retry:`) and returns the hub's subscriber for it. What it
   * writes is held back (corked) until `opened`, once the subscriber is in the hub.
   */
  begin(res: ServerResponse, audience: EventAudience): Subscriber {
    res.cork();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx and friends buffer responses unless told not to.
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    this.open.add(res);
    const bucket = this.buckets[this.nextBucket++ % this.buckets.length]!;
    bucket.add(res);
    this.metrics.streamsChanged(1);
    res.once('close', () => {
      this.open.delete(res);
      bucket.delete(res);
      this.metrics.streamsChanged(-1);
      if (this.open.size === 0) this.stopHeartbeat();
    });
    this.startHeartbeat();
    const write = (text: string): boolean => {
      if (res.destroyed || res.writableEnded) return false;
      // A replay sends from inside the hub's turn, after its starting point is fixed: safe to open.
      if (res.writableCorked > 0) res.uncork();
      if (res.writableLength > this.maxBufferedBytes) {
        res.destroy(); // fell behind: it resumes with Last-Event-ID
        return false;
      }
      res.write(text);
      return true;
    };
    return {
      permissions: audience.permissions,
      loanGroupIds: audience.loanGroupIds,
      send: (event) => write(sseMessage(event)),
      reset: (newestId) => {
        write(
          `id: ${newestId}\nevent: reset\ndata: {"reason":"the events after your Last-Event-ID are no longer kept; reload"}\n\n`,
        );
      },
    };
  }

  closeAll(): void {
    for (const res of this.open) res.end();
    this.stopHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const bucket = this.buckets[this.beatingBucket++ % this.buckets.length]!;
      for (const res of bucket)
        // A stream still subscribing (corked) is not open yet: a beat would send its head early.
        if (!res.destroyed && res.writableCorked === 0 && res.writableLength <= this.maxBufferedBytes)
          res.write(': heartbeat\n\n');
    }, this.heartbeatMs / this.buckets.length);
    this.timer.unref();
  }

  private stopHeartbeat(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** Where a stream resumes: `Last-Event-ID` (a reconnecting EventSource) or `?after=` (a reloaded page). */
function resumeAfter(ctx: Context): number | null {
  const header = ctx.get('last-event-id');
  const [field, raw] = header ? ['Last-Event-ID', header] : ['after', ctx.query.after];
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !/^[0-9]{1,15}$/.test(raw.trim())) {
    throw invalidField(field, 'must be an event id (a whole number)');
  }
  return Number(raw.trim());
}

/**
 * Streams the events `actor` may see on `ctx`, from where the client resumes (SPEC §8): each event is
 * `id`, `event` and `data` (the webhook body); a subscriber sees only the kinds its permissions
 * cover, and loan events of its own pool only (mayReceive). Shared by the key surface's stream here
 * and the console's (console-api/events.ts).
 */
export async function serveEventStream(
  ctx: Context,
  actor: Actor,
  deps: Pick<HttpDeps, 'container' | 'resolve' | 'observability'>,
): Promise<void> {
  const after = resumeAfter(ctx);
  // Headers are written by hand from here: Koa must not answer for us.
  ctx.status = 200;
  ctx.respond = false;
  // Resolved on the first stream, not at registration: an app that never streams needs none.
  const streams = deps.container.get(EventStreams);
  const subscriber = streams.begin(ctx.res, actor);
  try {
    const unsubscribe = await deps.resolve(EventHub).subscribe(actor.tenant.id, subscriber, after);
    ctx.res.once('close', unsubscribe);
    if (ctx.res.destroyed) unsubscribe();
    else streams.opened(ctx.res);
  } catch (error) {
    // The stream has begun, so no problem document can follow: end it; the client reconnects.
    deps.observability.log.warn({ err: error }, 'event stream could not start');
    ctx.res.destroy();
  }
}
