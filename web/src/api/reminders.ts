/**
 * The school's reminder e-mails setting (GET|PUT /api/settings/reminders, user.manage): whether
 * overdue loans are reminded, when, how often, to whom besides the family, and with what words.
 */
import { call } from './client.js';
import type { RemindersSettings } from './console-api.gen.js';

export type { RemindersSettings };

export const reminderSettings = () => call('get', '/api/settings/reminders');
export const saveReminderSettings = (value: RemindersSettings) =>
  call('put', '/api/settings/reminders', { body: value });

export const REMINDER_KIND_LABELS: Readonly<Record<string, string>> = {
  overdue: 'Overdue',
  due_soon: 'Due tomorrow',
  manual: 'Remind now',
};
export const REMINDER_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Waiting to send',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Not sent',
};
