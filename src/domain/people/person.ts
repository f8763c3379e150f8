import { z } from 'zod';
import { emailInput } from '../identity/user.js';
import { isoInstant, nullableText, text } from '../shared/validation.js';
import { PERSON_KINDS, type PersonKind } from './person-kinds.js';

export { PERSON_KINDS, type PersonKind };

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

/** What a change to one person answers with: the person as they now are. */
export const personResultSchema = z.object({ person: personSchema });

/**
 * A person event's data (SPEC §8: thin): which person, their kind, external id and whether they are
 * archived. Never a name or an e-mail address: events go to receivers outside the school.
 */
export const personEventData = (p: Person) => ({
  person: { id: p.id, kind: p.kind, externalId: p.externalId, archived: p.archivedAt !== null },
});

/**
 * The fields of a person as the console writes them (POST and PATCH /api/people). The e-mail is
 * trimmed and lower-cased; optional fields take null to clear them.
 */
export const personFields = {
  name: text(1, 200).describe('Full name'),
  email: emailInput().nullable().describe('E-mail address (stored lower case); null for none'),
  kind: z.enum(PERSON_KINDS).describe('PUPIL or STAFF'),
  userGroup: text(1, 100).nullable().describe('Class (pupils) or department (staff); null for none'),
  externalId: text(1, 100).nullable().describe('The id in the MIS or directory, unique in the school; null for none'),
};

/** The fields a PATCH may change (everything but the id and the archive state). */
export const PERSON_FIELDS = ['name', 'email', 'kind', 'userGroup', 'externalId'] as const;
