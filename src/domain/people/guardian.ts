import { z } from 'zod';
import { emailInput } from '../identity/user.js';
import { nullableText, text } from '../shared/validation.js';

/**
 * A pupil's guardian (issue 23): a contact kept on the pupil, never a user of Desk, who never signs
 * in. Reminders of an overdue loan go to each guardian with an e-mail address.
 */
export const guardianSchema = z.object({
  name: z.string(),
  email: nullableText(),
  phone: nullableText(),
  /** Mother, father, carer, grandparent…: the school's words. */
  relationship: z.string(),
  /** The guardian's id in the school's directory (a OneRoster `sourcedId`), when imported from one. */
  externalId: nullableText(),
});
export type Guardian = z.output<typeof guardianSchema>;

/** At most this many per pupil: more is a data error in an import, not a family. */
export const MAX_GUARDIANS = 6;

/** One guardian as the console and imports write it. */
export const guardianInput = z
  .object({
    name: text(1, 200).describe('Full name'),
    email: emailInput().nullable().optional().describe('E-mail address (stored lower case); reminders go to it'),
    phone: text(1, 50).nullable().optional().describe('Telephone number, as the school writes it'),
    relationship: text(1, 50).optional().describe('Mother, father, carer…; "guardian" when not given'),
    externalId: text(1, 100).nullable().optional().describe("The guardian's id in the school's directory"),
  })
  .strict()
  .transform(
    (g): Guardian => ({
      name: g.name,
      email: g.email ?? null,
      phone: g.phone ?? null,
      relationship: g.relationship ?? 'guardian',
      externalId: g.externalId ?? null,
    }),
  );
