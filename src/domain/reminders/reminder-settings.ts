import { z } from 'zod';
import { isEmail } from '../identity/user.js';
import { defineSchoolSetting } from '../settings/school-setting.js';
import { text } from '../shared/validation.js';

const days = (min: number, max: number, fallback: number, what: string) =>
  z.number().int().min(min).max(max).default(fallback).describe(what);

/**
 * Reminders of overdue loans (issue 23, section 3): off until the school turns them on. The ranges
 * are what a school could mean: a first reminder up to a term after the due date, then every 1 to
 * 90 days, at most 20 (0: only the day-before and "remind now" ones).
 */
export const remindersSetting = defineSchoolSetting({
  name: 'reminders',
  title: 'E-mail reminders of overdue loans',
  required: ['module.loans', 'user.manage'],
  schema: z
    .object({
      enabled: z.boolean().default(false).describe('Send the daily reminders'),
      firstAfterDays: days(0, 90, 1, 'Days after the due date the first reminder goes (0: on the due date)'),
      everyDays: days(1, 90, 7, 'Days between reminders of one loan'),
      maxReminders: days(0, 20, 3, 'Overdue reminders per loan at most'),
      // Lower-cased in place (not a transform), so the stored value and the answer are still a string.
      copyTo: text(3, 320)
        .toLowerCase()
        .refine(isEmail, { message: 'must be an e-mail address' })
        .nullable()
        .default(null)
        .describe('An address that gets a blind copy of every reminder'),
      text: text(1, 1000)
        .nullable()
        .default(null)
        .describe('Added to every reminder: where and when to bring the device back'),
      dueSoon: z.boolean().default(false).describe('Also send one reminder the day before the due date'),
    })
    .strict(),
});

export type ReminderSettings = z.output<typeof remindersSetting.schema>;
