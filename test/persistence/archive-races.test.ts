/**
 * An archive racing an issue or an assignment, in both orders, on both databases: an archived person
 * never ends up holding a loan or a device (issue 12, point 2).
 *
 * One side is held open at its most dangerous moment, its change written but not committed, while
 * the other starts: an archive that has checked the person holds nothing and marked them archived;
 * an issue or an assignment that has written the loan or the device. The other side must wait for
 * the person's lock and then see the committed outcome (IssueLoan and AssignDevice lock the person
 * they check; ArchivePerson locks the person before it looks at what they hold). Without those locks
 * Postgres lets both commit; SQLite's writers queue on the database lock anyway.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssignDevice } from '../../src/domain/devices/assign-device.js';
import { IssueLoan } from '../../src/domain/loans/issue-loan.js';
import { LoanTransitionRunner } from '../../src/domain/loans/loan-transition.js';
import { ArchivePerson } from '../../src/domain/people/archive-person.js';
import type { Actor } from '../../src/domain/shared/actor.js';
import { SystemClock } from '../../src/adapters/system/system-clock.js';
import type { IdGenerator } from '../../src/ports/id-generator.js';
import type { Repositories } from '../../src/ports/repositories.js';
import type { UnitOfWork } from '../../src/ports/unit-of-work.js';
import { aDevice, aGroup, aLoan, aPerson, aTenant } from '../support/builders.js';
import { openPostgresSubject, postgresAvailable, warnIfPostgresSkipped } from '../support/postgres.js';
import { openSqliteSubject } from '../support/sqlite.js';
import { domainError } from '../support/fakes/world.js';
import { asCalled } from '../support/fakes/as-called.js';

warnIfPostgresSkipped();

const clock = new SystemClock();
const ids: IdGenerator = { next: () => randomUUID() };
/** Long enough for a blocked transaction to show it is blocked; well inside the 5 s lock timeout. */
const WAIT_MS = 300;

/**
 * A unit of work whose transactions stop right after `repo.method` has run (the change written, the
 * transaction still open, its locks held) until `release()`; `reached` settles when one has stopped.
 */
function pausingAfter<R extends keyof Repositories>(inner: UnitOfWork, repo: R, method: keyof Repositories[R]) {
  let reached!: () => void;
  let release!: () => void;
  const reachedP = new Promise<void>((r) => (reached = r));
  const released = new Promise<void>((r) => (release = r));
  const uow: UnitOfWork = {
    read: (work) => inner.read(work),
    transaction: (work) =>
      inner.transaction((repos) => {
        const original = repos[repo] as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
        const paused = Object.create(original) as typeof original;
        paused[method as string] = async (...args: unknown[]) => {
          const result = await original[method as string]!(...args);
          reached();
          await released;
          return result;
        };
        return work({ ...repos, [repo]: paused });
      }),
  };
  return { uow, reached: reachedP, release };
}

const settledWithin = async (p: Promise<unknown>, ms: number): Promise<boolean> => {
  let settled = false;
  p.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((r) => setTimeout(r, ms));
  return settled;
};

const actorOf = (tenant: ReturnType<typeof aTenant>): Actor => ({
  tenant,
  principal: { type: 'user', id: 'desk-user', name: 'Desk', role: 'school-admin' },
  permissions: new Set([
    'module.people',
    'module.loans',
    'module.assets',
    'person.manage',
    'loan.issue',
    'device.manage',
  ]),
  loanGroupIds: null,
});

const archivePerson = (uow: UnitOfWork) => asCalled(ArchivePerson, uow, clock, ids);
const issueLoan = (uow: UnitOfWork) => asCalled(IssueLoan, new LoanTransitionRunner(uow, clock, ids), clock);
const assignDevice = (uow: UnitOfWork) => asCalled(AssignDevice, uow, clock, ids);

const subjects = [
  { name: 'sqlite', open: openSqliteSubject, skip: false },
  { name: 'postgres', open: openPostgresSubject, skip: !postgresAvailable },
] as const;

