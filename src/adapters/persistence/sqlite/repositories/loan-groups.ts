import type { LoanGroup } from '../../../../domain/loans/loan.js';
import type { LoanGroupRepository } from '../../../../ports/repositories.js';
import { conflictOf, type Sql } from '../sql.js';

export class SqliteLoanGroupRepository implements LoanGroupRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, groups: readonly LoanGroup[]): Promise<void> {
    const insert = this.sql.statement('INSERT INTO loan_groups (id, tenant_id, name) VALUES (?, ?, ?)');
    this.sql.atomic(() => {
      for (const g of groups) {
        try {
          insert.run(g.id, tenantId, g.name);
        } catch (error) {
          throw conflictOf(error, 'loan group', { id: g.id });
        }
      }
    });
  }

  async findById(tenantId: string, id: string): Promise<LoanGroup | null> {
    return this.sql.get<LoanGroup>('SELECT id, name FROM loan_groups WHERE tenant_id = ? AND id = ?', tenantId, id);
  }

  async list(tenantId: string): Promise<LoanGroup[]> {
    return this.sql.all<LoanGroup>('SELECT id, name FROM loan_groups WHERE tenant_id = ? ORDER BY name, id', tenantId);
  }
}
