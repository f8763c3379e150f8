import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { LOAN_COLUMNS } from '../imports/import-loans.js';
import { loanFilterFields, toLoanFilter } from '../loans/loan-filter.js';
import type { LoanRow } from '../loans/loan.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import type { UseCase } from '../shared/use-case.js';
import { EXPORT_PAGE_ROWS, exportFilename, scanPages, type RecordExport } from './export.js';

/** The inventory's filters (ListLoans, the `loans.list` tool), without paging. */
export const exportLoansInput = z.object(loanFilterFields).strict();

/**
 * `GET /api/export/loans.csv`: the loaner units the inventory shows with these filters — for a
 * teacher, only their own loan groups — by number, in exactly the columns of a loans import
 * (serial,kind,group).
 */
@injectable()
export class ExportLoans implements UseCase<typeof exportLoansInput, RecordExport> {
  static readonly required = ['module.loans', 'loan.view'] as const;
  static readonly input = exportLoansInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, filters: z.output<typeof exportLoansInput>): Promise<RecordExport> {
    const now = this.clock.now();
    const filter = toLoanFilter(actor, filters, dateInZone(now, actor.tenant.timeZone));
    const tenantId = actor.tenant.id;
    return {
      filename: exportFilename('loans', actor, now),
      columns: LOAN_COLUMNS,
      pages: scanPages(
        (after: number | null) => this.uow.read((r) => r.loans.scan(tenantId, filter, after ?? 0, EXPORT_PAGE_ROWS)),
        (l: LoanRow) => l.number,
        (loans) => loans.map((l) => [l.serial, l.kind, l.groupName]),
      ),
    };
  }
}
