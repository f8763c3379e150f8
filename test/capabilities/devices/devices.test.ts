import { describe, expect, it } from 'vitest';
import type { ModuleName } from '../../../src/domain/access/permissions.js';
import type { AuditEntry } from '../../../src/domain/audit/audit-entry.js';
import { AssignDevice } from '../../../src/domain/devices/assign-device.js';
import { ChangeDeviceStatus } from '../../../src/domain/devices/change-device-status.js';
import { CreateDevice } from '../../../src/domain/devices/create-device.js';
import { toDeviceView, type Device } from '../../../src/domain/devices/device.js';
import { GetDeviceRecord } from '../../../src/domain/devices/get-device-record.js';
import { ListDeviceHistory } from '../../../src/domain/devices/list-device-history.js';
import { UnassignDevice } from '../../../src/domain/devices/unassign-device.js';
import { UpdateDevice } from '../../../src/domain/devices/update-device.js';
import type { Actor } from '../../../src/domain/shared/actor.js';
import type { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { aDevice, aGroup, aLoan, aPerson, aStoredKey, aSubmission, aUser } from '../../support/builders.js';
import { asCalled } from '../../support/fakes/as-called.js';
import { addTenant, domainError, keyActor, newWorld, NOW, userActor } from '../../support/fakes/world.js';

/**
 * The register of a small school (today is 2026-03-10):
 *   STOCK-1   IN_STOCK
 *   USED-1    IN_USE, with Ada
 *   REPAIR-1  IN_REPAIR (from IN_USE), with Ada
 *   OLD-1     RETIRED
 *   LOANER-7  IN_STOCK; the pool's loan 7 (Cart North) has the same serial, and two repairs were lodged for it
 * Alan is archived; Grace is a member of staff.
 */
async function registerWorld(modules?: readonly ModuleName[]) {
  const w = await newWorld(modules ? { modules } : {});
  const ada = aPerson({ name: 'Ada Lovelace' });
  const alan = aPerson({ name: 'Alan Turing', archivedAt: '2026-02-01T08:00:00.000Z' });
  const grace = aPerson({ name: 'Grace Hopper', kind: 'STAFF' });
  const stock = aDevice({ serial: 'STOCK-1' });
  const used = aDevice({ serial: 'USED-1', status: 'IN_USE', assignedPersonId: ada.id });
  const repair = aDevice({
    serial: 'REPAIR-1',
    status: 'IN_REPAIR',
    assignedPersonId: ada.id,
    statusBeforeRepair: 'IN_USE',
  });
  const old = aDevice({ serial: 'OLD-1', status: 'RETIRED', purchaseDate: '2018-08-01' });
  const loaner = aDevice({ serial: 'LOANER-7' });
  const cart = aGroup({ name: 'Cart North' });
  const admin = aUser({ name: 'Head of IT' });
  await w.seed(async (r, t) => {
    await r.people.insertMany(t, [ada, alan, grace]);
    await r.devices.insertMany(t, [stock, used, repair, old, loaner]);
    await r.loanGroups.insertMany(t, [cart]);
    await r.loans.insertMany(t, [aLoan(cart.id, { number: 7, serial: 'LOANER-7' })]);
    await r.submissions.insertMany(t, [
      aSubmission({ number: 3, serial: 'LOANER-7' }),
      aSubmission({ number: 4, serial: 'LOANER-7' }),
      aSubmission({ number: 5, serial: 'STOCK-1' }),
    ]);
    await r.users.create(t, admin, null);
  });
  return {
    ...w,
    ada,
    alan,
    grace,
    stock,
    used,
    repair,
    old,
    loaner,
    cart,
    /** The signed-in administrator, a user of the tenant. */
    admin: userActor(w.tenant, 'school-admin', { id: admin.id }),
    createDevice: asCalled(CreateDevice, w.uow, w.clock, w.ids),
    updateDevice: asCalled(UpdateDevice, w.uow, w.clock, w.ids),
    assignDevice: asCalled(AssignDevice, w.uow, w.clock, w.ids),
    unassignDevice: asCalled(UnassignDevice, w.uow, w.clock, w.ids),
    changeStatus: asCalled(ChangeDeviceStatus, w.uow, w.clock, w.ids),
    getRecord: asCalled(GetDeviceRecord, w.uow),
    listHistory: asCalled(ListDeviceHistory, w.uow),
    stored: (id: string) => w.uow.read((r) => r.devices.findById(w.tenant.id, id)),
    /** Everything a device write could change. */
    state: () =>
      w.uow.read(async (r) => ({
        devices: (await r.devices.search(w.tenant.id, {}, { page: 1, pageSize: 1000 })).items,
        audit: await r.audit.list(w.tenant.id, { limit: 1000 }),
        outbox: await r.outbox.listAfter(w.tenant.id, 0, 1000),
      })),
  };
}
type RegisterWorld = Awaited<ReturnType<typeof registerWorld>>;

/** The thin event data of a device (SPEC §8). */
const eventOf = (d: Device) => ({
  device: { id: d.id, serial: d.serial, kind: d.kind, status: d.status, assignedPersonId: d.assignedPersonId },
});

/** Asserts a refusal with this code (and message) that wrote nothing. */
async function expectRefusal(
  w: RegisterWorld,
  run: () => Promise<unknown>,
  code: 'conflict' | 'not_found',
  message?: string,
) {
  const before = await w.state();
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toEqual(domainError(code));
  if (message) expect((error as Error).message).toBe(message);
  expect(await w.state()).toEqual(before);
}

describe('CreateDevice', () => {
  it('registers a device in stock, with its audit entry and a thin device.created event', async () => {
    const w = await registerWorld();
    const { device } = await w.createDevice.execute(w.admin, {
      serial: ' SN-100 ',
      kind: 'CHROMEBOOK',
      manufacturer: 'Acer',
      model: 'C733',
      purchaseDate: '2025-09-01',
      purchaseCostMinor: 29_900,
      warrantyEnd: '2027-08-31',
    });
    expect(device).toEqual({
      id: expect.any(String),
      serial: 'SN-100',
      kind: 'CHROMEBOOK',
      manufacturer: 'Acer',
      model: 'C733',
      status: 'IN_STOCK',
      assignedPersonId: null,
      purchaseDate: '2025-09-01',
      purchaseCostMinor: 29_900,
      warrantyEnd: '2027-08-31',
    });
    expect(await w.stored(device.id)).toEqual({ ...device, statusBeforeRepair: null });
    expect(await w.audit()).toEqual([
      expect.objectContaining({
        actor: { type: 'user', id: w.admin.principal.id },
        action: 'device.create',
        target: `device:${device.id}`,
        at: NOW,
        details: { serial: 'SN-100', kind: 'CHROMEBOOK', status: 'IN_STOCK', assignedTo: null },
      }),
    ]);
    expect(await w.events()).toEqual([
      expect.objectContaining({
        kind: 'device.created',
        occurredAt: NOW,
        payload: eventOf({ ...device, statusBeforeRepair: null }),
      }),
    ]);
  });

  it('puts a device handed to someone at once IN_USE with them', async () => {
    const w = await registerWorld();
    const { device } = await w.createDevice.execute(w.admin, {
      serial: 'SN-101',
      kind: 'LAPTOP',
      assignedTo: w.ada.id,
    });
    expect(device).toMatchObject({ status: 'IN_USE', assignedPersonId: w.ada.id, manufacturer: null, model: null });
    expect((await w.audit())[0]?.details).toMatchObject({ status: 'IN_USE', assignedTo: w.ada.id });
    const nobody = await w.createDevice.execute(w.admin, { serial: 'SN-102', kind: 'LAPTOP', assignedTo: null });
    expect(nobody.device).toMatchObject({ status: 'IN_STOCK', assignedPersonId: null });
  });

  it('refuses an archived or unknown person, and writes nothing', async () => {
    const w = await registerWorld();
    await expectRefusal(
      w,
      () => w.createDevice.execute(w.admin, { serial: 'SN-103', kind: 'LAPTOP', assignedTo: w.alan.id }),
      'conflict',
      'Alan Turing is archived: restore them before assigning them a device',
    );
    await expectRefusal(
      w,
      () => w.createDevice.execute(w.admin, { serial: 'SN-103', kind: 'LAPTOP', assignedTo: 'nobody' }),
      'not_found',
    );
  });

  it('refuses a serial the register already has (409), but not one a loaner of the pool has', async () => {
    const w = await registerWorld();
    await expectRefusal(
      w,
      () => w.createDevice.execute(w.admin, { serial: 'USED-1', kind: 'LAPTOP' }),
      'conflict',
      `a device with serial "USED-1" is already in the register (${w.used.id})`,
    );
    await w.seed((r, t) => r.loans.insertMany(t, [aLoan(w.cart.id, { number: 8, serial: 'POOL-8' })]));
    await expect(w.createDevice.execute(w.admin, { serial: 'POOL-8', kind: 'LAPTOP' })).resolves.toBeDefined();
  });

  it('refuses bad input naming each field', async () => {
    const w = await registerWorld();
    await expect(
      w.createDevice.execute(w.admin, {
        serial: '',
        kind: 'x'.repeat(51),
        purchaseDate: '2026-02-30',
        purchaseCostMinor: -1,
        warrantyEnd: 'next year',
        status: 'IN_USE',
      } as never),
    ).rejects.toEqual(
      domainError('invalid', 'serial', 'kind', 'purchaseDate', 'purchaseCostMinor', 'warrantyEnd', 'status'),
    );
    await expect(
      w.createDevice.execute(w.admin, { serial: 'X', kind: 'LAPTOP', purchaseCostMinor: 1.5 }),
    ).rejects.toEqual(domainError('invalid', 'purchaseCostMinor'));
    await expect(w.createDevice.execute(w.admin, {} as never)).rejects.toEqual(
      domainError('invalid', 'serial', 'kind'),
    );
  });

  it('needs device.manage and the assets module', async () => {
    const w = await registerWorld();
    for (const role of ['loan-desk', 'teacher', 'read-only'] as const) {
      await expect(w.createDevice.execute(userActor(w.tenant, role), { serial: 'X', kind: 'LAPTOP' })).rejects.toEqual(
        domainError('forbidden'),
      );
    }
    await expect(
      w.createDevice.execute(userActor(w.tenant, 'technician'), { serial: 'X', kind: 'LAPTOP' }),
    ).resolves.toBeDefined();
    await expect(
      w.createDevice.execute(keyActor(w.tenant, ['device.manage']), { serial: 'Y', kind: 'LAPTOP' }),
    ).resolves.toBeDefined();
    const off = await registerWorld(['people', 'loans']);
    await expect(off.createDevice.execute(off.admin, { serial: 'X', kind: 'LAPTOP' })).rejects.toEqual(
      domainError('module_disabled'),
    );
  });
});

describe('UpdateDevice', () => {
  it('corrects model and purchase data; the audit entry holds each change from and to', async () => {
    const w = await registerWorld();
    const { device } = await w.updateDevice.execute(w.admin, {
      id: w.used.id,
      model: 'ThinkPad 13',
      warrantyEnd: '2028-08-01',
      purchaseCostMinor: null,
      kind: 'LAPTOP', // unchanged
    });
    const expected = {
      ...toDeviceView(w.used),
      model: 'ThinkPad 13',
      warrantyEnd: '2028-08-01',
      purchaseCostMinor: null,
    };
    expect(device).toEqual(expected);
    expect(await w.stored(w.used.id)).toEqual({ ...expected, statusBeforeRepair: null });
    expect(await w.audit()).toEqual([
      expect.objectContaining({
        action: 'device.update',
        target: `device:${w.used.id}`,
        details: {
          changes: {
            model: { from: 'ThinkPad 11e', to: 'ThinkPad 13' },
            purchaseCostMinor: { from: 45_000, to: null },
            warrantyEnd: { from: '2027-08-01', to: '2028-08-01' },
          },
        },
      }),
    ]);
    expect((await w.events())[0]).toMatchObject({
      kind: 'device.updated',
      payload: eventOf({ ...w.used, ...expected }),
    });
  });

  it('keeps what it does not own: status, assignment and the status before a repair', async () => {
    const w = await registerWorld();
    await w.updateDevice.execute(w.admin, { id: w.repair.id, manufacturer: 'Dell' });
    expect(await w.stored(w.repair.id)).toEqual({ ...w.repair, manufacturer: 'Dell' });
    await expect(
      w.updateDevice.execute(w.admin, {
        id: w.repair.id,
        serial: 'NEW',
        status: 'IN_USE',
        assignedPersonId: null,
      } as never),
    ).rejects.toEqual(domainError('invalid', 'serial', 'status', 'assignedPersonId'));
  });

  it('corrects a retired device too', async () => {
    const w = await registerWorld();
    const { device } = await w.updateDevice.execute(w.admin, { id: w.old.id, purchaseDate: '2018-09-01' });
    expect(device).toMatchObject({ status: 'RETIRED', purchaseDate: '2018-09-01' });
  });

  it('writes nothing when nothing changes, and needs at least one field', async () => {
    const w = await registerWorld();
    const before = await w.state();
    const { device } = await w.updateDevice.execute(w.admin, { id: w.used.id, model: 'ThinkPad 11e', kind: 'LAPTOP' });
    expect(device).toEqual(toDeviceView(w.used));
    expect(await w.state()).toEqual(before);
    await expect(w.updateDevice.execute(w.admin, { id: w.used.id })).rejects.toEqual(domainError('invalid', ''));
    await expect(w.updateDevice.execute(w.admin, { id: w.used.id, kind: null } as never)).rejects.toEqual(
      domainError('invalid', 'kind'),
    );
  });

  it("reports an unknown device, or another tenant's, as not found", async () => {
    const w = await registerWorld();
    const other = await addTenant(w.uow);
    const theirs = aDevice();
    await w.uow.transaction((r) => r.devices.insertMany(other.id, [theirs]));
    for (const id of ['nothing', theirs.id]) {
      await expectRefusal(w, () => w.updateDevice.execute(w.admin, { id, model: 'X' }), 'not_found');
    }
    expect(await w.uow.read((r) => r.devices.findById(other.id, theirs.id))).toEqual(theirs);
  });
});

describe('AssignDevice', () => {
  it('puts a device in stock into use with the person', async () => {
    const w = await registerWorld();
    const { device } = await w.assignDevice.execute(w.admin, { id: w.stock.id, personId: w.grace.id });
    expect(device).toMatchObject({ status: 'IN_USE', assignedPersonId: w.grace.id });
    expect(await w.stored(w.stock.id)).toMatchObject({ status: 'IN_USE', assignedPersonId: w.grace.id });
    expect(await w.audit()).toEqual([
      expect.objectContaining({
        actor: { type: 'user', id: w.admin.principal.id },
        action: 'device.assign',
        target: `device:${w.stock.id}`,
        details: { from: null, to: w.grace.id, status: { from: 'IN_STOCK', to: 'IN_USE' } },
      }),
    ]);
    expect((await w.events())[0]).toMatchObject({
      kind: 'device.updated',
      payload: { device: { id: w.stock.id, status: 'IN_USE', assignedPersonId: w.grace.id } },
    });
  });

  it('hands a device in use or in repair to someone else, keeping its status', async () => {
    const w = await registerWorld();
    await w.assignDevice.execute(w.admin, { id: w.used.id, personId: w.grace.id });
    expect((await w.audit())[0]?.details).toEqual({ from: w.ada.id, to: w.grace.id });
    const { device } = await w.assignDevice.execute(w.admin, { id: w.repair.id, personId: w.grace.id });
    expect(device).toMatchObject({ status: 'IN_REPAIR', assignedPersonId: w.grace.id });
    expect(await w.stored(w.repair.id)).toMatchObject({ statusBeforeRepair: 'IN_USE' });
  });

  it('refuses a retired device, the same person again, an archived or unknown person, an unknown device', async () => {
    const w = await registerWorld();
    await expectRefusal(w, () => w.assignDevice.execute(w.admin, { id: w.old.id, personId: w.ada.id }), 'conflict');
    await expectRefusal(
      w,
      () => w.assignDevice.execute(w.admin, { id: w.used.id, personId: w.ada.id }),
      'conflict',
      'device USED-1 is already assigned to this person',
    );
    await expectRefusal(
      w,
      () => w.assignDevice.execute(w.admin, { id: w.stock.id, personId: w.alan.id }),
      'conflict',
      'Alan Turing is archived: restore them before assigning them a device',
    );
    await expectRefusal(w, () => w.assignDevice.execute(w.admin, { id: w.stock.id, personId: 'nobody' }), 'not_found');
    await expectRefusal(w, () => w.assignDevice.execute(w.admin, { id: 'nothing', personId: w.ada.id }), 'not_found');
    await expect(w.assignDevice.execute(w.admin, { id: w.stock.id } as never)).rejects.toEqual(
      domainError('invalid', 'personId'),
    );
  });

  it('locks the person it checks, so an archive cannot slip in between (see the Postgres race test)', async () => {
    const w = await registerWorld();
    const locks: string[] = [];
    const uow: UnitOfWork = {
      read: (work) => w.uow.read(work),
      transaction: (work) =>
        w.uow.transaction((repos) => {
          const people = Object.create(repos.people) as typeof repos.people;
          people.findById = (tenantId, id, opts) => {
            if (opts?.forUpdate) locks.push(id);
            return repos.people.findById(tenantId, id, opts);
          };
          return work({ ...repos, people });
        }),
    };
    await asCalled(AssignDevice, uow, w.clock, w.ids).execute(w.admin, { id: w.stock.id, personId: w.grace.id });
    await asCalled(CreateDevice, uow, w.clock, w.ids).execute(w.admin, {
      serial: 'SN-LOCK',
      kind: 'LAPTOP',
      assignedTo: w.ada.id,
    });
    expect(locks).toEqual([w.grace.id, w.ada.id]);
  });

  it('needs device.manage', async () => {
    const w = await registerWorld();
    await expect(
      w.assignDevice.execute(userActor(w.tenant, 'loan-desk'), { id: w.stock.id, personId: w.ada.id }),
    ).rejects.toEqual(domainError('forbidden'));
  });
});

describe('UnassignDevice', () => {
  it('takes a device in use back into stock', async () => {
    const w = await registerWorld();
    const { device } = await w.unassignDevice.execute(w.admin, { id: w.used.id });
    expect(device).toMatchObject({ status: 'IN_STOCK', assignedPersonId: null });
    expect(await w.audit()).toEqual([
      expect.objectContaining({
        action: 'device.unassign',
        target: `device:${w.used.id}`,
        details: { from: w.ada.id, status: { from: 'IN_USE', to: 'IN_STOCK' } },
      }),
    ]);
    expect((await w.events())[0]).toMatchObject({
      kind: 'device.updated',
      payload: { device: { status: 'IN_STOCK' } },
    });
  });

  it('leaves a device in repair in repair, with nobody', async () => {
    const w = await registerWorld();
    const { device } = await w.unassignDevice.execute(w.admin, { id: w.repair.id });
    expect(device).toMatchObject({ status: 'IN_REPAIR', assignedPersonId: null });
    expect((await w.audit())[0]?.details).toEqual({ from: w.ada.id });
  });

  it('refuses a device assigned to no one, and writes nothing', async () => {
    const w = await registerWorld();
    await expectRefusal(
      w,
      () => w.unassignDevice.execute(w.admin, { id: w.stock.id }),
      'conflict',
      'device STOCK-1 is not assigned to anyone',
    );
  });
});

describe('ChangeDeviceStatus', () => {
  it('moves a device in use into repair and back, remembering where it was', async () => {
    const w = await registerWorld();
    await w.changeStatus.execute(w.admin, { id: w.used.id, status: 'IN_REPAIR' });
    expect(await w.stored(w.used.id)).toMatchObject({
      status: 'IN_REPAIR',
      assignedPersonId: w.ada.id,
      statusBeforeRepair: 'IN_USE',
    });
    const { device } = await w.changeStatus.execute(w.admin, { id: w.used.id, status: 'IN_USE' });
    expect(device).toEqual({ ...toDeviceView(w.used), status: 'IN_USE' });
    expect((await w.audit()).map((e) => [e.action, e.details])).toEqual([
      ['device.status', { from: 'IN_USE', to: 'IN_REPAIR' }],
      ['device.status', { from: 'IN_REPAIR', to: 'IN_USE' }],
    ]);
    expect((await w.events()).map((e) => e.kind)).toEqual(['device.updated', 'device.updated']);
  });

  it('says whom a move back into stock or into retirement took the device from', async () => {
    const w = await registerWorld();
    const { device } = await w.changeStatus.execute(w.admin, { id: w.used.id, status: 'IN_STOCK' });
    expect(device).toMatchObject({ status: 'IN_STOCK', assignedPersonId: null });
    await w.changeStatus.execute(w.admin, { id: w.repair.id, status: 'RETIRED' });
    expect((await w.audit()).map((e) => e.details)).toEqual([
      { from: 'IN_USE', to: 'IN_STOCK', unassigned: w.ada.id },
      { from: 'IN_REPAIR', to: 'RETIRED', unassigned: w.ada.id },
    ]);
    expect(await w.stored(w.repair.id)).toMatchObject({ status: 'RETIRED', statusBeforeRepair: null });
  });

  it('refuses a retired device, a move to the status it has, and a status that does not exist', async () => {
    const w = await registerWorld();
    await expectRefusal(
      w,
      () => w.changeStatus.execute(w.admin, { id: w.old.id, status: 'IN_STOCK' }),
      'conflict',
      'device OLD-1 is retired: a retired device does not change any more',
    );
    await expectRefusal(
      w,
      () => w.changeStatus.execute(w.admin, { id: w.stock.id, status: 'IN_STOCK' }),
      'conflict',
      'device STOCK-1 is already in stock',
    );
    await expect(w.changeStatus.execute(w.admin, { id: w.stock.id, status: 'LOST' as never })).rejects.toEqual(
      domainError('invalid', 'status'),
    );
  });
});

describe('device history', () => {
  /** Audit entries about the device, its loaner and its repairs, one a minute from 08:00, oldest first. */
  async function withHistory(w: RegisterWorld) {
    const key = aStoredKey(w.tenant.id, { name: 'MDM sync' });
    await w.seed((r) => r.apiKeys.create(key));
    const at = (minute: number) => `2026-03-10T08:${String(minute).padStart(2, '0')}:00.000Z`;
    const entries: AuditEntry[] = [
      {
        id: 'h1',
        actor: { type: 'apiKey', id: key.id },
        action: 'device.create',
        target: `device:${w.loaner.id}`,
        at: at(1),
        details: { serial: 'LOANER-7' },
      },
      {
        id: 'h2',
        actor: { type: 'user', id: w.admin.principal.id },
        action: 'loan.issue',
        target: 'loan:7',
        at: at(2),
        details: { from: 'AVAILABLE', to: 'ISSUED' },
      },
      {
        id: 'h3',
        actor: { type: 'user', id: 'gone-user' },
        action: 'submission.create',
        target: 'submission:3',
        at: at(3),
        details: { serial: 'LOANER-7' },
      },
      {
        id: 'h4',
        actor: { type: 'operator', id: 'cli' },
        action: 'device.status',
        target: `device:${w.loaner.id}`,
        at: at(4),
        details: { from: 'IN_STOCK', to: 'IN_REPAIR' },
      },
      // Not about this device: another device, another loan, another serial's submission, a person.
      {
        id: 'x1',
        actor: { type: 'user', id: w.admin.principal.id },
        action: 'device.assign',
        target: `device:${w.stock.id}`,
        at: at(5),
        details: {},
      },
      {
        id: 'x2',
        actor: { type: 'user', id: w.admin.principal.id },
        action: 'loan.issue',
        target: 'loan:8',
        at: at(6),
        details: {},
      },
      {
        id: 'x3',
        actor: { type: 'user', id: w.admin.principal.id },
        action: 'submission.create',
        target: 'submission:5',
        at: at(7),
        details: {},
      },
      {
        id: 'x4',
        actor: { type: 'user', id: w.admin.principal.id },
        action: 'person.create',
        target: `person:${w.ada.id}`,
        at: at(8),
        details: {},
      },
    ];
    await w.seed(async (r, t) => {
      for (const e of entries) await r.audit.record(t, e);
    });
    return { key };
  }

  it('gathers the device’s own entries, its loaner’s and its repairs’, newest first, with the actors named', async () => {
    const w = await registerWorld();
    const { key } = await withHistory(w);
    const record = await w.getRecord.execute(w.admin, { id: w.loaner.id });
    expect(record.device).toEqual(toDeviceView(w.loaner));
    expect(record.historyTotal).toBe(4);
    expect(record.history).toEqual([
      {
        at: '2026-03-10T08:04:00.000Z',
        action: 'device.status',
        target: `device:${w.loaner.id}`,
        actor: { type: 'operator', id: 'cli', name: 'operator (CLI)' },
        details: { from: 'IN_STOCK', to: 'IN_REPAIR' },
      },
      {
        at: '2026-03-10T08:03:00.000Z',
        action: 'submission.create',
        target: 'submission:3',
        actor: { type: 'user', id: 'gone-user' },
        details: { serial: 'LOANER-7' },
      },
      {
        at: '2026-03-10T08:02:00.000Z',
        action: 'loan.issue',
        target: 'loan:7',
        actor: { type: 'user', id: w.admin.principal.id, name: 'Head of IT' },
        details: { from: 'AVAILABLE', to: 'ISSUED' },
      },
      {
        at: '2026-03-10T08:01:00.000Z',
        action: 'device.create',
        target: `device:${w.loaner.id}`,
        actor: { type: 'apiKey', id: key.id, name: 'MDM sync' },
        details: { serial: 'LOANER-7' },
      },
    ]);
  });

  it('records the register’s own moves in it', async () => {
    const w = await registerWorld();
    await w.assignDevice.execute(w.admin, { id: w.stock.id, personId: w.ada.id });
    w.clock.advance(60_000);
    await w.unassignDevice.execute(w.admin, { id: w.stock.id });
    const { history } = await w.getRecord.execute(w.admin, { id: w.stock.id });
    expect(history.map((e) => e.action)).toEqual(['device.unassign', 'device.assign']);
  });

  it.each<{ who: string; actor: (w: RegisterWorld) => Actor; targets: string[] }>([
    { who: 'a key with device.view alone', actor: (w) => keyActor(w.tenant, ['device.view']), targets: ['device'] },
    {
      who: 'a key that may also see loans',
      actor: (w) => keyActor(w.tenant, ['device.view', 'loan.view']),
      targets: ['device', 'loan'],
    },
    {
      who: 'a caller whose loan pool leaves the loaner out',
      actor: (w) => ({ ...keyActor(w.tenant, ['device.view', 'loan.view', 'repair.view']), loanGroupIds: ['other'] }),
      targets: ['device', 'submission'],
    },
    {
      who: 'a loan desk (loans and repairs)',
      actor: (w) => userActor(w.tenant, 'loan-desk'),
      targets: ['device', 'loan', 'submission'],
    },
  ])('shows $who only what they may see: $targets', async ({ actor, targets }) => {
    const w = await registerWorld();
    await withHistory(w);
    const { history, historyTotal } = await w.getRecord.execute(actor(w), { id: w.loaner.id });
    expect([...new Set(history.map((e) => e.target.split(':')[0]))].sort()).toEqual(targets);
    expect(historyTotal).toBe(history.length);
  });

  it('leaves loans and repairs out while their modules are off', async () => {
    const w = await registerWorld(['assets', 'people']);
    await withHistory(w);
    const { history } = await w.getRecord.execute(w.admin, { id: w.loaner.id });
    expect(history.map((e) => e.target)).toEqual([`device:${w.loaner.id}`, `device:${w.loaner.id}`]);
  });

  it('comes with the newest 100 entries and the total; the rest a page at a time', async () => {
    const w = await registerWorld();
    await w.seed(async (r, t) => {
      for (let i = 0; i < 130; i++) {
        const at = new Date(Date.parse('2026-03-01T00:00:00.000Z') + i * 60_000).toISOString();
        await r.audit.record(t, {
          id: `e${i}`,
          actor: { type: 'system', id: 'desk' },
          action: 'device.update',
          target: `device:${w.used.id}`,
          at,
          details: { i },
        });
      }
    });
    const record = await w.getRecord.execute(w.admin, { id: w.used.id });
    expect(record.historyTotal).toBe(130);
    expect(record.history.map((e) => e.details.i)).toEqual(Array.from({ length: 100 }, (_, k) => 129 - k));
    expect(record.history[0]?.actor).toEqual({ type: 'system', id: 'desk' });
    const rest = await w.listHistory.execute(w.admin, { id: w.used.id, page: 2, pageSize: 100 });
    expect(rest).toMatchObject({ total: 130, page: 2, pageSize: 100 });
    expect(rest.history.map((e) => e.details.i)).toEqual(Array.from({ length: 30 }, (_, k) => 29 - k));
    const first = await w.listHistory.execute(w.admin, { id: w.used.id });
    expect(first).toMatchObject({ total: 130, page: 1, pageSize: 50 });
    expect(first.history).toEqual(record.history.slice(0, 50));
    await expect(w.listHistory.execute(w.admin, { id: w.used.id, pageSize: 101 })).rejects.toEqual(
      domainError('invalid', 'pageSize'),
    );
  });

  it("reports an unknown device, or another tenant's, as not found; needs device.view and assets", async () => {
    const w = await registerWorld();
    const other = await registerWorld();
    for (const id of ['nothing', other.used.id]) {
      await expect(w.getRecord.execute(w.admin, { id })).rejects.toEqual(domainError('not_found'));
      await expect(w.listHistory.execute(w.admin, { id })).rejects.toEqual(domainError('not_found'));
    }
    await expect(w.getRecord.execute(userActor(w.tenant, 'teacher'), { id: w.used.id })).rejects.toEqual(
      domainError('forbidden'),
    );
    const off = await registerWorld(['people']);
    await expect(off.getRecord.execute(off.admin, { id: off.used.id })).rejects.toEqual(domainError('module_disabled'));
  });
});
