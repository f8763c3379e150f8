import { describe, expect, it } from 'vitest';
import type { NewTenant, Tenant } from '../../../src/domain/tenants/tenant.js';
import { ChangeModules } from '../../../src/domain/tenants/change-modules.js';
import { CreateTenant } from '../../../src/domain/tenants/create-tenant.js';
import { operatorActor } from '../../../src/domain/tenants/operator-actor.js';
import { ResolveTenant } from '../../../src/domain/tenants/resolve-tenant.js';
import { UpdateTenant } from '../../../src/domain/tenants/update-tenant.js';
import { FixedClock } from '../../support/fakes/fixed-clock.js';
import { MemoryUnitOfWork } from '../../support/fakes/memory-unit-of-work.js';
import { SequentialIds } from '../../support/fakes/sequential-ids.js';
import { domainError, keyActor, NOW, userActor } from '../../support/fakes/world.js';
import { asCalled } from '../../support/fakes/as-called.js';

function tenantWorld() {
  const uow = new MemoryUnitOfWork();
  const clock = new FixedClock(NOW);
  const ids = new SequentialIds();
  return {
    uow,
    createTenant: new CreateTenant(uow, clock, ids),
    changeModules: asCalled(ChangeModules, uow, clock, ids),
    updateTenant: asCalled(UpdateTenant, uow, clock, ids),
    resolveTenant: new ResolveTenant(uow),
    stored: (slug: string) => uow.read((r) => r.tenants.findBySlug(slug)),
    audit: (tenant: Tenant) => uow.read(async (r) => (await r.audit.list(tenant.id, { limit: 100 })).reverse()),
  };
}

const northHigh: NewTenant = {
  slug: 'north-high',
  name: 'North High School',
  hosts: ['Desk.North-High.example'],
  timeZone: 'Europe/Amsterdam',
  currency: 'eur',
};

describe('CreateTenant', () => {
  it('creates the institution with every module off, normalising hosts and currency', async () => {
    const w = tenantWorld();
    const tenant = await w.createTenant.execute(northHigh);
    expect(tenant).toMatchObject({
      slug: 'north-high',
      name: 'North High School',
      hosts: ['desk.north-high.example'],
      timeZone: 'Europe/Amsterdam',
      currency: 'EUR',
      modules: [],
      createdAt: NOW,
    });
    expect(await w.stored('north-high')).toEqual(tenant);
    expect(await w.audit(tenant)).toEqual([
      expect.objectContaining({ actor: { type: 'operator', id: 'cli' }, action: 'tenant.create' }),
    ]);
  });

  it.each([
    { field: 'slug', change: { slug: 'North High' } },
    { field: 'slug', change: { slug: '-north' } },
    { field: 'slug', change: { slug: '' } },
    { field: 'name', change: { name: '  ' } },
    { field: 'hosts.0', change: { hosts: ['https://desk.example'] } },
    { field: 'hosts.1', change: { hosts: ['desk.example', 'desk.example:8443'] } },
    { field: 'hosts', change: { hosts: ['desk.example', 'DESK.example'] } },
    { field: 'timeZone', change: { timeZone: 'Mars/Olympus_Mons' } },
    { field: 'currency', change: { currency: 'EURO' } },
    { field: 'currency', change: { currency: '€' } },
  ] as const)('refuses $change, naming $field', async ({ field, change }) => {
    const w = tenantWorld();
    await expect(w.createTenant.execute({ ...northHigh, ...change })).rejects.toEqual(domainError('invalid', field));
    expect(await w.uow.read((r) => r.tenants.list())).toEqual([]);
  });

  it('refuses a slug or host that another tenant has', async () => {
    const w = tenantWorld();
    await w.createTenant.execute(northHigh);
    await expect(w.createTenant.execute({ ...northHigh, hosts: [] })).rejects.toEqual(domainError('conflict'));
    await expect(w.createTenant.execute({ ...northHigh, slug: 'south-high' })).rejects.toEqual(domainError('conflict'));
    expect((await w.uow.read((r) => r.tenants.list())).map((t) => t.slug)).toEqual(['north-high']);
  });
});

