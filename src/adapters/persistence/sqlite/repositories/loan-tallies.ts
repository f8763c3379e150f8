import type { Loan } from '../../../../domain/loans/loan.js';
import type { GroupLoanCounts, LoanCounts, LoanFilter } from '../../../../ports/repositories/loans.js';
import { inJson, json, Where, type Sql } from '../sql.js';

export type TallyKey = Pick<Loan, 'groupId' | 'status' | 'kind' | 'dueDate'>;

// A due date of '' means none: the primary key cannot hold NULL.
const OVERDUE = "status = 'ISSUED' AND due_date <> '' AND due_date < ?";

/** The counts of a set of tally rows (LoanCounts); its one parameter is today, for OVERDUE. */
const SUMS = `coalesce(sum(n), 0) AS total,
  coalesce(sum(CASE WHEN status = 'AVAILABLE' THEN n END), 0) AS available,
  coalesce(sum(CASE WHEN status = 'ISSUED' THEN n END), 0) AS issued,
  coalesce(sum(CASE WHEN ${OVERDUE} THEN n END), 0) AS overdue,
  coalesce(sum(CASE WHEN status = 'ISSUED' AND due_date = '' THEN n END), 0) AS withoutDueDate`;

/**
 * Where the counts of a pool come from: `loan_tenant_tallies` (no group column, a few hundred rows per
 * tenant) for the whole tenant, `loan_tallies` restricted to the groups otherwise.
 */
function tallyWhere(
  tenantId: string,
  pool: readonly string[] | null,
  groupId?: string,
): { table: string; where: Where } {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (!pool && !groupId) return { table: 'loan_tenant_tallies', where };
  if (pool) where.add(inJson('group_id'), json(pool));
  if (groupId) where.add('group_id = ?', groupId);
  return { table: 'loan_tallies', where };
}

/**
 * The tally tables (see the migrations): loan counts per group, status, kind and due date
 * (`loan_tallies`), and the same per tenant without the group (`loan_tenant_tallies`), changed by
 * SqliteLoanRepository inside the same savepoint as the loans themselves.
 */
export class LoanTallies {
  constructor(private readonly sql: Sql) {}

  /** Adds each delta to its key's count in both tables; deltas of one key are summed first (one write per key). */
  add(tenantId: string, deltas: Iterable<readonly [TallyKey, number]>): void {
    const byGroup = new Map<string, { key: readonly string[]; n: number }>();
    const byTenant = new Map<string, { key: readonly string[]; n: number }>();
    const merge = (into: typeof byGroup, key: readonly string[], n: number) => {
      const id = key.join('\u0000');
      const entry = into.get(id);
      if (entry) entry.n += n;
      else into.set(id, { key, n });
    };
    for (const [k, n] of deltas) {
      const rest = [k.status, k.kind, k.dueDate ?? ''];
      merge(byGroup, [tenantId, k.groupId, ...rest], n);
      merge(byTenant, [tenantId, ...rest], n);
    }
    this.apply('loan_tallies', 'tenant_id, group_id, status, kind, due_date', byGroup.values());
    this.apply('loan_tenant_tallies', 'tenant_id, status, kind, due_date', byTenant.values());
  }

  private apply(table: string, columns: string, entries: Iterable<{ key: readonly string[]; n: number }>): void {
    const names = columns.split(', ');
    const marks = names.map(() => '?').join(', ');
    const match = names.map((c) => `${c} = ?`).join(' AND ');
    for (const { key, n } of entries) {
      if (n === 0) continue;
      this.sql.run(
        `INSERT INTO ${table} (${columns}, n) VALUES (${marks}, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n`,
        ...key,
        n,
      );
      // Keys that no loan has any more would pile up (every past due date): drop them.
      if (n < 0) this.sql.run(`DELETE FROM ${table} WHERE ${match} AND n = 0`, ...key);
    }
  }

  counts(tenantId: string, pool: readonly string[] | null, today: string): LoanCounts {
    const { table, where } = tallyWhere(tenantId, pool);
    const counts = this.sql.get<LoanCounts>(`SELECT ${SUMS} FROM ${table} ${where}`, today, ...where.params);
    return counts!;
  }

  /** The same counts per group of the pool (null: every group), from `loan_tallies` in one pass. */
  countsByGroup(tenantId: string, pool: readonly string[] | null, today: string): GroupLoanCounts[] {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (pool) where.add(inJson('group_id'), json(pool));
    return this.sql.all<GroupLoanCounts>(
      `SELECT group_id AS groupId, ${SUMS} FROM loan_tallies ${where} GROUP BY group_id HAVING sum(n) > 0`,
      today,
      ...where.params,
    );
  }

  /** How many loans match `filter`, or null when the filter looks at more than the tallies hold. */
  total(tenantId: string, f: LoanFilter): number | null {
    if (f.q || f.userGroup || f.holderId) return null;
    const { table, where } = tallyWhere(tenantId, f.poolGroupIds, f.groupId);
    if (f.status) where.add('status = ?', f.status);
    if (f.kind) where.add('kind = ?', f.kind);
    if (f.overdueBefore) where.add(OVERDUE, f.overdueBefore);
    if (f.dueOn) where.add(`status = 'ISSUED' AND due_date = ?`, f.dueOn);
    return this.sql.number(`SELECT coalesce(sum(n), 0) FROM ${table} ${where}`, ...where.params);
  }
}
