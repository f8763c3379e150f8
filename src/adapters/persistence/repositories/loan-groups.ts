import type { LoanGroup } from '../../../domain/loans/loan.js';
import type { LoanGroupRepository } from '../../../ports/repositories/loan-groups.js';
import type { Column, Db } from '../sql/db.js';

const columns = (tenantId: string): Column<LoanGroup>[] => [
  ['id', 'text', (g) => g.id],
  ['tenant_id', 'text', () => tenantId],
  ['name', 'text', (g) => g.name],
];

/**
 * The groups loans are lent from (a cart, a shelf, a class set), by name, on either dialect; lists
 * by name then id, bytewise, as the tenant's name index holds them.
 */
export class SqlLoanGroupRepository implements LoanGroupRepository {
  private readonly order: string;

  constructor(private readonly db: Db) {
    this.order = `${db.bytewise('name')}, ${db.bytewise('id')}`;
  }

  insertMany(tenantId: string, groups: readonly LoanGroup[]): Promise<void> {
    return this.db.insertMany('loan_groups', columns(tenantId), groups, 'loan group');
  }

  findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<LoanGroup | null> {
    const lock = opts.forUpdate ? this.db.lock() : '';
    return this.db.one<LoanGroup>(`SELECT id, name FROM loan_groups WHERE tenant_id = ? AND id = ?${lock}`, [
      tenantId,
      id,
    ]);
  }

  findByNames(tenantId: string, names: readonly string[]): Promise<LoanGroup[]> {
    if (names.length === 0) return Promise.resolve([]);
    const sql = `SELECT id, name FROM loan_groups WHERE tenant_id = ? AND ${this.db.in('name')}`;
    return this.db.all<LoanGroup>(sql, [tenantId, this.db.list(names)]);
  }

  list(tenantId: string): Promise<LoanGroup[]> {
    return this.db.all<LoanGroup>(`SELECT id, name FROM loan_groups WHERE tenant_id = ? ORDER BY ${this.order}`, [
      tenantId,
    ]);
  }

  /** Loans follow the new name into their search text (each dialect's trigger). */
  async rename(tenantId: string, id: string, name: string): Promise<boolean> {
    const sql = 'UPDATE loan_groups SET name = ? WHERE tenant_id = ? AND id = ?';
    return (await this.db.conflicts(() => this.db.run(sql, [name, tenantId, id]), 'loan group', { name })) === 1;
  }
}
