/**
 * A school's calendar file (iCalendar, RFC 5545): what the closure-day import reads. The domain sees
 * spans of whole days in the school's own calendar, never the format.
 *
 * Contract, pinned by test/capabilities/tickets/calendar-file.test.ts for the iCalendar adapter:
 * - Every VEVENT becomes one span per occurrence that touches the window: an all-day event
 *   (`DTSTART;VALUE=DATE`) covers its dates, DTEND being exclusive as RFC 5545 says (no DTEND: one
 *   day); a timed event covers the dates it touches in `timeZone`. A recurring event (RRULE, RDATE,
 *   EXDATE) is expanded inside the window only, at most MAX_CALENDAR_SPANS spans in all.
 * - `uid` is the event's UID, with the occurrence's start date after a `/` when it recurs, so a file
 *   imported again names the same spans; an event without a UID gets one made of its dates and name.
 * - `name` is the SUMMARY, trimmed, cut to 200 characters ("Closed" when it has none).
 * - Cancelled events (`STATUS:CANCELLED`) are left out.
 * - A file that is not iCalendar, or whose events cannot be read, throws MalformedCalendar with a
 *   reason a person can act on; nothing is returned in part.
 */
export interface CalendarSpan {
  readonly uid: string;
  readonly name: string;
  /** The first day, `YYYY-MM-DD`. */
  readonly startsOn: string;
  /** The last day, inclusive, `YYYY-MM-DD` (equal to startsOn for one day). */
  readonly endsOn: string;
}

/** How many spans one import may hold: a school's closure days for a few years, with room to spare. */
export const MAX_CALENDAR_SPANS = 1000;

export abstract class CalendarFile {
  /**
   * The spans of `text` (the whole file) that touch the dates from `from` to `until` (inclusive,
   * `YYYY-MM-DD`), ordered by start date then uid.
   */
  abstract spans(text: string, window: { from: string; until: string; timeZone: string }): CalendarSpan[];
}

/** The file cannot be read as a calendar: the import answers this reason as the file's problem. */
export class MalformedCalendar extends Error {
  override readonly name = 'MalformedCalendar';
}
