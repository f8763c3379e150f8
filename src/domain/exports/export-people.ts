import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { PEOPLE_COLUMNS } from '../imports/people-rows.js';
import type { Guardian } from '../people/guardian.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import { schoolYearOf, schoolYearSetting } from '../settings/school-year.js';
import { dateInZone } from '../shared/dates.js';
import { listPeopleInput } from '../people/list-people.js';
import type { Person } from '../people/person.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { EXPORT_PAGE_ROWS, exportFilename, scanPages, type ExportCell, type RecordExport } from './export.js';

/** Guardian 1 and 2 of a pupil as the file's eight cells (a third and later are the console's). */
const guardianCells = (guardians: readonly Guardian[] = []): ExportCell[] =>
  [0, 1].flatMap((i) => {
    const g = guardians[i];
    return g ? [g.name, g.email, g.phone, g.relationship] : [null, null, null, null];
  });

/** The console list's filters (ListPeople), without paging. */
export const exportPeopleInput = listPeopleInput.omit({ page: true, pageSize: true });

/**
 * `GET /api/export/people.csv`: the people a list with these filters shows, ordered by name, in exactly
 * the columns of a people import (externalId,name,email,kind,userGroup, a pupil's guardians 1 and 2,
 * and this school year's agreement), so the file imports back unchanged. Archived people are left out
 * unless asked for (an import would restore them).
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
    const today = dateInZone(this.clock.now(), actor.tenant.timeZone);
    const start = await this.uow.read((r) => readSchoolSetting(r, tenantId, schoolYearSetting));
    const year = schoolYearOf(today, start).name;
    return {
      filename: exportFilename('people', actor, this.clock.now()),
      columns: PEOPLE_COLUMNS,
      pages: scanPages(
        (after: { name: string; id: string } | null) =>
          this.uow.read((r) => r.people.scan(tenantId, filter, after, EXPORT_PAGE_ROWS)),
        (p: Person) => ({ name: p.name, id: p.id }),
        (people) =>
          this.uow.read(async (r) => {
            const ids = people.filter((p) => p.kind === 'PUPIL').map((p) => p.id);
            const guardians = await r.guardians.listForPeople(tenantId, ids);
            const agreements = await r.agreements.forPeople(tenantId, ids, year);
            return people.map((p) => {
              const a = agreements.get(p.id);
              return [
                p.externalId,
                p.name,
                p.email,
                p.kind,
                p.userGroup,
                ...guardianCells(guardians.get(p.id)),
                a?.signedAt ?? null,
                a?.signedBy ?? null,
              ];
            });
          }),
      ),
    };
  }
}
