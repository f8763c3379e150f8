import { describe, expect, it } from 'vitest';
import type { SubmissionStatus } from '../../../src/domain/submissions/repair-states.js';
import { AssignSubmission } from '../../../src/domain/submissions/assign-submission.js';
import { CreateSubmission } from '../../../src/domain/submissions/create-submission.js';
import { GetSubmission } from '../../../src/domain/submissions/get-submission.js';
import { ListSubmissions } from '../../../src/domain/submissions/list-submissions.js';
import { aDevice, aGroup, aLoan, aPerson, aSubmission } from '../../support/builders.js';
import {
  addTenant,
  domainError,
  keyActor,
  newWorld,
  NOW,
  userActor,
  type WorldOptions,
} from '../../support/fakes/world.js';
import { asCalled } from '../../support/fakes/as-called.js';

/** A pupil with a laptop from the register, two technicians and one loaner. */
async function repairWorld(o: WorldOptions = {}) {
  const w = await newWorld(o);
  const pupil = aPerson({ name: 'Ada Lovelace', kind: 'PUPIL' });
  const tess = aPerson({ name: 'Tess Fixer', kind: 'STAFF', userGroup: 'IT' });
  const theo = aPerson({ name: 'Theo Tinker', kind: 'STAFF', userGroup: 'IT' });
  const leaver = aPerson({ name: 'Lee Leaver', kind: 'STAFF', archivedAt: '2026-01-01T00:00:00.000Z' });
  const laptop = aDevice({ serial: 'DEV-100', status: 'IN_USE', assignedPersonId: pupil.id });
  const cart = aGroup({ name: 'Cart North' });
  const loaner = aLoan(cart.id, { number: 1, serial: 'LOAN-001' });
  await w.seed(async (r, t) => {
    await r.people.insertMany(t, [pupil, tess, theo, leaver]);
    await r.devices.insertMany(t, [laptop]);
    await r.loanGroups.insertMany(t, [cart]);
    await r.loans.insertMany(t, [loaner]);
  });
  return {
    ...w,
    pupil,
    tess,
    theo,
    leaver,
    laptop,
    createSubmission: asCalled(CreateSubmission, w.uow, w.clock, w.ids),
    assignSubmission: asCalled(AssignSubmission, w.uow, w.clock, w.ids),
    getSubmission: asCalled(GetSubmission, w.uow),
    listSubmissions: asCalled(ListSubmissions, w.uow),
    technician: userActor(w.tenant, 'technician', { id: 'user-tech' }),
    stored: (number: number) => w.uow.read((r) => r.submissions.findByNumber(w.tenant.id, number)),
  };
}

