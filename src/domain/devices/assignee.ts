import type { Repositories } from '../../ports/repositories.js';
import type { Person } from '../people/person.js';
import { conflict, notFound } from '../shared/errors.js';

/**
 * The person a device is being handed to: locked (like the device), so an archive racing the
 * assignment waits for it and then sees the device (ArchivePerson), or the assignment waits for the
 * archive and then finds the person archived here. Missing → not found; archived → conflict.
 */
export async function lockAssignee(repos: Repositories, tenantId: string, personId: string): Promise<Person> {
  const person = await repos.people.findById(tenantId, personId, { forUpdate: true });
  if (!person) throw notFound('person', personId);
  if (person.archivedAt !== null)
    throw conflict(`${person.name} is archived: restore them before assigning them a device`);
  return person;
}
