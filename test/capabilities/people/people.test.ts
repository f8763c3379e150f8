import { describe, expect, it } from 'vitest';
import type { ModuleName } from '../../../src/domain/access/permissions.js';
import { ArchivePerson, holdingsRefusal } from '../../../src/domain/people/archive-person.js';
import { CreatePerson } from '../../../src/domain/people/create-person.js';
import { GetPersonProfile } from '../../../src/domain/people/get-person-profile.js';
import { ListPeople } from '../../../src/domain/people/list-people.js';
import type { Person } from '../../../src/domain/people/person.js';
import { RestorePerson } from '../../../src/domain/people/restore-person.js';
import { SearchPeople } from '../../../src/domain/people/search-people.js';
import { UpdatePerson } from '../../../src/domain/people/update-person.js';
import type { Actor } from '../../../src/domain/shared/actor.js';
import { withModules } from '../../../src/domain/tenants/tenant.js';
import { aDevice, aGroup, aLoan, aPerson, aSubmission, aTicket } from '../../support/builders.js';
import { addTenant, domainError, keyActor, newWorld, NOW, userActor } from '../../support/fakes/world.js';
import { asCalled } from '../../support/fakes/as-called.js';

/**
 * Ada (a pupil) holds loaner 1 from the cart and loan 2 from the shelf, has a laptop from the register
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
    listPeople: asCalled(ListPeople, w.uow),
    createPerson: asCalled(CreatePerson, w.uow, w.clock, w.ids),
    updatePerson: asCalled(UpdatePerson, w.uow, w.clock, w.ids),
    archivePerson: asCalled(ArchivePerson, w.uow, w.clock, w.ids),
    restorePerson: asCalled(RestorePerson, w.uow, w.clock, w.ids),
    stored: (id: string) => w.uow.read((r) => r.people.findById(w.tenant.id, id)),
    /** Everything a person write could change: people, audit and outbox. */
    state: () =>
      w.uow.read(async (r) => ({
        people: (await r.people.list(w.tenant.id, { includeArchived: true }, { page: 1, pageSize: 1000 })).items,
        audit: await r.audit.list(w.tenant.id, { limit: 1000 }),
        outbox: await r.outbox.listAfter(w.tenant.id, 0, 1000),
      })),
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
    // Guardians and this year's agreement are part of the person: there for whoever sees the person.
    expect(Object.keys(profile).sort()).toEqual([...keys, 'agreement', 'guardians'].sort());
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

  it('shows the tickets the person requested or handles, newest first, at most 50', async () => {
    const w = await peopleWorld();
    await w.seed((r, t) =>
      r.tickets.insertMany(t, [
        ...Array.from({ length: 55 }, (_, i) => aTicket({ number: i + 1, requesterId: w.ada.id })),
        aTicket({ number: 56, requesterId: w.alan.id, assigneeId: w.grace.id }),
        aTicket({ number: 57, requesterId: w.alan.id }),
      ]),
    );
    const admin = userActor(w.tenant, 'school-admin');
    const ada = await w.getProfile.execute(admin, { personId: w.ada.id });
    expect(ada.tickets?.map((t) => t.number)).toEqual(Array.from({ length: 50 }, (_, i) => 55 - i));
    const grace = await w.getProfile.execute(admin, { personId: w.grace.id });
    expect(grace.tickets?.map((t) => t.number)).toEqual([56]);
    // Tickets need ticket.view and the servicedesk module, like the tickets themselves.
    const teacher = await w.getProfile.execute(userActor(w.tenant, 'teacher'), { personId: w.ada.id });
    expect(teacher.tickets).toBeUndefined();
    const off = await w.getProfile.execute(userActor(withModules(w.tenant, ['people']), 'school-admin'), {
      personId: w.ada.id,
    });
    expect(off.tickets).toBeUndefined();
  });

  it('shows an archived person with their history', async () => {
    const w = await peopleWorld();
    const archived = { ...w.alan, archivedAt: '2026-03-01T08:00:00.000Z' };
    await w.seed((r, t) => r.people.update(t, archived));
    const profile = await w.getProfile.execute(userActor(w.tenant, 'school-admin'), { personId: w.alan.id });
    expect(profile.person).toEqual(archived);
    expect(profile.submissions?.map((s) => s.number)).toEqual([2]);
  });
});

