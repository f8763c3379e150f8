/** Who a person is to the school. Imports nothing: the browser console shares it through src/contract. */
export const PERSON_KINDS = ['PUPIL', 'STAFF'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];
