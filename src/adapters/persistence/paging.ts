/**
 * Where to read `limit` items from `offset` of an ascending sequence of `total` items: from its start,
 * or (past the middle) from its end in descending order, so an OFFSET never skips more than half of
 * the sequence. The caller reverses what a descending read returns. A `limit` of 0: nothing to read.
 * Shared by both dialects (the SQLite kit's pageNearerEnd, the Postgres loan list).
 */
export function nearerEnd(total: number, limit: number, offset: number) {
  const n = Math.max(0, Math.min(limit, total - offset));
  if (offset * 2 + n <= total) return { order: 'ASC' as const, limit: n, offset };
  return { order: 'DESC' as const, limit: n, offset: total - offset - n };
}
