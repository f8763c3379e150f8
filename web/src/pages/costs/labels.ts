/** The words for the cost register's codes, and the buckets of a period breakdown. */

export { COST_TYPES, COVERAGES } from '@desk/contract';
export type By = 'type' | 'coverage' | 'period';
export type Period = 'month' | 'quarter' | 'year';

const TYPE_LABELS: Record<string, string> = {
  REPAIR: 'Repair',
  PURCHASE: 'Purchase',
  PARTS: 'Parts',
  LICENSE: 'Licence',
  OTHER: 'Other',
};

const COVERAGE_LABELS: Record<string, string> = {
  WARRANTY: 'Warranty',
  INSURANCE: 'Insurance',
  SCHOOL: 'School',
  PARENT: 'Parent',
  NONE: 'Not stated',
};

export const typeLabel = (t: string): string => TYPE_LABELS[t] ?? t;
export const coverageLabel = (c: string | null): string => COVERAGE_LABELS[c ?? 'NONE'] ?? c ?? '—';

/** `2025-09` → `Sep 2025`, `2025-Q3` → `Q3 2025`, `2025` → `2025`. */
export function periodLabel(key: string): string {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(key);
  if (quarter) return `Q${quarter[2]} ${quarter[1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(key);
  if (month) {
    return new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)),
    );
  }
  return key;
}

export function keyLabel(by: By, key: string): string {
  return by === 'type' ? typeLabel(key) : by === 'coverage' ? coverageLabel(key) : periodLabel(key);
}

/**
 * Every bucket from `from` to `to` (calendar dates), so a period chart shows the months with no spend
 * as empty rather than leaving them out (the server lists only buckets that have entries).
 */
export function periodKeys(from: string, to: string, period: Period): string[] {
  const keys: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    const key =
      period === 'year'
        ? String(y)
        : period === 'quarter'
          ? `${y}-Q${Math.ceil(m / 3)}`
          : `${y}-${String(m).padStart(2, '0')}`;
    if (keys[keys.length - 1] !== key) keys.push(key);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
    if (keys.length > 400) break; // a range of decades: enough buckets
  }
  return keys;
}
