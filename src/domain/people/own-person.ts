import type { Repositories } from '../../ports/repositories.js';
import type { Actor } from '../shared/actor.js';
import type { Person } from './person.js';

/**
 * The one person of the school with this address who is not archived (a leaver is no one's record
 * any more), or null when there is none or two share it: the address is not theirs alone, so it names
 * nobody. How a console user, a portal requester and a sender of mail are each found by their address.
 */
export async function personByAddress(repos: Repositories, tenantId: string, email: string): Promise<Person | null> {
  const people = (await repos.people.findByEmails(tenantId, [email.toLowerCase()])).filter(
    (p) => p.archivedAt === null,
  );
  return people.length === 1 ? people[0]! : null;
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
  return personByAddress(repos, actor.tenant.id, user.email);
}