type PeopleWorld = Awaited<ReturnType<typeof peopleWorld>>;
const adminOf = (w: PeopleWorld) => userActor(w.tenant, 'school-admin', { id: 'user-admin' });
const archivedAt = '2026-03-01T08:00:00.000Z';

describe('ListPeople', () => {
  it('pages through people by name, then id, with filters; archived people only when asked', async () => {
    const w = await peopleWorld();
    const admin = adminOf(w);
    await w.seed((r, t) => r.people.update(t, { ...w.alan, archivedAt }));
    const names = async (input: Parameters<typeof w.listPeople.execute>[1]) =>
      (await w.listPeople.execute(admin, input)).people.map((p) => p.name);
    expect(await names({})).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(await names({ includeArchived: true })).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    expect(await names({ includeArchived: false })).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(await names({ q: 'MIS-', includeArchived: true })).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(await names({ kind: 'STAFF' })).toEqual(['Grace Hopper']);
    expect(await names({ userGroup: '7A' })).toEqual(['Ada Lovelace']);
    expect(await w.listPeople.execute(admin, { includeArchived: true, page: 2, pageSize: 2 })).toEqual({
      people: [await w.stored(w.grace.id)],
      total: 3,
      page: 2,
      pageSize: 2,
    });
    expect((await w.listPeople.execute(admin, {})).pageSize).toBe(50);
  });

  it('orders people of the same name by id', async () => {
    const w = await peopleWorld();
    const twins = [aPerson({ id: 'b-twin', name: 'Sam Smith' }), aPerson({ id: 'a-twin', name: 'Sam Smith' })];
    await w.seed((r, t) => r.people.insertMany(t, twins));
    const { people } = await w.listPeople.execute(adminOf(w), { q: 'Sam Smith' });
    expect(people.map((p) => p.id)).toEqual(['a-twin', 'b-twin']);
  });

  it('refuses bad paging and filters, naming each field', async () => {
    const w = await peopleWorld();
    await expect(
      w.listPeople.execute(adminOf(w), { page: 0, pageSize: 101, kind: 'PARENT' as never, q: '' }),
    ).rejects.toEqual(domainError('invalid', 'q', 'kind', 'page', 'pageSize'));
  });

  it('needs person.view and the people module', async () => {
    const w = await peopleWorld();
    await expect(w.listPeople.execute(keyActor(w.tenant, ['loan.view']), {})).rejects.toEqual(domainError('forbidden'));
    await expect(w.listPeople.execute(keyActor(w.tenant, ['person.view']), {})).resolves.toMatchObject({ total: 3 });
    const off = await peopleWorld(['loans']);
    await expect(off.listPeople.execute(adminOf(off), {})).rejects.toEqual(domainError('module_disabled'));
  });
});

