import type { Device } from '../../../../domain/devices/device.js';
import { offsetOf, type Page, type PageRequest } from '../../../../domain/shared/paging.js';
import type { DeviceRepository, DeviceSearch } from '../../../../ports/repositories.js';
import { conflictOf, containsText, Where, type Sql } from '../sql.js';

const COLUMNS = `id, serial, kind, manufacturer, model, status, assigned_person_id AS assignedPersonId,
  purchase_date AS purchaseDate, purchase_cost_minor AS purchaseCostMinor, warranty_end AS warrantyEnd`;

export class SqliteDeviceRepository implements DeviceRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, devices: readonly Device[]): Promise<void> {
    const insert = this.sql.statement(
      `INSERT INTO devices (id, tenant_id, serial, kind, manufacturer, model, status, assigned_person_id,
         purchase_date, purchase_cost_minor, warranty_end) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.sql.atomic(() => {
      for (const d of devices) {
        try {
          insert.run(
            d.id,
            tenantId,
            d.serial,
            d.kind,
            d.manufacturer,
            d.model,
            d.status,
            d.assignedPersonId,
            d.purchaseDate,
            d.purchaseCostMinor,
            d.warrantyEnd,
          );
        } catch (error) {
          throw conflictOf(error, 'device', { serial: d.serial, id: d.id });
        }
      }
    });
  }

  async findById(tenantId: string, id: string): Promise<Device | null> {
    return this.sql.get<Device>(`SELECT ${COLUMNS} FROM devices WHERE tenant_id = ? AND id = ?`, tenantId, id);
  }

  async findBySerial(tenantId: string, serial: string): Promise<Device | null> {
    return this.sql.get<Device>(`SELECT ${COLUMNS} FROM devices WHERE tenant_id = ? AND serial = ?`, tenantId, serial);
  }

  async search(tenantId: string, search: DeviceSearch, page: PageRequest): Promise<Page<Device>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (search.q) where.add(...containsText(['serial', 'manufacturer', 'model'], search.q));
    if (search.kind) where.add('kind = ?', search.kind);
    if (search.status) where.add('status = ?', search.status);
    const items = this.sql.all<Device>(
      `SELECT ${COLUMNS} FROM devices ${where.sql} ORDER BY serial LIMIT ? OFFSET ?`,
      ...where.params,
      page.pageSize,
      offsetOf(page),
    );
    const total = this.sql.number(`SELECT count(*) FROM devices ${where.sql}`, ...where.params);
    return { items, total };
  }

  async listAssignedTo(tenantId: string, personId: string): Promise<Device[]> {
    return this.sql.all<Device>(
      `SELECT ${COLUMNS} FROM devices WHERE tenant_id = ? AND assigned_person_id = ? ORDER BY serial`,
      tenantId,
      personId,
    );
  }

  async count(tenantId: string): Promise<number> {
    return this.sql.number('SELECT count(*) FROM devices WHERE tenant_id = ?', tenantId);
  }
}
