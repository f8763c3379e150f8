/**
 * The RateLimiter contract, run against every store (memory, Postgres, Redis): the same assertions,
 * real stores, no mocks. Stores that several instances share also prove it with a second instance.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimiter, RateLimitPolicy } from '../../src/ports/rate-limiter.js';

export interface RateLimiterSubject {
  readonly limiter: RateLimiter;
  /** Another limiter on the same store, as a second server instance would have (own pool or client). */
  readonly openPeer: (() => Promise<RateLimiter>) | null;
  close(): Promise<void>;
}

const policy = (name: string, limit: number, windowSeconds = 60): RateLimitPolicy => ({ name, limit, windowSeconds });
/** A subject no other test (or run) uses. */
const fresh = (): string => `key-${randomUUID()}`;

/** `shared`: the store serves several instances, and `openPeer` proves they share one count. */
export function runRateLimiterContract(
  store: string,
  open: () => Promise<RateLimiterSubject>,
  o: { shared: boolean },
): void {
  describe(`RateLimiter contract: ${store}`, () => {
    let subject: RateLimiterSubject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.close();
    });

    it('allows `limit` requests, counting down, then refuses', async () => {
      const p = policy('mcp', 3);
      const who = fresh();
      const decisions = [];
      for (let i = 0; i < 5; i++) decisions.push(await subject.limiter.consume(p, who));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
      expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0, 0]);
      for (const d of decisions) {
        expect(d.limit).toBe(3);
        expect(d.counted).toBe(true);
      }
    });

    it('gives a counted request back with refund', async () => {
      const p = policy('login-account', 2);
      const who = fresh();
      await subject.limiter.consume(p, who);
      await subject.limiter.consume(p, who);
      await subject.limiter.refund(p, who);
      expect(await subject.limiter.consume(p, who)).toMatchObject({ allowed: true, remaining: 0 });
      expect((await subject.limiter.consume(p, who)).allowed).toBe(false);
      await subject.limiter.refund(policy('login-account', 0), who); // off: nothing to give back, no error
    });

    it('says when the window resets: within the window, at least 1 second', async () => {
      const p = policy('v1', 2, 60);
      const who = fresh();
      const first = await subject.limiter.consume(p, who);
      expect(first.resetSeconds).toBeGreaterThanOrEqual(59);
      expect(first.resetSeconds).toBeLessThanOrEqual(60);
      await subject.limiter.consume(p, who);
      const refused = await subject.limiter.consume(p, who);
      expect(refused.allowed).toBe(false);
      expect(Number.isInteger(refused.resetSeconds)).toBe(true);
      expect(refused.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.resetSeconds).toBeLessThanOrEqual(60);
    });

    it('starts a new window once the old one has passed', async () => {
      const p = policy('short', 1, 1);
      const who = fresh();
      expect((await subject.limiter.consume(p, who)).allowed).toBe(true);
      const refused = await subject.limiter.consume(p, who);
      expect(refused.allowed).toBe(false);
      expect(refused.resetSeconds).toBe(1);
      await sleep(1_200);
      const again = await subject.limiter.consume(p, who);
      expect(again).toMatchObject({ allowed: true, remaining: 0, counted: true });
    });

    it('keeps subjects apart', async () => {
      const p = policy('actions', 1);
      const [a, b] = [fresh(), fresh()];
      expect((await subject.limiter.consume(p, a)).allowed).toBe(true);
      expect((await subject.limiter.consume(p, a)).allowed).toBe(false);
      expect(await subject.limiter.consume(p, b)).toMatchObject({ allowed: true, remaining: 0 });
    });

    it('keeps policies apart for the same subject', async () => {
      const who = fresh();
      expect((await subject.limiter.consume(policy('login-account', 1), who)).allowed).toBe(true);
      expect((await subject.limiter.consume(policy('login-account', 1), who)).allowed).toBe(false);
      expect((await subject.limiter.consume(policy('login-address', 1), who)).allowed).toBe(true);
    });

    it('never refuses under a limit of 0, and counts nothing', async () => {
      const who = fresh();
      for (let i = 0; i < 50; i++) {
        expect(await subject.limiter.consume(policy('v1', 0), who)).toMatchObject({ allowed: true, counted: false });
      }
      // Turning the limit on later starts from nothing.
      expect(await subject.limiter.consume(policy('v1', 5), who)).toMatchObject({ allowed: true, remaining: 4 });
    });

    it('counts concurrent requests exactly', async () => {
      const p = policy('burst', 10);
      const who = fresh();
      const decisions = await Promise.all(Array.from({ length: 25 }, () => subject.limiter.consume(p, who)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
      expect(decisions.every((d) => d.counted)).toBe(true);
      // The allowed ten saw 9, 8, ... 0 left; the refused fifteen 0.
      const remaining = decisions.map((d) => d.remaining).sort((x, y) => x - y);
      expect(remaining).toEqual([...Array<number>(15).fill(0), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });

    it('takes long subjects (hashed to fit) without mixing two that share a prefix', async () => {
      const p = policy('long', 1);
      const stem = 'x'.repeat(300) + randomUUID();
      expect((await subject.limiter.consume(p, stem + 'a')).allowed).toBe(true);
      expect((await subject.limiter.consume(p, stem + 'a')).allowed).toBe(false);
      expect((await subject.limiter.consume(p, stem + 'b')).allowed).toBe(true);
    });

    it('rejects a malformed policy (a bug, not an outage)', async () => {
      await expect(subject.limiter.consume(policy('Bad Name', 1), fresh())).rejects.toThrow(TypeError);
      await expect(subject.limiter.consume(policy('v1', -1), fresh())).rejects.toThrow(TypeError);
      await expect(subject.limiter.consume(policy('v1', 1, 0), fresh())).rejects.toThrow(TypeError);
    });

    // Only stores that instances share have this to prove; an in-process store has nothing to skip.
    if (o.shared)
      describe('shared between instances', () => {
        const openPeer = (): Promise<RateLimiter> => {
          if (!subject.openPeer) throw new Error(`${store} is shared but its subject has no openPeer`);
          return subject.openPeer();
        };

        it('two instances count into one window', async () => {
          const peer = await openPeer();
          try {
            const p = policy('mcp', 4);
            const who = fresh();
            expect(await subject.limiter.consume(p, who)).toMatchObject({ allowed: true, remaining: 3 });
            expect(await peer.consume(p, who)).toMatchObject({ allowed: true, remaining: 2 });
            expect(await subject.limiter.consume(p, who)).toMatchObject({ allowed: true, remaining: 1 });
            expect(await peer.consume(p, who)).toMatchObject({ allowed: true, remaining: 0 });
            expect((await subject.limiter.consume(p, who)).allowed).toBe(false);
            expect((await peer.consume(p, who)).allowed).toBe(false);
          } finally {
            await peer.close();
          }
        });

        it('concurrent requests through two instances are counted exactly', async () => {
          const peer = await openPeer();
          try {
            const p = policy('burst', 12);
            const who = fresh();
            const decisions = await Promise.all(
              Array.from({ length: 30 }, (_, i) => (i % 2 ? peer : subject.limiter).consume(p, who)),
            );
            expect(decisions.filter((d) => d.allowed)).toHaveLength(12);
          } finally {
            await peer.close();
          }
        });
      });
  });
}
