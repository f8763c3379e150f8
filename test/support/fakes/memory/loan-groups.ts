import type { LoanGroup } from '../../../../src/domain/loans/loan.js';
import type { LoanGroupRepository } from '../../../../src/ports/repositories/loan-groups.js';
import { compare, copy, emptyState, findRow, insertOwned, MemoryState, replaceOwned, rowsOf } from './store.js';

const GROUP_KEYS = { 'loan group': (g: LoanGroup) => g.name };

export class MemoryLoanGroupRepository implements LoanGroupRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, groups: readonly LoanGroup[]): Promise<void> {
    insertOwned(this.state.loanGroups, tenantId, groups, GROUP_KEYS);
  }

  async findByNames(tenantId: string, names: readonly string[]): Promise<LoanGroup[]> {
    const wanted = new Set(names);
    return rowsOf(this.state.loanGroups, tenantId)
      .filter((g) => wanted.has(g.name))
      .map(copy);
  }

  async rename(tenantId: string, id: string, name: string): Promise<boolean> {
    return replaceOwned(this.state.loanGroups, tenantId, [{ id, name }], GROUP_KEYS) === 1;
  }

  async findById(tenantId: string, id: string): Promise<LoanGroup | null> {
    return copy(findRow(this.state.loanGroups, tenantId, id));
  }

  async list(tenantId: string): Promise<LoanGroup[]> {
    return rowsOf(this.state.loanGroups, tenantId)
      .sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id))
      .map(copy);
  }
}
