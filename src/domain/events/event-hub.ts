import { inject, injectable } from 'inversify';
import { EventSignal } from '../../ports/event-signal.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { mayReceive, type EventAudience, type OutboxEvent } from './event.js';

/** How far back a stream may resume: older ids get `reset` (the client reloads its snapshot). */
export const REPLAY_MAX = 1_000;
/** Events read from the outbox per query while catching up. */
const READ_BATCH = 500;

/** One live stream, as its surface (SSE) gives it to the hub. */
export interface Subscriber extends EventAudience {
  /** Sends one event; false when the subscriber is gone or fell too far behind (the hub drops it). */
  send(event: OutboxEvent): boolean;
  /** Its Last-Event-ID cannot be replayed: it must reload what it shows; events resume after `newestId`. */
  reset(newestId: number): void;
}

interface TenantFeed {
  /** The newest event id read from the outbox and handed to this tenant's subscribers. */
  cursor: number;
  readonly subscribers: Map<Subscriber, { lastId: number }>;
  /** Reads and subscriptions of one tenant take turns, so every subscriber sees ids in order, once. */
  turn: Promise<void>;
  /** A turn to take what was signalled is queued (at most one waits behind the running turn). */
  pending: boolean;
  /** Events this process committed, handed over by the signal since the queued turn was queued. */
  committed: OutboxEvent[];
  /** A signal came without its events (another process, a reconnection): the queued turn reads. */
  mustRead: boolean;
  /** Subscriptions under way: the feed is kept while any is. */
  joining: number;
}

/**
 * The live event stream's fan-out (SPEC §8): one reader of the outbox per tenant and process, woken
 * by the event signal, hands each new event to every subscriber of the tenant that may see its kind.
 * The events this process commits come with their signal and are handed out at once, without a read
 * (which would wait behind every write queued for the database); a read happens only when they do
 * not follow on from the last event handed out, or when a signal comes without them.
 * A subscriber that resumes (Last-Event-ID) is first given what it missed, from the outbox, in
 * order and without repeats; one too far behind (REPLAY_MAX) gets a reset instead. Nothing is
 * buffered here: a subscriber that cannot keep up says so (send → false) and is dropped; it resumes.
 */
@injectable()
export class EventHub {
  private readonly feeds = new Map<string, TenantFeed>();
  private unlisten: (() => void) | null = null;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(EventSignal) private readonly signal: EventSignal,
  ) {}

  /** Starts reading on signals (idempotent; the first subscription starts it too). */
  start(): void {
    if (this.unlisten) return;
    this.unlisten = this.signal.listen((tenantId, committed) => {
      if (tenantId === null) for (const id of this.feeds.keys()) this.read(id);
      else if (this.feeds.has(tenantId)) this.read(tenantId, committed);
    });
  }

  /** Stops reading; streams are the surface's to close. */
  stop(): void {
    this.unlisten?.();
    this.unlisten = null;
    this.feeds.clear();
  }

  get subscriberCount(): number {
    let n = 0;
    for (const feed of this.feeds.values()) n += feed.subscribers.size;
    return n;
  }

  /**
   * Adds a subscriber. With `after` (its Last-Event-ID), the events after it are replayed first, or
   * `reset` is sent when that id is too old or unknown (a newer id than any: a restored database).
   * Returns the function that removes it.
   */
  async subscribe(tenantId: string, subscriber: Subscriber, after: number | null): Promise<() => void> {
    this.start();
    const feed = await this.feedOf(tenantId);
    feed.joining++;
    await this.inTurn(feed, async () => {
      await this.catchUp(tenantId, feed);
      let lastId = feed.cursor;
      if (after !== null && after !== feed.cursor) {
        if (after > feed.cursor || after < feed.cursor - REPLAY_MAX) {
          subscriber.reset(feed.cursor);
        } else {
          lastId = after;
          for (;;) {
            const events = await this.uow.read((r) => r.outbox.listAfter(tenantId, lastId, READ_BATCH));
            const missed = events.filter((e) => e.eventId <= feed.cursor);
            for (const event of missed) {
              if (mayReceive(subscriber, event) && !subscriber.send(event)) return;
              lastId = event.eventId;
            }
            if (missed.length < READ_BATCH) break;
          }
        }
      }
      feed.subscribers.set(subscriber, { lastId: Math.max(lastId, feed.cursor) });
    }).finally(() => feed.joining--);
    return () => {
      feed.subscribers.delete(subscriber);
      // A tenant nobody follows is not read on its signals; the next subscriber starts a new feed.
      if (feed.subscribers.size === 0 && feed.joining === 0 && this.feeds.get(tenantId) === feed) {
        this.feeds.delete(tenantId);
      }
    };
  }

  private async feedOf(tenantId: string): Promise<TenantFeed> {
    let feed = this.feeds.get(tenantId);
    if (!feed) {
      const cursor = await this.uow.read((r) => r.outbox.newestId(tenantId));
      feed = this.feeds.get(tenantId); // another subscription may have made it meanwhile
      if (!feed) {
        feed = {
          cursor,
          subscribers: new Map(),
          turn: Promise.resolve(),
          pending: false,
          committed: [],
          mustRead: false,
          joining: 0,
        };
        this.feeds.set(tenantId, feed);
      }
    }
    return feed;
  }

  private inTurn(feed: TenantFeed, work: () => Promise<void>): Promise<void> {
    const turn = feed.turn.then(work);
    feed.turn = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Takes what is new for a tenant in its next turn (at most one waits behind the running one): the
   * committed events given, when they follow on from the cursor, else a read of the outbox.
   */
  private read(tenantId: string, committed?: readonly OutboxEvent[]): void {
    const feed = this.feeds.get(tenantId);
    if (!feed) return;
    if (committed) feed.committed.push(...committed);
    else feed.mustRead = true;
    if (feed.pending) return;
    feed.pending = true;
    void this.inTurn(feed, async () => {
      const events = feed.committed.filter((e) => e.eventId > feed.cursor);
      const mustRead = feed.mustRead;
      feed.pending = false;
      feed.committed = [];
      feed.mustRead = false;
      // Consecutive ids from the cursor on: exactly what a read would return.
      if (!mustRead && events.every((e, i) => e.eventId === feed.cursor + 1 + i)) this.handOut(feed, events);
      else await this.catchUp(tenantId, feed);
    }).catch(() => undefined); // the database is down: the next signal reads again
  }

  private async catchUp(tenantId: string, feed: TenantFeed): Promise<void> {
    for (;;) {
      const events = await this.uow.read((r) => r.outbox.listAfter(tenantId, feed.cursor, READ_BATCH));
      this.handOut(feed, events);
      if (events.length < READ_BATCH) return;
    }
  }

  /** Gives each event, in order, to the subscribers that have not had it and may see it. */
  private handOut(feed: TenantFeed, events: readonly OutboxEvent[]): void {
    for (const event of events) {
      for (const [subscriber, state] of feed.subscribers) {
        if (event.eventId <= state.lastId) continue;
        state.lastId = event.eventId;
        if (mayReceive(subscriber, event) && !subscriber.send(event)) {
          feed.subscribers.delete(subscriber);
        }
      }
      feed.cursor = event.eventId;
    }
  }
}
