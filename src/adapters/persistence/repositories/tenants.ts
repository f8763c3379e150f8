import { MODULES, type ModuleName } from '../../../domain/access/permissions.js';
import type { SchoolDetails, Tenant } from '../../../domain/tenants/tenant.js';
import type { Counter, TenantRepository } from '../../../ports/repositories/tenants.js';
import { json, parseJson, type Column, type Db } from '../sql/db.js';

type TenantRow = Omit<Tenant, 'hosts' | 'modules'> & { readonly hosts: string; readonly modules: string };

// Modules come back in the catalogue's order, hosts alphabetically: neither table keeps an order.
const byCatalogue = (a: ModuleName, b: ModuleName) => MODULES.indexOf(a) - MODULES.indexOf(b);

const toTenant = ({ hosts, modules, ...row }: TenantRow): Tenant => ({
  ...row,
  hosts: parseJson<string[]>(hosts),
  modules: parseJson<ModuleName[]>(modules).sort(byCatalogue),
});

const hostColumns = (tenantId: string): Column<string>[] => [
  ['host', 'text', (host) => host],
  ['tenant_id', 'text', () => tenantId],
];
const moduleColumns = (tenantId: string): Column<ModuleName>[] => [
  ['tenant_id', 'text', () => tenantId],
  ['module', 'text', (module) => module],
];

/** Schools, their host names (kept in lower case) and modules, on either dialect. */
export class SqlTenantRepository implements TenantRepository {
  /** A whole tenant in one query: its hosts and modules come along as JSON arrays. */
  private readonly select: string;

  constructor(private readonly db: Db) {
    this.select = `SELECT t.id, t.slug, t.name, t.time_zone AS "timeZone", t.currency, t.created_at AS "createdAt",
      ${db.jsonArray('h.host', 'FROM tenant_hosts h WHERE h.tenant_id = t.id ORDER BY h.host')} AS hosts,
      ${db.jsonArray('m.module', 'FROM tenant_modules m WHERE m.tenant_id = t.id')} AS modules
      FROM tenants t`;
  }

  create(tenant: Tenant): Promise<void> {
    return this.db.atomic(async () => {
      const sql = 'INSERT INTO tenants (id, slug, name, time_zone, currency, created_at) VALUES (?, ?, ?, ?, ?, ?)';
      const values = [tenant.id, tenant.slug, tenant.name, tenant.timeZone, tenant.currency, tenant.createdAt];
      await this.db.conflicts(() => this.db.run(sql, values), 'tenant', { slug: tenant.slug, id: tenant.id });
      const hosts = tenant.hosts.map((h) => h.toLowerCase());
      await this.db.insertMany('tenant_hosts', hostColumns(tenant.id), hosts, 'tenant');
      await this.insertModules(tenant.id, tenant.modules);
    });
  }

  findBySlug(slug: string): Promise<Tenant | null> {
    return this.find('t.slug = ?', slug);
  }

  findByHost(host: string): Promise<Tenant | null> {
    return this.find('t.id = (SELECT tenant_id FROM tenant_hosts WHERE host = ?)', host.toLowerCase());
  }

  findById(tenantId: string): Promise<Tenant | null> {
    return this.find('t.id = ?', tenantId);
  }

  async list(): Promise<Tenant[]> {
    return (await this.db.all<TenantRow>(`${this.select} ORDER BY t.slug`)).map(toTenant);
  }

  setModules(tenantId: string, modules: readonly ModuleName[]): Promise<void> {
    return this.db.atomic(async () => {
      await this.db.run('DELETE FROM tenant_modules WHERE tenant_id = ?', [tenantId]);
      await this.insertModules(tenantId, modules);
    });
  }

  update(tenantId: string, school: SchoolDetails): Promise<void> {
    return this.db.atomic(async () => {
      const sql = 'UPDATE tenants SET name = ?, time_zone = ?, currency = ? WHERE id = ?';
      await this.db.run(sql, [school.name, school.timeZone, school.currency, tenantId]);
      await this.db.run('DELETE FROM tenant_hosts WHERE tenant_id = ?', [tenantId]);
      const hosts = school.hosts.map((h) => h.toLowerCase());
      await this.db.insertMany('tenant_hosts', hostColumns(tenantId), hosts, 'tenant');
    });
  }

  takeNumber(tenantId: string, counter: Counter): Promise<number> {
    return this.takeNumbers(tenantId, counter, 1);
  }

  async takeNumbers(tenantId: string, counter: Counter, count: number): Promise<number> {
    // One upsert: the first use creates the row; RETURNING gives the first number taken. It holds the
    // counter row until the transaction ends, so concurrent takers queue and never share a number.
    const row = await this.db.one<{ first: number }>(
      `INSERT INTO tenant_counters (tenant_id, counter, next_value) VALUES (?, ?, 1 + ?)
       ON CONFLICT (tenant_id, counter) DO UPDATE SET next_value = tenant_counters.next_value + excluded.next_value - 1
       RETURNING next_value - ? AS first`,
      [tenantId, counter, count, count],
    );
    return row!.first;
  }

  async peekNumber(tenantId: string, counter: Counter): Promise<number> {
    const sql = 'SELECT next_value AS n FROM tenant_counters WHERE tenant_id = ? AND counter = ?';
    return (await this.db.one<{ n: number }>(sql, [tenantId, counter]))?.n ?? 1;
  }

  async alertEmails(tenantId: string): Promise<string[] | null> {
    const row = await this.db.one<{ emails: string | null }>(
      'SELECT alert_emails AS emails FROM tenants WHERE id = ?',
      [tenantId],
    );
    return row?.emails ? parseJson<string[]>(row.emails) : null;
  }

  async setAlertEmails(tenantId: string, emails: readonly string[] | null): Promise<void> {
    await this.db.run('UPDATE tenants SET alert_emails = ? WHERE id = ?', [emails ? json(emails) : null, tenantId]);
  }

  private insertModules(tenantId: string, modules: readonly ModuleName[]): Promise<void> {
    return this.db.insertMany('tenant_modules', moduleColumns(tenantId), [...new Set(modules)], 'tenant');
  }

  private async find(condition: string, value: string): Promise<Tenant | null> {
    const row = await this.db.one<TenantRow>(`${this.select} WHERE ${condition}`, [value]);
    return row && toTenant(row);
  }
}
