import type { CostBreakdownBy, CostEntry, CostPeriod, CostRow, CostType } from '../../domain/costs/cost-entry.js';
import type { Page, PageRequest } from '../../domain/shared/paging.js';
import type { Coverage } from '../../domain/submissions/repair-states.js';

export interface CostQuery {
  readonly by: CostBreakdownBy;
  /** Bucket size when `by` is `period`. */
  readonly period: CostPeriod;
  /** Inclusive date range. */
  readonly from: string;
  readonly to: string;
}

export interface CostFilter {
  readonly type?: CostType | undefined;
  /** `NONE` selects entries without a coverage. */
  readonly coverage?: Coverage | 'NONE' | undefined;
  /** Inclusive date range; either end may be open. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

export abstract class CostRepository {
  abstract insertMany(tenantId: string, entries: readonly CostEntry[]): Promise<void>;
  /** Newest first: date descending, then the later-recorded entry first. */
  abstract list(tenantId: string, filter: CostFilter, page: PageRequest): Promise<Page<CostEntry>>;
  /**
   * Sums and counts per key, ordered by key. Keys: the type, the coverage (`NONE` when unset), or the
   * period key of `periodKey()` (`2025-09`, `2025-Q3`, `2025`).
   */
  abstract breakdown(tenantId: string, query: CostQuery): Promise<CostRow[]>;
}
