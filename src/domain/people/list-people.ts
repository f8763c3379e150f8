import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { pageOf, text, pagingInput } from '../shared/validation.js';
import { PERSON_KINDS, personSchema } from './person.js';

export const listPeopleInput = z
  .object({
    q: text(1, 100).optional().describe('Text contained in the name, e-mail or external id (case-insensitive)'),
    kind: z.enum(PERSON_KINDS).optional().describe('PUPIL or STAFF'),
    userGroup: text(1, 100).optional().describe('Class or department'),
    includeArchived: z.boolean().optional().describe('Archived people too (default: left out)'),
    ...pagingInput('People'),
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

  async execute(actor: Actor, { page, pageSize, ...filter }: z.output<typeof listPeopleInput>): Promise<PeopleList> {
    const paging = requestedPage({ page, pageSize });
    const result = await this.uow.read((r) => r.people.list(actor.tenant.id, filter, paging));
    return { people: result.items, ...pageInfo(result, paging) };
  }
}