describe('CreatePerson', () => {
  it('adds a person, with the e-mail normalised, and records the audit entry and a thin event', async () => {
    const w = await peopleWorld();
    const { person } = await w.createPerson.execute(adminOf(w), {
      name: '  Katherine Johnson ',
      email: ' K.Johnson@School.Example ',
      kind: 'STAFF',
      userGroup: 'Maths',
      externalId: 'MIS-9',
    });
    expect(person).toEqual({
      id: expect.any(String),
      name: 'Katherine Johnson',
      email: 'k.johnson@school.example',
      kind: 'STAFF',
      userGroup: 'Maths',
      externalId: 'MIS-9',
      archivedAt: null,
    });
    expect(await w.stored(person.id)).toEqual(person);
    const [entry] = await w.audit();
    expect(entry).toMatchObject({
      actor: { type: 'user', id: 'user-admin' },
      action: 'person.create',
      target: `person:${person.id}`,
      at: NOW,
      details: { kind: 'STAFF', externalId: 'MIS-9' },
    });
    const [event] = await w.events();
    expect(event).toMatchObject({
      kind: 'person.created',
      occurredAt: NOW,
      payload: { person: { id: person.id, kind: 'STAFF', externalId: 'MIS-9', archived: false } },
    });
    // Names and e-mail addresses stay out of the audit trail and the event stream.
    expect(JSON.stringify([entry, event])).not.toMatch(/Johnson|johnson/);
  });

  it('takes only a name and a kind; the rest defaults to null', async () => {
    const w = await peopleWorld();
    const { person } = await w.createPerson.execute(adminOf(w), { name: 'Mary Jackson', kind: 'PUPIL' });
    expect(person).toMatchObject({ email: null, userGroup: null, externalId: null, archivedAt: null });
    const again = await w.createPerson.execute(adminOf(w), {
      name: 'Mary Jackson',
      kind: 'PUPIL',
      email: null,
      userGroup: null,
      externalId: null,
    });
    expect(again.person.id).not.toBe(person.id);
  });

  it('lets two people share an e-mail address, but never an external id', async () => {
    const w = await peopleWorld();
    await expect(
      w.createPerson.execute(adminOf(w), { name: 'Ada Sibling', kind: 'PUPIL', email: 'ada@school.example' }),
    ).resolves.toBeDefined();
    const before = await w.state();
    const error = await w.createPerson
      .execute(adminOf(w), { name: 'Someone', kind: 'PUPIL', externalId: 'MIS-1' })
      .catch((e: unknown) => e);
    expect(error).toEqual(domainError('conflict'));
    expect((error as Error).message).toBe(`external id "MIS-1" already belongs to another person (${w.ada.id})`);
    expect(await w.state()).toEqual(before);
  });

  it("keeps an archived leaver's external id theirs", async () => {
    const w = await peopleWorld();
    await w.seed((r, t) => r.people.update(t, { ...w.ada, archivedAt }));
    await expect(
      w.createPerson.execute(adminOf(w), { name: 'Someone', kind: 'PUPIL', externalId: 'MIS-1' }),
    ).rejects.toEqual(domainError('conflict'));
  });

  it('refuses bad input naming each field, and writes nothing', async () => {
    const w = await peopleWorld();
    const before = await w.state();
    await expect(
      w.createPerson.execute(adminOf(w), {
        name: ' ',
        email: 'not an address',
        kind: 'PARENT' as never,
        userGroup: 'x'.repeat(101),
        externalId: 'a\u0000b',
        archivedAt: NOW,
      } as never),
    ).rejects.toEqual(domainError('invalid', 'name', 'email', 'kind', 'userGroup', 'externalId', 'archivedAt'));
    await expect(w.createPerson.execute(adminOf(w), {} as never)).rejects.toEqual(
      domainError('invalid', 'name', 'kind'),
    );
    expect(await w.state()).toEqual(before);
  });

  it('needs person.manage and the people module', async () => {
    const w = await peopleWorld();
    const input = { name: 'Dorothy Vaughan', kind: 'STAFF' } as const;
    for (const role of ['technician', 'loan-desk', 'teacher', 'read-only'] as const) {
      await expect(w.createPerson.execute(userActor(w.tenant, role), input)).rejects.toEqual(domainError('forbidden'));
    }
    await expect(w.createPerson.execute(keyActor(w.tenant, ['person.manage']), input)).resolves.toBeDefined();
    const off = await peopleWorld(['loans']);
    await expect(off.createPerson.execute(adminOf(off), input)).rejects.toEqual(domainError('module_disabled'));
  });
});

