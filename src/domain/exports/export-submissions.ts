import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { currencyDecimals, formatMinorUnits } from '../shared/money.js';
import type { UseCase } from '../shared/use-case.js';
import { listSubmissionsInput } from '../submissions/list-submissions.js';
import type { Submission } from '../submissions/submission.js';
import { EXPORT_PAGE_ROWS, exportFilename, scanPages, type RecordExport } from './export.js';
import { peopleNamer } from './people-names.js';

/** The list's filters (ListSubmissions, the `submissions.list` tool), without paging. */
export const exportSubmissionsInput = listSubmissionsInput.omit({ page: true, pageSize: true });

export const SUBMISSION_COLUMNS = [
  'number',
  'createdAt',
  'updatedAt',
  'status',
  'serial',
  'description',
  'coverage',
  'cost',
  'reporterId',
  'reporter',
  'assigneeId',
  'assignee',
] as const;

/**
 * `GET /api/export/submissions.csv`: repair submissions as the list finds them, newest first, for a
 * spreadsheet (there is no import of submissions). `cost` in major units; `reporter` and `assignee`
 * are names when the caller may see people (person.view, module people), empty otherwise; the ids
 * are always there.
 */
@injectable()
export class ExportSubmissions implements UseCase<typeof exportSubmissionsInput, RecordExport> {
  static readonly required = ['module.repairs', 'repair.view'] as const;
  static readonly input = exportSubmissionsInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, search: z.output<typeof exportSubmissionsInput>): Promise<RecordExport> {
    const tenantId = actor.tenant.id;
    const decimals = currencyDecimals(actor.tenant.currency);
    const names = peopleNamer(this.uow, actor);
    return {
      filename: exportFilename('submissions', actor, this.clock.now()),
      columns: SUBMISSION_COLUMNS,
      pages: scanPages(
        (before: number | null) => this.uow.read((r) => r.submissions.scan(tenantId, search, before, EXPORT_PAGE_ROWS)),
        (s: Submission) => s.number,
        async (page) => {
          const name = await names(page.flatMap((s) => [s.reporterId, s.assigneeId]));
          return page.map((s) => [
            String(s.number),
            s.createdAt,
            s.updatedAt,
            s.status,
            s.serial,
            s.description,
            s.coverage,
            s.costMinor === null ? null : formatMinorUnits(s.costMinor, decimals),
            s.reporterId,
            name(s.reporterId),
            s.assigneeId,
            name(s.assigneeId),
          ]);
        },
      ),
    };
  }
}
