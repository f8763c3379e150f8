import ICAL from 'ical.js';
import { addDays, dateInZone, instantOfWallTime, isTimeZone } from '../../domain/shared/dates.js';
import { CalendarFile, MAX_CALENDAR_SPANS, MalformedCalendar, type CalendarSpan } from '../../ports/calendar-file.js';

type Component = InstanceType<typeof ICAL.Component>;
type Event = InstanceType<typeof ICAL.Event>;
type Time = InstanceType<typeof ICAL.Time>;

interface Window {
  readonly from: string;
  readonly until: string;
  readonly timeZone: string;
}

const MAX_NAME_CHARS = 200;
/**
 * How many occurrences of one repeating event are stepped through. ical.js cannot jump ahead to the
 * window, so a daily rule that began decades ago is walked from its start: this keeps such a rule (or one
 * that never reaches the window) from holding the import for seconds; 10000 steps take about 150 ms.
 */
const MAX_STEPS_PER_EVENT = 10_000;
const BOM = '\uFEFF';
const YMD = /^\d{4}-\d{2}-\d{2}$/;
/** The properties whose dates are checked before use: ical.js quietly rolls 2025-13-45 over to 2026-02-14. */
const DATE_PROPERTIES = ['dtstart', 'dtend', 'recurrence-id', 'exdate', 'rdate'] as const;

/**
 * The iCalendar adapter (RFC 5545) of CalendarFile, through Mozilla's ical.js: a school's term-dates
 * export (from its MIS, Google Calendar, Outlook, ...) read as spans of whole days in the school's zone.
 */
export class ICalendarFile extends CalendarFile {
  spans(text: string, window: Window): CalendarSpan[] {
    checkWindow(window);
    const calendars = parseCalendars(text);
    const reader = new SpanReader(window);
    try {
      for (const calendar of calendars) reader.read(calendar);
    } catch (error) {
      if (error instanceof MalformedCalendar) throw error;
      // ical.js reads values lazily, so its own errors can surface here; its wording is for developers.
      throw new MalformedCalendar('the file is not valid iCalendar: an event or time zone in it cannot be read');
    }
    return reader.result();
  }
}

/** The window comes from the import's own code, not the file: a wrong one is a bug, not MalformedCalendar. */
function checkWindow({ from, until, timeZone }: Window): void {
  if (!YMD.test(from) || !YMD.test(until)) throw new RangeError(`calendar window dates must be YYYY-MM-DD`);
  if (!isTimeZone(timeZone)) throw new RangeError(`unknown time zone "${timeZone}"`);
}

/** The VCALENDAR components of the file (a file may hold several, end to end). */
function parseCalendars(text: string): Component[] {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  if (body.trim() === '') throw new MalformedCalendar('the file is empty');
  // Checked first, as a web page or a spreadsheet saved as .ics would otherwise get a parser message.
  if (!/^\s*BEGIN:VCALENDAR[ \t]*(\r?\n|$)/i.test(body)) {
    throw new MalformedCalendar('not an iCalendar file: it must start with BEGIN:VCALENDAR');
  }
  let jcal: unknown[];
  try {
    jcal = ICAL.parse(body) as unknown[];
  } catch (error) {
    // The parser's messages name the line or value at fault (`invalid BYDAY value "XX"`), which is what a
    // person needs to find it; a TypeError from deeper inside says nothing useful.
    const named = error instanceof Error && (error.name === 'ParserError' || error.name === 'Error');
    const detail = named ? `: ${cut(error.message, 200)}` : '';
    throw new MalformedCalendar(`the file is not valid iCalendar${detail}`);
  }
  // One root parses to one jCal component, several to an array of them.
  const roots = (Array.isArray(jcal[0]) ? jcal : [jcal]).map((root) => new ICAL.Component(root as unknown[]));
  if (roots.some((root) => root.name !== 'vcalendar')) {
    throw new MalformedCalendar(
      'not an iCalendar file: everything in it must be inside BEGIN:VCALENDAR ... END:VCALENDAR',
    );
  }
  return roots;
}

/** Reads the events of one file into spans, in the window's time zone. */
class SpanReader {
  readonly #window: Window;
  readonly #spans = new Map<string, CalendarSpan>();

  constructor(window: Window) {
    this.#window = window;
  }

  read(calendar: Component): void {
    const events = calendar.getAllSubcomponents('vevent');
    events.forEach(checkEvent);
    // A moved or renamed occurrence is its own VEVENT with the series' UID and a RECURRENCE-ID: it is read
    // with its series, so that the occurrence it replaces is not also kept.
    const series = new Map<string, { masters: Component[]; exceptions: Component[] }>();
    const alone: Component[] = [];
    for (const event of events) {
      const uid = uidOf(event);
      if (uid === undefined) {
        alone.push(event);
        continue;
      }
      const entry = series.get(uid) ?? { masters: [], exceptions: [] };
      series.set(uid, entry);
      (event.hasProperty('recurrence-id') ? entry.exceptions : entry.masters).push(event);
    }
    for (const event of alone) this.#readEvent(event);
    for (const { masters, exceptions } of series.values()) {
      // Exceptions whose series is not in the file (an invitation to one occurrence) stand alone.
      if (masters.length === 0) for (const exception of exceptions) this.#readEvent(exception);
      for (const master of masters) this.#readEvent(master, exceptions);
    }
  }

