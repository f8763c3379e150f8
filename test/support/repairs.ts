/**
 * Helpers for the repairs and costs suites: the app on either database, and everything a repair or
 * a cost could write, read straight through the UnitOfWork (never through the routes under test).
 */
import type { Container } from 'inversify';
import { UnitOfWork } from '../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from './app.js';

export const DATABASES: readonly TestDatabase[] = ['sqlite', 'postgres'];

/** The real server on a fresh database, logging warnings and errors only. */
export const startRecordsApp = (database: TestDatabase): Promise<TestApp> =>
  startApp({ database, env: { LOG_LEVEL: 'warn' } });

const ALL = { page: 1, pageSize: 1_000_000 };

/**
 * Everything a repair's move or a cost could change in a tenant, as one comparable value: the
 * submissions, the register as stored (with the status before a repair), the loans, the cost
 * entries, the audit trail and the outbox.
 */
export function recordsState(container: Container, tenantId: string) {
  return container.get(UnitOfWork).read(async (r) => ({
    submissions: (await r.submissions.search(tenantId, {}, ALL)).items,
    devices: (await r.devices.search(tenantId, {}, ALL)).items,
    loans: (await r.loans.list(tenantId, { poolGroupIds: null }, ALL)).items,
    costs: (await r.costs.list(tenantId, {}, ALL)).items,
    audit: await r.audit.list(tenantId, { limit: 1_000_000 }),
    outbox: await r.outbox.listAfter(tenantId, 0, 1_000_000),
  }));
}
export type RecordsState = Awaited<ReturnType<typeof recordsState>>;

/** The tenant's events after `afterId`, oldest first. */
export const eventsAfter = (container: Container, tenantId: string, afterId: number) =>
  container.get(UnitOfWork).read((r) => r.outbox.listAfter(tenantId, afterId, 1_000));

export const newestEventId = (container: Container, tenantId: string) =>
  container.get(UnitOfWork).read((r) => r.outbox.newestId(tenantId));

/** The tenant's audit entries, newest first. */
export const auditTrail = (container: Container, tenantId: string, limit = 20) =>
  container.get(UnitOfWork).read((r) => r.audit.list(tenantId, { limit }));

/** Sums of the tenant's cost entries dated in [from, to], per key of `keyOf`, as the breakdown's rows. */
export async function expectedRows(
  container: Container,
  tenantId: string,
  keyOf: (c: RecordsState['costs'][number]) => string,
  from: string,
  to: string,
) {
  const costs = (await container.get(UnitOfWork).read((r) => r.costs.list(tenantId, { from, to }, ALL))).items;
  const rows = new Map<string, { key: string; count: number; amountMinor: number }>();
  for (const c of costs) {
    const row = rows.get(keyOf(c)) ?? { key: keyOf(c), count: 0, amountMinor: 0 };
    rows.set(keyOf(c), { ...row, count: row.count + 1, amountMinor: row.amountMinor + c.amountMinor });
  }
  return [...rows.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