describe('UpdateTenant', () => {
  it("changes a school's name, time zone, currency and host names, judged as at creation, with an audit entry", async () => {
    const w = tenantWorld();
    const tenant = await w.createTenant.execute(northHigh);
    const other = await w.createTenant.execute({ ...northHigh, slug: 'south', hosts: ['south.example'] });
    const { school: updated } = await w.updateTenant.execute(userActor(tenant, 'school-admin'), {
      name: 'North High Academy',
      hosts: ['North.example', 'desk.north-high.example'],
      timeZone: 'Europe/London',
      currency: 'gbp',
    });
    expect(updated).toMatchObject({
      slug: 'north-high',
      name: 'North High Academy',
      timeZone: 'Europe/London',
      currency: 'GBP',
    });
    const stored = await w.stored('north-high');
    expect(stored).toMatchObject({
      name: 'North High Academy',
      timeZone: 'Europe/London',
      currency: 'GBP',
      modules: [],
    });
    expect([...stored!.hosts].sort()).toEqual(['desk.north-high.example', 'north.example']);
    expect(await w.uow.read((r) => r.tenants.findByHost('north.example'))).toMatchObject({ slug: 'north-high' });
    expect((await w.audit(tenant)).at(-1)).toMatchObject({
      actor: { type: 'user', id: 'user-school-admin' },
      action: 'tenant.update',
      target: 'tenant:north-high',
      details: {
        name: { from: 'North High School', to: 'North High Academy' },
        timeZone: { from: 'Europe/Amsterdam', to: 'Europe/London' },
        currency: { from: 'EUR', to: 'GBP' },
      },
    });
    // Only what is given changes; the same value again writes nothing and audits nothing.
    const entries = (await w.audit(tenant)).length;
    await w.updateTenant.execute(operatorActor(tenant), { name: 'North High Academy' });
    expect(await w.audit(tenant)).toHaveLength(entries);
    // A field passed as undefined (as the CLI passes an option not given) is not given.
    await w.updateTenant.execute(operatorActor(tenant), { name: undefined, currency: 'EUR' });
    expect(await w.stored('north-high')).toMatchObject({ name: 'North High Academy', currency: 'EUR' });
    // The other school is untouched.
    expect(await w.stored('south')).toEqual(other);
  });

  it("refuses a bad value naming its field, another school's host name, and an empty change, changing nothing", async () => {
    const w = tenantWorld();
    const tenant = await w.createTenant.execute(northHigh);
    await w.createTenant.execute({ ...northHigh, slug: 'south', hosts: ['south.example'] });
    const admin = userActor(tenant, 'school-admin');
    for (const [input, field] of [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ currency: 'euro' }, 'currency'],
      [{ hosts: ['https://north.example'] }, 'hosts.0'],
      [{ name: ' ' }, 'name'],
      [{}, 'body'],
      [{ slug: 'renamed' }, 'slug'],
    ] as [Record<string, unknown>, string][]) {
      await expect(w.updateTenant.execute(admin, input as never), JSON.stringify(input)).rejects.toEqual(
        domainError('invalid', field),
      );
    }
    await expect(w.updateTenant.execute(admin, { hosts: ['south.example'] })).rejects.toEqual(domainError('conflict'));
    expect(await w.stored('north-high')).toMatchObject({ name: northHigh.name, hosts: ['desk.north-high.example'] });
  });

  it('is for the operator and school administrators only', async () => {
    const w = tenantWorld();
    const tenant = await w.createTenant.execute(northHigh);
    for (const actor of [userActor(tenant, 'technician'), keyActor(tenant, ['loan.view', 'audit.view'])]) {
      await expect(w.updateTenant.execute(actor, { name: 'Taken Over' })).rejects.toEqual(domainError('forbidden'));
    }
    expect((await w.stored('north-high'))?.name).toBe(northHigh.name);
  });
});

