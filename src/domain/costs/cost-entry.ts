import type { Coverage } from '../submissions/repair-states.js';

export const COST_TYPES = ['REPAIR', 'PURCHASE', 'PARTS', 'LICENSE', 'OTHER'] as const;
export type CostType = (typeof COST_TYPES)[number];

export interface CostEntry {
  readonly id: string;
  readonly type: CostType;
  readonly coverage: Coverage | null;
  /** Minor units of the tenant's currency (cents). */
  readonly amountMinor: number;
  /** Calendar date in the tenant's time zone. */
  readonly date: string;
  /** Where the cost came from, e.g. `submission:42`, `device:SN123` or `manual`. */
  readonly source: string;
  /** What it was for, in the words of whoever entered it (an invoice number, a supplier...). */
  readonly note: string | null;
}

/**
 * The largest amount one entry may carry, either way: 10^12 minor units (ten billion in a currency
 * with cents). Far above any school's invoice in any currency, and low enough that sums stay exact
 * (JavaScript numbers, SQLite's 64-bit integers) over millions of entries.
 */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

/** A cost entered by hand (POST /costs) has this source; a repair's is `submission:<number>`. */
export const MANUAL_SOURCE = 'manual';

/** A cost event's data (SPEC §8: thin): the entry without its note (free text). */
export const costEventData = (c: CostEntry) => ({
  cost: { id: c.id, type: c.type, coverage: c.coverage, amountMinor: c.amountMinor, date: c.date, source: c.source },
});

export const COST_BREAKDOWN_BY = ['type', 'coverage', 'period'] as const;
export type CostBreakdownBy = (typeof COST_BREAKDOWN_BY)[number];
export const COST_PERIODS = ['month', 'quarter', 'year'] as const;
export type CostPeriod = (typeof COST_PERIODS)[number];

export interface CostRow {
  readonly key: string;
  readonly count: number;
  readonly amountMinor: number;
}

/** The bucket key of a date: `2025-09`, `2025-Q3` or `2025`. */
export function periodKey(date: string, period: CostPeriod): string {
  const year = date.slice(0, 4);
  const month = Number(date.slice(5, 7));
  if (period === 'year') return year;
  if (period === 'quarter') return `${year}-Q${Math.ceil(month / 3)}`;
  return date.slice(0, 7);
}
