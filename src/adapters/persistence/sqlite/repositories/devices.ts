import type { Device } from '../../../../domain/devices/device.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { DeviceRepository, DeviceSearch } from '../../../../ports/repositories/devices.js';
import { count, inJson, insertMany, json, pageOf, updateMany, Where, type Column, type Sql } from '../sql.js';

const COLUMNS = `id, serial, kind, manufacturer, model, status, assigned_person_id AS assignedPersonId,
  purchase_date AS purchaseDate, purchase_cost_minor AS purchaseCostMinor, warranty_end AS warrantyEnd,
  status_before_repair AS statusBeforeRepair`;

/** Every column but the id and the tenant: what an update writes. */
const fields: Column<Device>[] = [
  ['serial', (d) => d.serial],
  ['kind', (d) => d.kind],
  ['manufacturer', (d) => d.manufacturer],
  ['model', (d) => d.model],
  ['status', (d) => d.status],
  ['assigned_person_id', (d) => d.assignedPersonId],
  ['purchase_date', (d) => d.purchaseDate],
  ['purchase_cost_minor', (d) => d.purchaseCostMinor],
  ['warranty_end', (d) => d.warrantyEnd],
  ['status_before_repair', (d) => d.statusBeforeRepair],
];

const columns = (tenantId: string): Column<Device>[] => [['id', (d) => d.id], ['tenant_id', () => tenantId], ...fields];

function searchWhere(tenantId: string, search: DeviceSearch): Where {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (search.q) where.contains(search.q, ['serial', 'manufacturer', 'model']);
  if (search.kind) where.add('kind = ?', search.kind);
  if (search.status) where.add('status = ?', search.status);
  if (search.assignedTo) where.add('assigned_person_id = ?', search.assignedTo);
  return where;
}

export class SqliteDeviceRepository implements DeviceRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, devices: readonly Device[]): Promise<void> {
    insertMany(this.sql, 'devices', columns(tenantId), devices, 'device');
  }

  // No row lock needed: the caller's BEGIN IMMEDIATE already holds the database's write lock.
  async findById(tenantId: string, id: string): Promise<Device | null> {
    return this.sql.get<Device>(`SELECT ${COLUMNS} FROM devices WHERE tenant_id = ? AND id = ?`, tenantId, id);
  }

  async findBySerial(tenantId: string, serial: string): Promise<Device | null> {
    return this.sql.get<Device>(`SELECT ${COLUMNS} FROM devices WHERE tenant_id = ? AND serial = ?`, tenantId, serial);
  }

  async findBySerials(tenantId: string, serials: readonly string[]): Promise<Device[]> {
    if (serials.length === 0) return [];
    return this.sql.all<Device>(
      `SELECT ${COLUMNS} FROM devices WHERE tenant_id = ? AND ${inJson('serial')}`,
      tenantId,
      json(serials),
    );
  }

  async search(tenantId: string, search: DeviceSearch, page: PageRequest): Promise<Page<Device>> {
    const where = searchWhere(tenantId, search);
    return pageOf<Device>(this.sql, { columns: COLUMNS, from: 'devices', where, orderBy: 'serial', page });
  }

  async scan(tenantId: string, search: DeviceSearch, after: string | null, limit: number): Promise<Device[]> {
    const where = searchWhere(tenantId, search);
    if (after !== null) where.add('serial > ?', after);
    return this.sql.all<Device>(
      `SELECT ${COLUMNS} FROM devices ${where} ORDER BY serial LIMIT ?`,
      ...where.params,
      limit,
    );
  }

  async listAssignedTo(tenantId: string, personId: string): Promise<Device[]> {
    return this.sql.all<Device>(
      `SELECT ${COLUMNS} FROM devices WHERE tenant_id = ? AND assigned_person_id = ? ORDER BY serial`,
      tenantId,
      personId,
    );
  }

  async update(tenantId: string, device: Device): Promise<boolean> {
    return (await this.updateMany(tenantId, [device])) === 1;
  }

  async updateMany(tenantId: string, devices: readonly Device[]): Promise<number> {
    return updateMany(this.sql, 'devices', tenantId, fields, devices, 'device');
  }

  async count(tenantId: string): Promise<number> {
    return count(this.sql, 'FROM devices WHERE tenant_id = ?', [tenantId]);
  }
}
