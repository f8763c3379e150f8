/**
 * Service targets counted on a school's calendar (issue 30, point 5), as pure arithmetic: the desk's
 * hours in its own time zone, less closure days, across weekends, bank holidays and the clocks
 * changing; and a ticket's clock: stopped while it waits on the requester, its warning at 80 % and
 * its breach each sent once.
 */
import { describe, expect, it } from 'vitest';
import { SchoolCalendar, type WeekHours } from '../../../src/domain/tickets/service-targets/school-calendar.js';
import {
  advanceClock,
  dueAlarms,
  dueTimes,
  newClock,
  nextDueAt,
  SENT,
  type ClockedTicket,
} from '../../../src/domain/tickets/service-targets/clock.js';

const DAY = { opens: '08:00', closes: '16:30' };
const WEEK: WeekHours = {
  monday: DAY,
  tuesday: DAY,
  wednesday: DAY,
  thursday: DAY,
  friday: DAY,
  saturday: null,
  sunday: null,
};
const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('a school calendar', () => {
  const london = new SchoolCalendar(WEEK, 'Europe/London', [
    { startsOn: '2026-12-21', endsOn: '2027-01-01' }, // Christmas holidays
    { startsOn: '2026-11-30', endsOn: '2026-11-30' }, // a training day
  ]);

  it('counts the desk’s hours only: a target that runs past closing goes on the next school day', () => {
    // Thursday 3 December 2026, 16:20 in London (GMT): ten minutes left today, twenty on Friday.
    expect(iso(london.add(at('2026-12-03T16:20:00Z'), 30))).toBe('2026-12-04T08:20:00.000Z');
    // Friday 16:20: over the weekend to Monday 08:20.
    expect(iso(london.add(at('2026-12-04T16:20:00Z'), 30))).toBe('2026-12-07T08:20:00.000Z');
    // Before opening: counted from 08:00.
    expect(iso(london.add(at('2026-12-03T06:00:00Z'), 60))).toBe('2026-12-03T09:00:00.000Z');
    // Zero minutes is the instant itself.
    expect(iso(london.add(at('2026-12-05T12:00:00Z'), 0))).toBe('2026-12-05T12:00:00.000Z');
  });

  it('skips closure days: the training day and the Christmas holidays', () => {
    // Friday 27 November 16:00 + 60: 30 minutes on Friday, Monday is a training day, so Tuesday 08:30.
    expect(iso(london.add(at('2026-11-27T16:00:00Z'), 60))).toBe('2026-12-01T08:30:00.000Z');
    // Friday 18 December 16:00 + 60: the holidays run to 1 January, a Friday, so Monday 4 January.
    expect(iso(london.add(at('2026-12-18T16:00:00Z'), 60))).toBe('2027-01-04T08:30:00.000Z');
    expect(london.between(at('2026-12-18T16:00:00Z'), at('2027-01-04T08:30:00Z'))).toBe(60);
  });

  it('measures school minutes between two instants, and nothing backwards', () => {
    // Thursday 12:00 to Monday 12:00: 4.5 h + 8.5 h + 4 h.
    expect(london.between(at('2026-12-03T12:00:00Z'), at('2026-12-07T12:00:00Z'))).toBe(270 + 510 + 240);
    expect(london.between(at('2026-12-07T12:00:00Z'), at('2026-12-03T12:00:00Z'))).toBe(0);
    expect(london.between(at('2026-12-05T09:00:00Z'), at('2026-12-06T15:00:00Z'))).toBe(0);
  });

  it('keeps the school’s wall clock across a change of the clocks (London, 29 March 2026)', () => {
    // Friday 27 March 16:00 GMT + 60: Monday 30 March opens at 08:00 BST, 07:00 UTC.
    expect(iso(london.add(at('2026-03-27T16:00:00Z'), 60))).toBe('2026-03-30T07:30:00.000Z');
    // In October it goes back: Friday 23 October 16:00 BST (15:00 UTC) + 60: Monday 26 October 08:30 GMT.
    expect(iso(london.add(at('2026-10-23T15:00:00Z'), 60))).toBe('2026-10-26T08:30:00.000Z');
  });

  it('reads hours in the school’s own zone, and a desk open till midnight', () => {
    const auckland = new SchoolCalendar(
      { ...WEEK, monday: { opens: '20:00', closes: '24:00' } },
      'Pacific/Auckland',
      [],
    );
    // Monday 7 December 2026 20:00 in Auckland (NZDT, +13) is 07:00 UTC that day.
    expect(iso(auckland.add(at('2026-12-07T06:00:00Z'), 240))).toBe('2026-12-07T11:00:00.000Z');
    expect(iso(auckland.add(at('2026-12-07T06:00:00Z'), 241))).toBe('2026-12-07T19:01:00.000Z');
  });

  it('looks past a long closure, and has no due time when the week never opens', () => {
    const shut = new SchoolCalendar(WEEK, 'Europe/London', [{ startsOn: '2026-01-01', endsOn: '2026-04-30' }]);
    // Friday 1 May 2026, 08:00 BST.
    expect(iso(shut.add(at('2026-01-05T09:00:00Z'), 60))).toBe('2026-05-01T08:00:00.000Z');
    const closed = new SchoolCalendar(
      { ...WEEK, monday: null, tuesday: null, wednesday: null, thursday: null, friday: null },
      'UTC',
      [],
    );
    expect(closed.opensAtAll).toBe(false);
    expect(closed.add(at('2026-01-05T09:00:00Z'), 60)).toBeNull();
  });
});

