import { describe, expect, it } from 'vitest';
import type { ModuleName } from '../../src/domain/access/permissions.js';
import { GetPersonProfile } from '../../src/domain/people/get-person-profile.js';
import { SearchPeople } from '../../src/domain/people/search-people.js';
import type { Actor } from '../../src/domain/shared/actor.js';
import { withModules } from '../../src/domain/tenants/tenant.js';
import { aDevice, aGroup, aLoan, aPerson, aSubmission } from '../support/builders.js';
import { domainError, keyActor, newWorld, userActor } from '../fakes/world.js';
import { asCalled } from '../fakes/as-called.js';

/**
 * Ada (a pupil) holds loan 1 from the cart and loan 2 from the shelf, has a laptop from the register
 * and reported one repair. Alan and Grace are there to be searched for.
 */
async function peopleWorld(modules?: readonly ModuleName[]) {
  const w = await newWorld(modules ? { modules } : {});
  const ada = aPerson({ name: 'Ada Lovelace', email: 'ada@school.example', externalId: 'MIS-1', userGroup: '7A' });
  const alan = aPerson({ name: 'Alan Turing', email: 'alan@school.example', externalId: 'MIS-2', userGroup: '7A' });
  const grace = aPerson({ name: 'Grace Hopper', kind: 'STAFF', email: 'grace@school.example', userGroup: 'Maths' });
  const cart = aGroup({ name: 'Cart North' });
  const shelf = aGroup({ name: 'Library Shelf' });
  const issuedTo = {
    status: 'ISSUED',
    holderId: ada.id,
    userGroup: '7A',
    issuedAt: '2026-03-01T08:00:00.000Z',
  } as const;
  await w.seed(async (r, t) => {
    await r.people.insertMany(t, [ada, alan, grace]);
    await r.loanGroups.insertMany(t, [cart, shelf]);
    await r.loans.insertMany(t, [
      aLoan(cart.id, { number: 1, serial: 'CART-001', ...issuedTo }),
      aLoan(shelf.id, { number: 2, serial: 'SHELF-002', ...issuedTo, dueDate: '2026-03-01' }),
      aLoan(cart.id, { number: 3, serial: 'CART-003' }),
    ]);
    await r.devices.insertMany(t, [aDevice({ serial: 'DEV-ADA', assignedPersonId: ada.id, status: 'IN_USE' })]);
    await r.submissions.insertMany(t, [
      aSubmission({ number: 1, serial: 'DEV-ADA', reporterId: ada.id }),
      aSubmission({ number: 2, serial: 'DEV-OTHER', reporterId: alan.id }),
    ]);
  });
  return {
    ...w,
    ada,
    alan,
    grace,
    cart,
    shelf,
    searchPeople: asCalled(SearchPeople, w.uow),
    getProfile: asCalled(GetPersonProfile, w.uow, w.clock),
  };
}

describe('SearchPeople', () => {
  it('finds people by a case-insensitive part of name, e-mail or external id, ordered by name', async () => {
    const w = await peopleWorld();
    const admin = userActor(w.tenant, 'school-admin');
    const names = async (input: Parameters<typeof w.searchPeople.execute>[1]) =>
      (await w.searchPeople.execute(admin, input)).people.map((p) => p.name);
    expect(await names({ q: 'LOVE' })).toEqual(['Ada Lovelace']);
    expect(await names({ q: 'alan@' })).toEqual(['Alan Turing']);
    expect(await names({ q: 'mis-' })).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(await names({ q: 'school.example' })).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    expect(await names({ q: 'school.example', kind: 'STAFF' })).toEqual(['Grace Hopper']);
    expect(await names({ q: 'school.example', userGroup: '7A', limit: 1 })).toEqual(['Ada Lovelace']);
    expect(await names({ q: '%' })).toEqual([]);
  });

  it('returns at most 20 people unless asked for up to 50', async () => {
    const w = await peopleWorld();
    await w.seed((r, t) =>
      r.people.insertMany(
        t,
        Array.from({ length: 60 }, (_, i) => aPerson({ name: `Pupil ${String(i).padStart(2, '0')}` })),
      ),
    );
    const admin = userActor(w.tenant, 'school-admin');
    expect((await w.searchPeople.execute(admin, { q: 'pupil' })).people).toHaveLength(20);
    expect((await w.searchPeople.execute(admin, { q: 'pupil', limit: 50 })).people).toHaveLength(50);
    await expect(w.searchPeople.execute(admin, { q: 'pupil', limit: 51 })).rejects.toEqual(
      domainError('invalid', 'limit'),
    );
    await expect(w.searchPeople.execute(admin, { q: '' })).rejects.toEqual(domainError('invalid', 'q'));
  });

  it('needs person.view and the people module', async () => {
    const w = await peopleWorld();
    await expect(w.searchPeople.execute(keyActor(w.tenant, ['loan.view']), { q: 'a' })).rejects.toEqual(
      domainError('forbidden'),
    );
    const off = await peopleWorld(['loans']);
    await expect(off.searchPeople.execute(userActor(off.tenant, 'school-admin'), { q: 'a' })).rejects.toEqual(
      domainError('module_disabled'),
    );
  });
});

