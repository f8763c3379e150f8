/**
 * Service targets on the school's calendar: the help desk's hours and its targets per priority (two
 * school settings, each set whole by a `PUT`), and the closure days the targets do not count, added
 * by hand or imported from the school's calendar file. Types from the console API's declarations
 * (console-api.gen.ts).
 */
import { api, call, type Answer, type RequestBody } from './client.js';
import type { BusinessHoursSettings, ClosureDay, ServiceTargetsSettings } from './console-api.gen.js';

export type { BusinessHoursSettings, ClosureDay, ServiceTargetsSettings };
export type NewClosureDay = RequestBody<'post', '/api/closure-days'>;
/** What an import of a calendar file did: spans read, the dates it looked at, tickets moved. */
export type ClosureImport = Answer<'post', '/api/closure-days/import'>;

export const businessHours = () => call('get', '/api/settings/business-hours');
export const saveBusinessHours = (body: BusinessHoursSettings) => call('put', '/api/settings/business-hours', { body });

export const serviceTargets = () => call('get', '/api/settings/service-targets');
export const saveServiceTargets = (body: ServiceTargetsSettings) =>
  call('put', '/api/settings/service-targets', { body });

export const listClosureDays = () => call('get', '/api/closure-days');
export const addClosureDay = (day: NewClosureDay) => call('post', '/api/closure-days', { body: day });
export const removeClosureDay = (id: string) => call('delete', '/api/closure-days/{id}', { path: { id } });

/** Sends the school's calendar file (iCalendar) as it is: the body is the file, not JSON. */
export const importClosureDays = (calendar: Blob | string) =>
  api.post<ClosureImport>('/api/closure-days/import', calendar, { contentType: 'text/calendar' });
