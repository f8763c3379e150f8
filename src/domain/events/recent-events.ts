import type { EventKind, OutboxEvent } from './event.js';

/** Events kept per tenant (up to twice as many between trims): a reader further behind reads the outbox. */
const KEPT = 256;

interface Tail {
  /** Consecutive ids, oldest first: every event the tenant committed from the first to the last. */
  events: OutboxEvent[];
  /** Another process may have committed after the last one: "nothing newer" cannot be said. */
  uncertain: boolean;
}

/**
 * The newest events this process committed, per tenant, as the event signal handed them over: what a
 * reader close behind takes instead of reading the outbox, which under write load waits behind every
 * queued write. It answers only what it knows: the kept ids are consecutive (a commit that does not
 * follow on, because another process committed in between, starts the tail again), and after a
 * signal without events nothing is said to be the newest until this process commits again (a commit
 * that follows on proves nobody else did meanwhile).
 */
export class RecentEvents {
  private readonly tails = new Map<string, Tail>();

  /** What the signal said: `committed` by this process, or (none) something, somewhere, maybe. */
  heard(tenantId: string | null, committed?: readonly OutboxEvent[]): void {
    if (tenantId === null) {
      for (const tail of this.tails.values()) tail.uncertain = true;
      return;
    }
    const tail = this.tails.get(tenantId);
    if (!committed || committed.length === 0) {
      if (tail) tail.uncertain = true;
      return;
    }
    const last = tail?.events.at(-1);
    if (!tail || !last || committed[0]!.eventId !== last.eventId + 1) {
      this.tails.set(tenantId, { events: [...committed], uncertain: false });
      return;
    }
    tail.events.push(...committed);
    tail.uncertain = false;
    // Trimmed now and then rather than on every commit.
    if (tail.events.length > 2 * KEPT) tail.events.splice(0, tail.events.length - KEPT);
  }

  /** Drops what is kept for a tenant nobody here reads now. */
  forget(tenantId: string): void {
    this.tails.delete(tenantId);
  }

  /**
   * The tenant's events after `afterId` (of `kinds` when given), oldest first, at most `limit`, with
   * the newest id committed; null when this cannot be told from memory (read the outbox).
   */
  after(
    tenantId: string,
    afterId: number,
    limit: number,
    kinds?: readonly EventKind[],
  ): { newest: number; events: OutboxEvent[] } | null {
    const tail = this.tails.get(tenantId);
    const first = tail?.events[0];
    const last = tail?.events.at(-1);
    if (!tail || !first || !last || first.eventId > afterId + 1 || afterId > last.eventId) return null;
    if (afterId === last.eventId) return tail.uncertain ? null : { newest: last.eventId, events: [] };
    const events: OutboxEvent[] = [];
    for (let i = afterId + 1 - first.eventId; i < tail.events.length && events.length < limit; i++) {
      const event = tail.events[i]!;
      if (!kinds || kinds.includes(event.kind)) events.push(event);
    }
    return { newest: last.eventId, events };
  }
}
