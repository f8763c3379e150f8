import { addDays, dateInZone, instantOfWallTime } from '../../shared/dates.js';

/** The week's days, as the business-hours setting names them; index 0 is Sunday, as Date counts. */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One day's opening: `HH:MM` local times, opens before closes (closes may be `24:00`). */
export interface Opening {
  readonly opens: string;
  readonly closes: string;
}

/** When the desk works: an opening per weekday, null when closed that day. */
export type WeekHours = Readonly<Record<Weekday, Opening | null>>;

/** Whole days the school is closed, `YYYY-MM-DD` inclusive, in its own calendar. */
export interface ClosedSpan {
  readonly startsOn: string;
  readonly endsOn: string;
}

/** How far ahead a due time is looked for: beyond this there is no school time (a calendar of closures). */
const HORIZON_DAYS = 3 * 366;
const MINUTE = 60_000;

/** The instant a wall-clock time of a date has in `timeZone` (a time the clocks skip lands after the change). */
export function wallTimeInZone(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return instantOfWallTime(Date.UTC(y, mo - 1, d, h, mi), timeZone);
}

/**
 * A school's working time (issue 30, point 5): its week's opening hours in its own time zone, less
 * its closure days. Service targets are counted in this time only: ten school minutes before the
 * desk closes on Friday and a target of thirty ends twenty minutes after it opens on Monday, or on
 * the Tuesday when Monday is a bank holiday.
 *
 * Pure and cheap: each day's opening, in instants, is worked out once per calendar and kept, so
 * the due times of ten thousand tickets cost a handful of time-zone lookups per day they span.
 */
export class SchoolCalendar {
  private readonly closed = new Set<string>();
  /** A day's opening as instants [from, to), or null when the school is closed that day. */
  private readonly days = new Map<string, readonly [number, number] | null>();
  /** The day after a date, and the school's date of an hour: kept, as each costs a Date or an Intl call. */
  private readonly nextDays = new Map<string, string>();
  private readonly hourDates = new Map<number, string>();

  constructor(
    private readonly hours: WeekHours,
    private readonly timeZone: string,
    closures: readonly ClosedSpan[],
  ) {
    for (const span of closures) {
      // A span is at most a few months of holidays; a silly one is cut at the horizon.
      for (let d = span.startsOn, n = 0; d <= span.endsOn && n < HORIZON_DAYS; d = addDays(d, 1), n++) {
        this.closed.add(d);
      }
    }
  }

  private next(date: string): string {
    let n = this.nextDays.get(date);
    if (n === undefined) this.nextDays.set(date, (n = addDays(date, 1)));
    return n;
  }

  /** The school's date the day before `instant` (where counting starts: an opening never spans two days). */
  private dayBefore(instant: number): string {
    const hour = Math.floor(instant / 3600_000);
    let d = this.hourDates.get(hour);
    if (d === undefined)
      this.hourDates.set(hour, (d = dateInZone(new Date(hour * 3600_000 - 24 * 3600_000), this.timeZone)));
    return d;
  }

  /** True when the week has some opening at all (else no ticket could ever be due). */
  get opensAtAll(): boolean {
    return WEEKDAYS.some((d) => this.hours[d] !== null);
  }

  private opening(date: string): readonly [number, number] | null {
    let o = this.days.get(date);
    if (o === undefined) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const hours = this.hours[WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!];
      o =
        hours && !this.closed.has(date)
          ? [wallTimeInZone(date, hours.opens, this.timeZone), wallTimeInZone(date, hours.closes, this.timeZone)]
          : null;
      this.days.set(date, o);
    }
    return o;
  }

  /**
   * The instant `minutes` of school time after `from` (rounded to the minute's start it falls in);
   * `from` itself when minutes is 0 or less. Null when the calendar holds no such time within three
   * years (a week without hours, or years of closure).
   */
  add(from: Date, minutes: number): Date | null {
    if (minutes <= 0) return from;
    let left = minutes * MINUTE;
    const start = from.getTime();
    let date = this.dayBefore(start);
    for (let n = 0; n < HORIZON_DAYS; n++, date = this.next(date)) {
      const o = this.opening(date);
      if (!o) continue;
      const begin = Math.max(o[0], start);
      if (begin >= o[1]) continue;
      const span = o[1] - begin;
      if (span >= left) return new Date(begin + left);
      left -= span;
    }
    return null;
  }

  /** The school minutes from `from` to `to`, whole minutes rounded down; 0 when `to` is not after `from`. */
  between(from: Date, to: Date): number {
    const a = from.getTime();
    const b = to.getTime();
    if (b <= a) return 0;
    let total = 0;
    let date = this.dayBefore(a);
    const last = this.dayBefore(b + 48 * 3600_000);
    for (let n = 0; date <= last && n < HORIZON_DAYS; n++, date = this.next(date)) {
      const o = this.opening(date);
      if (!o) continue;
      const span = Math.min(o[1], b) - Math.max(o[0], a);
      if (span > 0) total += span;
    }
    return Math.floor(total / MINUTE);
  }
}
