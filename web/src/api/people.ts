/**
 * Looking people up, for every page that names or chooses someone: finding people by some text, one
 * person by id, a person's name for another record (a device's holder, a ticket's assignee: asked once
 * per page load and kept, asked again after that person changed), and the signed-in user's own person
 * record, which is who "me" is on the desk's records.
 */
import type { PersonKind } from '@desk/contract';
import { signal } from '@preact/signals';
import { can, me } from '../state/session.js';
import { call, type QueryParams, type RequestBody } from './client.js';
import type { Person, PersonProfile } from './console-api.gen.js';
import { onEvent } from './events.js';

export type { Person, PersonKind, PersonProfile };
export type PeopleFilters = NonNullable<QueryParams<'get', '/api/people'>>;
/** A person's fields as the records take them. */
export type PersonFields = RequestBody<'post', '/api/people'>;

export const PERSON_KIND_LABELS: Readonly<Record<PersonKind, string>> = { PUPIL: 'Pupil', STAFF: 'Staff' };

/** Whether this user may look people up at all (the module and the permission). */
export const canSeePeople = (): boolean => can('module.people', 'person.view');

// Names by person id: `undefined` not known yet, `null` asked and not to be had. `asked` holds the ids
// whose name is current (a search's matches count): the others are looked up when next shown.
const names = signal<ReadonlyMap<string, string | null>>(new Map());
const asked = new Set<string>();

function remember(people: readonly Person[]): void {
  const next = new Map(names.value);
  for (const p of people) {
    next.set(p.id, p.name);
    asked.add(p.id);
  }
  names.value = next;
}

// A changed (renamed) person is looked up again when next shown; after a `reset` everyone is. The old
// name stays on screen until the new one comes.
onEvent((e) => {
  const person = e.data['person'] as { id?: unknown } | undefined;
  if (e.type === 'reset') asked.clear();
  else if (e.type.startsWith('person.') && typeof person?.id === 'string') asked.delete(person.id);
});

/** People matching some text (a name, e-mail or external id), a few: `kind` STAFF for who can be given work. */
export async function searchPeople(
  q: string,
  options: { kind?: PersonKind | undefined; pageSize?: number } = {},
): Promise<{ people: Person[]; total: number }> {
  const found = await listPeople({ q, kind: options.kind, pageSize: options.pageSize ?? 8 });
  remember(found.people);
  return found;
}

/** One person by their Desk id (it fails as the API does: 404 for nobody). */
export async function getPerson(id: string): Promise<Person> {
  const { person } = await personProfile(id);
  remember([person]);
  return person;
}

/** A page of people, by name, with the list's filters. */
export const listPeople = (filters: PeopleFilters) => call('get', '/api/people', { query: filters });
/** A person with the loans, devices, repairs and tickets the user may see. */
export const personProfile = (id: string) => call('get', '/api/people/{id}', { path: { id } });
export const createPerson = (fields: PersonFields) => call('post', '/api/people', { body: fields });
export const updatePerson = (id: string, fields: RequestBody<'patch', '/api/people/{id}'>) =>
  call('patch', '/api/people/{id}', { path: { id }, body: fields });
export const archivePerson = (id: string) => call('post', '/api/people/{id}/archive', { path: { id } });
export const restorePerson = (id: string) => call('post', '/api/people/{id}/restore', { path: { id } });
/** A pupil's guardians as the form sends them: every one, in order (none removes them all). */
export type GuardianFields = RequestBody<'put', '/api/people/{id}/guardians'>['guardians'][number];
export const setGuardians = (id: string, guardians: GuardianFields[]) =>
  call('put', '/api/people/{id}/guardians', { path: { id }, body: { guardians } });
/** Records a pupil's acceptable-use agreement for the school year `signedAt` falls in. */
export const recordAgreement = (id: string, body: RequestBody<'post', '/api/people/{id}/agreements'>) =>
  call('post', '/api/people/{id}/agreements', { path: { id }, body });

/**
 * A person's name as far as it is known: undefined while it is being asked (and always for a user who
 * may not see people), null when it cannot be had. Read in a component, the component shows the name
 * when it comes.
 */
export function personName(id: string): string | null | undefined {
  if (!asked.has(id) && canSeePeople()) {
    asked.add(id);
    getPerson(id).catch(() => (names.value = new Map(names.value).set(id, null)));
  }
  return names.value.get(id);
}

let own: Promise<Person | null> | null = null;
let ownFor = '';

/**
 * The signed-in user's own person record: the one active member of staff with their e-mail address,
 * as the server takes it for a new ticket's requester. Null when there is none, or two.
 */
export function ownPerson(): Promise<Person | null> {
  const email = me.value?.user.email ?? '';
  if (own && ownFor === email) return own;
  ownFor = email;
  own = !canSeePeople()
    ? Promise.resolve(null)
    : searchPeople(email, { pageSize: 10 }).then(
        ({ people }) => {
          const mine = people.filter((p) => p.email === email.toLowerCase() && p.archivedAt === null);
          return mine.length === 1 ? mine[0]! : null;
        },
        () => {
          own = null;
          return null;
        },
      );
  return own;
}
