/**
 * Where to read `limit` items from `offset` of an ascending sequence of `total` items: from its start,
 * or (past the middle) from its end in descending order, so an OFFSET never skips more than half of
 * the sequence. The caller reverses what a descending read returns. A `limit` of 0: nothing to read.
 */
export function nearerEnd(total: number, limit: number, offset: number) {
  const n = Math.max(0, Math.min(limit, total - offset));
  if (offset * 2 + n <= total) return { order: 'ASC' as const, limit: n, offset };
  return { order: 'DESC' as const, limit: n, offset: total - offset - n };
}

/** Reads one page synchronously as `nearerEnd` says, returning it in ascending order. */
export function readPage<T>(
  total: number,
  limit: number,
  offset: number,
  read: (order: 'ASC' | 'DESC', limit: number, offset: number) => T[],
): T[] {
  const at = nearerEnd(total, limit, offset);
  if (at.limit === 0) return [];
  const items = read(at.order, at.limit, at.offset);
  return at.order === 'DESC' ? items.reverse() : items;
}
