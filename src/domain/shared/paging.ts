/** Paging rules shared by every list (seed §4.4, §8): page 1..1,000,000 (default 1), pageSize 1..100. */
export const PAGE_MAX = 1_000_000;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 50;

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
}

export interface Page<T> {
  readonly items: T[];
  readonly total: number;
}

export const offsetOf = (p: PageRequest): number => (p.page - 1) * p.pageSize;
