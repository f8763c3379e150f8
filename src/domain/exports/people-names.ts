import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { can, type Actor } from '../shared/actor.js';
import { peopleById } from './export.js';

/**
 * Names the people a page of submissions or tickets refers to, in one read — for a caller who may see
 * people (person.view in a tenant with the people module); for anyone else every name is empty.
 */
export function peopleNamer(uow: UnitOfWork, actor: Actor) {
  const allowed = can(actor, ['module.people', 'person.view']);
  return async (ids: readonly (string | null)[]): Promise<(id: string | null) => string | null> => {
    if (!allowed) return () => null;
    const people = await uow.read((r) => peopleById(r, actor.tenant.id, ids));
    return (id) => (id === null ? null : (people.get(id)?.name ?? null));
  };
}
