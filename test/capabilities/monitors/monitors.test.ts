import { describe, expect, it } from 'vitest';
import {
  applyCheck,
  judge,
  UNKNOWN_STATUS,
  type MonitorCheck,
  type MonitorStatus,
} from '../../../src/domain/monitors/monitor.js';

const at = new Date('2026-03-01T08:00:00.000Z');
const check = (ok: boolean, n = 0): MonitorCheck => ({
  at: new Date(at.getTime() + n * 30_000).toISOString(),
  ok,
  status: ok ? 200 : 503,
  ms: 12,
  reason: ok ? null : 'status 503',
  certificateExpiresAt: null,
});

/** Runs checks from unknown and returns the events, in order, and the final status. */
function run(oks: boolean[]): { events: (string | null)[]; status: MonitorStatus } {
  let status = UNKNOWN_STATUS;
  const events: (string | null)[] = [];
  oks.forEach((ok, i) => {
    const { next, event } = applyCheck(status, check(ok, i));
    events.push(event);
    status = next;
  });
  return { events, status };
}

describe('the monitor state machine', () => {
  it('says nothing on unknown → up, and goes down on the second failure in a row only', () => {
    expect(run([true]).events).toEqual([null]);
    expect(run([true, false]).events).toEqual([null, null]);
    expect(run([true, false, true, false, true]).events).toEqual([null, null, null, null, null]);
    expect(run([true, false, false]).events).toEqual([null, null, 'monitor.down']);
    expect(run([false, false]).events).toEqual([null, 'monitor.down']);
  });

  it('stays down quietly, and comes up once', () => {
    const { events, status } = run([true, false, false, false, false, true, true]);
    expect(events).toEqual([null, null, 'monitor.down', null, null, 'monitor.up', null]);
    expect(status).toMatchObject({ state: 'up', consecutiveFailures: 0, since: check(true, 5).at });
  });

  it('dates a state from the check that began it', () => {
    const { status } = run([true, true, false, false, false]);
    expect(status).toMatchObject({ state: 'down', since: check(false, 3).at, consecutiveFailures: 3 });
    expect(run([true, true, true]).status.since).toBe(check(true, 0).at);
  });
});

describe('judging what a probe saw', () => {
  const facts = { status: 200, ms: 10.4, error: null, certificateExpiresAt: null };
  it('accepts any 2xx or 3xx unless a status is expected', () => {
    expect(judge({ ...facts, status: 301 }, null, at)).toMatchObject({ ok: true, ms: 10 });
    expect(judge({ ...facts, status: 404 }, null, at)).toMatchObject({ ok: false, reason: 'status 404' });
    expect(judge({ ...facts, status: 200 }, 204, at)).toMatchObject({ ok: false, reason: 'status 200, expected 204' });
    expect(judge({ ...facts, status: 503 }, 503, at)).toMatchObject({ ok: true });
  });
  it('fails on no answer and on a certificate expiring within 14 days', () => {
    expect(judge({ ...facts, status: null, error: 'timeout' }, null, at)).toMatchObject({
      ok: false,
      reason: 'timeout',
    });
    const in13 = new Date(at.getTime() + 13 * 86_400_000).toISOString();
    const in15 = new Date(at.getTime() + 15 * 86_400_000).toISOString();
    expect(judge({ ...facts, certificateExpiresAt: in13 }, null, at)).toMatchObject({
      ok: false,
      status: 200,
      reason: 'certificate expires 2026-03-14',
    });
    expect(judge({ ...facts, certificateExpiresAt: in15 }, null, at)).toMatchObject({ ok: true });
  });
});
