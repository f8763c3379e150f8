import type { Reminder, ReminderChange, ReminderStatus } from '../../domain/reminders/reminder.js';

/**
 * Reminder e-mails of loans (issue 23). One row per (tenant, loan, issuedAt, kind, sequence): that
 * key is unique, so planning the same day twice, on two instances at once or after a restart adds
 * nothing. Addresses are stored as given (lower case), in order.
 */
export abstract class ReminderRepository {
  /** Stores those whose key is not stored yet and returns the ones it stored, in the given order. */
  abstract insertNew(tenantId: string, reminders: readonly Reminder[]): Promise<Reminder[]>;
  /** The reminders of these loans (every issue), by loan id, oldest first within a loan. */
  abstract listForLoans(tenantId: string, loanIds: readonly string[]): Promise<Map<string, Reminder[]>>;
  /** A loan's reminders over all its issues, newest first (`createdAt`, then sequence), at most `limit`. */
  abstract listForLoan(tenantId: string, loanId: string, limit: number): Promise<Reminder[]>;
  abstract findById(tenantId: string, id: string): Promise<Reminder | null>;
  /** Pending reminders with `nextAttemptAt <= now`, oldest `nextAttemptAt` first, at most `limit`. */
  abstract listDue(tenantId: string, now: string, limit: number): Promise<Reminder[]>;
  /** `sending` reminders claimed before `before` (left behind by a process that stopped). */
  abstract listClaimedBefore(tenantId: string, before: string): Promise<Reminder[]>;
  /**
   * Applies `change` only while the reminder's status is still `from`; true when it did. This is how
   * a sender claims a reminder (pending → sending): of two racing senders one gets true.
   */
  abstract transition(tenantId: string, id: string, from: ReminderStatus, change: ReminderChange): Promise<boolean>;
}
