/** iCalendar (RFC 5545), the format of calendar files, through Mozilla's ical.js: the public face of this adapter. */
export { ICalendarFile } from './ical-calendar-file.js';
