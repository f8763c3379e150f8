export const PERSON_KINDS = ['PUPIL', 'STAFF'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

export interface Person {
  readonly id: string;
  readonly name: string;
  readonly email: string | null;
  readonly kind: PersonKind;
  /** A class for pupils, a department for staff. */
  readonly userGroup: string | null;
  /** The identifier in the school's MIS or directory. */
  readonly externalId: string | null;
}
