import type { AccountEntry, Coverage, OutstandingBalance } from '../../../../src/domain/accounts/account-entry.js';
import type { Page, PageRequest } from '../../../../src/domain/shared/paging.js';
import type { AccountRepository } from '../../../../src/ports/repositories/accounts.js';
import { compare, copy, emptyState, findRow, pageOf, rowsOf, type MemoryState } from './store.js';

const signed = (e: AccountEntry): number => (e.kind === 'charge' ? e.amountMinor : -e.amountMinor);

export class MemoryAccountRepository implements AccountRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  // Stored in the order recorded: the array's order is the databases' `seq`.
  private of(tenantId: string, personId: string): AccountEntry[] {
    return rowsOf(this.state.accountEntries, tenantId).filter((e) => e.personId === personId);
  }

  async append(tenantId: string, entry: AccountEntry): Promise<void> {
    this.state.accountEntries.push({ tenantId, row: copy(entry) });
  }

  async balance(tenantId: string, personId: string): Promise<number> {
    return this.of(tenantId, personId).reduce((sum, e) => sum + signed(e), 0);
  }

  async entriesOf(tenantId: string, personId: string): Promise<AccountEntry[]> {
    return copy(this.of(tenantId, personId).reverse());
  }

  async findEntry(tenantId: string, id: string): Promise<AccountEntry | null> {
    return copy(findRow(this.state.accountEntries, tenantId, id));
  }

  async waivedOf(tenantId: string, chargeId: string): Promise<number> {
    return rowsOf(this.state.accountEntries, tenantId)
      .filter((e) => e.kind === 'waiver' && e.chargeId === chargeId)
      .reduce((sum, e) => sum + e.amountMinor, 0);
  }

  async claimsUsed(tenantId: string, personId: string, schoolYear: string): Promise<number> {
    return this.of(tenantId, personId).filter((e) => e.kind === 'charge' && e.claimYear === schoolYear).length;
  }

  async outstanding(tenantId: string, page: PageRequest): Promise<Page<OutstandingBalance>> {
    const people = new Map(rowsOf(this.state.people, tenantId).map((p) => [p.id, p]));
    const personIds = new Set(rowsOf(this.state.accountEntries, tenantId).map((e) => e.personId));
    const owing: OutstandingBalance[] = [];
    for (const personId of personIds) {
      const entries = this.of(tenantId, personId);
      const balance = entries.reduce((sum, e) => sum + signed(e), 0);
      const person = people.get(personId);
      if (balance <= 0 || !person) continue;
      const credited = entries.filter((e) => e.kind !== 'charge').reduce((sum, e) => sum + e.amountMinor, 0);
      let upto = 0;
      const oldest = entries.find((e) => e.kind === 'charge' && (upto += e.amountMinor) > credited)!;
      owing.push({
        personId,
        name: person.name,
        userGroup: person.userGroup,
        balanceMinor: balance,
        oldestChargeAt: oldest.recordedAt,
      });
    }
    owing.sort(
      (a, b) =>
        compare(a.oldestChargeAt, b.oldestChargeAt) || compare(a.name, b.name) || compare(a.personId, b.personId),
    );
    return pageOf(owing, page);
  }

  async coverageOf(tenantId: string, personId: string, schoolYear: string): Promise<Coverage | null> {
    const found = rowsOf(this.state.coverages, tenantId).find(
      (c) => c.personId === personId && c.schoolYear === schoolYear,
    );
    return found ? copy(found) : null;
  }

  async putCoverage(tenantId: string, coverage: Coverage): Promise<void> {
    await this.deleteCoverage(tenantId, coverage.personId, coverage.schoolYear);
    this.state.coverages.push({ tenantId, row: copy(coverage) });
  }

  async deleteCoverage(tenantId: string, personId: string, schoolYear: string): Promise<boolean> {
    const i = this.state.coverages.findIndex(
      (o) => o.tenantId === tenantId && o.row.personId === personId && o.row.schoolYear === schoolYear,
    );
    if (i < 0) return false;
    this.state.coverages.splice(i, 1);
    return true;
  }
}
