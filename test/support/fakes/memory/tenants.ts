import type { ModuleName } from '../../../../src/domain/access/permissions.js';
import { conflict } from '../../../../src/domain/shared/errors.js';
import type { SchoolDetails, Tenant } from '../../../../src/domain/tenants/tenant.js';
import type { Counter, TenantRepository } from '../../../../src/ports/repositories/tenants.js';
import { assertUnique, compare, copy, emptyState, MemoryState } from './store.js';

export class MemoryTenantRepository implements TenantRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenant: Tenant): Promise<void> {
    assertUnique(this.state.tenants, [tenant], { 'tenant id': (t) => t.id, 'tenant slug': (t) => t.slug });
    const taken = new Set(this.state.tenants.flatMap((t) => t.hosts.map((h) => h.toLowerCase())));
    for (const host of tenant.hosts) {
      if (taken.has(host.toLowerCase())) throw conflict(`host ${host} already belongs to a tenant`);
    }
    this.state.tenants.push(copy(tenant));
  }

  async findBySlug(slug: string): Promise<Tenant | null> {
    return copy(this.state.tenants.find((t) => t.slug === slug) ?? null);
  }

  async findByHost(host: string): Promise<Tenant | null> {
    const wanted = host.toLowerCase();
    return copy(this.state.tenants.find((t) => t.hosts.some((h) => h.toLowerCase() === wanted)) ?? null);
  }

  async findById(tenantId: string): Promise<Tenant | null> {
    return copy(this.state.tenants.find((t) => t.id === tenantId) ?? null);
  }

  async list(): Promise<Tenant[]> {
    return [...this.state.tenants].sort((a, b) => compare(a.slug, b.slug)).map(copy);
  }

  async setModules(tenantId: string, modules: readonly ModuleName[]): Promise<void> {
    this.state.tenants = this.state.tenants.map((t) => (t.id === tenantId ? { ...t, modules: [...modules] } : t));
  }

  async update(tenantId: string, school: SchoolDetails): Promise<void> {
    const hosts = school.hosts.map((h) => h.toLowerCase());
    const taken = new Set(this.state.tenants.filter((t) => t.id !== tenantId).flatMap((t) => t.hosts));
    for (const host of hosts) if (taken.has(host)) throw conflict(`host ${host} already belongs to a tenant`);
    this.state.tenants = this.state.tenants.map((t) =>
      t.id === tenantId ? { ...t, ...school, hosts: [...hosts].sort(compare) } : t,
    );
  }

  async takeNumber(tenantId: string, counter: Counter): Promise<number> {
    return this.takeNumbers(tenantId, counter, 1);
  }

  async takeNumbers(tenantId: string, counter: Counter, count: number): Promise<number> {
    const first = await this.peekNumber(tenantId, counter);
    this.state.counters[`${tenantId}:${counter}`] = first + count - 1;
    return first;
  }

  async peekNumber(tenantId: string, counter: Counter): Promise<number> {
    return (this.state.counters[`${tenantId}:${counter}`] ?? 0) + 1;
  }

  async alertEmails(tenantId: string): Promise<string[] | null> {
    return copy(this.state.alertEmails[tenantId] ?? null);
  }

  async setAlertEmails(tenantId: string, emails: readonly string[] | null): Promise<void> {
    if (emails) this.state.alertEmails[tenantId] = [...emails];
    else delete this.state.alertEmails[tenantId];
  }
}
