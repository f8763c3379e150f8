/**
 * People as other records show them and choose them: a person's name (a repair's reporter, a ticket's
 * assignee), and the search picker set to find people. The looking up is api/people.ts.
 */
import { canSeePeople, personName, searchPeople } from '../api/people.js';
import type { PersonKind } from '../api/people.js';
import { SearchPicker, type Pickable } from './search-picker.js';

export { canSeePeople, ownPerson, type Person } from '../api/people.js';

/** A person's name; `—` for nobody; "someone" while it loads or when this user may not see people. */
export function PersonName(props: { id: string | null | undefined; nobody?: string }) {
  const { id } = props;
  if (!id) return <>{props.nobody ?? '—'}</>;
  const name = personName(id);
  return <>{name ?? (canSeePeople() ? (name === null ? 'Unknown person' : '…') : 'A person')}</>;
}

/** People matching some text, as choices (`kind` STAFF for whoever can be assigned work). */
export async function findPeople(text: string, kind?: PersonKind): Promise<Pickable[]> {
  const { people } = await searchPeople(text, { kind });
  return people.map((p) => ({
    id: p.id,
    label: p.name,
    detail: [p.userGroup, p.email ?? p.externalId].filter(Boolean).join(', ') || undefined,
  }));
}

/** Choosing a person by search (a name, e-mail or external id); `exclude`: someone not to offer. */
export function PersonPicker(
  props: Omit<Parameters<typeof SearchPicker>[0], 'search' | 'freeText'> & {
    readonly kind?: PersonKind;
    readonly exclude?: string | null;
  },
) {
  const { kind, exclude, ...picker } = props;
  return (
    <SearchPicker {...picker} search={async (text) => (await findPeople(text, kind)).filter((p) => p.id !== exclude)} />
  );
}
