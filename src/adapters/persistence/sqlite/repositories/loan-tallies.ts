import type { Loan } from '../../../../domain/loans/loan.js';
import type { Sql } from '../sql.js';

export type TallyKey = Pick<Loan, 'groupId' | 'status' | 'kind' | 'dueDate'>;

/**
 * The tally tables (see the migrations): loan counts per group, status, kind and due date ('' for
 * none) in `loan_tallies`, and the same per tenant without the group in `loan_tenant_tallies`, changed
 * by SQLite's loan queries inside the same savepoint as the loans themselves (Postgres keeps its own
 * by trigger). Both dialects read them alike (../../repositories/loans.ts).
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
}
