import type { Device } from '../../../../domain/devices/device.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { DeviceRepository, DeviceSearch } from '../../../../ports/repositories.js';
import { pageOf, count, insertMany, query, queryOne, Where, type Column, type Queryable } from '../sql.js';

// Aliased to the domain's names, so rows are Devices (bigint reads as a number: pg-database.ts).
const COLUMNS = `id, serial, kind, manufacturer, model, status, assigned_person_id AS "assignedPersonId",
  purchase_date AS "purchaseDate", purchase_cost_minor AS "purchaseCostMinor", warranty_end AS "warrantyEnd"`;

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
    return queryOne<Device>(this.db, `SELECT ${COLUMNS} FROM devices WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  async findBySerial(tenantId: string, serial: string): Promise<Device | null> {
    const sql = `SELECT ${COLUMNS} FROM devices WHERE tenant_id = $1 AND serial = $2`;
    return queryOne<Device>(this.db, sql, [tenantId, serial]);
  }

  async search(tenantId: string, search: DeviceSearch, page: PageRequest): Promise<Page<Device>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (search.q) where.contains(search.q, ['serial', 'manufacturer', 'model']);
    if (search.kind) where.add('kind = ?', search.kind);
    if (search.status) where.add('status = ?', search.status);
    return pageOf<Device>(this.db, { columns: COLUMNS, from: 'devices', where, orderBy: 'serial', page });
  }

  async listAssignedTo(tenantId: string, personId: string): Promise<Device[]> {
    const sql = `SELECT ${COLUMNS} FROM devices WHERE tenant_id = $1 AND assigned_person_id = $2 ORDER BY serial`;
    return (await query<Device>(this.db, sql, [tenantId, personId])).rows;
  }

  count(tenantId: string): Promise<number> {
    return count(this.db, 'FROM devices WHERE tenant_id = $1', [tenantId]);
  }
}
