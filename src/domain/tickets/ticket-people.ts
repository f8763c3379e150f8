import type { Repositories } from '../../ports/repositories.js';
import type { Person } from '../people/person.js';
import { conflict, invalidField, notFound } from '../shared/errors.js';

/** A person a ticket may name (requester or assignee): one of the tenant's, not archived (a leaver). */
export async function activePerson(repos: Repositories, tenantId: string, personId: string): Promise<Person> {
  const person = await repos.people.findById(tenantId, personId);
  if (!person) throw notFound('person', personId);
  if (person.archivedAt !== null) throw conflict(`${person.name} is archived (a leaver): restore them first`);
  return person;
}

/** A ticket's assignee: an active member of staff. */
export async function staffAssignee(repos: Repositories, tenantId: string, personId: string): Promise<Person> {
  const person = await activePerson(repos, tenantId, personId);
  if (person.kind !== 'STAFF') throw invalidField('assigneeId', 'must be a staff member');
  return person;
}
