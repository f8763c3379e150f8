import type { CostEntry, CostRow } from '../../../../domain/costs/cost-entry.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { CostFilter, CostQuery, CostRepository } from '../../../../ports/repositories/costs.js';
import { insertMany, pageOf, query, Where, type Column, type Queryable } from '../sql.js';

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

// Aliased to the domain's names (bigint reads as a number: pg-database.ts).
const COLUMNS = 'id, type, coverage, amount_minor AS "amountMinor", date, source, note';

/** The bucket key, computed from the text date the way `periodKey()` does. */
function keyExpression(q: CostQuery): string {
  if (q.by === 'type') return 'type';
  if (q.by === 'coverage') return `coalesce(coverage, 'NONE')`;
  if (q.period === 'year') return 'substr(date, 1, 4)';
  if (q.period === 'quarter') return `substr(date, 1, 4) || '-Q' || ((substr(date, 6, 2)::int + 2) / 3)`;
  return 'substr(date, 1, 7)';
}

export class PgCostRepository implements CostRepository {
  constructor(private readonly db: Queryable) {}

  insertMany(tenantId: string, entries: readonly CostEntry[]): Promise<void> {
    return insertMany(this.db, 'cost_entries', columns(tenantId), entries, { cost_entries_pkey: 'cost entry id' });
  }

  list(tenantId: string, filter: CostFilter, page: PageRequest): Promise<Page<CostEntry>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (filter.type) where.add('type = ?', filter.type);
    if (filter.coverage === 'NONE') where.add('coverage IS NULL');
    else if (filter.coverage) where.add('coverage = ?', filter.coverage);
    if (filter.from) where.add('date >= ?', filter.from);
    if (filter.to) where.add('date <= ?', filter.to);
    const orderBy = 'date DESC, seq DESC';
    return pageOf<CostEntry>(this.db, { columns: COLUMNS, from: 'cost_entries', where, orderBy, page });
  }

  async breakdown(tenantId: string, q: CostQuery): Promise<CostRow[]> {
    const sql = `SELECT (${keyExpression(q)}) COLLATE "C" AS key, count(*)::int AS count,
        sum(amount_minor)::bigint AS "amountMinor"
      FROM cost_entries WHERE tenant_id = $1 AND date >= $2 AND date <= $3
      GROUP BY 1 ORDER BY 1`;
    return (await query<CostRow>(this.db, sql, [tenantId, q.from, q.to])).rows;
  }
}