describe('GetPersonProfile', () => {
  it('shows the person with their loans, devices and submissions', async () => {
    const w = await peopleWorld();
    const profile = await w.getProfile.execute(userActor(w.tenant, 'school-admin'), { personId: w.ada.id });
    expect(profile.person).toEqual(w.ada);
    expect(profile.loans?.map((l) => [l.number, l.groupName, l.overdue])).toEqual([
      [1, 'Cart North', false],
      [2, 'Library Shelf', true],
    ]);
    expect(profile.devices?.map((d) => d.serial)).toEqual(['DEV-ADA']);
    expect(profile.submissions?.map((s) => s.number)).toEqual([1]);
  });

  type PeopleWorld = Awaited<ReturnType<typeof peopleWorld>>;
  const everyModule: ModuleName[] = ['people', 'loans', 'assets', 'repairs'];
  const admin = (w: PeopleWorld) => userActor(w.tenant, 'school-admin');

  it.each<{ who: string; modules: ModuleName[]; actor: (w: PeopleWorld) => Actor; keys: string[] }>([
    {
      who: 'an administrator, every module on',
      modules: everyModule,
      actor: admin,
      keys: ['devices', 'loans', 'person', 'submissions'],
    },
    { who: 'an administrator, only people on', modules: ['people'], actor: admin, keys: ['person'] },
    {
      who: 'an administrator, assets and repairs off',
      modules: ['people', 'loans'],
      actor: admin,
      keys: ['loans', 'person'],
    },
    {
      who: 'a teacher (loan.view, no device.view or repair.view)',
      modules: everyModule,
      actor: (w) => userActor(w.tenant, 'teacher'),
      keys: ['loans', 'person'],
    },
    {
      who: 'a key with person.view and device.view',
      modules: everyModule,
      actor: (w) => keyActor(w.tenant, ['person.view', 'device.view']),
      keys: ['devices', 'person'],
    },
  ])('shows $who only the sections they may see: $keys', async ({ modules, actor, keys }) => {
    const w = await peopleWorld(modules);
    const profile = await w.getProfile.execute(actor(w), { personId: w.ada.id });
    expect(Object.keys(profile).sort()).toEqual(keys);
  });

  it('shows a teacher only the loans of their own loan groups', async () => {
    const w = await peopleWorld();
    const teacher = userActor(w.tenant, 'teacher', { loanGroupIds: [w.cart.id] });
    const profile = await w.getProfile.execute(teacher, { personId: w.ada.id });
    expect(profile.loans?.map((l) => l.number)).toEqual([1]);
    const noPool = await w.getProfile.execute(userActor(w.tenant, 'teacher'), { personId: w.ada.id });
    expect(noPool.loans).toEqual([]);
  });

  it('reports an unknown person, or one of another tenant, as not found', async () => {
    const w = await peopleWorld();
    const other = await peopleWorld();
    const admin = userActor(w.tenant, 'school-admin');
    await expect(w.getProfile.execute(admin, { personId: 'nobody' })).rejects.toEqual(domainError('not_found'));
    await expect(w.getProfile.execute(admin, { personId: other.ada.id })).rejects.toEqual(domainError('not_found'));
  });

  it('needs the people module', async () => {
    const w = await peopleWorld();
    const actor = userActor(withModules(w.tenant, ['loans', 'assets']), 'school-admin');
    await expect(w.getProfile.execute(actor, { personId: w.ada.id })).rejects.toEqual(domainError('module_disabled'));
  });
});
