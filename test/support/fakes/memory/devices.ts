import type { Device } from '../../../../src/domain/devices/device.js';
import type { Page, PageRequest } from '../../../../src/domain/shared/paging.js';
import type { DeviceRepository, DeviceSearch } from '../../../../src/ports/repositories/devices.js';
import {
  compare,
  contains,
  copy,
  emptyState,
  findRow,
  insertOwned,
  matches,
  MemoryState,
  pageOf,
  replaceOwned,
  rowsOf,
} from './store.js';

const DEVICE_KEYS = { serial: (d: Device) => d.serial };

export class MemoryDeviceRepository implements DeviceRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, devices: readonly Device[]): Promise<void> {
    insertOwned(this.state.devices, tenantId, devices, DEVICE_KEYS);
  }

  async findBySerials(tenantId: string, serials: readonly string[]): Promise<Device[]> {
    const wanted = new Set(serials);
    return rowsOf(this.state.devices, tenantId)
      .filter((d) => wanted.has(d.serial))
      .map(copy);
  }

  async scan(tenantId: string, search: DeviceSearch, after: string | null, limit: number): Promise<Device[]> {
    return this.matching(tenantId, search)
      .filter((d) => after === null || d.serial > after)
      .slice(0, limit)
      .map(copy);
  }

  async update(tenantId: string, device: Device): Promise<boolean> {
    return (await this.updateMany(tenantId, [device])) === 1;
  }

  async updateMany(tenantId: string, devices: readonly Device[]): Promise<number> {
    return replaceOwned(this.state.devices, tenantId, devices, DEVICE_KEYS);
  }

  async findById(tenantId: string, id: string): Promise<Device | null> {
    return copy(findRow(this.state.devices, tenantId, id));
  }

  async findBySerial(tenantId: string, serial: string): Promise<Device | null> {
    return copy(rowsOf(this.state.devices, tenantId).find((d) => d.serial === serial) ?? null);
  }

  async search(tenantId: string, search: DeviceSearch, page: PageRequest): Promise<Page<Device>> {
    return pageOf(this.matching(tenantId, search), page);
  }

  private matching(tenantId: string, search: DeviceSearch): Device[] {
    const { q } = search;
    return this.bySerial(tenantId)
      .filter((d) => q === undefined || [d.serial, d.manufacturer, d.model].some((v) => contains(v, q)))
      .filter((d) => matches(search.kind, d.kind) && matches(search.status, d.status))
      .filter((d) => matches(search.assignedTo, d.assignedPersonId ?? undefined));
  }

  async listAssignedTo(tenantId: string, personId: string): Promise<Device[]> {
    return this.bySerial(tenantId)
      .filter((d) => d.assignedPersonId === personId)
      .map(copy);
  }

  async count(tenantId: string): Promise<number> {
    return rowsOf(this.state.devices, tenantId).length;
  }

  private bySerial(tenantId: string): Device[] {
    return rowsOf(this.state.devices, tenantId).sort((a, b) => compare(a.serial, b.serial));
  }
}
