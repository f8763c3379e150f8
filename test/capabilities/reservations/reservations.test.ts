/**
 * The pure parts of bookings (issue 23): the availability sweep (half-open windows, clipping, the
 * most held back at one moment), which issued units count as out, and booking times read on the
 * school's wall clock (summer, winter, the hour the clocks skip) or at their own offset.
 */
import { describe, expect, it } from 'vitest';
import { availability, isOut, peakBooked, type GroupUnit } from '../../../src/domain/reservations/availability.js';
import { aYearAfter, bookingInstant } from '../../../src/domain/reservations/booking-time.js';

const at = (hhmm: string) => `2026-09-07T${hhmm}:00.000Z`;
const span = (from: string, to: string, units: number) => ({ from: at(from), to: at(to), units });

describe('peakBooked', () => {
  it('is the most units held back at one moment of the window', () => {
    const spans = [span('09:00', '11:00', 2), span('10:00', '12:00', 1), span('10:30', '10:45', 4)];
    expect(peakBooked(spans, at('08:00'), at('18:00'))).toBe(7);
    expect(peakBooked(spans, at('11:00'), at('18:00'))).toBe(1);
    expect(peakBooked(spans, at('08:00'), at('09:00'))).toBe(0);
    expect(peakBooked([], at('08:00'), at('09:00'))).toBe(0);
  });

  it('treats [from, to) as half-open: an end and a start at one instant do not add up', () => {
    const spans = [span('09:00', '10:00', 3), span('10:00', '11:00', 3)];
    expect(peakBooked(spans, at('08:00'), at('12:00'))).toBe(3);
  });

  it('counts a booking that started before the window, and ignores ones holding nothing', () => {
    expect(peakBooked([span('07:00', '09:30', 2), span('09:00', '10:00', 0)], at('09:00'), at('10:00'))).toBe(2);
  });
});

describe('isOut and availability', () => {
  const unit = (status: GroupUnit['status'], dueDate: string | null = null): GroupUnit => ({
    id: `${status}-${dueDate}`,
    status,
    dueDate,
  });
  const today = '2026-09-01';
  const firstDay = '2026-09-07';

  it('counts an issued unit as out unless it is due back before the window and not late', () => {
    expect(isOut(unit('ISSUED', null), firstDay, today)).toBe(true);
    expect(isOut(unit('ISSUED', '2026-09-07'), firstDay, today)).toBe(true); // due on the day
    expect(isOut(unit('ISSUED', '2026-09-20'), firstDay, today)).toBe(true); // due after the window
    expect(isOut(unit('ISSUED', '2026-09-06'), firstDay, today)).toBe(false); // back the day before
    expect(isOut(unit('ISSUED', '2026-08-31'), firstDay, today)).toBe(true); // overdue
    expect(isOut(unit('AVAILABLE'), firstDay, today)).toBe(false);
  });

  it('takes withdrawn units, units out and the bookings from what is in service', () => {
    const units = [
      unit('AVAILABLE'),
      unit('AVAILABLE'),
      unit('UNAVAILABLE'),
      unit('ISSUED', null),
      unit('ISSUED', '2026-09-03'),
    ];
    const a = availability({
      units,
      bookings: [span('09:00', '10:00', 1)],
      from: at('08:00'),
      to: at('12:00'),
      firstDay,
      today,
    });
    expect(a).toEqual({ inService: 4, out: 1, booked: 1, free: 2 });
    const overbooked = availability({
      units,
      bookings: [span('09:00', '10:00', 9)],
      from: at('08:00'),
      to: at('12:00'),
      firstDay,
      today,
    });
    expect(overbooked.free).toBe(0);
  });
});

describe('booking times', () => {
  const zone = 'Europe/Amsterdam';
  it('reads a time without an offset on the school wall clock, in summer and in winter', () => {
    expect(bookingInstant('2026-09-07T08:30', zone)).toBe('2026-09-07T06:30:00.000Z');
    expect(bookingInstant('2026-12-07T08:30:15', zone)).toBe('2026-12-07T07:30:15.000Z');
    expect(bookingInstant('2026-12-07T08:30:15.5', zone)).toBe('2026-12-07T07:30:15.500Z');
  });

  it('moves a time the clocks skip an hour on, as a wall clock would', () => {
    expect(bookingInstant('2026-03-29T02:30', zone)).toBe('2026-03-29T01:30:00.000Z'); // 03:30 CEST
  });

  it('takes a time with an offset as that instant', () => {
    expect(bookingInstant('2026-09-07T08:30Z', zone)).toBe('2026-09-07T08:30:00.000Z');
    expect(bookingInstant('2026-09-07T08:30:00-04:00', zone)).toBe('2026-09-07T12:30:00.000Z');
  });

  it('ends a year at the same clock time a calendar year on', () => {
    expect(aYearAfter('2026-09-07T06:30:00.000Z')).toBe('2027-09-07T06:30:00.000Z');
    expect(aYearAfter('2028-02-29T06:30:00.000Z')).toBe('2029-03-01T06:30:00.000Z');
  });
});
