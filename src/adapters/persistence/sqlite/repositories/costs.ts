import type { CostEntry, CostPeriod, CostRow } from '../../../../domain/costs/cost-entry.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { CostFilter, CostQuery, CostRepository } from '../../../../ports/repositories/costs.js';
import { insertMany, pageOf, Where, type Column, type Sql } from '../sql.js';

// The same keys as the domain's periodKey(): `2025-09`, `2025-Q3`, `2025`.
const PERIOD_KEYS: Record<CostPeriod, string> = {
  month: 'substr(date, 1, 7)',
  quarter: "substr(date, 1, 4) || '-Q' || ((CAST(substr(date, 6, 2) AS INTEGER) + 2) / 3)",
  year: 'substr(date, 1, 4)',
};

const keyOf = (q: CostQuery): string =>
  q.by === 'type' ? 'type' : q.by === 'coverage' ? "coalesce(coverage, 'NONE')" : PERIOD_KEYS[q.period];

const columns = (tenantId: string): Column<CostEntry>[] => [
  ['id', (c) => c.id],
  ['tenant_id', () => tenantId],
  ['type', (c) => c.type],
  ['coverage', (c) => c.coverage],
  ['amount_minor', (c) => c.amountMinor],
  ['date', (c) => c.date],
  ['source', (c) => c.source],
  ['note', (c) => c.note],
];

const COLUMNS = 'id, type, coverage, amount_minor AS amountMinor, date, source, note';

export class SqliteCostRepository implements CostRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, entries: readonly CostEntry[]): Promise<void> {
    insertMany(this.sql, 'cost_entries', columns(tenantId), entries, 'cost entry');
  }

  async list(tenantId: string, filter: CostFilter, page: PageRequest): Promise<Page<CostEntry>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (filter.type) where.add('type = ?', filter.type);
    if (filter.coverage === 'NONE') where.add('coverage IS NULL');
    else if (filter.coverage) where.add('coverage = ?', filter.coverage);
    if (filter.from) where.add('date >= ?', filter.from);
    if (filter.to) where.add('date <= ?', filter.to);
    // Entries of the same date: the later insert (higher rowid) is the newer one.
    return pageOf<CostEntry>(this.sql, {
      columns: COLUMNS,
      from: 'cost_entries',
      where,
      orderBy: 'date DESC, rowid DESC',
      page,
    });
  }

  async breakdown(tenantId: string, query: CostQuery): Promise<CostRow[]> {
    return this.sql.all<CostRow>(
      `SELECT ${keyOf(query)} AS key, count(*) AS count, sum(amount_minor) AS amountMinor
       FROM cost_entries WHERE tenant_id = ? AND date BETWEEN ? AND ?
       GROUP BY key ORDER BY key`,
      tenantId,
      query.from,
      query.to,
    );
  }
}
