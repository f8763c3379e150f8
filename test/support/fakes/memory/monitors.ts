import type { Monitor, MonitorState, MonitorStatus } from '../../../../src/domain/monitors/monitor.js';
import type { MonitorRepository } from '../../../../src/ports/repositories/monitors.js';
import { compare, copy, emptyState, findRow, insertOwned, MemoryState, Owned, rowsOf } from './store.js';

export class MemoryMonitorRepository implements MonitorRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenantId: string, monitor: Monitor): Promise<void> {
    insertOwned(this.state.monitors, tenantId, [monitor]);
  }

  async findById(tenantId: string, id: string): Promise<Monitor | null> {
    return copy(findRow(this.state.monitors, tenantId, id));
  }

  async list(tenantId: string): Promise<Monitor[]> {
    return rowsOf(this.state.monitors, tenantId)
      .sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id))
      .map(copy);
  }

  async count(tenantId: string): Promise<number> {
    return rowsOf(this.state.monitors, tenantId).length;
  }

  async update(tenantId: string, monitor: Monitor): Promise<boolean> {
    const i = this.state.monitors.findIndex((o) => o.tenantId === tenantId && o.row.id === monitor.id);
    if (i < 0) return false;
    this.state.monitors[i] = { tenantId, row: { ...copy(monitor), createdAt: this.state.monitors[i]!.row.createdAt } };
    return true;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const before = this.state.monitors.length;
    this.state.monitors = this.state.monitors.filter((o) => !(o.tenantId === tenantId && o.row.id === id));
    return this.state.monitors.length < before;
  }

  async listDue(at: string, limit: number): Promise<{ tenantId: string; monitor: Monitor }[]> {
    return this.active()
      .filter((o) => o.row.nextCheckAt <= at)
      .sort((a, b) => compare(a.row.nextCheckAt, b.row.nextCheckAt) || compare(a.row.id, b.row.id))
      .slice(0, limit)
      .map((o) => ({ tenantId: o.tenantId, monitor: copy(o.row) }));
  }

  async countByState(): Promise<Record<MonitorState, number>> {
    const counts: Record<MonitorState, number> = { unknown: 0, up: 0, down: 0 };
    for (const o of this.active()) counts[o.row.state] += 1;
    return counts;
  }

  async deploymentStatus(name: string): Promise<MonitorStatus | null> {
    return copy(this.state.deploymentMonitors[name] ?? null);
  }

  async saveDeploymentStatus(name: string, status: MonitorStatus): Promise<void> {
    this.state.deploymentMonitors[name] = copy(status);
  }

  /** Monitors of tenants with the events module. */
  private active(): Owned<Monitor>[] {
    const on = new Set(this.state.tenants.filter((t) => t.modules.includes('events')).map((t) => t.id));
    return this.state.monitors.filter((o) => on.has(o.tenantId));
  }
}
