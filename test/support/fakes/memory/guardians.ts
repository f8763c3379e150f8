import type { Guardian } from '../../../../src/domain/people/guardian.js';
import type { GuardianRepository } from '../../../../src/ports/repositories/guardians.js';
import { copy, emptyState, type MemoryState } from './store.js';

export class MemoryGuardianRepository implements GuardianRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async listFor(tenantId: string, personId: string): Promise<Guardian[]> {
    return copy(this.state.guardians[`${tenantId}:${personId}`] ?? []);
  }

  async listForPeople(tenantId: string, personIds: readonly string[]): Promise<Map<string, Guardian[]>> {
    const byPerson = new Map<string, Guardian[]>();
    for (const id of new Set(personIds)) {
      const list = this.state.guardians[`${tenantId}:${id}`];
      if (list?.length) byPerson.set(id, copy(list));
    }
    return byPerson;
  }

  async replace(tenantId: string, personId: string, guardians: readonly Guardian[]): Promise<void> {
    if (guardians.length === 0) delete this.state.guardians[`${tenantId}:${personId}`];
    else this.state.guardians[`${tenantId}:${personId}`] = copy([...guardians]);
  }
}
