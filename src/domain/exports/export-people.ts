import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { PEOPLE_COLUMNS } from '../imports/people-rows.js';
import { listPeopleInput } from '../people/list-people.js';
import type { Person } from '../people/person.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { EXPORT_PAGE_ROWS, exportFilename, scanPages, type RecordExport } from './export.js';

/** The console list's filters (ListPeople), without paging. */
export const exportPeopleInput = listPeopleInput.omit({ page: true, pageSize: true });

/**
 * `GET /api/export/people.csv`: the people a list with these filters shows, ordered by name, in exactly
 * the columns of a people import (externalId,name,email,kind,userGroup), so the file imports back
 * unchanged. Archived people are left out unless asked for (an import would restore them).
 */
@injectable()
export class ExportPeople implements UseCase<typeof exportPeopleInput, RecordExport> {
  static readonly required = ['module.people', 'person.view'] as const;
  static readonly input = exportPeopleInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, filter: z.output<typeof exportPeopleInput>): Promise<RecordExport> {
    const tenantId = actor.tenant.id;
    return {
      filename: exportFilename('people', actor, this.clock.now()),
      columns: PEOPLE_COLUMNS,
      pages: scanPages(
        (after: { name: string; id: string } | null) =>
          this.uow.read((r) => r.people.scan(tenantId, filter, after, EXPORT_PAGE_ROWS)),
        (p: Person) => ({ name: p.name, id: p.id }),
        (people) => people.map((p) => [p.externalId, p.name, p.email, p.kind, p.userGroup]),
      ),
    };
  }
}
