import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { EXPORT_PAGE_ROWS, exportFilename, type ExportRow, type RecordExport } from '../exports/export.js';
import type { Actor } from '../shared/actor.js';
import { currencyDecimals, formatMinorUnits } from '../shared/money.js';
import type { UseCase } from '../shared/use-case.js';
import { exportOutstandingInput } from './list-outstanding.js';

export const OUTSTANDING_COLUMNS = [
  'personId',
  'name',
  'class',
  'balance',
  'balanceMinor',
  'currency',
  'oldestChargeAt',
] as const;

/**
 * `GET /api/export/balances.csv`: who owes what, as the list orders it, for the school office's
 * spreadsheet: the balance in major units (`12.50`) beside the minor units Desk keeps.
 */
@injectable()
export class ExportOutstanding implements UseCase<typeof exportOutstandingInput, RecordExport> {
  static readonly required = ['module.people', 'charge.manage'] as const;
  static readonly input = exportOutstandingInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, _input: z.output<typeof exportOutstandingInput>): Promise<RecordExport> {
    const { id: tenantId, currency } = actor.tenant;
    const decimals = currencyDecimals(currency);
    const uow = this.uow;
    // Offset pages of the list: a balance is a sum, not a row a keyset could resume after.
    async function* pages(): AsyncGenerator<ExportRow[]> {
      for (let page = 1; ; page++) {
        const found = await uow.read((r) => r.accounts.outstanding(tenantId, { page, pageSize: EXPORT_PAGE_ROWS }));
        if (found.items.length === 0) return;
        yield found.items.map((b) => [
          b.personId,
          b.name,
          b.userGroup,
          formatMinorUnits(b.balanceMinor, decimals),
          String(b.balanceMinor),
          currency,
          b.oldestChargeAt,
        ]);
        if (found.items.length < EXPORT_PAGE_ROWS) return;
      }
    }
    return {
      filename: exportFilename('balances', actor, this.clock.now()),
      columns: OUTSTANDING_COLUMNS,
      pages: pages(),
    };
  }
}
