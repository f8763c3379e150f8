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

/** The page a list was asked for, with the defaults filled in (every list: page 1, 50 a page). */
export const requestedPage = (input: {
  readonly page?: number | undefined;
  readonly pageSize?: number | undefined;
}): PageRequest => ({
  page: input.page ?? 1,
  pageSize: input.pageSize ?? PAGE_SIZE_DEFAULT,
});

/** What every list answers beside its things: how many there are in all, and which page this is. */
export const pageInfo = (found: { readonly total: number }, p: PageRequest) => ({
  total: found.total,
  page: p.page,
  pageSize: p.pageSize,
});
