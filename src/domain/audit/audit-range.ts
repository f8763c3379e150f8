import { z } from 'zod';
import { addDays, dateInZone, instantOfWallTime, isCalendarDate } from '../shared/dates.js';
import { invalidField } from '../shared/errors.js';

/** An instant with its offset: `2026-03-10T09:00Z`, `2026-03-10T10:00:00.5+01:00`. No offset, no instant. */
const INSTANT_RE =
  /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

const isInstant = (value: string): boolean => {
  const m = INSTANT_RE.exec(value);
  return m !== null && isCalendarDate(m[1]!) && !Number.isNaN(Date.parse(value));
};

/**
 * One end of an audit search: a calendar date (`YYYY-MM-DD`, a whole day in the school's time zone)
 * or an instant with its offset (ISO 8601, `Z` or `±HH:MM`). An instant without an offset would mean
 * different moments to different readers, so it is refused.
 */
export const auditBound = () =>
  z
    .string()
    .trim()
    .refine((v) => isCalendarDate(v) || isInstant(v), {
      message:
        'must be a date (YYYY-MM-DD, in the school’s time zone) or an instant with an offset (2026-03-10T09:00:00Z)',
    });

/** The first instant (ms) of a calendar date in a time zone: its midnight, or later where the clocks skip it. */
export function startOfDay(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d);
  let t = instantOfWallTime(midnight, timeZone);
  // Midnight skipped by a clock change: the day begins at the first quarter hour that is in it.
  for (let i = 0; i < 8 && dateInZone(new Date(t), timeZone) < date; i++) t += 15 * 60_000;
  return t;
}

/**
 * The inclusive range of instants (ISO 8601 UTC, as audit entries are stamped) that `from` and `to`
 * select: a date's whole day in the tenant's zone, an instant itself. `to` before `from` → invalid.
 */
export function auditRange(
  bounds: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
): { from?: string; to?: string } {
  const from =
    bounds.from === undefined
      ? undefined
      : isCalendarDate(bounds.from)
        ? startOfDay(bounds.from, timeZone)
        : Date.parse(bounds.from);
  const to =
    bounds.to === undefined
      ? undefined
      : isCalendarDate(bounds.to)
        ? startOfDay(addDays(bounds.to, 1), timeZone) - 1
        : Date.parse(bounds.to);
  if (from !== undefined && to !== undefined && to < from) throw invalidField('to', 'must not be before from');
  return {
    ...(from !== undefined ? { from: new Date(from).toISOString() } : {}),
    ...(to !== undefined ? { to: new Date(to).toISOString() } : {}),
  };
}
