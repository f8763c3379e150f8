import type { DeviceStatus } from '../../domain/devices/device-states.js';
import type { Device } from '../../domain/devices/device.js';
import type { Page, PageRequest } from '../../domain/shared/paging.js';

export interface DeviceSearch {
  /** Literal, case-insensitive substring of serial, manufacturer or model. */
  readonly q?: string | undefined;
  readonly kind?: string | undefined;
  readonly status?: DeviceStatus | undefined;
  /** Devices assigned to this person. */
  readonly assignedTo?: string | undefined;
}

export abstract class DeviceRepository {
  /** Duplicate serial within the tenant → conflict. */
  abstract insertMany(tenantId: string, devices: readonly Device[]): Promise<void>;
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Device | null>;
  abstract findBySerial(tenantId: string, serial: string, opts?: { forUpdate?: boolean }): Promise<Device | null>;
  /** Devices with these serials, in no particular order. */
  abstract findBySerials(tenantId: string, serials: readonly string[]): Promise<Device[]>;
  /** Ordered by serial. */
  abstract search(tenantId: string, search: DeviceSearch, page: PageRequest): Promise<Page<Device>>;
  /** Up to `limit` matches with a serial after `after` (null: from the start), by serial, without a total. */
  abstract scan(tenantId: string, search: DeviceSearch, after: string | null, limit: number): Promise<Device[]>;
  /** Devices assigned to the person, ordered by serial. */
  abstract listAssignedTo(tenantId: string, personId: string): Promise<Device[]>;
  /** Writes every field but the id; false when there is no such device. Duplicate serial → conflict. */
  abstract update(tenantId: string, device: Device): Promise<boolean>;
  /** `update` for many devices at once (imports); the count of rows written. */
  abstract updateMany(tenantId: string, devices: readonly Device[]): Promise<number>;
  abstract count(tenantId: string): Promise<number>;
}
