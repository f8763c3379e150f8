import type { ModuleName } from '../../domain/access/permissions.js';
import type { SchoolDetails, Tenant } from '../../domain/tenants/tenant.js';

/** Per-tenant sequences. `event` numbers the tenant's events (OutboxRepository). */
export type Counter = 'loan' | 'submission' | 'ticket' | 'event';

export abstract class TenantRepository {
  /** Inserts the tenant with its hosts and modules. Duplicate slug or host → conflict. */
  abstract create(tenant: Tenant): Promise<void>;
  /** Finds the tenant (cross-tenant lookup by its unique slug). */
  abstract findBySlug(slug: string): Promise<Tenant | null>;
  /** Finds the tenant (cross-tenant lookup by one of its host names, lower case). */
  abstract findByHost(host: string): Promise<Tenant | null>;
  abstract findById(tenantId: string): Promise<Tenant | null>;
  /** Every tenant, ordered by slug. */
  abstract list(): Promise<Tenant[]>;
  abstract setModules(tenantId: string, modules: readonly ModuleName[]): Promise<void>;
  /**
   * Replaces what a school says of itself: its name, time zone, currency and host names (the list
   * given is the whole list). A host name another tenant has → conflict, changing nothing.
   */
  abstract update(tenantId: string, school: SchoolDetails): Promise<void>;
  /** Takes the next number of a per-tenant sequence (starting at 1); numbers are never reused. */
  abstract takeNumber(tenantId: string, counter: Counter): Promise<number>;
  /** Takes `count` consecutive numbers and returns the first (bulk seeding). */
  abstract takeNumbers(tenantId: string, counter: Counter, count: number): Promise<number>;
  /** The number `takeNumber` would return next, without taking it. */
  abstract peekNumber(tenantId: string, counter: Counter): Promise<number>;
  /** Where the tenant's alerts go (SendAlert): the addresses set, or null for "the school administrators". */
  abstract alertEmails(tenantId: string): Promise<string[] | null>;
  abstract setAlertEmails(tenantId: string, emails: readonly string[] | null): Promise<void>;
}
