import type { Device } from '../../../domain/devices/device.js';
import type { Page, PageRequest } from '../../../domain/shared/paging.js';
import type { DeviceRepository, DeviceSearch } from '../../../ports/repositories/devices.js';
import type { Column, Db } from '../sql/db.js';

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

/** The asset register, on either dialect. */
export class SqlDeviceRepository implements DeviceRepository {
  constructor(private readonly db: Db) {}

  insertMany(tenantId: string, devices: readonly Device[]): Promise<void> {
    return this.db.insertMany('devices', columns(tenantId), devices, 'device');
  }

  findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<Device | null> {
    return this.findOne('id = ?', [tenantId, id], opts.forUpdate);
  }

  findBySerial(tenantId: string, serial: string, opts: { forUpdate?: boolean } = {}): Promise<Device | null> {
    return this.findOne('serial = ?', [tenantId, serial], opts.forUpdate);
  }

  private findOne(condition: string, params: unknown[], forUpdate = false): Promise<Device | null> {
    const lock = forUpdate ? this.db.lock() : '';
    return this.db.one<Device>(`SELECT ${COLUMNS} FROM devices WHERE tenant_id = ? AND ${condition}${lock}`, params);
  }

  findBySerials(tenantId: string, serials: readonly string[]): Promise<Device[]> {
    if (serials.length === 0) return Promise.resolve([]);
    const sql = `SELECT ${COLUMNS} ${this.db.fromKeys('devices', 'devices', 'serial')}`;
    return this.db.all<Device>(sql, [tenantId, this.db.list([...new Set(serials)])]);
  }

  search(tenantId: string, search: DeviceSearch, page: PageRequest): Promise<Page<Device>> {
    const where = this.searchWhere(tenantId, search);
    return this.db.page<Device>({ columns: COLUMNS, from: 'devices', where, orderBy: 'serial', page });
  }

  scan(tenantId: string, search: DeviceSearch, after: string | null, limit: number): Promise<Device[]> {
    const where = this.searchWhere(tenantId, search);
    if (after !== null) where.add('serial > ?', after);
    return this.db.all<Device>(`SELECT ${COLUMNS} FROM devices ${where} ORDER BY serial LIMIT ?`, [
      ...where.params,
      limit,
    ]);
  }

  listAssignedTo(tenantId: string, personId: string): Promise<Device[]> {
    const sql = `SELECT ${COLUMNS} FROM devices WHERE tenant_id = ? AND assigned_person_id = ? ORDER BY serial`;
    return this.db.all<Device>(sql, [tenantId, personId]);
  }

  async update(tenantId: string, device: Device): Promise<boolean> {
    return (await this.updateMany(tenantId, [device])) === 1;
  }

  updateMany(tenantId: string, devices: readonly Device[]): Promise<number> {
    return this.db.updateMany('devices', tenantId, fields, devices, 'device');
  }

  count(tenantId: string): Promise<number> {
    return this.db.count('FROM devices WHERE tenant_id = ?', [tenantId]);
  }

  private searchWhere(tenantId: string, search: DeviceSearch) {
    const where = this.db.where().add('tenant_id = ?', tenantId);
    if (search.q) where.contains(search.q, ['serial', 'manufacturer', 'model']);
    if (search.kind) where.add('kind = ?', search.kind);
    if (search.status) where.add('status = ?', search.status);
    if (search.assignedTo) where.add('assigned_person_id = ?', search.assignedTo);
    return where;
  }
}
