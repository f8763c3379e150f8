import { z } from 'zod';
import { nullableText } from '../shared/validation.js';

export const PERSON_KINDS = ['PUPIL', 'STAFF'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

/** A pupil or a member of staff, as stored and as every surface returns it. */
export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: nullableText(),
  kind: z.enum(PERSON_KINDS),
  /** A class for pupils, a department for staff. */
  userGroup: nullableText(),
  /** The identifier in the school's MIS or directory. */
  externalId: nullableText(),
});
export type Person = z.output<typeof personSchema>;
