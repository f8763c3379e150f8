import type { LoanGroup } from '../../../../domain/loans/loan.js';
import type { LoanGroupRepository } from '../../../../ports/repositories/loan-groups.js';
import { conflictOf, inJson, insertMany, json, type Column, type Sql } from '../sql.js';

const columns = (tenantId: string): Column<LoanGroup>[] => [
  ['id', (g) => g.id],
  ['tenant_id', () => tenantId],
  ['name', (g) => g.name],
];

export class SqliteLoanGroupRepository implements LoanGroupRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, groups: readonly LoanGroup[]): Promise<void> {
    insertMany(this.sql, 'loan_groups', columns(tenantId), groups, 'loan group');
  }

  /** `forUpdate` needs nothing more: SQLite's write transactions already hold the database lock. */
  async findById(tenantId: string, id: string): Promise<LoanGroup | null> {
    return this.sql.get<LoanGroup>('SELECT id, name FROM loan_groups WHERE tenant_id = ? AND id = ?', tenantId, id);
  }

  async findByNames(tenantId: string, names: readonly string[]): Promise<LoanGroup[]> {
    if (names.length === 0) return [];
    return this.sql.all<LoanGroup>(
      `SELECT id, name FROM loan_groups WHERE tenant_id = ? AND ${inJson('name')}`,
      tenantId,
      json(names),
    );
  }

  async list(tenantId: string): Promise<LoanGroup[]> {
    return this.sql.all<LoanGroup>('SELECT id, name FROM loan_groups WHERE tenant_id = ? ORDER BY name, id', tenantId);
  }

  async rename(tenantId: string, id: string, name: string): Promise<boolean> {
    // The loan_groups_loan_search_name trigger follows the new name into the loan search index.
    try {
      return (
        this.sql.run('UPDATE loan_groups SET name = ? WHERE tenant_id = ? AND id = ?', name, tenantId, id).changes === 1
      );
    } catch (error) {
      throw conflictOf(error, 'loan group', { name });
    }
  }
}
