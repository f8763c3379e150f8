/**
 * A school's settings declared in the domain (domain/settings/): each one's `GET` and `PUT
 * /api/settings/<name>`, typed from the declarations. A `PUT` sets the whole setting.
 */
import { call } from './client.js';
import type { CheckoutSettings, SchoolYearSettings } from './console-api.gen.js';

export type { CheckoutSettings, SchoolYearSettings };

export const schoolYearStart = () => call('get', '/api/settings/school-year');
export const saveSchoolYearStart = (body: SchoolYearSettings) => call('put', '/api/settings/school-year', { body });

export const checkoutRules = () => call('get', '/api/settings/checkout');
export const saveCheckoutRules = (body: CheckoutSettings) => call('put', '/api/settings/checkout', { body });
