import { insuranceSetting } from '../accounts/insurance.js';
import { checkoutSetting } from '../loans/checkout-checks.js';
import type { SchoolSetting } from './school-setting.js';
import { remindersSetting } from '../reminders/reminder-settings.js';
import { schoolYearSetting } from './school-year.js';
import { businessHoursSetting, serviceTargetsSetting } from '../tickets/service-targets/service-terms.js';
import { ticketMailSetting } from '../tickets/mail/ticket-mail-setting.js';
import { portalSetting } from '../portal/portal-setting.js';

/**
 * Every school setting, in the order the console API lists them. Each is declared beside its
 * capability (defineSchoolSetting); adding one is that declaration and a line here.
 */
export const SCHOOL_SETTINGS: readonly SchoolSetting[] = [
  schoolYearSetting,
  remindersSetting,
  checkoutSetting,
  insuranceSetting,
  businessHoursSetting,
  serviceTargetsSetting,
  ticketMailSetting,
  portalSetting,
];
