import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { parseInput, text } from '../shared/validation.js';
import { PERSON_KINDS, type Person } from './person.js';

export const searchPeopleInput = z
  .object({
    q: text(1, 100).describe('Text contained in the name, e-mail or external id (case-insensitive)'),
    kind: z.enum(PERSON_KINDS).optional().describe('PUPIL or STAFF'),
    userGroup: text(1, 100).optional().describe('Class or department'),
    limit: z.number().int().min(1).max(50).optional().describe('At most this many people, 1 to 50 (default 20)'),
  })
  .strict();

/** Finds pupils or staff by name, e-mail or external id. */
@injectable()
export class SearchPeople {
  static readonly required = ['module.people', 'person.view'] as const;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.input<typeof searchPeopleInput>): Promise<{ people: Person[] }> {
    requirePermissions(actor, SearchPeople.required);
    const { limit = 20, ...search } = parseInput(searchPeopleInput, input);
    const people = await this.uow.read((r) => r.people.search(actor.tenant.id, { ...search, limit }));
    return { people };
  }
}
