import type { Device } from '../../../../domain/devices/device.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { DeviceRepository, DeviceSearch } from '../../../../ports/repositories.js';
import { pageOf, count, insertMany, query, queryOne, Where, type Column, type Queryable } from '../sql.js';

interface DeviceRecord {
  id: string;
  serial: string;
  kind: string;
  manufacturer: string | null;
  model: string | null;
  status: Device['status'];
  assigned_person_id: string | null;
  purchase_date: string | null;
  purchase_cost_minor: number | null;
  warranty_end: string | null;
}

const SELECT = `SELECT id, serial, kind, manufacturer, model, status, assigned_person_id, purchase_date,
  purchase_cost_minor, warranty_end FROM devices`;

const toDevice = (r: DeviceRecord): Device => ({
  id: r.id,
  serial: r.serial,
  kind: r.kind,
  manufacturer: r.manufacturer,
  model: r.model,
  status: r.status,
  assignedPersonId: r.assigned_person_id,
  purchaseDate: r.purchase_date,
  purchaseCostMinor: r.purchase_cost_minor,
  warrantyEnd: r.warranty_end,
});

const columns = (tenantId: string): Column<Device>[] => [
  ['id', 'text', (d) => d.id],
  ['tenant_id', 'text', () => tenantId],
  ['serial', 'text', (d) => d.serial],
  ['kind', 'text', (d) => d.kind],
  ['manufacturer', 'text', (d) => d.manufacturer],
  ['model', 'text', (d) => d.model],
  ['status', 'text', (d) => d.status],
  ['assigned_person_id', 'text', (d) => d.assignedPersonId],
  ['purchase_date', 'text', (d) => d.purchaseDate],
  ['purchase_cost_minor', 'bigint', (d) => d.purchaseCostMinor],
  ['warranty_end', 'text', (d) => d.warrantyEnd],
];

const UNIQUES = { devices_tenant_serial_key: 'device serial', devices_pkey: 'device id' };

export class PgDeviceRepository implements DeviceRepository {
  constructor(private readonly db: Queryable) {}

  insertMany(tenantId: string, devices: readonly Device[]): Promise<void> {
    return insertMany(this.db, 'devices', columns(tenantId), devices, UNIQUES);
  }

  async findById(tenantId: string, id: string): Promise<Device | null> {
    const row = await queryOne<DeviceRecord>(this.db, `${SELECT} WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return row && toDevice(row);
  }

  async findBySerial(tenantId: string, serial: string): Promise<Device | null> {
    const sql = `${SELECT} WHERE tenant_id = $1 AND serial = $2`;
    const row = await queryOne<DeviceRecord>(this.db, sql, [tenantId, serial]);
    return row && toDevice(row);
  }

  async search(tenantId: string, search: DeviceSearch, page: PageRequest): Promise<Page<Device>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (search.q) where.contains(search.q, ['serial', 'manufacturer', 'model']);
    if (search.kind) where.add('kind = ?', search.kind);
    if (search.status) where.add('status = ?', search.status);
    return pageOf(this.db, { select: SELECT, from: 'devices', where, orderBy: 'serial', page, map: toDevice });
  }

  async listAssignedTo(tenantId: string, personId: string): Promise<Device[]> {
    const sql = `${SELECT} WHERE tenant_id = $1 AND assigned_person_id = $2 ORDER BY serial`;
    const { rows } = await query<DeviceRecord>(this.db, sql, [tenantId, personId]);
    return rows.map(toDevice);
  }

  count(tenantId: string): Promise<number> {
    return count(this.db, 'FROM devices WHERE tenant_id = $1', [tenantId]);
  }
}
