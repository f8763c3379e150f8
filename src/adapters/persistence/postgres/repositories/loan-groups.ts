import type { LoanGroup } from '../../../../domain/loans/loan.js';
import type { LoanGroupRepository } from '../../../../ports/repositories/loan-groups.js';
import { insertMany, mapUniqueViolation, query, queryOne, type Column, type Queryable } from '../sql.js';

const columns = (tenantId: string): Column<LoanGroup>[] => [
  ['id', 'text', (g) => g.id],
  ['tenant_id', 'text', () => tenantId],
  ['name', 'text', (g) => g.name],
];

const UNIQUES = { loan_groups_pkey: 'loan group id', loan_groups_tenant_name_key: 'loan group' };

export class PgLoanGroupRepository implements LoanGroupRepository {
  constructor(private readonly db: Queryable) {}

  insertMany(tenantId: string, groups: readonly LoanGroup[]): Promise<void> {
    return insertMany(this.db, 'loan_groups', columns(tenantId), groups, UNIQUES);
  }

  findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<LoanGroup | null> {
    const lock = opts.forUpdate ? ' FOR UPDATE' : '';
    return queryOne<LoanGroup>(this.db, `SELECT id, name FROM loan_groups WHERE tenant_id = $1 AND id = $2${lock}`, [
      tenantId,
      id,
    ]);
  }

  async findByNames(tenantId: string, names: readonly string[]): Promise<LoanGroup[]> {
    if (names.length === 0) return [];
    const sql = 'SELECT id, name FROM loan_groups WHERE tenant_id = $1 AND name = ANY($2::text[])';
    return (await query<LoanGroup>(this.db, sql, [tenantId, names])).rows;
  }

  async list(tenantId: string): Promise<LoanGroup[]> {
    const sql = 'SELECT id, name FROM loan_groups WHERE tenant_id = $1 ORDER BY name COLLATE "C", id COLLATE "C"';
    return (await query<LoanGroup>(this.db, sql, [tenantId])).rows;
  }

  /** Loans follow the new name (the loan_groups_loan_names_update trigger). */
  async rename(tenantId: string, id: string, name: string): Promise<boolean> {
    const sql = 'UPDATE loan_groups SET name = $3 WHERE tenant_id = $1 AND id = $2';
    return (await mapUniqueViolation(query(this.db, sql, [tenantId, id, name]), UNIQUES)).rowCount === 1;
  }
}
