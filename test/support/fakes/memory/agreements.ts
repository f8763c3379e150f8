import type { Agreement } from '../../../../src/domain/people/agreement.js';
import type { AgreementRepository } from '../../../../src/ports/repositories/agreements.js';
import { copy, emptyState, type MemoryState } from './store.js';

export class MemoryAgreementRepository implements AgreementRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async record(tenantId: string, agreement: Agreement): Promise<void> {
    this.state.agreements.push({ tenantId, row: copy(agreement) });
  }

  async findForYear(tenantId: string, personId: string, schoolYear: string): Promise<Agreement | null> {
    return this.forPeople(tenantId, [personId], schoolYear).then((m) => m.get(personId) ?? null);
  }

  async forPeople(tenantId: string, personIds: readonly string[], schoolYear: string): Promise<Map<string, Agreement>> {
    const wanted = new Set(personIds);
    const byPerson = new Map<string, Agreement>();
    const rows = this.state.agreements
      .filter((o) => o.tenantId === tenantId && o.row.schoolYear === schoolYear && wanted.has(o.row.personId))
      .map((o) => o.row)
      .sort((a, b) => (a.recordedAt === b.recordedAt ? (a.id < b.id ? -1 : 1) : a.recordedAt < b.recordedAt ? -1 : 1));
    for (const row of rows) byPerson.set(row.personId, copy(row));
    return byPerson;
  }
}
