/**
 * The monitor repository's part of the one repository contract (repositories.contract.ts calls it):
 * the same assertions on SQLite, Postgres and the memory fake. The due list and the counts are
 * cross-tenant and the subject's database is shared by the whole contract run, so each case looks
 * only at its own monitors.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Monitor, MonitorCheck } from '../../src/domain/monitors/monitor.js';
import type { Repositories } from '../../src/ports/repositories.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import { DomainError } from '../../src/domain/shared/errors.js';

const T0 = '2026-03-01T08:00:00.000Z';

export const aMonitor = (o: Partial<Monitor> = {}): Monitor => ({
  id: randomUUID(),
  name: 'School website',
  url: 'https://www.school.example/',
  intervalSeconds: 60,
  expectStatus: null,
  state: 'unknown',
  since: null,
  consecutiveFailures: 0,
  lastCheck: null,
  nextCheckAt: T0,
  createdAt: T0,
  updatedAt: T0,
  ...o,
});

const aCheck = (o: Partial<MonitorCheck> = {}): MonitorCheck => ({
  at: '2026-03-01T08:01:00.000Z',
  ok: false,
  status: 503,
  ms: 41,
  reason: 'status 503',
  certificateExpiresAt: '2026-12-01T00:00:00.000Z',
  ...o,
});

export interface MonitorContractDeps {
  tx<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  read<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  newTenant(o?: Partial<Tenant>): Promise<Tenant>;
}

export function monitorRepositoryContract({ tx, read, newTenant }: MonitorContractDeps): void {
  it('stores, finds, lists by name, counts, updates and deletes a monitor inside its tenant only', async () => {
    const a = await newTenant({ modules: ['events'] });
    const b = await newTenant({ modules: ['events'] });
    const web = aMonitor({ name: 'Website', expectStatus: 200 });
    const mail = aMonitor({ name: 'Mail', url: 'http://mail.school.example/health' });
    await tx(async (r) => {
      await r.monitors.create(a.id, web);
      await r.monitors.create(a.id, mail);
    });
    expect(await read((r) => r.monitors.findById(a.id, web.id))).toEqual(web);
    expect(await read((r) => r.monitors.findById(b.id, web.id))).toBeNull();
    expect(await read((r) => r.monitors.list(a.id))).toEqual([mail, web]);
    expect(await read((r) => r.monitors.list(b.id))).toEqual([]);
    expect(await read((r) => r.monitors.count(a.id))).toBe(2);
    expect(await read((r) => r.monitors.count(b.id))).toBe(0);

    const checked: Monitor = {
      ...web,
      name: 'Website (new)',
      state: 'down',
      since: '2026-03-01T08:01:00.000Z',
      consecutiveFailures: 2,
      lastCheck: aCheck(),
      nextCheckAt: '2026-03-01T08:02:00.000Z',
      updatedAt: '2026-03-01T08:01:30.000Z',
    };
    // Another tenant's id changes nothing.
    expect(await tx((r) => r.monitors.update(b.id, checked))).toBe(false);
    expect(await tx((r) => r.monitors.update(a.id, checked))).toBe(true);
    expect(await read((r) => r.monitors.findById(a.id, web.id, { forUpdate: false }))).toEqual(checked);
    expect(await tx((r) => r.monitors.update(a.id, aMonitor()))).toBe(false);

    expect(await tx((r) => r.monitors.delete(b.id, web.id))).toBe(false);
    expect(await tx((r) => r.monitors.delete(a.id, web.id))).toBe(true);
    expect(await tx((r) => r.monitors.delete(a.id, web.id))).toBe(false);
    expect(await read((r) => r.monitors.list(a.id))).toEqual([mail]);
  });

  it('refuses a duplicate id as a conflict', async () => {
    const a = await newTenant();
    const m = aMonitor();
    await tx((r) => r.monitors.create(a.id, m));
    const error = await tx((r) => r.monitors.create(a.id, aMonitor({ id: m.id }))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('conflict');
  });

  it('lists due monitors across tenants with the events module, longest waiting first, up to a limit', async () => {
    const a = await newTenant({ modules: ['events'] });
    const b = await newTenant({ modules: ['events', 'loans'] });
    const off = await newTenant({ modules: ['loans'] });
    // Far in the past, so no other case's monitors come first.
    const early = aMonitor({ nextCheckAt: '1999-01-01T00:00:02.000Z' });
    const earliest = aMonitor({ nextCheckAt: '1999-01-01T00:00:01.000Z' });
    const later = aMonitor({ nextCheckAt: '1999-01-01T00:00:03.000Z' });
    const notYet = aMonitor({ nextCheckAt: '1999-01-01T00:10:00.000Z' });
    const switchedOff = aMonitor({ nextCheckAt: '1999-01-01T00:00:00.000Z' });
    await tx(async (r) => {
      await r.monitors.create(a.id, early);
      await r.monitors.create(b.id, earliest);
      await r.monitors.create(a.id, later);
      await r.monitors.create(b.id, notYet);
      await r.monitors.create(off.id, switchedOff);
    });
    const due = await read((r) => r.monitors.listDue('1999-01-01T00:05:00.000Z', 100));
    expect(due).toEqual([
      { tenantId: b.id, monitor: earliest },
      { tenantId: a.id, monitor: early },
      { tenantId: a.id, monitor: later },
    ]);
    expect(await read((r) => r.monitors.listDue('1999-01-01T00:05:00.000Z', 2))).toEqual(due.slice(0, 2));
    // Exactly at nextCheckAt is due.
    expect((await read((r) => r.monitors.listDue(earliest.nextCheckAt, 100))).map((d) => d.monitor.id)).toEqual([
      earliest.id,
    ]);
    // The module back on: its monitors are due again.
    await tx((r) => r.tenants.setModules(off.id, ['loans', 'events']));
    expect((await read((r) => r.monitors.listDue('1999-01-01T00:05:00.000Z', 1))).map((d) => d.monitor.id)).toEqual([
      switchedOff.id,
    ]);
  });

  it('counts monitors by state across tenants with the events module', async () => {
    const before = await read((r) => r.monitors.countByState());
    expect(Object.keys(before).sort()).toEqual(['down', 'unknown', 'up']);
    const a = await newTenant({ modules: ['events'] });
    const off = await newTenant({ modules: [] });
    await tx(async (r) => {
      await r.monitors.create(a.id, aMonitor({ state: 'up' }));
      await r.monitors.create(a.id, aMonitor({ state: 'up' }));
      await r.monitors.create(a.id, aMonitor({ state: 'down' }));
      await r.monitors.create(off.id, aMonitor({ state: 'down' }));
    });
    expect(await read((r) => r.monitors.countByState())).toEqual({
      unknown: before.unknown,
      up: before.up + 2,
      down: before.down + 1,
    });
  });

  it("keeps a deployment monitor's status (null until saved), replacing it on save", async () => {
    const name = `disk-${randomUUID().slice(0, 8)}`;
    expect(await read((r) => r.monitors.deploymentStatus(name))).toBeNull();
    const down = { state: 'down' as const, since: T0, consecutiveFailures: 2, lastCheck: aCheck({ status: null }) };
    await tx((r) => r.monitors.saveDeploymentStatus(name, down));
    expect(await read((r) => r.monitors.deploymentStatus(name))).toEqual(down);
    const up = { state: 'up' as const, since: T0, consecutiveFailures: 0, lastCheck: null };
    await tx((r) => r.monitors.saveDeploymentStatus(name, up));
    expect(await read((r) => r.monitors.deploymentStatus(name))).toEqual(up);
  });
}
