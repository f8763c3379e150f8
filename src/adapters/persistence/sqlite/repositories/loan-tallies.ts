import type { Loan } from '../../../../domain/loans/loan.js';
import type { LoanCounts, LoanFilter } from '../../../../ports/repositories.js';
import { inJson, json, Where, type Sql } from '../sql.js';

export type TallyKey = Pick<Loan, 'groupId' | 'status' | 'kind' | 'dueDate'>;

// A due date of '' means none: the primary key cannot hold NULL.
const OVERDUE = "status = 'ISSUED' AND due_date <> '' AND due_date < ?";

/** Restricts to the authorised pool: null is the whole tenant, an empty list is nothing. */
function poolWhere(tenantId: string, pool: readonly string[] | null): Where {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (pool) where.add(inJson('group_id'), json(pool));
  return where;
}

/**
 * The `loan_tallies` table (see the migration): loan counts per group, status, kind and due date,
 * changed by SqliteLoanRepository inside the same savepoint as the loans themselves.
 */
export class LoanTallies {
  constructor(private readonly sql: Sql) {}

  /** Adds each delta to its key's count; deltas of one key are summed first (one write per key). */
  add(tenantId: string, deltas: Iterable<readonly [TallyKey, number]>): void {
    const merged = new Map<string, { key: TallyKey; n: number }>();
    for (const [key, n] of deltas) {
      const id = `${key.groupId}\u0000${key.status}\u0000${key.kind}\u0000${key.dueDate ?? ''}`;
      const entry = merged.get(id);
      if (entry) entry.n += n;
      else merged.set(id, { key, n });
    }
    for (const { key, n } of merged.values()) {
      if (n === 0) continue;
      const k = [tenantId, key.groupId, key.status, key.kind, key.dueDate ?? ''];
      this.sql.run(
        `INSERT INTO loan_tallies (tenant_id, group_id, status, kind, due_date, n) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET n = n + excluded.n`,
        ...k,
        n,
      );
      // Keys that no loan has any more would pile up (every past due date): drop them.
      if (n < 0) {
        this.sql.run(
          `DELETE FROM loan_tallies
           WHERE tenant_id = ? AND group_id = ? AND status = ? AND kind = ? AND due_date = ? AND n = 0`,
          ...k,
        );
      }
    }
  }

  counts(tenantId: string, pool: readonly string[] | null, today: string): LoanCounts {
    const where = poolWhere(tenantId, pool);
    const counts = this.sql.get<LoanCounts>(
      `SELECT coalesce(sum(n), 0) AS total,
         coalesce(sum(CASE WHEN status = 'AVAILABLE' THEN n END), 0) AS available,
         coalesce(sum(CASE WHEN status = 'ISSUED' THEN n END), 0) AS issued,
         coalesce(sum(CASE WHEN ${OVERDUE} THEN n END), 0) AS overdue,
         coalesce(sum(CASE WHEN status = 'ISSUED' AND due_date = '' THEN n END), 0) AS withoutDueDate
       FROM loan_tallies ${where.sql}`,
      today,
      ...where.params,
    );
    return counts!;
  }

  /** How many loans match `filter`, or null when the filter looks at more than the tallies hold. */
  total(tenantId: string, f: LoanFilter): number | null {
    if (f.q || f.userGroup || f.holderId) return null;
    const where = poolWhere(tenantId, f.poolGroupIds);
    if (f.status) where.add('status = ?', f.status);
    if (f.groupId) where.add('group_id = ?', f.groupId);
    if (f.kind) where.add('kind = ?', f.kind);
    if (f.overdueBefore) where.add(OVERDUE, f.overdueBefore);
    return this.sql.number(`SELECT coalesce(sum(n), 0) FROM loan_tallies ${where.sql}`, ...where.params);
  }
}
