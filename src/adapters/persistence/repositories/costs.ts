import type { CostEntry, CostPeriod, CostRow } from '../../../domain/costs/cost-entry.js';
import type { Page, PageRequest } from '../../../domain/shared/paging.js';
import type { CostFilter, CostQuery, CostRepository } from '../../../ports/repositories/costs.js';
import type { Column, Db } from '../sql/db.js';

const COLUMNS = 'id, type, coverage, amount_minor AS "amountMinor", date, source, note';

const columns = (tenantId: string): Column<CostEntry>[] => [
  ['id', 'text', (c) => c.id],
  ['tenant_id', 'text', () => tenantId],
  ['type', 'text', (c) => c.type],
  ['coverage', 'text', (c) => c.coverage],
  ['amount_minor', 'bigint', (c) => c.amountMinor],
  ['date', 'text', (c) => c.date],
  ['source', 'text', (c) => c.source],
  ['note', 'text', (c) => c.note],
];

// The same keys as the domain's periodKey(), from the text date: `2025-09`, `2025-Q3`, `2025`.
const PERIOD_KEYS: Record<CostPeriod, string> = {
  month: 'substr(date, 1, 7)',
  quarter: "substr(date, 1, 4) || '-Q' || ((CAST(substr(date, 6, 2) AS INTEGER) + 2) / 3)",
  year: 'substr(date, 1, 4)',
};

const keyOf = (q: CostQuery): string =>
  q.by === 'type' ? 'type' : q.by === 'coverage' ? "coalesce(coverage, 'NONE')" : PERIOD_KEYS[q.period];

/** Cost entries (a type, its cover, an amount, a date, where it came from and a note), on either dialect. */
export class SqlCostRepository implements CostRepository {
  constructor(private readonly db: Db) {}

  insertMany(tenantId: string, entries: readonly CostEntry[]): Promise<void> {
    return this.db.insertMany('cost_entries', columns(tenantId), entries, 'cost entry');
  }

  list(tenantId: string, filter: CostFilter, page: PageRequest): Promise<Page<CostEntry>> {
    const where = this.db.where().add('tenant_id = ?', tenantId);
    if (filter.type) where.add('type = ?', filter.type);
    if (filter.coverage === 'NONE') where.add('coverage IS NULL');
    else if (filter.coverage) where.add('coverage = ?', filter.coverage);
    if (filter.from) where.add('date >= ?', filter.from);
    if (filter.to) where.add('date <= ?', filter.to);
    // Entries of the same date: the later-recorded one is the newer.
    const orderBy = `date DESC, ${this.db.insertOrder} DESC`;
    return this.db.page<CostEntry>({ columns: COLUMNS, from: 'cost_entries', where, orderBy, page });
  }

  /** Keys compared bytewise, so both dialects order them alike. */
  breakdown(tenantId: string, query: CostQuery): Promise<CostRow[]> {
    const sql = `SELECT ${this.db.bytewise(`(${keyOf(query)})`)} AS key, CAST(count(*) AS INTEGER) AS count,
        CAST(sum(amount_minor) AS BIGINT) AS "amountMinor"
      FROM cost_entries WHERE tenant_id = ? AND date >= ? AND date <= ?
      GROUP BY 1 ORDER BY 1`;
    return this.db.all<CostRow>(sql, [tenantId, query.from, query.to]);
  }
}
