import { MODULES, type ModuleName } from '../../../../domain/access/permissions.js';
import type { Tenant } from '../../../../domain/tenants/tenant.js';
import type { Counter, TenantRepository } from '../../../../ports/repositories/tenants.js';
import { conflictOf, insertMany, json, parseJson, type Column, type Sql } from '../sql.js';

type TenantRow = Omit<Tenant, 'hosts' | 'modules'>;
const COLUMNS = 'id, slug, name, time_zone AS timeZone, currency, created_at AS createdAt';

// Modules come back in the catalogue's order, hosts alphabetically: neither table keeps an order.
const byCatalogue = (a: ModuleName, b: ModuleName) => MODULES.indexOf(a) - MODULES.indexOf(b);

const hostColumns = (tenantId: string): Column<string>[] => [
  ['host', (host) => host],
  ['tenant_id', () => tenantId],
];
const moduleColumns = (tenantId: string): Column<ModuleName>[] => [
  ['tenant_id', () => tenantId],
  ['module', (module) => module],
];

export class SqliteTenantRepository implements TenantRepository {
  constructor(private readonly sql: Sql) {}

  async create(tenant: Tenant): Promise<void> {
    this.sql.atomic(() => {
      try {
        this.sql.run(
          'INSERT INTO tenants (id, slug, name, time_zone, currency, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          tenant.id,
          tenant.slug,
          tenant.name,
          tenant.timeZone,
          tenant.currency,
          tenant.createdAt,
        );
      } catch (error) {
        throw conflictOf(error, 'tenant', { slug: tenant.slug, id: tenant.id });
      }
      insertMany(this.sql, 'tenant_hosts', hostColumns(tenant.id), tenant.hosts, 'tenant');
      this.insertModules(tenant.id, tenant.modules);
    });
  }

  async findBySlug(slug: string): Promise<Tenant | null> {
    return this.complete(this.sql.get<TenantRow>(`SELECT ${COLUMNS} FROM tenants WHERE slug = ?`, slug));
  }

  async findByHost(host: string): Promise<Tenant | null> {
    const row = this.sql.get<TenantRow>(
      `SELECT ${COLUMNS} FROM tenants WHERE id = (SELECT tenant_id FROM tenant_hosts WHERE host = ?)`,
      host,
    );
    return this.complete(row);
  }

  async findById(tenantId: string): Promise<Tenant | null> {
    return this.complete(this.sql.get<TenantRow>(`SELECT ${COLUMNS} FROM tenants WHERE id = ?`, tenantId));
  }

  async list(): Promise<Tenant[]> {
    const rows = this.sql.all<TenantRow>(`SELECT ${COLUMNS} FROM tenants ORDER BY slug`);
    return rows.map((row) => this.complete(row)!);
  }

  async setModules(tenantId: string, modules: readonly ModuleName[]): Promise<void> {
    this.sql.atomic(() => {
      this.sql.run('DELETE FROM tenant_modules WHERE tenant_id = ?', tenantId);
      this.insertModules(tenantId, modules);
    });
  }

  async takeNumber(tenantId: string, counter: Counter): Promise<number> {
    return this.takeNumbers(tenantId, counter, 1);
  }

  async takeNumbers(tenantId: string, counter: Counter, count: number): Promise<number> {
    // One upsert: the first use creates the row; RETURNING gives the first number taken.
    return this.sql.number(
      `INSERT INTO tenant_counters (tenant_id, counter, next_value) VALUES (?, ?, 1 + ?)
       ON CONFLICT (tenant_id, counter) DO UPDATE SET next_value = next_value + excluded.next_value - 1
       RETURNING next_value - ?`,
      tenantId,
      counter,
      count,
      count,
    );
  }

  async peekNumber(tenantId: string, counter: Counter): Promise<number> {
    const next = this.sql.get<{ n: number }>(
      'SELECT next_value AS n FROM tenant_counters WHERE tenant_id = ? AND counter = ?',
      tenantId,
      counter,
    );
    return next?.n ?? 1;
  }

  async alertEmails(tenantId: string): Promise<string[] | null> {
    const row = this.sql.get<{ emails: string | null }>(
      'SELECT alert_emails AS emails FROM tenants WHERE id = ?',
      tenantId,
    );
    return row?.emails ? parseJson<string[]>(row.emails) : null;
  }

  async setAlertEmails(tenantId: string, emails: readonly string[] | null): Promise<void> {
    this.sql.run('UPDATE tenants SET alert_emails = ? WHERE id = ?', emails ? json(emails) : null, tenantId);
  }

  private insertModules(tenantId: string, modules: readonly ModuleName[]): void {
    insertMany(this.sql, 'tenant_modules', moduleColumns(tenantId), [...new Set(modules)], 'tenant');
  }

  private complete(row: TenantRow | null): Tenant | null {
    if (!row) return null;
    const hosts = this.sql.column<string>('SELECT host FROM tenant_hosts WHERE tenant_id = ? ORDER BY host', row.id);
    const modules = this.sql.column<ModuleName>('SELECT module FROM tenant_modules WHERE tenant_id = ?', row.id);
    return { ...row, hosts, modules: modules.sort(byCatalogue) };
  }
}