describe.each(subjects)('an archive racing an issue or an assignment on $name', ({ open, skip }) => {
  let subject: Awaited<ReturnType<typeof open>> | undefined;

  beforeAll(async () => {
    if (!skip) subject = await open();
  });
  afterAll(() => subject?.close());

  /** A tenant with one person, one AVAILABLE loan and one device in stock. */
  async function seed() {
    const uow = subject!.uow;
    const tenant = aTenant({ modules: ['people', 'loans', 'assets'] });
    const group = aGroup();
    const person = aPerson({ name: 'Ada Racer' });
    const loan = aLoan(group.id, { number: 1 });
    const device = aDevice();
    await uow.transaction(async (r) => {
      await r.tenants.create(tenant);
      await r.people.insertMany(tenant.id, [person]);
      await r.loanGroups.insertMany(tenant.id, [group]);
      await r.loans.insertMany(tenant.id, [loan]);
      await r.devices.insertMany(tenant.id, [device]);
    });
    const stored = () =>
      uow.read(async (r) => ({
        person: await r.people.findById(tenant.id, person.id),
        loan: await r.loans.findByNumber(tenant.id, 1),
        device: await r.devices.findById(tenant.id, device.id),
      }));
    return { uow, tenant, actor: actorOf(tenant), person, device, stored };
  }

  it.skipIf(skip)('archive first: the issue waits for it, then finds the person archived', async () => {
    const s = await seed();
    const held = pausingAfter(s.uow, 'people', 'update');
    const archiving = archivePerson(held.uow).execute(s.actor, { id: s.person.id });
    await held.reached;
    const issuing = issueLoan(s.uow).execute(s.actor, { number: 1, holderId: s.person.id });
    expect(await settledWithin(issuing, WAIT_MS)).toBe(false);
    held.release();
    await expect(archiving).resolves.toMatchObject({ person: { archivedAt: expect.any(String) } });
    await expect(issuing).rejects.toEqual(domainError('conflict'));
    expect(await s.stored()).toMatchObject({
      person: { archivedAt: expect.any(String) },
      loan: { status: 'AVAILABLE', holderId: null },
    });
  });

  it.skipIf(skip)('issue first: the archive waits for it, then finds the loan and refuses', async () => {
    const s = await seed();
    const held = pausingAfter(s.uow, 'loans', 'update');
    const issuing = issueLoan(held.uow).execute(s.actor, { number: 1, holderId: s.person.id });
    await held.reached;
    const archiving = archivePerson(s.uow).execute(s.actor, { id: s.person.id });
    expect(await settledWithin(archiving, WAIT_MS)).toBe(false);
    held.release();
    await expect(issuing).resolves.toMatchObject({ loan: { status: 'ISSUED' } });
    await expect(archiving).rejects.toThrow('Ada Racer holds loaner 1: return it first');
    expect(await s.stored()).toMatchObject({
      person: { archivedAt: null },
      loan: { status: 'ISSUED', holderId: s.person.id },
    });
  });

  it.skipIf(skip)('archive first: the assignment waits for it, then finds the person archived', async () => {
    const s = await seed();
    const held = pausingAfter(s.uow, 'people', 'update');
    const archiving = archivePerson(held.uow).execute(s.actor, { id: s.person.id });
    await held.reached;
    const assigning = assignDevice(s.uow).execute(s.actor, { id: s.device.id, personId: s.person.id });
    expect(await settledWithin(assigning, WAIT_MS)).toBe(false);
    held.release();
    await expect(archiving).resolves.toBeDefined();
    await expect(assigning).rejects.toEqual(domainError('conflict'));
    expect(await s.stored()).toMatchObject({
      person: { archivedAt: expect.any(String) },
      device: { status: 'IN_STOCK', assignedPersonId: null },
    });
  });

  it.skipIf(skip)('assignment first: the archive waits for it, then finds the device and refuses', async () => {
    const s = await seed();
    const held = pausingAfter(s.uow, 'devices', 'update');
    const assigning = assignDevice(held.uow).execute(s.actor, { id: s.device.id, personId: s.person.id });
    await held.reached;
    const archiving = archivePerson(s.uow).execute(s.actor, { id: s.person.id });
    expect(await settledWithin(archiving, WAIT_MS)).toBe(false);
    held.release();
    await expect(assigning).resolves.toMatchObject({ device: { status: 'IN_USE' } });
    await expect(archiving).rejects.toThrow(`Ada Racer holds device ${s.device.serial}: unassign it first`);
    expect(await s.stored()).toMatchObject({
      person: { archivedAt: null },
      device: { status: 'IN_USE', assignedPersonId: s.person.id },
    });
  });
});