describe('CreateSubmission', () => {
  it('lodges a NEW submission against a device serial', async () => {
    const w = await repairWorld();
    const { submission } = await w.createSubmission.execute(w.technician, {
      serial: 'DEV-100',
      description: 'Screen flickers',
      reporterId: w.pupil.id,
      coverage: 'WARRANTY',
    });
    expect(submission).toEqual({
      id: expect.any(String),
      number: 1,
      serial: 'DEV-100',
      description: 'Screen flickers',
      reporterId: w.pupil.id,
      assigneeId: null,
      status: 'NEW',
      coverage: 'WARRANTY',
      costMinor: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(await w.stored(1)).toEqual({ ...submission, version: 1 });
  });

  it('lodges a submission against a loaner’s serial', async () => {
    const w = await repairWorld();
    const { submission } = await w.createSubmission.execute(w.technician, {
      serial: 'LOAN-001',
      description: 'Key missing',
    });
    expect(submission).toMatchObject({ serial: 'LOAN-001', status: 'NEW', reporterId: null, coverage: null });
  });

  it('refuses a serial that is neither a device nor a loaner of the tenant, storing nothing', async () => {
    const w = await repairWorld();
    const other = await addTenant(w.uow);
    await w.uow.transaction((r) => r.devices.insertMany(other.id, [aDevice({ serial: 'ELSEWHERE-1' })]));
    for (const serial of ['NO-SUCH', 'ELSEWHERE-1']) {
      await expect(w.createSubmission.execute(w.technician, { serial, description: 'Broken' })).rejects.toEqual(
        domainError('not_found'),
      );
    }
    expect(await w.uow.read((r) => r.submissions.count(w.tenant.id))).toBe(0);
    expect(await w.audit()).toEqual([]);
    expect(await w.events()).toEqual([]);
  });

  it('refuses an unknown reporter, and an archived one (a leaver), storing nothing', async () => {
    const w = await repairWorld();
    await expect(
      w.createSubmission.execute(w.technician, { serial: 'DEV-100', description: 'Broken', reporterId: 'nobody' }),
    ).rejects.toEqual(domainError('not_found'));
    await expect(
      w.createSubmission.execute(w.technician, { serial: 'DEV-100', description: 'Broken', reporterId: w.leaver.id }),
    ).rejects.toEqual(domainError('conflict'));
    expect(await w.audit()).toEqual([]);
  });

  it('accepts 4000 characters of description and refuses 4001 or control characters', async () => {
    const w = await repairWorld();
    await expect(
      w.createSubmission.execute(w.technician, { serial: 'DEV-100', description: 'x'.repeat(4000) }),
    ).resolves.toBeDefined();
    for (const description of ['x'.repeat(4001), 'Beeps\u0007 loudly', '', '   ']) {
      await expect(w.createSubmission.execute(w.technician, { serial: 'DEV-100', description })).rejects.toEqual(
        domainError('invalid', 'description'),
      );
    }
  });

  it('changes no device and no loan', async () => {
    const w = await repairWorld();
    const before = await w.uow.read(async (r) => [
      await r.devices.findBySerial(w.tenant.id, 'DEV-100'),
      await r.loans.findBySerial(w.tenant.id, 'LOAN-001'),
    ]);
    await w.createSubmission.execute(w.technician, { serial: 'DEV-100', description: 'Broken hinge' });
    await w.createSubmission.execute(w.technician, { serial: 'LOAN-001', description: 'Broken hinge' });
    const after = await w.uow.read(async (r) => [
      await r.devices.findBySerial(w.tenant.id, 'DEV-100'),
      await r.loans.findBySerial(w.tenant.id, 'LOAN-001'),
    ]);
    expect(after).toEqual(before);
  });

  it('numbers submissions per tenant, increasing', async () => {
    const w = await repairWorld();
    const create = () => w.createSubmission.execute(w.technician, { serial: 'DEV-100', description: 'Broken' });
    expect((await create()).submission.number).toBe(1);
    expect((await create()).submission.number).toBe(2);

    const other = await repairWorld();
    const first = await other.createSubmission.execute(other.technician, { serial: 'DEV-100', description: 'x' });
    expect(first.submission.number).toBe(1);
  });

  it('writes one audit entry and one submission.created event', async () => {
    const w = await repairWorld();
    const { submission } = await w.createSubmission.execute(w.technician, { serial: 'DEV-100', description: 'x' });
    expect(await w.audit()).toEqual([
      expect.objectContaining({
        actor: { type: 'user', id: 'user-tech' },
        action: 'submission.create',
        target: 'submission:1',
        at: NOW,
      }),
    ]);
    expect(await w.events()).toEqual([
      expect.objectContaining({
        kind: 'submission.created',
        occurredAt: NOW,
        payload: {
          submission: { id: submission.id, number: 1, serial: 'DEV-100', status: submission.status, assigneeId: null },
        },
      }),
    ]);
  });

  it('lets a teacher lodge one, but not a read-only user, and needs the repairs module', async () => {
    const w = await repairWorld();
    const input = { serial: 'DEV-100', description: 'Broken' };
    await expect(w.createSubmission.execute(userActor(w.tenant, 'teacher'), input)).resolves.toBeDefined();
    await expect(w.createSubmission.execute(userActor(w.tenant, 'read-only'), input)).rejects.toEqual(
      domainError('forbidden'),
    );
    const off = await repairWorld({ modules: ['loans', 'assets'] });
    await expect(off.createSubmission.execute(off.technician, input)).rejects.toEqual(domainError('module_disabled'));
  });
});

describe('AssignSubmission', () => {
  async function withSubmission(status: SubmissionStatus, assignee?: string) {
    const w = await repairWorld();
    const s = aSubmission({ number: 7, serial: 'DEV-100', status, assigneeId: assignee ?? null });
    await w.seed((r, t) => r.submissions.insertMany(t, [s]));
    return { ...w, submission: s };
  }

  it('assigns a NEW submission to a staff member', async () => {
    const w = await withSubmission('NEW');
    const { submission } = await w.assignSubmission.execute(w.technician, {
      id: w.submission.id,
      assigneeId: w.tess.id,
    });
    expect(submission).toMatchObject({ number: 7, status: 'ASSIGNED', assigneeId: w.tess.id, updatedAt: NOW });
    expect(await w.stored(7)).toMatchObject({ status: 'ASSIGNED', assigneeId: w.tess.id, version: 2 });
  });

  it('reassigns an ASSIGNED submission, by number', async () => {
    const w = await withSubmission('NEW');
    await w.assignSubmission.execute(w.technician, { number: 7, assigneeId: w.tess.id });
    const { submission } = await w.assignSubmission.execute(w.technician, { number: 7, assigneeId: w.theo.id });
    expect(submission).toMatchObject({ status: 'ASSIGNED', assigneeId: w.theo.id });
    expect(await w.stored(7)).toMatchObject({ assigneeId: w.theo.id, version: 3 });
  });

  it.each(['IN_REPAIR', 'RESOLVED', 'CLOSED'] as const)(
    'refuses to assign a %s submission and records nothing',
    async (status) => {
      const w = await withSubmission(status, 'someone');
      await expect(w.assignSubmission.execute(w.technician, { number: 7, assigneeId: w.tess.id })).rejects.toEqual(
        domainError('conflict'),
      );
      expect(await w.stored(7)).toMatchObject({ status, assigneeId: 'someone', version: 1 });
      expect(await w.audit()).toEqual([]);
      expect(await w.events()).toEqual([]);
    },
  );

  it('refuses a pupil as assignee, naming assigneeId', async () => {
    const w = await withSubmission('NEW');
    await expect(w.assignSubmission.execute(w.technician, { number: 7, assigneeId: w.pupil.id })).rejects.toEqual(
      domainError('invalid', 'assigneeId'),
    );
    expect((await w.stored(7))?.status).toBe('NEW');
  });

  it('refuses an archived member of staff (a leaver), changing nothing', async () => {
    const w = await withSubmission('NEW');
    await expect(w.assignSubmission.execute(w.technician, { number: 7, assigneeId: w.leaver.id })).rejects.toEqual(
      domainError('conflict'),
    );
    expect(await w.stored(7)).toMatchObject({ status: 'NEW', assigneeId: null, version: 1 });
    expect(await w.audit()).toEqual([]);
  });

  it('reports an unknown assignee or submission as not found', async () => {
    const w = await withSubmission('NEW');
    await expect(w.assignSubmission.execute(w.technician, { number: 7, assigneeId: 'nobody' })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.assignSubmission.execute(w.technician, { number: 8, assigneeId: w.tess.id })).rejects.toEqual(
      domainError('not_found'),
    );
  });

  it('writes one audit entry and one submission.assigned event', async () => {
    const w = await withSubmission('NEW');
    const key = keyActor(w.tenant, ['repair.assign'], 'key-7');
    const { submission } = await w.assignSubmission.execute(key, { number: 7, assigneeId: w.tess.id });
    expect(await w.audit()).toEqual([
      expect.objectContaining({
        actor: { type: 'apiKey', id: 'key-7' },
        action: 'submission.assign',
        target: 'submission:7',
        details: { from: null, to: w.tess.id },
      }),
    ]);
    expect(await w.events()).toEqual([
      expect.objectContaining({
        kind: 'submission.assigned',
        payload: {
          submission: {
            id: submission.id,
            number: 7,
            serial: submission.serial,
            status: submission.status,
            assigneeId: w.tess.id,
          },
        },
      }),
    ]);
  });

  it('needs repair.assign', async () => {
    const w = await withSubmission('NEW');
    await expect(
      w.assignSubmission.execute(userActor(w.tenant, 'loan-desk'), { number: 7, assigneeId: w.tess.id }),
    ).rejects.toEqual(domainError('forbidden'));
  });
});

describe('GetSubmission and ListSubmissions', () => {
  it('gets one submission by id or by number, exactly one of them', async () => {
    const w = await repairWorld();
    const { submission } = await w.createSubmission.execute(w.technician, { serial: 'DEV-100', description: 'x' });
    expect(await w.getSubmission.execute(w.technician, { id: submission.id })).toEqual({ submission });
    expect(await w.getSubmission.execute(w.technician, { number: 1 })).toEqual({ submission });
    await expect(w.getSubmission.execute(w.technician, { id: submission.id, number: 1 })).rejects.toEqual(
      domainError('invalid', 'number'),
    );
    await expect(w.getSubmission.execute(w.technician, {})).rejects.toEqual(domainError('invalid', ''));
    await expect(w.getSubmission.execute(w.technician, { number: 2 })).rejects.toEqual(domainError('not_found'));
    await expect(w.getSubmission.execute(w.technician, { id: 'nope' })).rejects.toEqual(domainError('not_found'));
  });

  it('lists submissions newest first, filtered and paged', async () => {
    const w = await repairWorld();
    for (const description of ['Cracked screen', 'Dead battery', 'Screen flickers']) {
      await w.createSubmission.execute(w.technician, { serial: 'DEV-100', description });
    }
    await w.assignSubmission.execute(w.technician, { number: 2, assigneeId: w.tess.id });
    const numbers = async (input: Parameters<typeof w.listSubmissions.execute>[1]) =>
      (await w.listSubmissions.execute(w.technician, input)).submissions.map((s) => s.number);
    expect(await numbers({})).toEqual([3, 2, 1]);
    expect(await numbers({ q: 'SCREEN' })).toEqual([3, 1]);
    expect(await numbers({ status: 'ASSIGNED' })).toEqual([2]);
    expect(await numbers({ assigneeId: w.tess.id })).toEqual([2]);
    expect(await w.listSubmissions.execute(w.technician, { page: 2, pageSize: 2 })).toMatchObject({
      submissions: [{ number: 1 }],
      total: 3,
      page: 2,
      pageSize: 2,
    });
  });
});

describe('CreateSubmission and the loan pool', () => {
  it('treats the serial of a loaner outside a teacher’s pool as unknown', async () => {
    const w = await repairWorld();
    const outsider = userActor(w.tenant, 'teacher', { loanGroupIds: [] });
    await expect(w.createSubmission.execute(outsider, { serial: 'LOAN-001', description: 'Broken' })).rejects.toEqual(
      domainError('not_found'),
    );
    expect(await w.events()).toEqual([]);
    const cartId = (await w.uow.read((r) => r.loans.findByNumber(w.tenant.id, 1)))!.groupId;
    const insider = userActor(w.tenant, 'teacher', { loanGroupIds: [cartId] });
    await expect(
      w.createSubmission.execute(insider, { serial: 'LOAN-001', description: 'Broken' }),
    ).resolves.toBeDefined();
  });
});

describe('text from outside', () => {
  it('refuses a lone surrogate, which no database would store faithfully', async () => {
    const w = await repairWorld();
    await expect(
      w.createSubmission.execute(w.technician, { serial: 'DEV-100', description: 'a\udfffb' }),
    ).rejects.toEqual(domainError('invalid', 'description'));
    await expect(
      w.createSubmission.execute(w.technician, { serial: 'DEV-100', description: 'emoji 💻 ok' }),
    ).resolves.toBeDefined();
  });
});
