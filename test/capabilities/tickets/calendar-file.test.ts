/**
 * The iCalendar adapter against the CalendarFile contract (ports/calendar-file.ts): all-day events with
 * DTEND exclusive, timed events on the dates they touch in the school's zone, TZID and VTIMEZONE,
 * repeating events expanded inside the window only (EXDATE, RDATE, a moved occurrence), cancelled events
 * left out, uids and names made when missing, and malformed files refused with a reason.
 */
import { describe, expect, it } from 'vitest';
import { ICalendarFile } from '../../../src/adapters/ical/index.js';
import { MAX_CALENDAR_SPANS, MalformedCalendar } from '../../../src/ports/calendar-file.js';

const file = new ICalendarFile();
const SCHOOL_YEAR = { from: '2024-09-01', until: '2025-08-31', timeZone: 'Europe/London' };

/** A calendar file from its lines, CRLF-ended as RFC 5545 says (LF-only when asked, as some exports are). */
function ics(lines: string[], eol = '\r\n'): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Example MIS//Term Dates//EN',
    'CALSCALE:GREGORIAN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join(eol);
}

function event(...props: string[]): string[] {
  return ['BEGIN:VEVENT', 'DTSTAMP:20240701T090000Z', ...props, 'END:VEVENT'];
}

function failure(text: string, window = SCHOOL_YEAR): MalformedCalendar {
  let error: unknown;
  try {
    file.spans(text, window);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(MalformedCalendar);
  return error as MalformedCalendar;
}

describe('ICalendarFile: all-day events', () => {
  it("reads a UK school's term dates export: DTEND exclusive, no DTEND one day, DURATION, window, cancelled", () => {
    const text = ics([
      ...event(
        'UID:inset-2024-09-02@oakfield.sch.uk',
        'DTSTART;VALUE=DATE:20240902',
        'DTEND;VALUE=DATE:20240903',
        'SUMMARY:INSET day',
      ),
      ...event(
        'UID:half-term-autumn@oakfield.sch.uk',
        'DTSTART;VALUE=DATE:20241028',
        'DTEND;VALUE=DATE:20241102',
        'SUMMARY:Autumn half term',
      ),
      ...event(
        'UID:christmas@oakfield.sch.uk',
        'DTSTART;VALUE=DATE:20241223',
        'DURATION:P2W',
        'SUMMARY:Christmas holiday',
      ),
      ...event(
        'UID:may-bank-holiday@oakfield.sch.uk',
        'DTSTART;VALUE=DATE:20250505',
        'SUMMARY:  Early May bank holiday  ',
      ),
      // Last school year's: outside the window.
      ...event('UID:inset-2023-09-04@oakfield.sch.uk', 'DTSTART;VALUE=DATE:20230904', 'SUMMARY:INSET day'),
      ...event(
        'UID:snow-day@oakfield.sch.uk',
        'DTSTART;VALUE=DATE:20250110',
        'DTEND;VALUE=DATE:20250111',
        'STATUS:CANCELLED',
        'SUMMARY:Snow closure',
      ),
      // Ends the day the window starts: it touches it.
      ...event(
        'UID:summer-2024@oakfield.sch.uk',
        'DTSTART;VALUE=DATE:20240722',
        'DTEND;VALUE=DATE:20240902',
        'SUMMARY:Summer holiday',
      ),
    ]);
    expect(file.spans(text, SCHOOL_YEAR)).toEqual([
      { uid: 'summer-2024@oakfield.sch.uk', name: 'Summer holiday', startsOn: '2024-07-22', endsOn: '2024-09-01' },
      { uid: 'inset-2024-09-02@oakfield.sch.uk', name: 'INSET day', startsOn: '2024-09-02', endsOn: '2024-09-02' },
      {
        uid: 'half-term-autumn@oakfield.sch.uk',
        name: 'Autumn half term',
        startsOn: '2024-10-28',
        endsOn: '2024-11-01',
      },
      { uid: 'christmas@oakfield.sch.uk', name: 'Christmas holiday', startsOn: '2024-12-23', endsOn: '2025-01-05' },
      {
        uid: 'may-bank-holiday@oakfield.sch.uk',
        name: 'Early May bank holiday',
        startsOn: '2025-05-05',
        endsOn: '2025-05-05',
      },
    ]);
  });

  it('reads an export with LF line endings and a byte-order mark, and orders spans by start then uid', () => {
    const text =
      '\uFEFF' +
      ics(
        [
          ...event(
            'UID:b@school',
            'DTSTART;VALUE=DATE:20250217',
            'DTEND;VALUE=DATE:20250222',
            'SUMMARY:February half term',
          ),
          ...event('UID:a@school', 'DTSTART;VALUE=DATE:20250217', 'SUMMARY:INSET day'),
          ...event('UID:c@school', 'DTSTART;VALUE=DATE:20250103', 'SUMMARY:INSET day'),
        ],
        '\n',
      );
    expect(file.spans(text, SCHOOL_YEAR)).toEqual([
      { uid: 'c@school', name: 'INSET day', startsOn: '2025-01-03', endsOn: '2025-01-03' },
      { uid: 'a@school', name: 'INSET day', startsOn: '2025-02-17', endsOn: '2025-02-17' },
      { uid: 'b@school', name: 'February half term', startsOn: '2025-02-17', endsOn: '2025-02-21' },
    ]);
  });

  it('makes a uid of dates and name when UID is missing, names a span with no SUMMARY "Closed", cuts 200', () => {
    const long = 'Closure for building works '.repeat(10);
    // Folded over lines as RFC 5545 asks of lines longer than 75 octets.
    const folded = ('SUMMARY:' + long).match(/.{1,70}/g)!.join('\r\n ');
    const text = ics([
      ...event('DTSTART;VALUE=DATE:20250217', 'DTEND;VALUE=DATE:20250222', 'SUMMARY:February half term'),
      ...event('UID:no-summary@school', 'DTSTART;VALUE=DATE:20250303'),
      ...event('UID:blank-summary@school', 'DTSTART;VALUE=DATE:20250304', 'SUMMARY:   '),
      ...event('UID:works@school', 'DTSTART;VALUE=DATE:20250407', 'DTEND;VALUE=DATE:20250412', folded),
    ]);
    expect(long.slice(0, 200)).toHaveLength(200);
    expect(file.spans(text, SCHOOL_YEAR)).toEqual([
      {
        uid: '2025-02-17/2025-02-21/February half term',
        name: 'February half term',
        startsOn: '2025-02-17',
        endsOn: '2025-02-21',
      },
      { uid: 'no-summary@school', name: 'Closed', startsOn: '2025-03-03', endsOn: '2025-03-03' },
      { uid: 'blank-summary@school', name: 'Closed', startsOn: '2025-03-04', endsOn: '2025-03-04' },
      { uid: 'works@school', name: long.slice(0, 200), startsOn: '2025-04-07', endsOn: '2025-04-11' },
    ]);
  });
});

describe('ICalendarFile: timed events', () => {
  it('covers the dates an event touches in the school zone; an end at local midnight stays on its day', () => {
    const text = ics([
      // 13:00 to 16:00 UTC is 13:00 to 16:00 GMT in November.
      ...event(
        'UID:parents-evening@school',
        'DTSTART:20241120T130000Z',
        'DTEND:20241120T160000Z',
        'SUMMARY:Early close',
      ),
      // Floating (no Z, no TZID): the school's own clock; it ends at midnight, not on the next day.
      ...event('UID:open-evening@school', 'DTSTART:20241121T180000', 'DTEND:20241122T000000', 'SUMMARY:Open evening'),
      // 23:30 BST on 30 June is 22:30 UTC: still 30 June in London.
      ...event('UID:overnight@school', 'DTSTART:20250630T223000Z', 'DTEND:20250701T013000Z', 'SUMMARY:Server move'),
      // No DTEND: it ends as it starts.
      ...event('UID:fire-drill@school', 'DTSTART:20250115T100000Z', 'SUMMARY:Fire drill'),
    ]);
    expect(file.spans(text, SCHOOL_YEAR)).toEqual([
      { uid: 'parents-evening@school', name: 'Early close', startsOn: '2024-11-20', endsOn: '2024-11-20' },
      { uid: 'open-evening@school', name: 'Open evening', startsOn: '2024-11-21', endsOn: '2024-11-21' },
      { uid: 'fire-drill@school', name: 'Fire drill', startsOn: '2025-01-15', endsOn: '2025-01-15' },
      { uid: 'overnight@school', name: 'Server move', startsOn: '2025-06-30', endsOn: '2025-07-01' },
    ]);
  });

  it('puts a late-evening UTC event on the next day in Pacific/Auckland', () => {
    const text = ics([
      ...event('UID:upgrade@school', 'DTSTART:20250310T200000Z', 'DTEND:20250310T210000Z', 'SUMMARY:Upgrade'),
    ]);
    const span = { uid: 'upgrade@school', name: 'Upgrade' };
    expect(file.spans(text, { ...SCHOOL_YEAR, timeZone: 'Pacific/Auckland' })).toEqual([
      { ...span, startsOn: '2025-03-11', endsOn: '2025-03-11' },
    ]);
    expect(file.spans(text, SCHOOL_YEAR)).toEqual([{ ...span, startsOn: '2025-03-10', endsOn: '2025-03-10' }]);
  });

  it("reads TZID times in the file's VTIMEZONE, and an IANA TZID the file does not define", () => {
    const text = ics([
      // What Outlook writes: a Windows zone name, defined in the file.
      'BEGIN:VTIMEZONE',
      'TZID:GMT Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16011028T020000',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0000',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010325T010000',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'TZOFFSETFROM:+0000',
      'TZOFFSETTO:+0100',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      // 23:30 to 00:30 BST is 22:30 to 23:30 UTC on 30 June: 1 July in Auckland (+12).
      ...event(
        'UID:outlook@school',
        'DTSTART;TZID=GMT Standard Time:20250630T233000',
        'DTEND;TZID=GMT Standard Time:20250701T003000',
        'SUMMARY:Power cut',
      ),
      // 20:00 in New York on 10 January is 01:00 UTC on 11 January.
      ...event('UID:new-york@school', 'DTSTART;TZID=America/New_York:20250110T200000', 'SUMMARY:Webinar'),
    ]);
    expect(file.spans(text, SCHOOL_YEAR)).toEqual([
      { uid: 'new-york@school', name: 'Webinar', startsOn: '2025-01-11', endsOn: '2025-01-11' },
      { uid: 'outlook@school', name: 'Power cut', startsOn: '2025-06-30', endsOn: '2025-07-01' },
    ]);
    expect(file.spans(text, { ...SCHOOL_YEAR, timeZone: 'Pacific/Auckland' })).toEqual([
      { uid: 'new-york@school', name: 'Webinar', startsOn: '2025-01-11', endsOn: '2025-01-11' },
      { uid: 'outlook@school', name: 'Power cut', startsOn: '2025-07-01', endsOn: '2025-07-01' },
    ]);
  });
});

describe('ICalendarFile: repeating events', () => {
  it('expands a weekly rule inside the window only, with EXDATE and RDATE, each occurrence its own uid', () => {
    const text = ics([
      ...event(
        'UID:staff-training@school',
        'DTSTART;VALUE=DATE:20250101',
        'RRULE:FREQ=WEEKLY;BYDAY=WE;UNTIL=20250305',
        'EXDATE;VALUE=DATE:20250122',
        'RDATE;VALUE=DATE:20250124',
        'SUMMARY:Staff training (pupils off)',
      ),
    ]);
    const name = 'Staff training (pupils off)';
    expect(file.spans(text, { from: '2025-01-08', until: '2025-02-05', timeZone: 'Europe/London' })).toEqual([
      { uid: 'staff-training@school/2025-01-08', name, startsOn: '2025-01-08', endsOn: '2025-01-08' },
      { uid: 'staff-training@school/2025-01-15', name, startsOn: '2025-01-15', endsOn: '2025-01-15' },
      { uid: 'staff-training@school/2025-01-24', name, startsOn: '2025-01-24', endsOn: '2025-01-24' },
      { uid: 'staff-training@school/2025-01-29', name, startsOn: '2025-01-29', endsOn: '2025-01-29' },
      { uid: 'staff-training@school/2025-02-05', name, startsOn: '2025-02-05', endsOn: '2025-02-05' },
    ]);
  });

  it('reads a moved or cancelled occurrence (RECURRENCE-ID) in place of the one it replaces', () => {
    const text = ics([
      ...event(
        'UID:early-close@school',
        'DTSTART:20250106T120000Z',
        'DTEND:20250106T130000Z',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'SUMMARY:Early close',
      ),
      ...event(
        'UID:early-close@school',
        'RECURRENCE-ID:20250113T120000Z',
        'DTSTART:20250114T120000Z',
        'DTEND:20250114T130000Z',
        'SUMMARY:Early close (moved)',
      ),
      ...event(
        'UID:early-close@school',
        'RECURRENCE-ID:20250120T120000Z',
        'DTSTART:20250120T120000Z',
        'STATUS:CANCELLED',
        'SUMMARY:Early close',
      ),
      // Brought forward from after the second window below into it.
      ...event(
        'UID:early-close@school',
        'RECURRENCE-ID:20250127T120000Z',
        'DTSTART:20250110T120000Z',
        'DTEND:20250110T130000Z',
        'SUMMARY:Early close (brought forward)',
      ),
    ]);
    const first = {
      uid: 'early-close@school/2025-01-06',
      name: 'Early close',
      startsOn: '2025-01-06',
      endsOn: '2025-01-06',
    };
    const forward = {
      uid: 'early-close@school/2025-01-27',
      name: 'Early close (brought forward)',
      startsOn: '2025-01-10',
      endsOn: '2025-01-10',
    };
    expect(file.spans(text, SCHOOL_YEAR)).toEqual([
      first,
      forward,
      // Named by the day it was due, so moving it again keeps its uid.
      {
        uid: 'early-close@school/2025-01-13',
        name: 'Early close (moved)',
        startsOn: '2025-01-14',
        endsOn: '2025-01-14',
      },
    ]);
    expect(file.spans(text, { from: '2025-01-01', until: '2025-01-12', timeZone: 'Europe/London' })).toEqual([
      first,
      forward,
    ]);
  });

  it('finds the occurrences in the window of a rule that began long before it', () => {
    const text = ics([
      ...event(
        'UID:fridays@school',
        'DTSTART;VALUE=DATE:20000107',
        'RRULE:FREQ=WEEKLY;BYDAY=FR',
        'SUMMARY:Early finish',
      ),
      ...event('UID:founders@school', 'DTSTART;VALUE=DATE:19500314', 'RRULE:FREQ=YEARLY', 'SUMMARY:Founders day'),
    ]);
    const name = 'Early finish';
    expect(file.spans(text, { from: '2025-03-01', until: '2025-03-21', timeZone: 'Europe/London' })).toEqual([
      { uid: 'fridays@school/2025-03-07', name, startsOn: '2025-03-07', endsOn: '2025-03-07' },
      { uid: 'founders@school/2025-03-14', name: 'Founders day', startsOn: '2025-03-14', endsOn: '2025-03-14' },
      { uid: 'fridays@school/2025-03-14', name, startsOn: '2025-03-14', endsOn: '2025-03-14' },
      { uid: 'fridays@school/2025-03-21', name, startsOn: '2025-03-21', endsOn: '2025-03-21' },
    ]);
  });

  it('joins spans that would share a uid: a rule repeating within a day, an event copied twice', () => {
    const text = ics([
      // 09:00 to 04:00 the next day, hourly: one span for each day it is due on.
      ...event('UID:hourly@school', 'DTSTART:20250103T090000Z', 'RRULE:FREQ=HOURLY;COUNT=20', 'SUMMARY:Works'),
      ...event('DTSTART;VALUE=DATE:20250210', 'SUMMARY:Boiler repair'),
      ...event('DTSTART;VALUE=DATE:20250210', 'SUMMARY:Boiler repair'),
    ]);
    expect(file.spans(text, SCHOOL_YEAR)).toEqual([
      { uid: 'hourly@school/2025-01-03', name: 'Works', startsOn: '2025-01-03', endsOn: '2025-01-03' },
      { uid: 'hourly@school/2025-01-04', name: 'Works', startsOn: '2025-01-04', endsOn: '2025-01-04' },
      {
        uid: '2025-02-10/2025-02-10/Boiler repair',
        name: 'Boiler repair',
        startsOn: '2025-02-10',
        endsOn: '2025-02-10',
      },
    ]);
  });

  it(`refuses a rule without an end that makes more than ${MAX_CALENDAR_SPANS} spans in the window`, () => {
    const text = ics([
      ...event('UID:lunch@school', 'DTSTART;VALUE=DATE:20240902', 'RRULE:FREQ=DAILY', 'SUMMARY:Lunch'),
    ]);
    const error = failure(text, { from: '2024-09-01', until: '2029-08-31', timeZone: 'Europe/London' });
    expect(error.message).toMatch(
      new RegExp(`^the file holds more than ${MAX_CALENDAR_SPANS} closure spans between 2024-09-01 and 2029-08-31`),
    );
    // The same rule over one school year is 364 spans (from 2 September): fine.
    expect(file.spans(text, SCHOOL_YEAR)).toHaveLength(364);
    // Walked from 1980 to reach the window: more steps than one event is allowed.
    const old = ics(event('UID:old@school', 'DTSTART;VALUE=DATE:19800101', 'RRULE:FREQ=DAILY', 'SUMMARY:Assembly'));
    expect(failure(old).message).toBe(
      'event "Assembly" repeats more than 10000 times up to 2025-08-31: give its repeat rule (RRULE) an end (UNTIL or COUNT) or a later start',
    );
  });
});

describe('ICalendarFile: malformed files', () => {
  it('refuses what is not iCalendar', () => {
    for (const text of ['hello world', 'Date,Event\r\n2025-01-03,INSET day\r\n', '<!DOCTYPE html><html></html>']) {
      expect(failure(text).message).toBe('not an iCalendar file: it must start with BEGIN:VCALENDAR');
    }
    expect(failure('').message).toBe('the file is empty');
    expect(failure('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\n').message).toMatch(/^the file is not valid iCalendar/);
    const badRule = ics(event('UID:a@school', 'DTSTART;VALUE=DATE:20250103', 'RRULE:FREQ=WEEKLY;BYDAY=XX'));
    expect(failure(badRule).message).toBe('the file is not valid iCalendar: invalid BYDAY value "XX"');
    expect(failure('BEGIN:VCALENDAR\r\nthis is not a line\r\nEND:VCALENDAR\r\n').message).toMatch(
      /^the file is not valid iCalendar: .*this is not a line/,
    );
  });

  it('refuses an event with no start, naming it', () => {
    const text = ics([
      ...event('UID:inset@school', 'DTSTART;VALUE=DATE:20250103', 'SUMMARY:INSET day'),
      ...event('UID:half-term@school', 'DTEND;VALUE=DATE:20250222', 'SUMMARY:Half term'),
    ]);
    expect(failure(text).message).toBe('event "Half term" has no start (DTSTART)');
    expect(failure(ics(event('UID:x@school', 'DTEND;VALUE=DATE:20250222'))).message).toBe(
      'the event with UID "x@school" has no start (DTSTART)',
    );
  });

  it('refuses an event that ends before it starts, and dates that do not exist', () => {
    const backwards = ics(
      event('UID:a@school', 'DTSTART;VALUE=DATE:20250110', 'DTEND;VALUE=DATE:20250108', 'SUMMARY:Backwards'),
    );
    expect(failure(backwards).message).toBe('event "Backwards" ends (DTEND or DURATION) before it starts (DTSTART)');
    const month13 = ics(event('UID:a@school', 'DTSTART;VALUE=DATE:20251345', 'SUMMARY:Typo'));
    expect(failure(month13).message).toBe('event "Typo" has a DTSTART that is not a valid date: "20251345"');
    const day32 = ics(event('UID:a@school', 'DTSTART:20250132T090000Z', 'SUMMARY:Typo'));
    expect(failure(day32).message).toBe('event "Typo" has a DTSTART that is not a valid date: "20250132T090000Z"');
    const noValueDate = ics(event('UID:a@school', 'DTSTART:20250103', 'SUMMARY:INSET day'));
    expect(failure(noValueDate).message).toBe(
      'event "INSET day" has a DTSTART that is not a valid date: "20250103" (an all-day date is written DTSTART;VALUE=DATE:20250103)',
    );
  });

  it('refuses a repeat rule that cannot be expanded, never with the parser library’s own error', () => {
    // Hourly from a date (no time of day) is a rule ical.js gives up on.
    const text = ics(event('UID:a@school', 'DTSTART;VALUE=DATE:20250103', 'RRULE:FREQ=HOURLY', 'SUMMARY:Hourly'));
    expect(failure(text).message).toBe(
      'event "Hourly" cannot be read: check its dates and repeat rule (DTSTART, DTEND, RRULE, RDATE, EXDATE)',
    );
  });
});
