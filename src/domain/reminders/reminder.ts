import { z } from 'zod';
import { isoDate, isoInstant } from '../shared/validation.js';

/**
 * A reminder e-mail about one issue of one loan (issue 23, section 3). `overdue` ones are numbered
 * 1, 2, 3… per issue; `due_soon` is the one the day before the due date; `manual` ones are the
 * desk's "remind now". A loan unit is issued many times, so an issue is the loan and its `issuedAt`.
 *
 * The status is the at-most-once protocol: `pending` rows wait for their `nextAttemptAt`; a sender
 * claims one (`sending`) in its own commit before it talks to SMTP; the server's acceptance makes it
 * `sent`; a certain refusal (the server answered no, or could not be reached) puts it back to
 * `pending` later, with backoff; anything ambiguous (the connection broke after the message was
 * handed over, the process died while `sending`) makes it `failed` and it is never sent again.
 */
export const REMINDER_KINDS = ['overdue', 'due_soon', 'manual'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

export interface Reminder {
  readonly id: string;
  readonly loanId: string;
  readonly loanNumber: number;
  readonly holderId: string;
  /** The issue this reminder is about (the loan's `issuedAt` then). */
  readonly issuedAt: string;
  readonly kind: ReminderKind;
  readonly sequence: number;
  /** The school day (its time zone) it was planned for. */
  readonly runDate: string;
  /** Every address it goes to, lower case: the holder's, the guardians', the copy. */
  readonly recipients: readonly string[];
  readonly status: ReminderStatus;
  readonly attempts: number;
  /** When a `pending` reminder may be tried (again); null once it is no longer pending. */
  readonly nextAttemptAt: string | null;
  /** When a sender claimed it (`sending`): a claim left behind by a dead process is found by its age. */
  readonly claimedAt: string | null;
  readonly lastError: string | null;
  readonly createdAt: string;
  readonly sentAt: string | null;
  /** Who asked for a `manual` one (`user:<id>`, `apiKey:<id>`); null for the daily job's. */
  readonly requestedBy: string | null;
}

/** The changes a status move writes (fields left out keep their value). */
export type ReminderChange = Partial<
  Pick<Reminder, 'status' | 'attempts' | 'nextAttemptAt' | 'claimedAt' | 'lastError' | 'sentAt'>
>;

/** A reminder as the loan's page shows it: never the addresses, which are the family's. */
export const reminderViewSchema = z.object({
  id: z.string(),
  kind: z.enum(REMINDER_KINDS),
  sequence: z.number().int(),
  runDate: isoDate(),
  recipients: z.number().int().describe('How many addresses it went (or goes) to'),
  status: z.enum(REMINDER_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: isoInstant(),
  sentAt: isoInstant().nullable(),
});
export type ReminderView = z.output<typeof reminderViewSchema>;

export const toReminderView = (r: Reminder): ReminderView => ({
  id: r.id,
  kind: r.kind,
  sequence: r.sequence,
  runDate: r.runDate,
  recipients: r.recipients.length,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt,
  sentAt: r.sentAt,
});