  /** The spans, ordered by start date then uid. */
  result(): CalendarSpan[] {
    return [...this.#spans.values()].sort((a, b) => compare(a.startsOn, b.startsOn) || compare(a.uid, b.uid));
  }

  /** Reads one event; `others` are the occurrences of its series the file moves, renames or cancels. */
  #readEvent(component: Component, others: readonly Component[] = []): void {
    try {
      const exceptions = others.map((other) => new ICAL.Event(other));
      const event = new ICAL.Event(component, { exceptions });
      if (isCancelled(event)) return;
      const zone = this.#wallZone(event);
      if (event.isRecurring()) this.#readSeries(event, exceptions, zone);
      else {
        // Some tools change a single event by adding a RECURRENCE-ID copy of it rather than editing it.
        const item = exceptions.find((exception) => exception.recurrenceId.compare(event.startDate) === 0) ?? event;
        if (isCancelled(item)) return;
        const days = this.#daysOf(item, item.startDate, item.endDate, zone);
        // An occurrence without its series is still one occurrence: named as the series would name it.
        const occurrence = event.isRecurrenceException() ? this.#dayOf(event.recurrenceId, zone) : undefined;
        if (this.#touches(days)) this.#add(item, days, occurrence);
      }
    } catch (error) {
      if (error instanceof MalformedCalendar) throw error;
      throw new MalformedCalendar(
        `${describe(component)} cannot be read: check its dates and repeat rule (DTSTART, DTEND, RRULE, RDATE, EXDATE)`,
      );
    }
  }

  /** The occurrences of a repeating event that touch the window (ical.js applies RDATE and EXDATE). */
  #readSeries(event: Event, exceptions: readonly Event[], zone: string): void {
    const { until } = this.#window;
    const iterator = event.iterator();
    let stoppedAt: Time | undefined;
    for (let steps = 0; ; steps++) {
      const occurrence = iterator.next();
      if (!occurrence) break;
      if (steps === MAX_STEPS_PER_EVENT) {
        throw new MalformedCalendar(
          `${describe(event.component)} repeats more than ${MAX_STEPS_PER_EVENT} times up to ${until}: ` +
            'give its repeat rule (RRULE) an end (UNTIL or COUNT) or a later start',
        );
      }
      const day = this.#dayOf(occurrence, zone);
      // Occurrences come in order, so the first after the window ends the walk.
      if (day > until) {
        stoppedAt = occurrence;
        break;
      }
      const details = event.getOccurrenceDetails(occurrence);
      if (isCancelled(details.item)) continue;
      const days = this.#daysOf(details.item, details.startDate, details.endDate, zone);
      if (this.#touches(days)) this.#add(details.item, days, day);
    }
    // An occurrence due after the window may have been moved into it.
    if (stoppedAt === undefined) return;
    for (const exception of exceptions) {
      if (exception.recurrenceId.compare(stoppedAt) < 0 || isCancelled(exception)) continue;
      const days = this.#daysOf(exception, exception.startDate, exception.endDate, zone);
      if (this.#touches(days)) this.#add(exception, days, this.#dayOf(exception.recurrenceId, zone));
    }
  }

  /** The first and last day an occurrence covers in the window's zone. */
  #daysOf(event: Event, start: Time, end: Time, zone: string): { startsOn: string; endsOn: string } {
    if (start.isDate) {
      // All day: DTEND is the day after the last (RFC 5545); one equal to DTSTART is read as one day.
      const startsOn = ymdOf(start);
      const endDay = ymdOf(end);
      if (endDay < startsOn) throw endsBeforeStart(event);
      return { startsOn, endsOn: endDay > startsOn ? addDays(endDay, -1) : startsOn };
    }
    // Compared as ical.js does (floating times by their clock), so that a floating start in a DST gap
    // (01:30 on the day clocks go forward, read as the hour after) is not taken for an end before it.
    if (end.compare(start) < 0) throw endsBeforeStart(event);
    const startsAt = this.#instantOf(start, zone);
    // An end at midnight is the end of the day before: the event does not touch the next day.
    const lastAt = Math.max(startsAt, this.#instantOf(end, zone) - 1);
    return {
      startsOn: this.#dateIn(startsAt, this.#window.timeZone),
      endsOn: this.#dateIn(lastAt, this.#window.timeZone),
    };
  }

  /** The day of a point in time, in the window's zone (a date is its own day). */
  #dayOf(time: Time, zone: string): string {
    return time.isDate ? ymdOf(time) : this.#dateIn(this.#instantOf(time, zone), this.#window.timeZone);
  }

  #touches({ startsOn, endsOn }: { startsOn: string; endsOn: string }): boolean {
    return startsOn <= this.#window.until && endsOn >= this.#window.from;
  }