describe('UpdatePerson', () => {
  it('changes the given fields and audits their names, never their values', async () => {
    const w = await peopleWorld();
    const { person } = await w.updatePerson.execute(adminOf(w), {
      id: w.ada.id,
      name: 'Ada King',
      email: 'ADA.KING@school.example',
      userGroup: '8A',
      kind: 'PUPIL', // unchanged: not named in the audit entry
    });
    const expected: Person = { ...w.ada, name: 'Ada King', email: 'ada.king@school.example', userGroup: '8A' };
    expect(person).toEqual(expected);
    expect(await w.stored(w.ada.id)).toEqual(expected);
    const [entry] = await w.audit();
    expect(entry).toMatchObject({
      actor: { type: 'user', id: 'user-admin' },
      action: 'person.update',
      target: `person:${w.ada.id}`,
      details: { fields: ['name', 'email', 'userGroup'] },
    });
    const [event] = await w.events();
    expect(event).toMatchObject({
      kind: 'person.updated',
      payload: { person: { id: w.ada.id, kind: 'PUPIL', externalId: 'MIS-1', archived: false } },
    });
    expect(JSON.stringify([entry, event])).not.toMatch(/King|king|Lovelace|ada@/);
  });

  it('clears optional fields with null', async () => {
    const w = await peopleWorld();
    const { person } = await w.updatePerson.execute(adminOf(w), {
      id: w.ada.id,
      email: null,
      userGroup: null,
      externalId: null,
    });
    expect(person).toMatchObject({ email: null, userGroup: null, externalId: null });
    expect((await w.audit())[0]?.details).toEqual({ fields: ['email', 'userGroup', 'externalId'] });
    // The external id is free again.
    await expect(w.updatePerson.execute(adminOf(w), { id: w.alan.id, externalId: 'MIS-1' })).resolves.toMatchObject({
      person: { externalId: 'MIS-1' },
    });
  });

  it('writes nothing when nothing changes', async () => {
    const w = await peopleWorld();
    const before = await w.state();
    const { person } = await w.updatePerson.execute(adminOf(w), {
      id: w.ada.id,
      name: 'Ada Lovelace',
      externalId: 'MIS-1',
      email: 'ADA@school.example',
    });
    expect(person).toEqual(w.ada);
    expect(await w.state()).toEqual(before);
  });

  it("refuses another person's external id, and keeps one's own", async () => {
    const w = await peopleWorld();
    const before = await w.state();
    await expect(w.updatePerson.execute(adminOf(w), { id: w.alan.id, externalId: 'MIS-1' })).rejects.toEqual(
      domainError('conflict'),
    );
    expect(await w.state()).toEqual(before);
    await expect(
      w.updatePerson.execute(adminOf(w), { id: w.ada.id, externalId: 'MIS-1', name: 'Ada K' }),
    ).resolves.toBeDefined();
  });

  it('changes an archived person too, who stays archived', async () => {
    const w = await peopleWorld();
    await w.seed((r, t) => r.people.update(t, { ...w.alan, archivedAt }));
    const { person } = await w.updatePerson.execute(adminOf(w), { id: w.alan.id, userGroup: 'Leavers 2026' });
    expect(person).toMatchObject({ userGroup: 'Leavers 2026', archivedAt });
    expect((await w.events())[0]?.payload).toMatchObject({ person: { archived: true } });
  });

  it('needs at least one field, and refuses bad ones naming each', async () => {
    const w = await peopleWorld();
    await expect(w.updatePerson.execute(adminOf(w), { id: w.ada.id })).rejects.toEqual(domainError('invalid', ''));
    await expect(
      w.updatePerson.execute(adminOf(w), { id: w.ada.id, name: null, kind: null, email: 'x@' } as never),
    ).rejects.toEqual(domainError('invalid', 'name', 'email', 'kind'));
    await expect(w.updatePerson.execute(adminOf(w), { id: w.ada.id, archivedAt: null } as never)).rejects.toEqual(
      domainError('invalid', 'archivedAt'),
    );
  });

  it("reports an unknown person, or another tenant's, as not found", async () => {
    const w = await peopleWorld();
    const other = await addTenant(w.uow);
    const theirs = aPerson();
    await w.uow.transaction((r) => r.people.insertMany(other.id, [theirs]));
    for (const id of ['nobody', theirs.id]) {
      await expect(w.updatePerson.execute(adminOf(w), { id, name: 'X' })).rejects.toEqual(domainError('not_found'));
    }
    expect(await w.uow.read((r) => r.people.findById(other.id, theirs.id))).toEqual(theirs);
  });

  it('needs person.manage', async () => {
    const w = await peopleWorld();
    await expect(
      w.updatePerson.execute(userActor(w.tenant, 'technician'), { id: w.ada.id, name: 'X' }),
    ).rejects.toEqual(domainError('forbidden'));
  });
});

