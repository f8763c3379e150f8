import { type CostEntry, type CostRow, periodKey } from '../../../../src/domain/costs/cost-entry.js';
import type { Page, PageRequest } from '../../../../src/domain/shared/paging.js';
import type { CostFilter, CostQuery, CostRepository } from '../../../../src/ports/repositories/costs.js';
import { compare, emptyState, insertOwned, matches, MemoryState, pageOf, rowsOf } from './store.js';

export class MemoryCostRepository implements CostRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, entries: readonly CostEntry[]): Promise<void> {
    insertOwned(this.state.costs, tenantId, entries);
  }

  async list(tenantId: string, filter: CostFilter, page: PageRequest): Promise<Page<CostEntry>> {
    // Newest first: the later-recorded first, then (stable sort) by date.
    const found = rowsOf(this.state.costs, tenantId)
      .reverse()
      .filter((e) => matches(filter.type, e.type))
      .filter((e) => filter.coverage === undefined || (e.coverage ?? 'NONE') === filter.coverage)
      .filter(
        (e) => (filter.from === undefined || e.date >= filter.from) && (filter.to === undefined || e.date <= filter.to),
      )
      .sort((a, b) => compare(b.date, a.date));
    return pageOf(found, page);
  }

  async breakdown(tenantId: string, query: CostQuery): Promise<CostRow[]> {
    const keyOf = (e: CostEntry): string =>
      query.by === 'type' ? e.type : query.by === 'coverage' ? (e.coverage ?? 'NONE') : periodKey(e.date, query.period);
    const sums = new Map<string, { count: number; amountMinor: number }>();
    for (const e of rowsOf(this.state.costs, tenantId)) {
      if (e.date < query.from || e.date > query.to) continue;
      const sum = sums.get(keyOf(e)) ?? { count: 0, amountMinor: 0 };
      sums.set(keyOf(e), { count: sum.count + 1, amountMinor: sum.amountMinor + e.amountMinor });
    }
    return [...sums].sort(([a], [b]) => compare(a, b)).map(([key, sum]) => ({ key, ...sum }));
  }
}
