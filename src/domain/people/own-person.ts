import type { Repositories } from '../../ports/repositories.js';
import type { Actor } from '../shared/actor.js';
import type { Person } from './person.js';

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
