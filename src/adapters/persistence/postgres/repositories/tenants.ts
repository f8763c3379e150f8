import type { ModuleName } from '../../../../domain/access/permissions.js';
import type { Tenant } from '../../../../domain/tenants/tenant.js';
import type { Counter, TenantRepository } from '../../../../ports/repositories/tenants.js';
import { mapUniqueViolation, query, queryOne, type Queryable } from '../sql.js';

// Hosts and modules come along as sorted arrays, so one query reads a whole tenant.
const SELECT = `
  SELECT t.id, t.slug, t.name, t.time_zone AS "timeZone", t.currency, t.created_at AS "createdAt",
    ARRAY(SELECT h.host FROM tenant_hosts h WHERE h.tenant_id = t.id ORDER BY h.host) AS hosts,
    ARRAY(SELECT m.module FROM tenant_modules m WHERE m.tenant_id = t.id ORDER BY m.module) AS modules
  FROM tenants t`;

const UNIQUES = { tenants_slug_key: 'tenant slug', tenant_hosts_pkey: 'host', tenants_pkey: 'tenant id' };

export class PgTenantRepository implements TenantRepository {
  constructor(private readonly db: Queryable) {}

  async create(tenant: Tenant): Promise<void> {
    // One statement, so the tenant, its hosts and its modules are written together even outside a transaction.
    const sql = `
      WITH t AS (
        INSERT INTO tenants (id, slug, name, time_zone, currency, created_at) VALUES ($1, $2, $3, $4, $5, $6)
      ), h AS (
        INSERT INTO tenant_hosts (host, tenant_id) SELECT unnest($7::text[]), $1
      )
      INSERT INTO tenant_modules (tenant_id, module) SELECT $1, unnest($8::text[])`;
    const values = [tenant.id, tenant.slug, tenant.name, tenant.timeZone, tenant.currency, tenant.createdAt];
    const hosts = tenant.hosts.map((h) => h.toLowerCase());
    await mapUniqueViolation(query(this.db, sql, [...values, hosts, [...new Set(tenant.modules)]]), UNIQUES);
  }

  async findBySlug(slug: string): Promise<Tenant | null> {
    return queryOne<Tenant>(this.db, `${SELECT} WHERE t.slug = $1`, [slug]);
  }

  async findByHost(host: string): Promise<Tenant | null> {
    const sql = `${SELECT} WHERE t.id = (SELECT tenant_id FROM tenant_hosts WHERE host = $1)`;
    return queryOne<Tenant>(this.db, sql, [host.toLowerCase()]);
  }

  async findById(tenantId: string): Promise<Tenant | null> {
    return queryOne<Tenant>(this.db, `${SELECT} WHERE t.id = $1`, [tenantId]);
  }

  async list(): Promise<Tenant[]> {
    return (await query<Tenant>(this.db, `${SELECT} ORDER BY t.slug`)).rows;
  }

  async setModules(tenantId: string, modules: readonly ModuleName[]): Promise<void> {
    // One statement: delete what is no longer enabled, add what is new (kept rows are untouched).
    const sql = `
      WITH gone AS (DELETE FROM tenant_modules WHERE tenant_id = $1 AND NOT (module = ANY($2::text[])))
      INSERT INTO tenant_modules (tenant_id, module) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`;
    await query(this.db, sql, [tenantId, [...new Set(modules)]]);
  }

  takeNumber(tenantId: string, counter: Counter): Promise<number> {
    return this.takeNumbers(tenantId, counter, 1);
  }

  async takeNumbers(tenantId: string, counter: Counter, count: number): Promise<number> {
    // The upsert locks the counter row until the transaction ends: concurrent takers queue, never share.
    const sql = `
      INSERT INTO tenant_counters AS c (tenant_id, counter, next_value) VALUES ($1, $2, 1 + $3::bigint)
      ON CONFLICT (tenant_id, counter) DO UPDATE SET next_value = c.next_value + $3::bigint
      RETURNING next_value - $3::bigint AS first`;
    const row = await queryOne<{ first: number }>(this.db, sql, [tenantId, counter, count]);
    return row!.first;
  }

  async alertEmails(tenantId: string): Promise<string[] | null> {
    const row = await queryOne<{ emails: string[] | null }>(
      this.db,
      'SELECT alert_emails AS emails FROM tenants WHERE id = $1',
      [tenantId],
    );
    return row?.emails ?? null;
  }

  async setAlertEmails(tenantId: string, emails: readonly string[] | null): Promise<void> {
    await query(this.db, 'UPDATE tenants SET alert_emails = $2::jsonb WHERE id = $1', [
      tenantId,
      emails ? JSON.stringify(emails) : null,
    ]);
  }

  async peekNumber(tenantId: string, counter: Counter): Promise<number> {
    const sql = 'SELECT next_value FROM tenant_counters WHERE tenant_id = $1 AND counter = $2';
    const row = await queryOne<{ next_value: number }>(this.db, sql, [tenantId, counter]);
    return row?.next_value ?? 1;
  }
}
