import { z } from 'zod';
import { calendarDate, isoInstant, nullableText } from '../../shared/validation.js';

/**
 * A span of whole days the school is closed (issue 30, point 5): a bank holiday, a training day, a
 * half term, a snow day; service targets do not count them. `uid` names the calendar event it was
 * imported from (an import again updates it), null for one made by hand.
 */
export const closureDaySchema = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: calendarDate().describe('The first day closed, YYYY-MM-DD'),
  endsOn: calendarDate().describe('The last day closed (inclusive), YYYY-MM-DD'),
  uid: nullableText().describe('The iCalendar event it was imported from (UID), or null'),
  createdAt: isoInstant(),
});
export type ClosureDay = z.output<typeof closureDaySchema>;
