import { z } from 'zod';
import { AUDIT_ACTOR_TYPES } from '../audit/audit-entry.js';
import { isoDate, isoInstant } from '../shared/validation.js';

/**
 * A pupil's acceptable-use agreement for one school year (issue 23): the date it was signed, who
 * signed it (a guardian or the pupil, as the school writes it), and who recorded it in Desk and when.
 * Recording another for the same year keeps the first; the newest recorded is the one that counts.
 */
export const agreementSchema = z.object({
  id: z.string(),
  personId: z.string(),
  /** The school year `signedAt` falls in, `2026-2027`. */
  schoolYear: z.string(),
  signedAt: isoDate(),
  signedBy: z.string(),
  recordedBy: z.object({ type: z.enum(AUDIT_ACTOR_TYPES), id: z.string() }),
  recordedAt: isoInstant(),
});
export type Agreement = z.output<typeof agreementSchema>;

/** How a person's profile shows this year's agreement. */
export const agreementViewSchema = z.object({
  signedAt: isoDate(),
  signedBy: z.string(),
  schoolYear: z.string(),
  recordedAt: isoInstant(),
});
export type AgreementView = z.output<typeof agreementViewSchema>;

export const toAgreementView = (a: Agreement): AgreementView => ({
  signedAt: a.signedAt,
  signedBy: a.signedBy,
  schoolYear: a.schoolYear,
  recordedAt: a.recordedAt,
});
