import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { PAGE_SIZE_DEFAULT } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { page, pageOf, pageSize, text } from '../shared/validation.js';
import { PERSON_KINDS, personSchema } from './person.js';

export const listPeopleInput = z
  .object({
    q: text(1, 100).optional().describe('Text contained in the name, e-mail or external id (case-insensitive)'),
    kind: z.enum(PERSON_KINDS).optional().describe('PUPIL or STAFF'),
    userGroup: text(1, 100).optional().describe('Class or department'),
    includeArchived: z.boolean().optional().describe('Archived people too (default: left out)'),
    page: page().describe('Page number, from 1 (default 1)'),
    pageSize: pageSize().describe('People per page, 1 to 100 (default 50)'),
  })
  .strict();

export const peopleListSchema = pageOf('people', personSchema);
type PeopleList = z.output<typeof peopleListSchema>;

/** The console's list of people, ordered by name then id; archived people only when asked for. */
@injectable()
export class ListPeople implements UseCase<typeof listPeopleInput, PeopleList> {
  static readonly required = ['module.people', 'person.view'] as const;
  static readonly input = listPeopleInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(
    actor: Actor,
    { page = 1, pageSize = PAGE_SIZE_DEFAULT, ...filter }: z.output<typeof listPeopleInput>,
  ): Promise<PeopleList> {
    const result = await this.uow.read((r) => r.people.list(actor.tenant.id, filter, { page, pageSize }));
    return { people: result.items, total: result.total, page, pageSize };
  }
}
