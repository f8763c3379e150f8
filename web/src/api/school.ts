/**
 * The school itself (GET|PATCH /api/school, school administrators): its name, time zone, currency
 * and host names, as `desk tenant update` changes them.
 */
import { call } from './client.js';
import type { School } from './console-api.gen.js';

export type { School };
export type SchoolChange = Partial<Pick<School['school'], 'name' | 'timeZone' | 'currency' | 'hosts'>>;

export const getSchool = () => call('get', '/api/school');
export const updateSchool = (change: SchoolChange) => call('patch', '/api/school', { body: change });
