import type { Device } from '../../../../domain/devices/device.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { DeviceRepository, DeviceSearch } from '../../../../ports/repositories/devices.js';
import {
  count,
  fromKeys,
  insertMany,
  pageOf,
  query,
  queryOne,
  updateMany,
  Where,
  type Column,
  type Queryable,
} from '../sql.js';

// Aliased to the domain's names, so rows are Devices (bigint reads as a number: pg-database.ts).
const COLUMNS = `id, serial, kind, manufacturer, model, status, assigned_person_id AS "assignedPersonId",
  purchase_date AS "purchaseDate", purchase_cost_minor AS "purchaseCostMinor", warranty_end AS "warrantyEnd",
  status_before_repair AS "statusBeforeRepair"`;

/** Every column but the id and the tenant: what an update writes. */
const fields: Column<Device>[] = [
  ['serial', 'text', (d) => d.serial],
  ['kind', 'text', (d) => d.kind],
  ['manufacturer', 'text', (d) => d.manufacturer],
  ['model', 'text', (d) => d.model],
  ['status', 'text', (d) => d.status],
  ['assigned_person_id', 'text', (d) => d.assignedPersonId],
  ['purchase_date', 'text', (d) => d.purchaseDate],
  ['purchase_cost_minor', 'bigint', (d) => d.purchaseCostMinor],
  ['warranty_end', 'text', (d) => d.warrantyEnd],
  ['status_before_repair', 'text', (d) => d.statusBeforeRepair],
];

const columns = (tenantId: string): Column<Device>[] => [
  ['id', 'text', (d) => d.id],
  ['tenant_id', 'text', () => tenantId],
  ...fields,
];

const UNIQUES = { devices_tenant_serial_key: 'device serial', devices_pkey: 'device id' };

function searchWhere(tenantId: string, search: DeviceSearch): Where {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (search.q) where.contains(search.q, ['serial', 'manufacturer', 'model']);
  if (search.kind) where.add('kind = ?', search.kind);
  if (search.status) where.add('status = ?', search.status);
  if (search.assignedTo) where.add('assigned_person_id = ?', search.assignedTo);
  return where;
}

export class PgDeviceRepository implements DeviceRepository {
  constructor(private readonly db: Queryable) {}

  insertMany(tenantId: string, devices: readonly Device[]): Promise<void> {
    return insertMany(this.db, 'devices', columns(tenantId), devices, UNIQUES);
  }

  findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<Device | null> {
    return this.findOne('id = $2', [tenantId, id], opts.forUpdate);
  }

  findBySerial(tenantId: string, serial: string, opts: { forUpdate?: boolean } = {}): Promise<Device | null> {
    return this.findOne('serial = $2', [tenantId, serial], opts.forUpdate);
  }

  private findOne(condition: string, values: unknown[], forUpdate = false): Promise<Device | null> {
    const sql = `SELECT ${COLUMNS} FROM devices WHERE tenant_id = $1 AND ${condition}${forUpdate ? ' FOR UPDATE' : ''}`;
    return queryOne<Device>(this.db, sql, values);
  }

  async findBySerials(tenantId: string, serials: readonly string[]): Promise<Device[]> {
    if (serials.length === 0) return [];
    const sql = `SELECT ${COLUMNS} ${fromKeys('devices', 'devices', 'serial')}`;
    return (await query<Device>(this.db, sql, [tenantId, [...new Set(serials)]])).rows;
  }

  search(tenantId: string, search: DeviceSearch, page: PageRequest): Promise<Page<Device>> {
    const where = searchWhere(tenantId, search);
    return pageOf<Device>(this.db, { columns: COLUMNS, from: 'devices', where, orderBy: 'serial', page });
  }

  async scan(tenantId: string, search: DeviceSearch, after: string | null, limit: number): Promise<Device[]> {
    const where = searchWhere(tenantId, search);
    if (after !== null) where.add('serial > ?', after);
    const n = where.param(limit);
    const sql = `SELECT ${COLUMNS} FROM devices ${where} ORDER BY serial LIMIT ${n}`;
    return (await query<Device>(this.db, sql, where.params)).rows;
  }

  async listAssignedTo(tenantId: string, personId: string): Promise<Device[]> {
    const sql = `SELECT ${COLUMNS} FROM devices WHERE tenant_id = $1 AND assigned_person_id = $2 ORDER BY serial`;
    return (await query<Device>(this.db, sql, [tenantId, personId])).rows;
  }

  async update(tenantId: string, device: Device): Promise<boolean> {
    return (await this.updateMany(tenantId, [device])) === 1;
  }

  updateMany(tenantId: string, devices: readonly Device[]): Promise<number> {
    return updateMany(this.db, 'devices', tenantId, fields, devices, UNIQUES);
  }

  count(tenantId: string): Promise<number> {
    return count(this.db, 'FROM devices WHERE tenant_id = $1', [tenantId]);
  }
}
