import { z } from 'zod';
import { isoInstant, nullableText } from '../shared/validation.js';

/**
 * A pupil's account (issue 23 §4): charges raise what they owe, payments and waivers reduce it. An
 * entry is never changed or deleted; a charge made in error is undone by a waiver of it.
 */
export const ENTRY_KINDS = ['charge', 'payment', 'waiver'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const PAYMENT_METHODS = ['cash', 'cheque', 'card', 'online', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The largest amount one entry may carry: 10^9 minor units (ten million in a currency with cents),
 * far above any charge a school makes to a pupil, and low enough that sums stay exact.
 */
export const MAX_ENTRY_MINOR = 1_000_000_000;

/** An entry as stored and as every surface returns it; the fields of the other kinds are null. */
export const accountEntrySchema = z.object({
  id: z.string(),
  personId: z.string(),
  kind: z.enum(ENTRY_KINDS),
  amountMinor: z
    .number()
    .int()
    .describe('Minor units of the school currency; for a charge, what the pupil owes (after any cover)'),
  reason: nullableText().describe('Why (a charge or a waiver)'),
  grossMinor: z.number().int().nullable().describe('A charge: the amount before insurance cover'),
  coveredMinor: z.number().int().nullable().describe('A charge: what the insurance cover took off (0 when none)'),
  plan: nullableText().describe("A charge on a covered pupil: the cover's plan"),
  claimYear: nullableText().describe('A charge that used one of the year’s insurance claims: that school year'),
  submissionId: nullableText().describe('A charge for a repair: the submission'),
  loanNumber: z.number().int().nullable().describe('A charge for a loaner: the loan'),
  method: z.enum(PAYMENT_METHODS).nullable().describe('A payment: how it was paid'),
  reference: nullableText().describe('A payment: a receipt or transaction reference'),
  chargeId: nullableText().describe('A waiver of one charge: that charge'),
  recordedBy: z.string().describe('The id of the user (or key) who recorded it'),
  recordedAt: isoInstant(),
});
export type AccountEntry = z.output<typeof accountEntrySchema>;

/** The fields every entry has; the rest belong to one kind, and another kind's are null. */
type EntryCore = Pick<AccountEntry, 'id' | 'personId' | 'kind' | 'amountMinor' | 'recordedBy' | 'recordedAt'>;

const NONE = {
  reason: null,
  grossMinor: null,
  coveredMinor: null,
  plan: null,
  claimYear: null,
  submissionId: null,
  loanNumber: null,
  method: null,
  reference: null,
  chargeId: null,
} as const;

/** A new entry: its core and its kind's own fields, every other field null. */
export const newEntry = (core: EntryCore, own: Partial<Omit<AccountEntry, keyof EntryCore>> = {}): AccountEntry => ({
  ...core,
  ...NONE,
  ...own,
});

/** Insurance cover of a pupil for one school year (one per pupil per year). */
export const coverageSchema = z.object({
  personId: z.string(),
  schoolYear: z.string().describe('2026-2027'),
  plan: z.string(),
  recordedBy: z.string(),
  recordedAt: isoInstant(),
});
export type Coverage = z.output<typeof coverageSchema>;

/** One line of "who owes what": a person with a balance above zero. */
export const outstandingBalanceSchema = z.object({
  personId: z.string(),
  name: z.string(),
  userGroup: nullableText().describe('The class'),
  balanceMinor: z.number().int(),
  oldestChargeAt: isoInstant().describe(
    'When the oldest charge not yet settled was recorded (payments and waivers settle the oldest charges first)',
  ),
});
export type OutstandingBalance = z.output<typeof outstandingBalanceSchema>;

/** An entry's event data (thin, as every event's): ids and amounts, never a name or free text. */
export const entryEventData = (e: AccountEntry) => ({
  entry: {
    id: e.id,
    kind: e.kind,
    amountMinor: e.amountMinor,
    ...(e.kind === 'charge'
      ? {
          grossMinor: e.grossMinor,
          coveredMinor: e.coveredMinor,
          claim: e.claimYear !== null,
          submissionId: e.submissionId,
          loanNumber: e.loanNumber,
        }
      : {}),
    ...(e.kind === 'payment' ? { method: e.method } : {}),
  },
  person: { id: e.personId },
});
