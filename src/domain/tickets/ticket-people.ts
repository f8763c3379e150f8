import type { Repositories } from '../../ports/repositories.js';
import type { Person } from '../people/person.js';
import type { Actor } from '../shared/actor.js';
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

/**
 * The signed-in user's own person record: the one person of the tenant, not archived, with the
 * user's e-mail address. None (an API key, the operator, a user without a record, or an address two
 * people share) is null: the ticket then has no requester rather than a guessed one.
 */
export async function ownPerson(repos: Repositories, actor: Actor): Promise<Person | null> {
  if (actor.principal.type !== 'user') return null;
  const user = await repos.users.findById(actor.tenant.id, actor.principal.id);
  if (!user) return null;
  const people = (await repos.people.findByEmails(actor.tenant.id, [user.email])).filter((p) => p.archivedAt === null);
  return people.length === 1 ? people[0]! : null;
}
