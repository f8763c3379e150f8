/**
 * Repairs (issue 12, point 6): the pure moves of a submission and of its register device
 * (src/domain/submissions/submission.ts), then ChangeSubmissionStatus on the memory world.
 */
import { describe, expect, it } from 'vitest';
import { changeStatus, type Device } from '../../../src/domain/devices/device.js';
import { ChangeSubmissionStatus } from '../../../src/domain/submissions/change-submission-status.js';
import {
  DEVICE_OUTCOMES,
  deviceMoved,
  moveTo,
  repairDevice,
  toSubmissionView,
  withCost,
  type Submission,
} from '../../../src/domain/submissions/submission.js';
import {
  nextRepairStatuses,
  REPAIR_MOVES,
  type RepairMove,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '../../../src/domain/submissions/repair-states.js';
import type { Repositories } from '../../../src/ports/repositories.js';
import type { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { asCalled } from '../../support/fakes/as-called.js';
import {
  addTenant,
  domainError,
  keyActor,
  newWorld,
  NOW,
  userActor,
  type WorldOptions,
} from '../../support/fakes/world.js';
import { aDevice, aGroup, aLoan, aPerson, aSubmission } from '../../support/builders.js';

const AT = '2026-03-10T10:00:00.000Z';
const sub = (status: SubmissionStatus, o: Partial<Submission> = {}) =>
  aSubmission({ number: 7, status, assigneeId: status === 'NEW' ? null : 'tess', ...o });
const codeOf = (move: () => unknown) => {
  try {
    move();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return 'moved';
};

describe('the repair moves (pure)', () => {
  const ALLOWED: Record<RepairMove, SubmissionStatus[]> = {
    IN_REPAIR: ['NEW', 'ASSIGNED'],
    RESOLVED: ['IN_REPAIR'],
    CLOSED: ['NEW', 'ASSIGNED', 'RESOLVED'],
  };

  it.each(REPAIR_MOVES.flatMap((to) => SUBMISSION_STATUSES.map((from) => [from, to] as const)))(
    '%s → %s is allowed exactly where the repair goes that way',
    (from, to) => {
      const outcome = codeOf(() => moveTo(sub(from), to, AT, 'a note'));
      expect(outcome).toBe(ALLOWED[to].includes(from) ? 'moved' : 'conflict');
    },
  );

  it('offers from each status exactly the moves the repair takes (what the console lists)', () => {
    for (const from of SUBMISSION_STATUSES) {
      expect(nextRepairStatuses(from), from).toEqual(REPAIR_MOVES.filter((to) => ALLOWED[to].includes(from)));
    }
  });

  it('moves the status and the time of the change, nothing else, and leaves the input alone', () => {
    const before = sub('ASSIGNED', { coverage: 'WARRANTY' });
    const copy = structuredClone(before);
    expect(moveTo(before, 'IN_REPAIR', AT)).toEqual({ ...before, status: 'IN_REPAIR', updatedAt: AT });
    expect(before).toEqual(copy);
  });

  it('says why a move is refused', () => {
    expect(() => moveTo(sub('CLOSED'), 'CLOSED', AT, 'x')).toThrow(/closed: a closed repair does not change/);
    expect(() => moveTo(sub('IN_REPAIR'), 'IN_REPAIR', AT)).toThrow(/already in repair/);
    expect(() => moveTo(sub('RESOLVED'), 'IN_REPAIR', AT)).toThrow(
      /resolved: it can go in repair only from new or assigned/,
    );
  });

  it('closes a submission that needs no repair only with a note saying why', () => {
    for (const from of ['NEW', 'ASSIGNED'] as const) {
      expect(() => moveTo(sub(from), 'CLOSED', AT)).toThrow(expect.objectContaining({ code: 'invalid' }));
      expect(() => moveTo(sub(from), 'CLOSED', AT)).toThrow(
        expect.objectContaining({ problems: [expect.objectContaining({ path: 'note' })] }),
      );
      expect(moveTo(sub(from), 'CLOSED', AT, 'No fault found')).toMatchObject({ status: 'CLOSED' });
    }
    // A repaired one closes without a note.
    expect(moveTo(sub('RESOLVED'), 'CLOSED', AT)).toMatchObject({ status: 'CLOSED' });
  });

  it('sets the cost of a RESOLVED repair and who paid, defaulting to the coverage it was lodged with', () => {
    const resolved = sub('RESOLVED', { coverage: 'WARRANTY' });
    expect(withCost(resolved, { amountMinor: 4_500 })).toMatchObject({ costMinor: 4_500, coverage: 'WARRANTY' });
    expect(withCost(resolved, { amountMinor: 4_500, coverage: 'PARENT' })).toMatchObject({
      costMinor: 4_500,
      coverage: 'PARENT',
    });
    expect(withCost(resolved, { amountMinor: 0 })).toMatchObject({ costMinor: 0, coverage: 'WARRANTY' });
  });

  it('refuses a cost nobody pays for, and a cost before the repair is RESOLVED', () => {
    const problemAt = (path: string) =>
      expect.objectContaining({ code: 'invalid', problems: [expect.objectContaining({ path })] });
    expect(() => withCost(sub('RESOLVED', { coverage: null }), { amountMinor: 100 })).toThrow(
      problemAt('cost.coverage'),
    );
    expect(() => withCost(sub('IN_REPAIR', { coverage: 'SCHOOL' }), { amountMinor: 100 })).toThrow(problemAt('cost'));
  });
});

describe('the register device of a repair (pure)', () => {
  const inUse = aDevice({ status: 'IN_USE', assignedPersonId: 'ada' });
  const inStock = aDevice({ status: 'IN_STOCK' });
  const retired = aDevice({ status: 'RETIRED' });

  it('goes into repair remembering where it was, and back there when the repair is resolved', () => {
    const into = repairDevice(inUse, 'IN_REPAIR', false)!;
    expect(into.outcome).toBe('into_repair');
    expect(into.device).toMatchObject({ status: 'IN_REPAIR', statusBeforeRepair: 'IN_USE', assignedPersonId: 'ada' });
    const back = repairDevice(into.device, 'RESOLVED', false)!;
    expect(back.outcome).toBe('back_from_repair');
    expect(back.device).toEqual({ ...inUse, statusBeforeRepair: null });

    const fromStock = repairDevice(inStock, 'IN_REPAIR', false)!.device;
    expect(repairDevice(fromStock, 'RESOLVED', false)!.device).toMatchObject({
      status: 'IN_STOCK',
      statusBeforeRepair: null,
    });
  });

  it('leaves a RETIRED device alone, either way', () => {
    for (const to of ['IN_REPAIR', 'RESOLVED'] as const) {
      expect(repairDevice(retired, to, false)).toEqual({ device: retired, outcome: 'retired' });
    }
  });

  it('leaves a device already in repair as it is, and one taken out of repair by hand', () => {
    const byHand = changeStatus(inUse, 'IN_REPAIR');
    expect(repairDevice(byHand, 'IN_REPAIR', false)).toEqual({ device: byHand, outcome: 'already_in_repair' });
    expect(repairDevice(inUse, 'RESOLVED', false)).toEqual({ device: inUse, outcome: 'not_in_repair' });
  });

  it('keeps the device in repair while another repair of it is still IN_REPAIR', () => {
    const repairing = changeStatus(inUse, 'IN_REPAIR');
    expect(repairDevice(repairing, 'RESOLVED', true)).toEqual({ device: repairing, outcome: 'still_in_repair' });
  });

  it('counts only going into repair and coming back as moving the device', () => {
    expect(DEVICE_OUTCOMES.filter(deviceMoved)).toEqual(['into_repair', 'back_from_repair']);
  });

  it('does nothing to the device on CLOSED', () => {
    expect(repairDevice(inUse, 'CLOSED', false)).toBeNull();
    expect(repairDevice(changeStatus(inUse, 'IN_REPAIR'), 'CLOSED', false)).toBeNull();
  });
});

/** A pupil's laptop in the register with an ASSIGNED submission (number 7), and a loaner. */
async function repairWorld(o: WorldOptions & { device?: Partial<Device>; coverage?: Submission['coverage'] } = {}) {
  const w = await newWorld(o);
  const pupil = aPerson({ kind: 'PUPIL' });
  const tess = aPerson({ kind: 'STAFF', userGroup: 'IT' });
  const laptop = aDevice({ serial: 'DEV-100', status: 'IN_USE', assignedPersonId: pupil.id, ...o.device });
  const cart = aGroup();
  const loaner = aLoan(cart.id, { number: 1, serial: 'LOAN-001' });
  const submission = aSubmission({
    number: 7,
    serial: 'DEV-100',
    status: 'ASSIGNED',
    assigneeId: tess.id,
    coverage: o.coverage === undefined ? 'WARRANTY' : o.coverage,
  });
  const onLoaner = aSubmission({ number: 8, serial: 'LOAN-001', status: 'ASSIGNED', assigneeId: tess.id });
  await w.seed(async (r, t) => {
    await r.people.insertMany(t, [pupil, tess]);
    await r.devices.insertMany(t, [laptop]);
    await r.loanGroups.insertMany(t, [cart]);
    await r.loans.insertMany(t, [loaner]);
    await r.submissions.insertMany(t, [submission, onLoaner]);
  });
  const technician = userActor(w.tenant, 'technician', { id: 'user-tech' });
  const change = asCalled(ChangeSubmissionStatus, w.uow, w.clock, w.ids);
  return {
    ...w,
    laptop,
    loaner,
    submission,
    technician,
    change,
    move: (status: RepairMove, extra: Record<string, unknown> = {}, number = 7) =>
      change.execute(technician, { number, status, ...extra } as never),
    stored: () => w.uow.read((r) => r.submissions.findByNumber(w.tenant.id, 7)),
    device: () => w.uow.read((r) => r.devices.findBySerial(w.tenant.id, 'DEV-100')),
    costs: async () => (await w.uow.read((r) => r.costs.list(w.tenant.id, {}, { page: 1, pageSize: 100 }))).items,
    /** Everything a move could write, as one comparable value. */
    everything: async () => ({
      submissions: (await w.uow.read((r) => r.submissions.search(w.tenant.id, {}, { page: 1, pageSize: 100 }))).items,
      devices: (await w.uow.read((r) => r.devices.search(w.tenant.id, {}, { page: 1, pageSize: 100 }))).items,
      loans: (await w.uow.read((r) => r.loans.list(w.tenant.id, { poolGroupIds: null }, { page: 1, pageSize: 100 })))
        .items,
      costs: (await w.uow.read((r) => r.costs.list(w.tenant.id, {}, { page: 1, pageSize: 100 }))).items,
      audit: await w.audit(),
      events: await w.events(),
    }),
  };
}

describe('ChangeSubmissionStatus', () => {
  it('takes a repair through IN_REPAIR, RESOLVED with a cost, and CLOSED, moving the device and recording the cost', async () => {
    const w = await repairWorld();

    const inRepair = await w.move('IN_REPAIR', { note: 'Sent to the repairer' });
    expect(inRepair).toEqual({
      submission: { ...toSubmissionView(w.submission), status: 'IN_REPAIR', updatedAt: NOW },
      device: { id: w.laptop.id, serial: 'DEV-100', status: 'IN_REPAIR', outcome: 'into_repair' },
    });
    expect(await w.device()).toEqual({ ...w.laptop, status: 'IN_REPAIR', statusBeforeRepair: 'IN_USE' });

    const resolved = await w.move('RESOLVED', { note: 'New screen', cost: { amountMinor: 12_550 } });
    expect(resolved.submission).toMatchObject({ status: 'RESOLVED', costMinor: 12_550, coverage: 'WARRANTY' });
    expect(resolved.device).toEqual({
      id: w.laptop.id,
      serial: 'DEV-100',
      status: 'IN_USE',
      outcome: 'back_from_repair',
    });
    expect(await w.device()).toEqual(w.laptop);
    const [cost] = await w.costs();
    expect(cost).toEqual({
      id: expect.any(String),
      type: 'REPAIR',
      coverage: 'WARRANTY',
      amountMinor: 12_550,
      date: '2026-03-10',
      source: 'submission:7',
      note: null,
    });

    const closed = await w.move('CLOSED');
    expect(closed).toEqual({
      submission: expect.objectContaining({ status: 'CLOSED', costMinor: 12_550 }),
      device: null,
    });
    expect(await w.stored()).toMatchObject({ status: 'CLOSED', version: 4 });
    expect(await w.device()).toEqual(w.laptop);
  });

  it('audits each change with its details and emits thin events, in the same order, the note in the audit only', async () => {
    const w = await repairWorld();
    await w.move('IN_REPAIR', { note: 'Ada says it fell off the desk' });
    await w.move('RESOLVED', { note: 'Screen replaced for Ada', cost: { amountMinor: 9_900, coverage: 'INSURANCE' } });
    const cost = (await w.costs())[0]!;
    const actor = { type: 'user', id: 'user-tech' };

    expect((await w.audit()).map((e) => ({ action: e.action, target: e.target, details: e.details }))).toEqual([
      {
        action: 'submission.status',
        target: 'submission:7',
        details: {
          from: 'ASSIGNED',
          to: 'IN_REPAIR',
          note: 'Ada says it fell off the desk',
          device: { id: w.laptop.id, serial: 'DEV-100', outcome: 'into_repair' },
        },
      },
      {
        action: 'device.status',
        target: `device:${w.laptop.id}`,
        details: { from: 'IN_USE', to: 'IN_REPAIR', submission: 7 },
      },
      {
        action: 'submission.status',
        target: 'submission:7',
        details: {
          from: 'IN_REPAIR',
          to: 'RESOLVED',
          note: 'Screen replaced for Ada',
          cost: { amountMinor: 9_900, coverage: 'INSURANCE' },
          device: { id: w.laptop.id, serial: 'DEV-100', outcome: 'back_from_repair' },
        },
      },
      {
        action: 'device.status',
        target: `device:${w.laptop.id}`,
        details: { from: 'IN_REPAIR', to: 'IN_USE', submission: 7 },
      },
      {
        action: 'cost.record',
        target: `cost:${cost.id}`,
        details: {
          type: 'REPAIR',
          coverage: 'INSURANCE',
          amountMinor: 9_900,
          date: '2026-03-10',
          source: 'submission:7',
        },
      },
    ]);
    for (const entry of await w.audit()) expect(entry).toMatchObject({ actor, at: NOW });

    const submissionData = (status: string, previousStatus: string) => ({
      submission: {
        id: w.submission.id,
        number: 7,
        serial: 'DEV-100',
        status,
        assigneeId: w.submission.assigneeId,
        previousStatus,
      },
    });
    const deviceData = (status: string) => ({
      device: {
        id: w.laptop.id,
        serial: 'DEV-100',
        kind: w.laptop.kind,
        status,
        assignedPersonId: w.laptop.assignedPersonId,
      },
    });
    const events = await w.events();
    expect(events.map((e) => ({ kind: e.kind, payload: e.payload }))).toEqual([
      { kind: 'submission.status_changed', payload: submissionData('IN_REPAIR', 'ASSIGNED') },
      { kind: 'device.updated', payload: deviceData('IN_REPAIR') },
      { kind: 'submission.status_changed', payload: submissionData('RESOLVED', 'IN_REPAIR') },
      { kind: 'device.updated', payload: deviceData('IN_USE') },
      {
        kind: 'cost.recorded',
        payload: {
          cost: {
            id: cost.id,
            type: 'REPAIR',
            coverage: 'INSURANCE',
            amountMinor: 9_900,
            date: '2026-03-10',
            source: 'submission:7',
          },
        },
      },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/Ada|Screen replaced/);
  });

  it('dates the cost today in the school’s time zone, not in UTC', async () => {
    // 23:30 UTC on the 10th is 00:30 on the 11th in Amsterdam.
    const w = await repairWorld({ now: '2026-03-10T23:30:00.000Z', timeZone: 'Europe/Amsterdam' });
    await w.move('IN_REPAIR');
    await w.move('RESOLVED', { cost: { amountMinor: 100 } });
    expect((await w.costs())[0]?.date).toBe('2026-03-11');
  });

  it('records a repair that cost nothing on the submission, without a cost entry', async () => {
    const w = await repairWorld();
    await w.move('IN_REPAIR');
    const { submission } = await w.move('RESOLVED', { cost: { amountMinor: 0, coverage: 'WARRANTY' } });
    expect(submission).toMatchObject({ costMinor: 0, coverage: 'WARRANTY' });
    expect(await w.costs()).toEqual([]);
    expect((await w.events()).map((e) => e.kind)).not.toContain('cost.recorded');
  });

  it('resolves without a cost, leaving the cost unset', async () => {
    const w = await repairWorld();
    await w.move('IN_REPAIR');
    const { submission } = await w.move('RESOLVED');
    expect(submission).toMatchObject({ status: 'RESOLVED', costMinor: null, coverage: 'WARRANTY' });
    expect(await w.costs()).toEqual([]);
  });

  it('takes a loaner out of the pool while it is in repair, and back when the repair that took it ends', async () => {
    const w = await repairWorld();
    const before = await w.everything();
    const into = await w.move('IN_REPAIR', {}, 8);
    expect(into.device).toBeNull();
    const during = await w.everything();
    expect(during.loans.find((l) => l.serial === 'LOAN-001')?.status).toBe('UNAVAILABLE');
    const resolved = await w.move('RESOLVED', { cost: { amountMinor: 500, coverage: 'SCHOOL' } }, 8);
    expect(resolved.device).toBeNull();
    const after = await w.everything();
    expect(after.devices).toEqual(before.devices);
    expect(after.loans.map((l) => [l.serial, l.status])).toEqual(before.loans.map((l) => [l.serial, l.status]));
    expect(after.events.map((e) => e.kind)).toEqual([
      'submission.status_changed',
      'loan.withdrawn',
      'submission.status_changed',
      'cost.recorded',
      'loan.restored',
    ]);
    expect(after.costs).toMatchObject([{ source: 'submission:8', amountMinor: 500, coverage: 'SCHOOL' }]);
  });

  it('leaves a RETIRED device alone and says so, in the answer and the audit, while the repair goes on', async () => {
    const w = await repairWorld({ device: { status: 'RETIRED', assignedPersonId: null } });
    const reply = await w.move('IN_REPAIR');
    expect(reply.submission.status).toBe('IN_REPAIR');
    expect(reply.device).toEqual({ id: w.laptop.id, serial: 'DEV-100', status: 'RETIRED', outcome: 'retired' });
    expect(await w.device()).toEqual(w.laptop);
    expect((await w.audit()).map((e) => e.action)).toEqual(['submission.status']);
    expect((await w.audit())[0]?.details).toMatchObject({ device: { outcome: 'retired' } });
    expect((await w.events()).map((e) => e.kind)).toEqual(['submission.status_changed']);
  });

  it('leaves a device put in repair by hand as it is, and brings it back when the repair is resolved', async () => {
    const w = await repairWorld({ device: { status: 'IN_REPAIR', statusBeforeRepair: 'IN_USE' } });
    expect((await w.move('IN_REPAIR')).device?.outcome).toBe('already_in_repair');
    expect((await w.device())?.status).toBe('IN_REPAIR');
    expect((await w.move('RESOLVED')).device?.outcome).toBe('back_from_repair');
    expect(await w.device()).toMatchObject({ status: 'IN_USE', statusBeforeRepair: null });
  });

  it('keeps a device in repair until the last of its repairs is resolved', async () => {
    const w = await repairWorld();
    const second = aSubmission({ number: 9, serial: 'DEV-100', status: 'ASSIGNED', assigneeId: 'tess' });
    await w.seed((r, t) => r.submissions.insertMany(t, [second]));
    expect((await w.move('IN_REPAIR')).device?.outcome).toBe('into_repair');
    expect((await w.move('IN_REPAIR', {}, 9)).device?.outcome).toBe('already_in_repair');
    expect((await w.move('RESOLVED')).device?.outcome).toBe('still_in_repair');
    expect((await w.device())?.status).toBe('IN_REPAIR');
    expect((await w.move('RESOLVED', {}, 9)).device?.outcome).toBe('back_from_repair');
    expect(await w.device()).toEqual(w.laptop);
  });

  it('leaves a device taken out of repair by hand where it is when the repair is resolved', async () => {
    const w = await repairWorld();
    await w.move('IN_REPAIR');
    await w.seed(async (r, t) => {
      const d = (await r.devices.findBySerial(t, 'DEV-100'))!;
      await r.devices.update(t, changeStatus(d, 'IN_STOCK'));
    });
    expect((await w.move('RESOLVED')).device).toMatchObject({ status: 'IN_STOCK', outcome: 'not_in_repair' });
    expect((await w.device())?.status).toBe('IN_STOCK');
  });

  it('closes a NEW or ASSIGNED submission that needs no repair, with a note, touching no device', async () => {
    const w = await repairWorld();
    await expect(w.move('CLOSED')).rejects.toEqual(domainError('invalid', 'note'));
    const { submission, device } = await w.move('CLOSED', { note: 'No fault found' });
    expect(submission.status).toBe('CLOSED');
    expect(device).toBeNull();
    expect(await w.device()).toEqual(w.laptop);
    expect((await w.audit())[0]?.details).toEqual({ from: 'ASSIGNED', to: 'CLOSED', note: 'No fault found' });
  });

  it.each([
    ['NEW', 'RESOLVED'],
    ['ASSIGNED', 'RESOLVED'],
    ['IN_REPAIR', 'IN_REPAIR'],
    ['IN_REPAIR', 'CLOSED'],
    ['RESOLVED', 'IN_REPAIR'],
    ['CLOSED', 'RESOLVED'],
    ['CLOSED', 'CLOSED'],
  ] as const)('refuses %s → %s as a conflict, writing nothing', async (from, to) => {
    const w = await repairWorld();
    await w.seed(async (r, t) => {
      const s = (await r.submissions.findByNumber(t, 7))!;
      await r.submissions.update(t, { ...s, status: from });
    });
    const before = await w.everything();
    await expect(w.move(to, { note: 'x' })).rejects.toEqual(domainError('conflict'));
    expect(await w.everything()).toEqual(before);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const w = await repairWorld({ coverage: null });
    await w.move('IN_REPAIR');
    const before = await w.everything();
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'ASSIGNED' }, 'status'],
      [{ status: 'NEW' }, 'status'],
      [{ status: 'resolved' }, 'status'],
      [{ status: 'CLOSED', cost: { amountMinor: 100, coverage: 'SCHOOL' } }, 'cost'],
      [{ status: 'RESOLVED', cost: { amountMinor: -1, coverage: 'SCHOOL' } }, 'cost.amountMinor'],
      [{ status: 'RESOLVED', cost: { amountMinor: 1.5, coverage: 'SCHOOL' } }, 'cost.amountMinor'],
      [{ status: 'RESOLVED', cost: { amountMinor: '100', coverage: 'SCHOOL' } }, 'cost.amountMinor'],
      [{ status: 'RESOLVED', cost: { amountMinor: 1e13, coverage: 'SCHOOL' } }, 'cost.amountMinor'],
      [{ status: 'RESOLVED', cost: { amountMinor: 100, coverage: 'NONE' } }, 'cost.coverage'],
      [{ status: 'RESOLVED', cost: { amountMinor: 100, currency: 'EUR', coverage: 'SCHOOL' } }, 'cost.currency'],
      // Lodged without a coverage, and none given with the cost: who paid?
      [{ status: 'RESOLVED', cost: { amountMinor: 100 } }, 'cost.coverage'],
      [{ status: 'RESOLVED', note: '' }, 'note'],
      [{ status: 'RESOLVED', note: 'x'.repeat(2001) }, 'note'],
      [{ status: 'RESOLVED', note: 'bell\u0007' }, 'note'],
      [{ status: 'RESOLVED', extra: true }, 'extra'],
    ];
    for (const [input, path] of cases) {
      await expect(
        w.change.execute(w.technician, { number: 7, ...input } as never),
        JSON.stringify(input),
      ).rejects.toEqual(domainError('invalid', path));
    }
    await expect(w.change.execute(w.technician, { status: 'RESOLVED' } as never)).rejects.toEqual(
      domainError('invalid', ''),
    );
    expect(await w.everything()).toEqual(before);
  });

  it('answers a version conflict (someone else changed it) with a conflict, writing nothing', async () => {
    const w = await repairWorld();
    // The submission changes between its read and its write, as another writer would make it.
    const racing: UnitOfWork = {
      read: (work) => w.uow.read(work),
      transaction: (work) =>
        w.uow.transaction((repos) => {
          const submissions = Object.create(repos.submissions) as Repositories['submissions'];
          submissions.update = async () => false;
          return work({ ...repos, submissions });
        }),
    };
    const before = await w.everything();
    const change = asCalled(ChangeSubmissionStatus, racing, w.clock, w.ids);
    await expect(change.execute(w.technician, { number: 7, status: 'IN_REPAIR' })).rejects.toEqual(
      domainError('conflict'),
    );
    expect(await w.everything()).toEqual(before);
  });

  it('needs repair.manage and the repairs module: a technician and a school administrator, not the loan desk', async () => {
    const w = await repairWorld();
    for (const role of ['loan-desk', 'teacher', 'read-only'] as const) {
      await expect(w.change.execute(userActor(w.tenant, role), { number: 7, status: 'IN_REPAIR' })).rejects.toEqual(
        domainError('forbidden'),
      );
    }
    await expect(
      w.change.execute(userActor(w.tenant, 'school-admin'), { number: 7, status: 'IN_REPAIR' }),
    ).resolves.toMatchObject({ submission: { status: 'IN_REPAIR' } });
    const off = await repairWorld({ modules: ['assets', 'costs', 'loans'] });
    await expect(off.move('IN_REPAIR')).rejects.toEqual(domainError('module_disabled'));
  });

  it('moves the device for a key with repair.manage alone, but shows it only to callers who may see devices', async () => {
    const w = await repairWorld();
    const key = keyActor(w.tenant, ['repair.manage'], 'key-9');
    const { device } = await w.change.execute(key, { number: 7, status: 'IN_REPAIR' });
    expect(device).toBeNull();
    expect((await w.device())?.status).toBe('IN_REPAIR');
    expect((await w.audit())[0]?.actor).toEqual({ type: 'apiKey', id: 'key-9' });

    // With the assets module off the register is not shown either.
    const noAssets = await repairWorld({ modules: ['repairs', 'costs'] });
    expect((await noAssets.move('IN_REPAIR')).device).toBeNull();
  });

  it('finds only the tenant’s own submissions', async () => {
    const w = await repairWorld();
    const other = await addTenant(w.uow);
    const theirs = aSubmission({ number: 70, status: 'ASSIGNED', assigneeId: 'x', serial: 'DEV-100' });
    await w.uow.transaction((r) => r.submissions.insertMany(other.id, [theirs]));
    await expect(w.change.execute(w.technician, { id: theirs.id, status: 'IN_REPAIR' })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.move('IN_REPAIR', {}, 70)).rejects.toEqual(domainError('not_found'));
    expect(await w.uow.read((r) => r.submissions.findByNumber(other.id, 70))).toEqual(theirs);
  });
});
