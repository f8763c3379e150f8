import type { Guardian } from '../people/guardian.js';
import type { Person } from '../people/person.js';
import type { Loan } from '../loans/loan.js';
import { addDays } from '../shared/dates.js';
import type { Reminder, ReminderKind } from './reminder.js';
import type { ReminderSettings } from './reminder-settings.js';

/** Days from `from` to `to` (both `YYYY-MM-DD`). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The reminder the daily job owes one issued loan on `today` (the school's date), given the
 * reminders already planned for this issue, or null. Overdue: the first once the loan is
 * `firstAfterDays` late, then one every `everyDays` counted from the previous one (so a run missed
 * during an outage sends one reminder when it comes back, not a burst), at most `maxReminders`.
 * With `dueSoon`, one on the day before the due date.
 */
export function owedReminder(
  loan: Pick<Loan, 'dueDate'>,
  planned: readonly Pick<Reminder, 'kind' | 'sequence' | 'runDate'>[],
  settings: ReminderSettings,
  today: string,
): { kind: ReminderKind; sequence: number } | null {
  if (!loan.dueDate) return null;
  if (settings.dueSoon && today === addDays(loan.dueDate, -1)) {
    return planned.some((r) => r.kind === 'due_soon') ? null : { kind: 'due_soon', sequence: 1 };
  }
  if (daysBetween(loan.dueDate, today) < settings.firstAfterDays) return null;
  const overdue = planned.filter((r) => r.kind === 'overdue');
  if (overdue.length >= settings.maxReminders) return null;
  const last = overdue.reduce<string | null>((a, r) => (a === null || r.runDate > a ? r.runDate : a), null);
  if (last !== null && daysBetween(last, today) < settings.everyDays) return null;
  return { kind: 'overdue', sequence: overdue.length + 1 };
}

/**
 * Who a reminder goes to, and only they: the holder's address, and for a pupil each guardian's
 * that has one (lower case, each once). The school's copy address is added by the caller. Empty when
 * nobody can be written to.
 */
export function reminderAddresses(
  holder: Pick<Person, 'email' | 'kind'> | null,
  guardians: readonly Guardian[],
): {
  holder: string | null;
  guardians: string[];
} {
  const own = holder?.email?.trim().toLowerCase() || null;
  const family =
    holder?.kind === 'PUPIL'
      ? guardians.map((g) => g.email?.trim().toLowerCase() ?? '').filter((e) => e !== '' && e !== own)
      : [];
  return { holder: own, guardians: [...new Set(family)] };
}
