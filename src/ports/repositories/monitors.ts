import type { Monitor, MonitorState, MonitorStatus } from '../../domain/monitors/monitor.js';

/** A tenant's monitors, and the deployment's own (the disk): what the scheduler checks. */
export abstract class MonitorRepository {
  /** Duplicate id → conflict. */
  abstract create(tenantId: string, monitor: Monitor): Promise<void>;
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Monitor | null>;
  /** Ordered by name, then id. */
  abstract list(tenantId: string): Promise<Monitor[]>;
  abstract count(tenantId: string): Promise<number>;
  /** Writes every field but id and createdAt; false when there is no such monitor. */
  abstract update(tenantId: string, monitor: Monitor): Promise<boolean>;
  /** False when there is no such monitor. */
  abstract delete(tenantId: string, id: string): Promise<boolean>;
  /**
   * Cross-tenant (the scheduler, SPEC §11): monitors due at `at` (nextCheckAt ≤ at), the longest
   * waiting first (then by id), at most `limit`, each with its tenant id.
   */
  abstract listDue(at: string, limit: number): Promise<{ tenantId: string; monitor: Monitor }[]>;
  /** Cross-tenant (metrics): how many monitors are in each state, every state present. */
  abstract countByState(): Promise<Record<MonitorState, number>>;
  /** A deployment monitor's status (`disk`); null until one is saved. */
  abstract deploymentStatus(name: string): Promise<MonitorStatus | null>;
  abstract saveDeploymentStatus(name: string, status: MonitorStatus): Promise<void>;
}
