import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { text, wholeNumber } from '../shared/validation.js';
import { PERSON_KINDS, personSchema } from './person.js';

export const searchPeopleInput = z
  .object({
    q: text(1, 100).describe('Text contained in the name, e-mail or external id (case-insensitive)'),
    kind: z.enum(PERSON_KINDS).optional().describe('PUPIL or STAFF'),
    userGroup: text(1, 100).optional().describe('Class or department'),
    limit: wholeNumber().min(1).max(50).optional().describe('At most this many people, 1 to 50 (default 20)'),
  })
  .strict();

export const peopleResultSchema = z.object({ people: z.array(personSchema) });
type PeopleResult = z.output<typeof peopleResultSchema>;

/** Finds pupils or staff by name, e-mail or external id. */
@injectable()
export class SearchPeople implements UseCase<typeof searchPeopleInput, PeopleResult> {
  static readonly required = ['module.people', 'person.view'] as const;
  static readonly input = searchPeopleInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, { limit = 20, ...search }: z.output<typeof searchPeopleInput>): Promise<PeopleResult> {
    const people = await this.uow.read((r) => r.people.search(actor.tenant.id, { ...search, limit }));
    return { people };
  }
}

export const searchPeopleTool = defineTool({
  name: 'people.search',
  title: 'Find people',
  description:
    'Find pupils and staff by part of their name, e-mail or MIS id. Filter by kind (PUPIL or STAFF) and class or department. Returns at most `limit` people, ordered by name.',
  readOnly: true,
  output: peopleResultSchema,
  useCase: SearchPeople,
});
