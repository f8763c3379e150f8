/**
 * What the webhook worker may take from memory instead of the outbox: only what it can be sure of —
 * consecutive ids, and "nothing newer" only while no other process may have committed.
 */
import { describe, expect, it } from 'vitest';
import type { EventKind, OutboxEvent } from '../../../src/domain/events/event.js';
import { RecentEvents } from '../../../src/domain/events/recent-events.js';

const event = (eventId: number, kind: EventKind = 'loan.issued'): OutboxEvent => ({
  id: `e-${eventId}`,
  eventId,
  kind,
  occurredAt: '2026-01-01T00:00:00.000Z',
  payload: {},
});
const ids = (answer: { events: OutboxEvent[] } | null) => answer?.events.map((e) => e.eventId) ?? null;

describe('RecentEvents', () => {
  it('answers from consecutive commits, by kind and up to the limit, and knows the newest id', () => {
    const recent = new RecentEvents();
    recent.heard('t', [event(5), event(6, 'loan.returned')]);
    recent.heard('t', [event(7)]);
    expect(ids(recent.after('t', 4, 10))).toEqual([5, 6, 7]);
    expect(ids(recent.after('t', 4, 2))).toEqual([5, 6]);
    expect(recent.after('t', 5, 10, ['loan.returned'])).toEqual({ newest: 7, events: [event(6, 'loan.returned')] });
    expect(recent.after('t', 7, 10)).toEqual({ newest: 7, events: [] });
  });

  it('says nothing about what it never saw: older ids, other tenants, a cursor past its newest', () => {
    const recent = new RecentEvents();
    recent.heard('t', [event(5)]);
    expect(recent.after('t', 3, 10)).toBeNull();
    expect(recent.after('u', 0, 10)).toBeNull();
    expect(recent.after('t', 6, 10)).toBeNull();
  });

  it('starts again at a commit that does not follow on (another process committed in between)', () => {
    const recent = new RecentEvents();
    recent.heard('t', [event(5)]);
    recent.heard('t', [event(8)]);
    expect(recent.after('t', 5, 10)).toBeNull();
    expect(ids(recent.after('t', 7, 10))).toEqual([8]);
  });

  it('does not call anything the newest after a signal without events, until this process commits again', () => {
    const recent = new RecentEvents();
    recent.heard('t', [event(5)]);
    recent.heard(null);
    expect(recent.after('t', 5, 10)).toBeNull();
    // What it holds is still true.
    expect(ids(recent.after('t', 4, 10))).toEqual([5]);
    recent.heard('t', [event(6)]);
    expect(recent.after('t', 6, 10)).toEqual({ newest: 6, events: [] });
    recent.heard('t');
    expect(recent.after('t', 6, 10)).toBeNull();
  });

  it('forgets a tenant', () => {
    const recent = new RecentEvents();
    recent.heard('t', [event(5)]);
    recent.forget('t');
    expect(recent.after('t', 4, 10)).toBeNull();
  });
});
