import { z } from 'zod';
import { isoInstant, nullableText } from '../shared/validation.js';

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
  /** The identifier in the school's MIS or directory: unique in the tenant. */
  externalId: nullableText(),
  /**
   * When the person was archived (a leaver): archived people are never deleted, so their history
   * stays, but searches leave them out and they cannot receive a loan or a device.
   */
  archivedAt: isoInstant().nullable(),
});
export type Person = z.output<typeof personSchema>;

/**
 * A person event's data (SPEC §8: thin): which person, their kind, external id and whether they are
 * archived. Never a name or an e-mail address: events go to receivers outside the school.
 */
export const personEventData = (p: Person) => ({
  person: { id: p.id, kind: p.kind, externalId: p.externalId, archived: p.archivedAt !== null },
});