describe('a ticket’s clock', () => {
  const calendar = new SchoolCalendar(WEEK, 'UTC', []);
  const targets = { firstResponseMinutes: 60, resolutionMinutes: 510 };
  // Monday 7 December 2026, 09:00 UTC.
  const opened: ClockedTicket = {
    status: 'NEW',
    priority: 'NORMAL',
    createdAt: '2026-12-07T09:00:00.000Z',
    firstRespondedAt: null,
    firstResponseDueAt: null,
    resolutionDueAt: null,
  };

  it('gives a new ticket both due times and its next check at the first warning (80 %)', () => {
    const { times, clock } = dueTimes(opened, newClock('t1', opened.createdAt), targets, calendar);
    expect(times).toEqual({
      firstRespondedAt: null,
      firstResponseDueAt: '2026-12-07T10:00:00.000Z',
      resolutionDueAt: '2026-12-08T09:00:00.000Z',
    });
    expect(clock.nextCheckAt).toBe('2026-12-07T09:48:00.000Z');
  });

  it('stops the resolution clock while the ticket waits on the requester, and starts it with what was left', () => {
    const start = newClock('t1', opened.createdAt);
    // Waiting from 11:00 (two school hours used) to Wednesday 09:00.
    const stopped = advanceClock(start, opened, { status: 'PENDING' }, '2026-12-07T11:00:00.000Z', calendar);
    expect(stopped).toMatchObject({ usedMinutes: 120, runningSince: null });
    const waiting = {
      ...opened,
      status: 'PENDING' as const,
      resolutionDueAt: '2026-12-08T09:00:00.000Z',
      firstRespondedAt: '2026-12-07T11:00:00.000Z',
    };
    const paused = dueTimes(waiting, stopped, targets, calendar);
    // Stopped: the due time it had stays shown, nothing is checked, and nothing is running for the queue.
    expect(paused.times.resolutionDueAt).toBe('2026-12-08T09:00:00.000Z');
    expect(paused.clock.nextCheckAt).toBeNull();
    expect(nextDueAt(waiting)).toBeNull();
    const restarted = advanceClock(stopped, waiting, { status: 'OPEN' }, '2026-12-09T09:00:00.000Z', calendar);
    const open = dueTimes({ ...waiting, status: 'OPEN' }, restarted, targets, calendar);
    // 510 - 120 = 390 minutes from Wednesday 09:00: 15:30.
    expect(open.times.resolutionDueAt).toBe('2026-12-09T15:30:00.000Z');
    expect(nextDueAt({ ...waiting, status: 'OPEN', resolutionDueAt: open.times.resolutionDueAt })).toBe(
      '2026-12-09T15:30:00.000Z',
    );
  });

  it('sends the warning, then the breach, each once; a breach found late goes alone', () => {
    const clock = newClock('t1', opened.createdAt);
    expect(dueAlarms(opened, clock, targets, calendar, '2026-12-07T09:47:00.000Z')).toEqual([]);
    const warned = dueAlarms(opened, clock, targets, calendar, '2026-12-07T09:48:00.000Z');
    expect(warned).toEqual([
      {
        kind: 'ticket.sla_warning',
        target: 'firstResponse',
        dueAt: '2026-12-07T10:00:00.000Z',
        bit: SENT.firstResponseWarning,
      },
    ]);
    const after = { ...clock, notified: SENT.firstResponseWarning };
    expect(dueAlarms(opened, after, targets, calendar, '2026-12-07T09:59:00.000Z')).toEqual([]);
    expect(dueAlarms(opened, after, targets, calendar, '2026-12-07T10:00:00.000Z')).toMatchObject([
      { kind: 'ticket.sla_breached', target: 'firstResponse' },
    ]);
    // Looked at only on Tuesday afternoon: both targets are past; each breach goes once, no warnings.
    const late = dueAlarms(opened, clock, targets, calendar, '2026-12-08T15:00:00.000Z');
    expect(late.map((a) => [a.kind, a.target])).toEqual([
      ['ticket.sla_breached', 'firstResponse'],
      ['ticket.sla_breached', 'resolution'],
    ]);
    const all = late.reduce((bits, a) => bits | a.bit, 0);
    expect(dueAlarms(opened, { ...clock, notified: all }, targets, calendar, '2026-12-09T15:00:00.000Z')).toEqual([]);
    expect(dueTimes(opened, { ...clock, notified: all }, targets, calendar).clock.nextCheckAt).toBeNull();
  });

  it('an answered ticket no longer runs its first-response target', () => {
    const answered = { ...opened, status: 'OPEN' as const, firstRespondedAt: '2026-12-07T09:30:00.000Z' };
    expect(
      dueAlarms(answered, newClock('t1', opened.createdAt), targets, calendar, '2026-12-07T10:30:00.000Z'),
    ).toEqual([]);
    const { clock } = dueTimes(answered, newClock('t1', opened.createdAt), targets, calendar);
    // The resolution's warning: 408 of its 510 minutes, Monday 15:48.
    expect(clock.nextCheckAt).toBe('2026-12-07T15:48:00.000Z');
  });
});
