import type { LoanGroup } from '../../../../domain/loans/loan.js';
import type { LoanGroupRepository } from '../../../../ports/repositories.js';
import { insertMany, query, queryOne, type Column, type Queryable } from '../sql.js';

const columns = (tenantId: string): Column<LoanGroup>[] => [
  ['id', 'text', (g) => g.id],
  ['tenant_id', 'text', () => tenantId],
  ['name', 'text', (g) => g.name],
];

export class PgLoanGroupRepository implements LoanGroupRepository {
  constructor(private readonly db: Queryable) {}

  insertMany(tenantId: string, groups: readonly LoanGroup[]): Promise<void> {
    return insertMany(this.db, 'loan_groups', columns(tenantId), groups, { loan_groups_pkey: 'loan group id' });
  }

  findById(tenantId: string, id: string): Promise<LoanGroup | null> {
    return queryOne<LoanGroup>(this.db, 'SELECT id, name FROM loan_groups WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      id,
    ]);
  }

  async list(tenantId: string): Promise<LoanGroup[]> {
    const sql = 'SELECT id, name FROM loan_groups WHERE tenant_id = $1 ORDER BY name COLLATE "C", id COLLATE "C"';
    return (await query<LoanGroup>(this.db, sql, [tenantId])).rows;
  }
}
