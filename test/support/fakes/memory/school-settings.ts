import type { SchoolSettingRepository } from '../../../../src/ports/repositories/school-settings.js';
import { emptyState, type MemoryState } from './store.js';

export class MemorySchoolSettingRepository implements SchoolSettingRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async get(tenantId: string, name: string): Promise<unknown> {
    const stored = this.state.schoolSettings[`${tenantId}:${name}`];
    return stored === undefined ? null : (JSON.parse(stored) as unknown);
  }

  async put(tenantId: string, name: string, value: unknown): Promise<void> {
    this.state.schoolSettings[`${tenantId}:${name}`] = JSON.stringify(value);
  }
}