  /** Adds an occurrence's span; `occurrence` is the day it was due, for an event that repeats. */
  #add(event: Event, days: { startsOn: string; endsOn: string }, occurrence: string | undefined): void {
    const name = nameOf(event);
    const id = uidOf(event.component);
    // The day it was due, not the day it was moved to, so that moving it keeps its uid.
    const uid = id === undefined ? `${days.startsOn}/${days.endsOn}/${name}` : occurrence ? `${id}/${occurrence}` : id;
    const span: CalendarSpan = { uid, name, ...days };
    const known = this.#spans.get(uid);
    if (known) {
      // Two spans one uid: occurrences of one series due the same day (a rule repeating within a day) or
      // events copied twice into the file. Their days are joined so the uid still names one span.
      const startsOn = known.startsOn < span.startsOn ? known.startsOn : span.startsOn;
      const endsOn = known.endsOn > span.endsOn ? known.endsOn : span.endsOn;
      this.#spans.set(uid, { ...known, startsOn, endsOn });
      return;
    }
    if (this.#spans.size === MAX_CALENDAR_SPANS) {
      throw new MalformedCalendar(
        `the file holds more than ${MAX_CALENDAR_SPANS} closure spans between ${this.#window.from} and ` +
          `${this.#window.until} (the last read: ${describe(event.component)}); check repeating events for a ` +
          'missing end, or import a shorter period',
      );
    }
    this.#spans.set(uid, span);
  }

  /**
   * The zone a time without its own zone is read in. Floating times (no TZID, no Z) are the school's, so
   * the window's zone; so is a TZID the file does not define, unless it is an IANA name (files from some
   * tools name the zone without the VTIMEZONE that RFC 5545 requires), which ical.js reads as floating.
   */
  #wallZone(event: Event): string {
    const tzid = event.component.getFirstProperty('dtstart')?.getParameter('tzid');
    const defined = typeof tzid === 'string' && event.component.parent?.getTimeZoneByID(tzid);
    return typeof tzid === 'string' && !defined && isTimeZone(tzid) ? tzid : this.#window.timeZone;
  }

  /** The instant of a time: UTC and TZID times carry their zone (VTIMEZONE), floating ones are in `zone`. */
  #instantOf(time: Time, zone: string): number {
    if (time.zone.tzid !== 'floating') return time.toUnixTime() * 1000;
    // ical.js counts a floating time as if it were UTC, which gives its wall-clock reading.
    const wall = time.toUnixTime() * 1000;
    return instantOfWallTime(wall, zone);
  }

  /** The date, `YYYY-MM-DD`, of an instant in `zone`. */
  #dateIn(instant: number, zone: string): string {
    return dateInZone(new Date(instant), zone);
  }
}

/** What ical.js would otherwise throw a TypeError for, or read wrongly, said as the file's problem. */
function checkEvent(event: Component): void {
  if (!event.hasProperty('dtstart')) throw new MalformedCalendar(`${describe(event)} has no start (DTSTART)`);
  for (const name of DATE_PROPERTIES) {
    for (const property of event.getAllProperties(name)) {
      const type = property.type;
      if (type !== 'date' && type !== 'date-time') continue;
      // jCal holds a value as ical.js understood it (20250103 as date-time is "2025-01-03T::"): checked as text.
      for (const value of property.toJSON().slice(3)) {
        if (typeof value === 'string' && isValidDate(value, type)) continue;
        const written = String(value).replace(/[-:]/g, '').replace(/T$/, '');
        const hint =
          type === 'date-time' && /^\d{8}$/.test(written)
            ? ` (an all-day date is written ${name.toUpperCase()};VALUE=DATE:${written})`
            : '';
        throw new MalformedCalendar(
          `${describe(event)} has a ${name.toUpperCase()} that is not a valid date: "${written}"${hint}`,
        );
      }
    }
  }
}

function isValidDate(value: string, type: 'date' | 'date-time'): boolean {
  const match =
    type === 'date'
      ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
      : /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z?$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number) as number[];
  if (year === undefined || month === undefined || day === undefined) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 60;
}

function endsBeforeStart(event: Event): MalformedCalendar {
  return new MalformedCalendar(`${describe(event.component)} ends (DTEND or DURATION) before it starts (DTSTART)`);
}

/** How an event is named in a reason: by its SUMMARY, else its UID. */
function describe(event: Component): string {
  const summary = textOf(event, 'summary');
  if (summary) return `event "${cut(summary, 60)}"`;
  const uid = uidOf(event);
  return uid === undefined ? 'an event with no SUMMARY or UID' : `the event with UID "${cut(uid, 60)}"`;
}

function nameOf(event: Event): string {
  return cut(textOf(event.component, 'summary'), MAX_NAME_CHARS).trimEnd() || 'Closed';
}

function uidOf(event: Component): string | undefined {
  return textOf(event, 'uid') || undefined;
}

function isCancelled(event: Event): boolean {
  return textOf(event.component, 'status').toUpperCase() === 'CANCELLED';
}

function textOf(component: Component, name: string): string {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** The first `max` characters (code points, so that an emoji is not split in two). */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') : text;
}

function ymdOf(time: Time): string {
  return `${pad(time.year, 4)}-${pad(time.month, 2)}-${pad(time.day, 2)}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