describe('ChangeModules', () => {
  it('lets the operator enable and disable modules, kept in catalogue order, with an audit entry', async () => {
    const w = tenantWorld();
    const tenant = await w.createTenant.execute(northHigh);
    expect(await w.changeModules.execute(operatorActor(tenant), { enable: ['loans', 'people'] })).toEqual({
      modules: ['people', 'loans'],
    });
    expect((await w.stored('north-high'))?.modules).toEqual(['people', 'loans']);
    expect(
      await w.changeModules.execute(operatorActor(tenant), { enable: ['integrations'], disable: ['loans'] }),
    ).toEqual({ modules: ['integrations', 'people'] });
    expect((await w.audit(tenant)).at(-1)).toMatchObject({
      actor: { type: 'operator', id: 'cli' },
      action: 'module.change',
      target: 'tenant:north-high',
      details: { enabled: ['integrations'], disabled: ['loans'], modules: ['integrations', 'people'] },
    });
  });

  it('is for the operator and school administrators only: no other role, and no key whatever its scopes', async () => {
    const w = tenantWorld();
    const tenant = await w.createTenant.execute(northHigh);
    for (const actor of [
      userActor(tenant, 'technician'),
      userActor(tenant, 'read-only'),
      keyActor(tenant, ['loan.view', 'audit.view', 'monitor.manage']),
    ]) {
      await expect(w.changeModules.execute(actor, { enable: ['loans'] })).rejects.toEqual(domainError('forbidden'));
    }
    expect((await w.stored('north-high'))?.modules).toEqual([]);
    expect(await w.changeModules.execute(userActor(tenant, 'school-admin'), { enable: ['loans'] })).toEqual({
      modules: ['loans'],
    });
  });

  it('refuses an unknown module, naming it, and changes nothing', async () => {
    const w = tenantWorld();
    const tenant = await w.createTenant.execute(northHigh);
    await expect(w.changeModules.execute(operatorActor(tenant), { enable: ['loans', 'chess'] })).rejects.toEqual(
      domainError('invalid', 'enable.1'),
    );
    await expect(w.changeModules.execute(operatorActor(tenant), { disable: ['module.loans'] })).rejects.toEqual(
      domainError('invalid', 'disable.0'),
    );
    expect((await w.stored('north-high'))?.modules).toEqual([]);
  });
});

describe('ResolveTenant', () => {
  it('finds a tenant by slug, or by host whatever its case', async () => {
    const w = tenantWorld();
    const tenant = await w.createTenant.execute(northHigh);
    expect(await w.resolveTenant.bySlug('north-high')).toEqual(tenant);
    expect(await w.resolveTenant.byHost('DESK.north-high.EXAMPLE')).toEqual(tenant);
    expect(await w.resolveTenant.byHost('localhost')).toBeNull();
    await expect(w.resolveTenant.bySlug('south-high')).rejects.toEqual(domainError('not_found'));
  });
});

describe('tenant input details', () => {
  it('stores the canonical spelling of the time zone and refuses control characters in the name', async () => {
    const w = tenantWorld();
    const tenant = await w.createTenant.execute({ ...northHigh, timeZone: 'europe/amsterdam' });
    expect(tenant.timeZone).toBe('Europe/Amsterdam');
    await expect(w.createTenant.execute({ ...northHigh, slug: 'bell', name: 'Bell\u0007School' })).rejects.toEqual(
      domainError('invalid', 'name'),
    );
  });

  it('refuses a module named in both enable and disable', async () => {
    const w = tenantWorld();
    const tenant = await w.createTenant.execute(northHigh);
    await expect(
      w.changeModules.execute(operatorActor(tenant), { enable: ['loans'], disable: ['loans'] }),
    ).rejects.toEqual(domainError('invalid', 'disable'));
    expect((await w.stored('north-high'))?.modules).toEqual([]);
  });
});
