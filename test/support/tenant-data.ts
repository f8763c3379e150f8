/**
 * Reads a tenant's rows straight through the UnitOfWork (never through the surface under test), and
 * mints keys in states the use cases cannot produce on demand (expired). For the REST, isolation and
 * fuzz suites.
 */
import type { Container } from 'inversify';
import { toDeviceView } from '../../src/domain/devices/device.js';
import { formatKey, keyBodyFromBytes, lookupPrefix } from '../../src/domain/identity/api-key.js';
import { RevokeApiKey } from '../../src/domain/identity/revoke-api-key.js';
import { operatorActor } from '../../src/domain/tenants/operator-actor.js';
import { ResolveTenant } from '../../src/domain/tenants/resolve-tenant.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import { IdGenerator } from '../../src/ports/id-generator.js';
import { Secrets } from '../../src/ports/secrets.js';
import { UnitOfWork } from '../../src/ports/unit-of-work.js';
import type { TestApp } from './app.js';
import { perform } from '../../src/domain/shared/use-case.js';
import { resolveFrom } from '../../src/bootstrap/container.js';

const ALL = { page: 1, pageSize: 100_000 };

export const tenantBySlug = (container: Container, slug: string): Promise<Tenant> =>
  resolveFrom(container)(ResolveTenant).bySlug(slug);

/** Every record of a tenant a tool or route could name. */
export async function readTenantData(container: Container, slug: string) {
  const tenant = await tenantBySlug(container, slug);
  const t = tenant.id;
  return container.get(UnitOfWork).read(async (r) => {
    const people = await r.people.search(t, { q: '', limit: 100_000 });
    return {
      tenant,
      people,
      staff: people.filter((p) => p.kind === 'STAFF'),
      pupils: people.filter((p) => p.kind === 'PUPIL'),
      groups: await r.loanGroups.list(t),
      loans: (await r.loans.list(t, { poolGroupIds: null }, ALL)).items,
      // As every surface shows them (the status before a repair stays inside).
      devices: (await r.devices.search(t, {}, ALL)).items.map(toDeviceView),
      submissions: (await r.submissions.search(t, {}, ALL)).items,
      tickets: (await r.tickets.search(t, {}, ALL)).items,
    };
  });
}
export type TenantData = Awaited<ReturnType<typeof readTenantData>>;

/** How many audit entries and outbox events the tenant has. */
export async function writeCounts(container: Container, tenantId: string) {
  return container.get(UnitOfWork).read(async (r) => ({
    audit: (await r.audit.list(tenantId, { limit: 1_000_000 })).length,
    outbox: (await r.outbox.listAfter(tenantId, 0, 1_000_000)).length,
  }));
}

/** Everything a write through a tool could change, as one comparable value. */
export async function writableState(container: Container, tenantId: string) {
  const state = await container.get(UnitOfWork).read(async (r) => ({
    loans: (await r.loans.list(tenantId, { poolGroupIds: null }, ALL)).items,
    submissions: (await r.submissions.search(tenantId, {}, ALL)).items,
  }));
  return { ...state, ...(await writeCounts(container, tenantId)) };
}

/** The tenant's audit entries for one action, newest first. */
export const auditEntries = (container: Container, tenantId: string, action: string) =>
  container.get(UnitOfWork).read((r) => r.audit.list(tenantId, { limit: 1_000, action }));

/** A key that was valid and has been revoked. */
export async function revokedKey(app: TestApp, slug: string, scopes: readonly string[]) {
  const minted = await app.key(slug, scopes);
  await perform(resolveFrom(app.container), RevokeApiKey, operatorActor(await tenantBySlug(app.container, slug)), {
    id: minted.id,
  });
  return minted;
}

/** A key whose expiry has passed: stored directly, as no use case mints one in the past. */
export async function expiredKey(app: TestApp, slug: string, scopes: readonly string[]) {
  const tenant = await tenantBySlug(app.container, slug);
  const secrets = app.container.get(Secrets);
  const key = formatKey(keyBodyFromBytes(secrets.randomBytes(48)));
  const id = app.container.get(IdGenerator).next();
  await app.container.get(UnitOfWork).transaction((r) =>
    r.apiKeys.create({
      id,
      tenantId: tenant.id,
      name: 'expired key',
      prefix: lookupPrefix(key),
      hash: secrets.hash(key),
      scopes: [...scopes],
      createdAt: '2025-01-01T00:00:00.000Z',
      expiresAt: '2025-02-01T00:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    }),
  );
  return { key, id };
}