describe('ArchivePerson', () => {
  it('archives a person who holds nothing: kept, but out of searches, with a thin event', async () => {
    const w = await peopleWorld();
    const { person } = await w.archivePerson.execute(adminOf(w), { id: w.alan.id });
    expect(person).toEqual({ ...w.alan, archivedAt: NOW });
    expect(await w.stored(w.alan.id)).toEqual(person);
    expect((await w.searchPeople.execute(adminOf(w), { q: 'Alan' })).people).toEqual([]);
    expect((await w.listPeople.execute(adminOf(w), { q: 'Alan' })).total).toBe(0);
    expect((await w.listPeople.execute(adminOf(w), { q: 'Alan', includeArchived: true })).people).toEqual([person]);
    const [entry] = await w.audit();
    expect(entry).toMatchObject({
      actor: { type: 'user', id: 'user-admin' },
      action: 'person.archive',
      target: `person:${w.alan.id}`,
      at: NOW,
    });
    const [event] = await w.events();
    expect(event).toMatchObject({
      kind: 'person.archived',
      payload: { person: { id: w.alan.id, kind: 'PUPIL', externalId: 'MIS-2', archived: true } },
    });
  });

  it('refuses someone holding an issued loan or an assigned device, naming them, and writes nothing', async () => {
    const w = await peopleWorld();
    const before = await w.state();
    const error = await w.archivePerson.execute(adminOf(w), { id: w.ada.id }).catch((e: unknown) => e);
    expect(error).toEqual(domainError('conflict'));
    expect((error as Error).message).toBe(
      'Ada Lovelace holds loaners 1, 2 and device DEV-ADA: return or unassign them first',
    );
    expect(await w.state()).toEqual(before);
  });

  it('counts loans outside the caller’s loan pool too', async () => {
    const w = await peopleWorld();
    const pooled: Actor = { ...adminOf(w), loanGroupIds: [w.shelf.id] };
    await w.seed(async (r, t) => {
      const device = await r.devices.findBySerial(t, 'DEV-ADA');
      await r.devices.update(t, { ...device!, assignedPersonId: null, status: 'IN_STOCK' });
    });
    await expect(w.archivePerson.execute(pooled, { id: w.ada.id })).rejects.toThrow(
      'Ada Lovelace holds loaners 1, 2: return them first',
    );
  });

  it('refuses to archive twice', async () => {
    const w = await peopleWorld();
    await w.archivePerson.execute(adminOf(w), { id: w.alan.id });
    const before = await w.state();
    await expect(w.archivePerson.execute(adminOf(w), { id: w.alan.id })).rejects.toThrow(
      'Alan Turing is already archived',
    );
    expect(await w.state()).toEqual(before);
  });

  it("reports an unknown person, or another tenant's, as not found; needs person.manage", async () => {
    const w = await peopleWorld();
    const other = await peopleWorld();
    await expect(w.archivePerson.execute(adminOf(w), { id: other.alan.id })).rejects.toEqual(domainError('not_found'));
    await expect(w.archivePerson.execute(adminOf(w), { id: ' ' })).rejects.toEqual(domainError('invalid', 'id'));
    await expect(w.archivePerson.execute(userActor(w.tenant, 'technician'), { id: w.alan.id })).rejects.toEqual(
      domainError('forbidden'),
    );
  });
});

describe('holdingsRefusal', () => {
  const ada = { name: 'Ada Lovelace' };
  it.each<[number[], string[], string | null]>([
    [[], [], null],
    [[12], ['SN123'], 'Ada Lovelace holds loaner 12 and device SN123: return or unassign them first'],
    [[12], [], 'Ada Lovelace holds loaner 12: return it first'],
    [[], ['SN1', 'SN2'], 'Ada Lovelace holds devices SN1, SN2: unassign them first'],
    [[1, 2, 3, 4, 5, 6, 7], [], 'Ada Lovelace holds loaners 1, 2, 3, 4, 5 and 2 more: return them first'],
  ])('%j %j → %s', (loans, devices, expected) => {
    expect(holdingsRefusal(ada, loans, devices)).toBe(expected);
  });
});

describe('RestorePerson', () => {
  it('brings an archived person back into searches', async () => {
    const w = await peopleWorld();
    await w.seed((r, t) => r.people.update(t, { ...w.alan, archivedAt }));
    const { person } = await w.restorePerson.execute(adminOf(w), { id: w.alan.id });
    expect(person).toEqual({ ...w.alan, archivedAt: null });
    expect((await w.searchPeople.execute(adminOf(w), { q: 'Alan' })).people).toEqual([person]);
    const [entry] = await w.audit();
    expect(entry).toMatchObject({
      action: 'person.restore',
      target: `person:${w.alan.id}`,
      details: { archivedAt },
    });
    expect((await w.events())[0]).toMatchObject({
      kind: 'person.updated',
      payload: { person: { id: w.alan.id, archived: false } },
    });
  });

  it('refuses someone who is not archived, and writes nothing', async () => {
    const w = await peopleWorld();
    const before = await w.state();
    await expect(w.restorePerson.execute(adminOf(w), { id: w.alan.id })).rejects.toThrow('Alan Turing is not archived');
    expect(await w.state()).toEqual(before);
  });

  it('needs person.manage and the people module', async () => {
    const w = await peopleWorld();
    await expect(w.restorePerson.execute(userActor(w.tenant, 'read-only'), { id: w.alan.id })).rejects.toEqual(
      domainError('forbidden'),
    );
    const off = await peopleWorld(['loans']);
    await expect(off.restorePerson.execute(adminOf(off), { id: off.alan.id })).rejects.toEqual(
      domainError('module_disabled'),
    );
  });
});
