/**
 * How many units of a loan group are free for a window [from, to): pure, so the availability rule
 * reads in one place and is checked without a database.
 *
 * free = units in service − units out through the window − the most units other bookings hold back
 * at any one moment of it. The last term is a sweep over the overlapping bookings' starts and ends
 * (O(n log n) in the bookings that overlap the window, which a group's year keeps to a few thousand).
 */
import type { LoanStatus } from '../loans/loan-states.js';

/** A unit of the group as availability sees it. */
export interface GroupUnit {
  readonly id: string;
  readonly status: LoanStatus;
  readonly dueDate: string | null;
}

/** The part of a booking availability reads: its window and the units it still holds back. */
export interface BookedSpan {
  readonly from: string;
  readonly to: string;
  readonly units: number;
}

/**
 * Whether an ISSUED unit is out during a window that starts on `firstDay` (school time zone):
 * with no due date, or due on or after the window's first day (due inside it, or after it, when it
 * is not back in time either), or already overdue (late units are not counted on). A unit due back
 * before the window's first day, and not late yet, is expected back in time.
 */
export const isOut = (unit: GroupUnit, firstDay: string, today: string): boolean =>
  unit.status === 'ISSUED' && (unit.dueDate === null || unit.dueDate >= firstDay || unit.dueDate < today);

export interface Availability {
  /** Units not withdrawn (status other than UNAVAILABLE). */
  readonly inService: number;
  /** Of those, units issued and out during the window. */
  readonly out: number;
  /** The most units other bookings hold back at one moment of the window. */
  readonly booked: number;
  /** What a new booking of this window can have: never below zero. */
  readonly free: number;
}

/** The most units held back at once by `spans` inside [from, to) (ISO instants compare as text). */
export function peakBooked(spans: readonly BookedSpan[], from: string, to: string): number {
  const edges: [at: string, delta: number][] = [];
  for (const s of spans) {
    if (s.units <= 0 || s.from >= to || s.to <= from) continue;
    edges.push([s.from < from ? from : s.from, s.units], [s.to, -s.units]);
  }
  // An end and a start at the same instant do not overlap ([from, to) is half-open): ends first.
  edges.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  let now = 0;
  let peak = 0;
  for (const [, delta] of edges) {
    now += delta;
    if (now > peak) peak = now;
  }
  return peak;
}

export function availability(input: {
  readonly units: readonly GroupUnit[];
  readonly bookings: readonly BookedSpan[];
  readonly from: string;
  readonly to: string;
  /** The window's first day and today, in the school's time zone. */
  readonly firstDay: string;
  readonly today: string;
}): Availability {
  let inService = 0;
  let out = 0;
  for (const unit of input.units) {
    if (unit.status === 'UNAVAILABLE') continue;
    inService++;
    if (isOut(unit, input.firstDay, input.today)) out++;
  }
  const booked = peakBooked(input.bookings, input.from, input.to);
  return { inService, out, booked, free: Math.max(0, inService - out - booked) };
}

/**
 * The booked and free units of each day of a week view: `days` are [start, end) instants of each
 * school day; a day's `booked` is the most held back at one moment of it.
 */
export function dayByDay(
  input: Omit<Parameters<typeof availability>[0], 'from' | 'to' | 'firstDay'> & {
    readonly days: readonly { date: string; from: string; to: string }[];
  },
): { date: string; booked: number; free: number }[] {
  return input.days.map((d) => {
    const a = availability({ ...input, from: d.from, to: d.to, firstDay: d.date });
    return { date: d.date, booked: a.booked, free: a.free };
  });
}
