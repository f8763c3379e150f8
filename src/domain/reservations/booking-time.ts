import { z } from 'zod';
import { instantOfWallTime } from '../shared/dates.js';
import { isCalendarDate } from '../shared/dates.js';

/** `2026-03-10T09:00`, `…T09:00:00`, `…T09:00:00.000`, each optionally with `Z` or `±HH:MM`. */
const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;

/** A booking's start or end: an ISO 8601 date-time; without an offset, it is in the school's time zone. */
export const bookingTime = () =>
  z
    .string()
    .trim()
    .refine((v) => {
      const m = DATE_TIME_RE.exec(v);
      return m !== null && isCalendarDate(`${m[1]}-${m[2]}-${m[3]}`);
    }, 'must be an ISO 8601 date-time (2026-03-10T09:00, in the school’s time zone, or with an offset)');

/**
 * The UTC instant (ISO) of a date-time accepted by `bookingTime`. A wall time without an offset is
 * read in `timeZone`; one the clocks skip (spring forward) lands an hour later, as a wall clock would.
 */
export function bookingInstant(value: string, timeZone: string): string {
  const m = DATE_TIME_RE.exec(value.trim());
  if (!m) throw new Error(`not a booking time: ${value}`);
  if (m[8]) return new Date(Date.parse(value.trim())).toISOString();
  const wall = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6] ?? 0),
    Number((m[7] ?? '0').padEnd(3, '0')),
  );
  return new Date(instantOfWallTime(wall, timeZone)).toISOString();
}

/** One calendar year after `instant` (same clock time; 29 February → 1 March). */
export function aYearAfter(instant: string): string {
  const d = new Date(instant);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString();
}
