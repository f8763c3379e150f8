/**
 * The records' part of the one repository contract (repositories.contract.ts calls it): what the
 * console keeps day to day — people archived and changed, devices changed and scanned, loan groups
 * renamed, loaner units moved, tickets and their comments, cost entries, users, the audit trail —
 * the same assertions on SQLite, Postgres and the memory fake. Every change is also asked of another
 * tenant, which must see and change nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { AuditEntry } from '../../src/domain/audit/audit-entry.js';
import type { TicketComment } from '../../src/domain/tickets/ticket.js';
import type { Repositories } from '../../src/ports/repositories.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import {
  aCost,
  aDevice,
  aGroup,
  aLoan,
  aPerson,
  aSetupLink,
  aSubmission,
  aTicket,
  aUser,
} from '../support/builders.js';

interface Subject {
  tx<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  read<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  newTenant(o?: Partial<Tenant>): Promise<Tenant>;
}

const page1 = { page: 1, pageSize: 50 };
const TODAY = '2026-03-10';

async function conflictOf(p: Promise<unknown>): Promise<string> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('conflict');
  return (error as DomainError).message;
}

const sortById = <T extends { id: string }>(rows: T[]): T[] => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

export function recordsRepositoryContract({ tx, read, newTenant }: Subject): void {
  it('people: lists, filters and pages, leaving the archived out unless asked, and scans in (name, id) order', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const ada = aPerson({ name: 'Ada Lovelace', kind: 'STAFF', userGroup: 'Maths', externalId: 'MIS-1' });
    const bob = aPerson({ name: 'Bob Builder', userGroup: '7A', externalId: 'MIS-2' });
    const cy = aPerson({ name: 'Cy Young', userGroup: '7A', externalId: null, email: 'cy@school.example' });
    const gone = aPerson({ name: 'Ada Gone', userGroup: '7A', archivedAt: '2026-01-01T00:00:00.000Z' });
    await tx((r) => r.people.insertMany(t.id, [cy, gone, bob, ada]));
    await tx((r) => r.people.insertMany(other.id, [aPerson({ name: 'Ada Elsewhere' })]));

    const names = async (f: Parameters<Repositories['people']['list']>[1], p = page1) => {
      const res = await read((r) => r.people.list(t.id, f, p));
      return { total: res.total, names: res.items.map((x) => x.name) };
    };
    expect(await names({})).toEqual({ total: 3, names: ['Ada Lovelace', 'Bob Builder', 'Cy Young'] });
    expect(await names({ includeArchived: true })).toEqual({
      total: 4,
      names: ['Ada Gone', 'Ada Lovelace', 'Bob Builder', 'Cy Young'],
    });
    expect(await names({}, { page: 2, pageSize: 2 })).toEqual({ total: 3, names: ['Cy Young'] });
    expect(await names({ q: 'ada' })).toEqual({ total: 1, names: ['Ada Lovelace'] });
    expect(await names({ q: 'ada', includeArchived: true })).toEqual({ total: 2, names: ['Ada Gone', 'Ada Lovelace'] });
    expect(await names({ kind: 'STAFF' })).toEqual({ total: 1, names: ['Ada Lovelace'] });
    expect(await names({ userGroup: '7A' })).toEqual({ total: 2, names: ['Bob Builder', 'Cy Young'] });
    expect(await names({ q: 'mis-2' })).toEqual({ total: 1, names: ['Bob Builder'] });
    // The tool's search never returns the archived.
    expect((await read((r) => r.people.search(t.id, { q: 'ada', limit: 10 }))).map((p) => p.name)).toEqual([
      'Ada Lovelace',
    ]);

    // A scan walks the same order a page at a time, from any person on.
    const scanned: string[] = [];
    let after: { name: string; id: string } | null = null;
    for (;;) {
      const batch = await read((r) => r.people.scan(t.id, { includeArchived: true }, after, 3));
      if (batch.length === 0) break;
      scanned.push(...batch.map((p) => p.name));
      after = { name: batch.at(-1)!.name, id: batch.at(-1)!.id };
    }
    expect(scanned).toEqual(['Ada Gone', 'Ada Lovelace', 'Bob Builder', 'Cy Young']);
    expect(
      (await read((r) => r.people.scan(t.id, { userGroup: '7A' }, { name: 'Bob Builder', id: bob.id }, 10))).map(
        (p) => p.name,
      ),
    ).toEqual(['Cy Young']);
    expect(await read((r) => r.people.list(other.id, { q: 'lovelace' }, page1))).toEqual({ items: [], total: 0 });
  });

  it('people: finds by external id and e-mail, archived included, inside the tenant only', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const ada = aPerson({ externalId: 'MIS-1', email: 'ada@school.example' });
    const gone = aPerson({ externalId: 'MIS-9', email: 'gone@school.example', archivedAt: '2026-01-01T00:00:00.000Z' });
    await tx((r) => r.people.insertMany(t.id, [ada, gone]));
    await tx((r) => r.people.insertMany(other.id, [aPerson({ externalId: 'MIS-1', email: 'ada@school.example' })]));
    expect(sortById(await read((r) => r.people.findByExternalIds(t.id, ['MIS-1', 'MIS-9', 'MIS-404'])))).toEqual(
      sortById([ada, gone]),
    );
    expect(await read((r) => r.people.findByEmails(t.id, ['gone@school.example']))).toEqual([gone]);
    expect(await read((r) => r.people.findByExternalIds(t.id, []))).toEqual([]);
    expect(await read((r) => r.people.findByEmails(t.id, []))).toEqual([]);
  });

  it('people: finds by ids, archived included, leaving out unknown ids and another tenant’s people', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const ada = aPerson({ externalId: 'MIS-1' });
    const gone = aPerson({ archivedAt: '2026-01-01T00:00:00.000Z' });
    const elsewhere = aPerson();
    await tx((r) => r.people.insertMany(t.id, [ada, gone, aPerson()]));
    await tx((r) => r.people.insertMany(other.id, [elsewhere]));
    expect(
      sortById(await read((r) => r.people.findByIds(t.id, [ada.id, gone.id, elsewhere.id, randomUUID()]))),
    ).toEqual(sortById([ada, gone]));
    expect(await read((r) => r.people.findByIds(other.id, [ada.id]))).toEqual([]);
    expect(await read((r) => r.people.findByIds(t.id, []))).toEqual([]);
  });

  it('people: an external id is unique in the tenant, on insert and on update; people without one never collide', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const ada = aPerson({ externalId: 'MIS-1' });
    const bob = aPerson({ externalId: 'MIS-2' });
    await tx((r) =>
      r.people.insertMany(t.id, [ada, bob, aPerson({ externalId: null }), aPerson({ externalId: null })]),
    );
    await tx((r) => r.people.insertMany(other.id, [aPerson({ externalId: 'MIS-1' })]));
    expect(await conflictOf(tx((r) => r.people.insertMany(t.id, [aPerson({ externalId: 'MIS-1' })])))).toMatch(/MIS-1/);
    expect(await conflictOf(tx((r) => r.people.update(t.id, { ...bob, externalId: 'MIS-1' })))).toMatch(/MIS-1/);
    expect(await read((r) => r.people.findById(t.id, bob.id))).toEqual(bob);
  });

  it('people: updates every field, one or many at once, and never another tenant’s person', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const cart = aGroup();
    const ada = aPerson({ name: 'Ada Lovelace' });
    const bob = aPerson({ name: 'Bob Builder' });
    await tx(async (r) => {
      await r.people.insertMany(t.id, [ada, bob]);
      await r.loanGroups.insertMany(t.id, [cart]);
      await r.loans.insertMany(t.id, [
        aLoan(cart.id, { number: 1, status: 'ISSUED', holderId: ada.id, issuedAt: '2026-03-01T08:00:00.000Z' }),
      ]);
    });
    const changed = {
      ...ada,
      name: 'Ada King',
      email: 'countess@school.example',
      kind: 'STAFF' as const,
      userGroup: 'Maths',
      externalId: 'MIS-77',
      archivedAt: '2026-03-01T00:00:00.000Z',
    };
    expect(await tx((r) => r.people.update(t.id, changed))).toBe(true);
    expect(await read((r) => r.people.findById(t.id, ada.id))).toEqual(changed);
    expect(await tx((r) => r.people.findById(t.id, ada.id, { forUpdate: true }))).toEqual(changed);
    // The loan she holds is found by her new name, no longer by the old one.
    const byName = async (q: string) =>
      (await read((r) => r.loans.list(t.id, { poolGroupIds: null, q }, page1))).items.map((l) => l.number);
    expect(await byName('king')).toEqual([1]);
    expect(await byName('lovelace')).toEqual([]);
    expect((await read((r) => r.loans.findByNumber(t.id, 1)))?.holderName).toBe('Ada King');

    expect(
      await tx((r) =>
        r.people.updateMany(t.id, [
          { ...bob, userGroup: '9Z' },
          { ...changed, name: 'A. K.' },
        ]),
      ),
    ).toBe(2);
    expect((await read((r) => r.people.findById(t.id, bob.id)))?.userGroup).toBe('9Z');
    expect(await tx((r) => r.people.update(other.id, { ...bob, name: 'Hijacked' }))).toBe(false);
    expect(await tx((r) => r.people.updateMany(other.id, [{ ...bob, name: 'Hijacked' }]))).toBe(0);
    expect((await read((r) => r.people.findById(t.id, bob.id)))?.name).toBe('Bob Builder');
  });

  it('devices: filters by the person assigned, finds by serials, scans by serial and updates every field', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const owner = aPerson();
    const d1 = aDevice({ serial: 'A-1', status: 'IN_USE', assignedPersonId: owner.id });
    const d2 = aDevice({ serial: 'A-2' });
    const d3 = aDevice({ serial: 'B-1', status: 'IN_REPAIR', statusBeforeRepair: 'IN_USE' });
    await tx(async (r) => {
      await r.people.insertMany(t.id, [owner]);
      await r.devices.insertMany(t.id, [d3, d2, d1]);
    });
    await tx((r) => r.devices.insertMany(other.id, [aDevice({ serial: 'A-1', assignedPersonId: owner.id })]));
    expect(await read((r) => r.devices.search(t.id, { assignedTo: owner.id }, page1))).toEqual({
      items: [d1],
      total: 1,
    });
    expect(await read((r) => r.devices.findById(t.id, d3.id))).toEqual(d3);
    expect(sortById(await read((r) => r.devices.findBySerials(t.id, ['A-1', 'B-1', 'Z-9'])))).toEqual(
      sortById([d1, d3]),
    );
    expect(await read((r) => r.devices.findBySerials(t.id, []))).toEqual([]);
    expect((await read((r) => r.devices.scan(t.id, {}, null, 2))).map((d) => d.serial)).toEqual(['A-1', 'A-2']);
    expect((await read((r) => r.devices.scan(t.id, {}, 'A-2', 2))).map((d) => d.serial)).toEqual(['B-1']);
    expect((await read((r) => r.devices.scan(t.id, { q: 'a-' }, 'A-1', 5))).map((d) => d.serial)).toEqual(['A-2']);

    const repaired = { ...d3, status: 'IN_USE' as const, statusBeforeRepair: null, assignedPersonId: owner.id };
    expect(await tx((r) => r.devices.update(t.id, repaired))).toBe(true);
    expect(await tx((r) => r.devices.findById(t.id, d3.id, { forUpdate: true }))).toEqual(repaired);
    const renamed = { ...d2, serial: 'A-2b', model: 'New model', warrantyEnd: '2030-01-01', purchaseCostMinor: 1 };
    expect(await tx((r) => r.devices.updateMany(t.id, [renamed]))).toBe(1);
    expect(await read((r) => r.devices.findBySerial(t.id, 'A-2b', { forUpdate: false }))).toEqual(renamed);
    expect(await conflictOf(tx((r) => r.devices.update(t.id, { ...renamed, serial: 'A-1' })))).toMatch(/A-1/);
    expect(await tx((r) => r.devices.update(other.id, { ...d1, model: 'Hijacked' }))).toBe(false);
    expect(await read((r) => r.devices.findById(t.id, d1.id))).toEqual(d1);
  });

  it('loan groups: names are unique in the tenant; found by names; a rename is followed by loan search', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const cart = aGroup({ name: 'Cart North' });
    const shelf = aGroup({ name: 'Library Shelf' });
    await tx(async (r) => {
      await r.loanGroups.insertMany(t.id, [cart, shelf]);
      await r.loans.insertMany(t.id, [aLoan(cart.id, { number: 1 })]);
    });
    await tx((r) => r.loanGroups.insertMany(other.id, [aGroup({ name: 'Cart North' })]));
    expect(await conflictOf(tx((r) => r.loanGroups.insertMany(t.id, [aGroup({ name: 'Cart North' })])))).toMatch(
      /Cart North/,
    );
    expect(
      sortById(await read((r) => r.loanGroups.findByNames(t.id, ['Cart North', 'Library Shelf', 'Nope']))),
    ).toEqual(sortById([cart, shelf]));
    expect(await read((r) => r.loanGroups.findByNames(t.id, []))).toEqual([]);
    expect(await conflictOf(tx((r) => r.loanGroups.rename(t.id, shelf.id, 'Cart North')))).toMatch(/Cart North/);
    expect(await tx((r) => r.loanGroups.rename(t.id, cart.id, 'Trolley East'))).toBe(true);
    expect(await tx((r) => r.loanGroups.rename(other.id, cart.id, 'Hijacked'))).toBe(false);
    expect(await read((r) => r.loanGroups.findById(t.id, cart.id))).toEqual({ id: cart.id, name: 'Trolley East' });
    const byText = async (q: string) =>
      (await read((r) => r.loans.list(t.id, { poolGroupIds: null, q }, page1))).items.map((l) => l.number);
    expect(await byText('trolley')).toEqual([1]);
    expect(await byText('north')).toEqual([]);
    expect((await read((r) => r.loans.findByNumber(t.id, 1)))?.groupName).toBe('Trolley East');
  });

  it('loans: a new serial and group keep the summary, the totals and the search right', async () => {
    const t = await newTenant();
    const cart = aGroup({ name: 'Cart North' });
    const shelf = aGroup({ name: 'Library Shelf' });
    const ada = aPerson({ name: 'Ada Lovelace' });
    await tx(async (r) => {
      await r.loanGroups.insertMany(t.id, [cart, shelf]);
      await r.people.insertMany(t.id, [ada]);
      await r.loans.insertMany(t.id, [
        aLoan(cart.id, { number: 1, serial: 'SN-ONE' }),
        aLoan(cart.id, { number: 2, serial: 'SN-TWO', status: 'UNAVAILABLE' }),
        aLoan(shelf.id, {
          number: 3,
          serial: 'SN-THREE',
          status: 'ISSUED',
          holderId: ada.id,
          issuedAt: '2026-03-01T08:00:00.000Z',
          dueDate: '2026-03-01',
        }),
      ]);
    });
    const move = async (number: number, change: { serial?: string; groupId?: string }) =>
      tx(async (r) => {
        const loan = (await r.loans.findByNumber(t.id, number, { forUpdate: true }))!;
        return r.loans.update(t.id, { ...loan, ...change });
      });
    expect(await move(1, { serial: 'XR-100', groupId: shelf.id })).toBe(true);
    expect(await move(2, { groupId: shelf.id })).toBe(true);
    const counts = (pool: string[] | null) => read((r) => r.loans.counts(t.id, pool, TODAY));
    expect(await counts([cart.id])).toEqual({ total: 0, available: 0, issued: 0, overdue: 0, withoutDueDate: 0 });
    expect(await counts([shelf.id])).toEqual({ total: 3, available: 1, issued: 1, overdue: 1, withoutDueDate: 0 });
    expect(await counts(null)).toEqual({ total: 3, available: 1, issued: 1, overdue: 1, withoutDueDate: 0 });
    const numbers = async (f: Partial<Parameters<Repositories['loans']['list']>[1]>) => {
      const res = await read((r) => r.loans.list(t.id, { poolGroupIds: null, ...f }, page1));
      return { total: res.total, numbers: res.items.map((l) => l.number) };
    };
    expect(await numbers({ groupId: cart.id })).toEqual({ total: 0, numbers: [] });
    expect(await numbers({ groupId: shelf.id, status: 'AVAILABLE' })).toEqual({ total: 1, numbers: [1] });
    expect(await numbers({ poolGroupIds: [shelf.id] })).toEqual({ total: 3, numbers: [1, 2, 3] });
    expect(await numbers({ q: 'xr-1' })).toEqual({ total: 1, numbers: [1] });
    expect(await numbers({ q: 'sn-one' })).toEqual({ total: 0, numbers: [] });
    expect(await numbers({ q: 'north' })).toEqual({ total: 0, numbers: [] });
    expect(await numbers({ q: 'shelf' })).toEqual({ total: 3, numbers: [1, 2, 3] });
    expect(await numbers({ q: 'shelf', groupId: shelf.id, status: 'UNAVAILABLE' })).toEqual({ total: 1, numbers: [2] });
    expect(await read((r) => r.loans.findBySerial(t.id, 'XR-100'))).toMatchObject({
      number: 1,
      groupId: shelf.id,
      groupName: 'Library Shelf',
      version: 2,
    });
    expect(await conflictOf(move(2, { serial: 'SN-THREE' }))).toMatch(/SN-THREE/);
    expect((await read((r) => r.loans.findByNumber(t.id, 2)))?.serial).toBe('SN-TWO');
  });

  it('loans: counts per group of a pool in one read, following moves, leaving empty groups and other tenants out', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const cart = aGroup({ name: 'Cart North' });
    const shelf = aGroup({ name: 'Library Shelf' });
    const empty = aGroup({ name: 'Empty Desk' });
    const ada = aPerson({ name: 'Ada Lovelace' });
    const issued = (number: number, dueDate: string | null) =>
      aLoan(shelf.id, { number, status: 'ISSUED', holderId: ada.id, issuedAt: '2026-03-01T08:00:00.000Z', dueDate });
    await tx(async (r) => {
      await r.loanGroups.insertMany(t.id, [cart, shelf, empty]);
      await r.people.insertMany(t.id, [ada]);
      await r.loans.insertMany(t.id, [
        aLoan(cart.id, { number: 1 }),
        aLoan(cart.id, { number: 2, status: 'UNAVAILABLE' }),
        aLoan(shelf.id, { number: 3 }),
        issued(4, '2026-03-01'),
        issued(5, null),
        issued(6, '2026-03-20'),
      ]);
    });
    await tx(async (r) => {
      const theirs = aGroup({ name: 'Cart North' });
      await r.loanGroups.insertMany(other.id, [theirs]);
      await r.loans.insertMany(other.id, [aLoan(theirs.id, { number: 1 }), aLoan(cart.id, { number: 2 })]);
    });
    const perGroup = async (pool: string[] | null) =>
      sortById(
        (await read((r) => r.loans.countsByGroup(t.id, pool, TODAY))).map(({ groupId, ...c }) => ({
          id: groupId,
          ...c,
        })),
      );
    const cartCounts = { id: cart.id, total: 2, available: 1, issued: 0, overdue: 0, withoutDueDate: 0 };
    const shelfCounts = { id: shelf.id, total: 4, available: 1, issued: 3, overdue: 1, withoutDueDate: 1 };
    expect(await perGroup(null)).toEqual(sortById([cartCounts, shelfCounts]));
    expect(await perGroup([shelf.id, empty.id])).toEqual([shelfCounts]);
    expect(await perGroup([])).toEqual([]);
    // Each group's row agrees with the pool's counts of that group alone.
    for (const { id, ...counts } of [cartCounts, shelfCounts]) {
      expect(await read((r) => r.loans.counts(t.id, [id], TODAY))).toEqual(counts);
    }
    // A unit moved to another group moves between the rows.
    await tx(async (r) => {
      const loan = (await r.loans.findByNumber(t.id, 1, { forUpdate: true }))!;
      expect(await r.loans.update(t.id, { ...loan, groupId: empty.id })).toBe(true);
    });
    expect(await perGroup(null)).toEqual(
      sortById([
        { ...cartCounts, total: 1, available: 0 },
        shelfCounts,
        { id: empty.id, total: 1, available: 1, issued: 0, overdue: 0, withoutDueDate: 0 },
      ]),
    );
  });

  it('loans: finds by serials and scans in number order after a number, with every filter', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const cart = aGroup({ name: 'Cart North' });
    const shelf = aGroup({ name: 'Library Shelf' });
    const ada = aPerson({ name: 'Ada Lovelace' });
    await tx(async (r) => {
      await r.loanGroups.insertMany(t.id, [cart, shelf]);
      await r.people.insertMany(t.id, [ada]);
      await r.loans.insertMany(
        t.id,
        Array.from({ length: 12 }, (_, i) =>
          aLoan(i % 2 ? shelf.id : cart.id, {
            number: i + 1,
            serial: `SN-${i + 1}`,
            ...(i % 3 === 0
              ? { status: 'ISSUED' as const, holderId: ada.id, issuedAt: '2026-03-01T08:00:00.000Z' }
              : {}),
          }),
        ),
      );
    });
    await tx(async (r) => {
      const g = aGroup();
      await r.loanGroups.insertMany(other.id, [g]);
      await r.loans.insertMany(other.id, [aLoan(g.id, { number: 5, serial: 'SN-5' })]);
    });
    const found = await read((r) => r.loans.findBySerials(t.id, ['SN-1', 'SN-5', 'SN-404']));
    expect(found.map((l) => l.number).sort((a, b) => a - b)).toEqual([1, 5]);
    expect(found.find((l) => l.number === 1)).toMatchObject({ holderName: 'Ada Lovelace', groupName: 'Cart North' });
    expect(await read((r) => r.loans.findBySerials(t.id, []))).toEqual([]);
    const scan = async (f: Partial<Parameters<Repositories['loans']['scan']>[1]>, after: number, limit: number) =>
      (await read((r) => r.loans.scan(t.id, { poolGroupIds: null, ...f }, after, limit))).map((l) => l.number);
    expect(await scan({}, 0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(await scan({}, 10, 5)).toEqual([11, 12]);
    expect(await scan({ groupId: shelf.id }, 4, 3)).toEqual([6, 8, 10]);
    expect(await scan({ status: 'ISSUED' }, 1, 10)).toEqual([4, 7, 10]);
    expect(await scan({ poolGroupIds: [cart.id] }, 0, 100)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(await scan({ q: 'lovelace' }, 4, 10)).toEqual([7, 10]);
    expect(await scan({ q: 'sn-1' }, 0, 10)).toEqual([1, 10, 11, 12]);
    expect(await scan({ q: 'shelf', status: 'ISSUED' }, 0, 10)).toEqual([4, 10]);
    expect(await scan({ q: '5', qNumber: 5 }, 0, 10)).toEqual([5]);
    const rows = await read((r) => r.loans.scan(t.id, { poolGroupIds: null }, 0, 1));
    expect(rows[0]).toMatchObject({ number: 1, serial: 'SN-1', groupName: 'Cart North', holderName: 'Ada Lovelace' });
  });

  it('submissions and tickets: scan newest first below a number, with the filters of their lists', async () => {
    const t = await newTenant();
    const person = aPerson();
    await tx(async (r) => {
      await r.submissions.insertMany(
        t.id,
        Array.from({ length: 6 }, (_, i) =>
          aSubmission({ number: i + 1, status: i % 2 ? 'NEW' : 'CLOSED', reporterId: i === 2 ? person.id : null }),
        ),
      );
      await r.tickets.insertMany(
        t.id,
        Array.from({ length: 6 }, (_, i) =>
          aTicket({ number: i + 1, status: i % 2 ? 'NEW' : 'OPEN', requesterId: i === 4 ? person.id : null }),
        ),
      );
    });
    const subs = async (s: Parameters<Repositories['submissions']['scan']>[1], before: number | null, n: number) =>
      (await read((r) => r.submissions.scan(t.id, s, before, n))).map((x) => x.number);
    expect(await subs({}, null, 4)).toEqual([6, 5, 4, 3]);
    expect(await subs({}, 3, 4)).toEqual([2, 1]);
    expect(await subs({ status: 'NEW' }, 6, 10)).toEqual([4, 2]);
    expect(await subs({ personId: person.id }, null, 10)).toEqual([3]);
    const tickets = async (s: Parameters<Repositories['tickets']['scan']>[1], before: number | null, n: number) =>
      (await read((r) => r.tickets.scan(t.id, s, before, n))).map((x) => x.number);
    expect(await tickets({}, null, 2)).toEqual([6, 5]);
    expect(await tickets({ status: 'OPEN' }, 5, 10)).toEqual([3, 1]);
    expect(await tickets({ personId: person.id }, null, 10)).toEqual([5]);
  });

  it('tickets: updates what changes (never the number or the creation time), filters by person and assignee', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const staff = aPerson({ kind: 'STAFF' });
    const pupil = aPerson();
    const ticket = aTicket({ number: 7, requesterId: pupil.id });
    await tx((r) => r.tickets.insertMany(t.id, [ticket, aTicket({ number: 8 })]));
    const changed = {
      ...ticket,
      number: 99,
      createdAt: '2030-01-01T00:00:00.000Z',
      subject: 'New subject',
      body: 'New body',
      status: 'OPEN' as const,
      priority: 'HIGH' as const,
      assigneeId: staff.id,
      updatedAt: '2026-03-10T10:00:00.000Z',
    };
    expect(await tx((r) => r.tickets.update(t.id, changed))).toBe(true);
    const stored = await tx((r) => r.tickets.findById(t.id, ticket.id, { forUpdate: true }));
    expect(stored).toEqual({ ...changed, number: 7, createdAt: ticket.createdAt });
    expect(await tx((r) => r.tickets.update(other.id, { ...changed, subject: 'Hijacked' }))).toBe(false);
    const numbers = async (s: Parameters<Repositories['tickets']['search']>[1]) =>
      (await read((r) => r.tickets.search(t.id, s, page1))).items.map((x) => x.number);
    expect(await numbers({ assigneeId: staff.id })).toEqual([7]);
    expect(await numbers({ personId: staff.id })).toEqual([7]);
    expect(await numbers({ personId: pupil.id })).toEqual([7]);
    expect(await numbers({ personId: 'nobody' })).toEqual([]);
  });

  it('ticket comments: oldest first, internal notes only when asked, paged, per ticket and tenant', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const ticket = aTicket();
    const second = aTicket();
    await tx((r) => r.tickets.insertMany(t.id, [ticket, second]));
    const comment = (o: Partial<TicketComment>): TicketComment => ({
      id: randomUUID(),
      ticketId: ticket.id,
      author: { type: 'user', id: 'u1', name: 'Desk Person' },
      body: 'A comment',
      internal: false,
      createdAt: '2026-03-10T10:00:00.000Z',
      ...o,
    });
    const first = comment({ body: 'first', createdAt: '2026-03-10T09:00:00.000Z' });
    const note = comment({ body: 'internal', internal: true, author: { type: 'apiKey', id: 'k1', name: 'Script' } });
    const last = comment({ body: 'same instant, added later' });
    await tx(async (r) => {
      await r.tickets.addComment(t.id, first);
      await r.tickets.addComment(t.id, note);
      await r.tickets.addComment(t.id, last);
      await r.tickets.addComment(t.id, comment({ ticketId: second.id }));
    });
    expect(await read((r) => r.tickets.listComments(t.id, ticket.id, { includeInternal: true }, page1))).toEqual({
      items: [first, note, last],
      total: 3,
    });
    expect(await read((r) => r.tickets.listComments(t.id, ticket.id, { includeInternal: false }, page1))).toEqual({
      items: [first, last],
      total: 2,
    });
    expect(
      await read((r) => r.tickets.listComments(t.id, ticket.id, { includeInternal: true }, { page: 2, pageSize: 2 })),
    ).toEqual({ items: [last], total: 3 });
    expect(await read((r) => r.tickets.listComments(other.id, ticket.id, { includeInternal: true }, page1))).toEqual({
      items: [],
      total: 0,
    });
  });

  it('costs: lists newest first with type, coverage and date filters, notes kept', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const a = aCost({ type: 'PURCHASE', coverage: null, date: '2026-01-05', note: 'INV-1 laptops' });
    const b = aCost({ type: 'REPAIR', coverage: 'WARRANTY', date: '2026-02-01' });
    const c = aCost({ type: 'REPAIR', coverage: 'SCHOOL', date: '2026-02-01', note: 'recorded after b' });
    const d = aCost({ type: 'LICENSE', coverage: 'SCHOOL', date: '2025-12-31' });
    await tx((r) => r.costs.insertMany(t.id, [a, b]));
    await tx((r) => r.costs.insertMany(t.id, [c, d]));
    await tx((r) => r.costs.insertMany(other.id, [aCost({ date: '2026-02-02' })]));
    const ids = async (f: Parameters<Repositories['costs']['list']>[1], p = page1) => {
      const res = await read((r) => r.costs.list(t.id, f, p));
      return { total: res.total, items: res.items };
    };
    expect(await ids({})).toEqual({ total: 4, items: [c, b, a, d] });
    expect(await ids({}, { page: 2, pageSize: 3 })).toEqual({ total: 4, items: [d] });
    expect(await ids({ type: 'REPAIR' })).toEqual({ total: 2, items: [c, b] });
    expect(await ids({ coverage: 'NONE' })).toEqual({ total: 1, items: [a] });
    expect(await ids({ coverage: 'SCHOOL' })).toEqual({ total: 2, items: [c, d] });
    expect(await ids({ from: '2026-01-05', to: '2026-01-31' })).toEqual({ total: 1, items: [a] });
    expect(await ids({ from: '2026-01-06' })).toEqual({ total: 2, items: [c, b] });
    expect(await ids({ to: '2025-12-31' })).toEqual({ total: 1, items: [d] });
  });

  it('users: lists by e-mail, updates name, role, groups and activity, locks the active of a role', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const b = aUser({ email: 'b@school.example', role: 'school-admin' });
    const a = aUser({ email: 'a@school.example', role: 'teacher', loanGroupIds: ['g1'] });
    await tx(async (r) => {
      await r.users.create(t.id, b, 'hash-b');
      await r.users.create(t.id, a, null);
    });
    await tx((r) => r.users.create(other.id, aUser({ email: 'a@school.example' }), null));
    expect(await read((r) => r.users.list(t.id, page1))).toEqual({ items: [a, b], total: 2 });
    expect(await read((r) => r.users.list(t.id, { page: 2, pageSize: 1 }))).toEqual({ items: [b], total: 2 });
    const promoted = { ...a, name: 'Promoted', role: 'school-admin' as const, loanGroupIds: [], active: true };
    expect(await tx((r) => r.users.update(t.id, promoted))).toBe(true);
    const stored = await read((r) => r.users.findById(t.id, a.id));
    expect(stored).toEqual({ ...promoted, passwordHash: null });
    expect(await tx((r) => r.users.update(t.id, { ...b, active: false }))).toBe(true);
    // The password survives an update.
    expect((await read((r) => r.users.findById(t.id, b.id)))?.passwordHash).toBe('hash-b');
    expect(await tx((r) => r.users.listActiveByRole(t.id, 'school-admin', { forUpdate: true }))).toEqual([promoted]);
    expect(await tx((r) => r.users.update(other.id, { ...a, name: 'Hijacked' }))).toBe(false);
    expect((await read((r) => r.users.findById(t.id, a.id)))?.name).toBe('Promoted');
  });

  it('users: say who has a password, read a user locked, and end every session of a user', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const withHash = aUser({ email: 'with@school.example' });
    const without = aUser({ email: 'without@school.example' });
    await tx(async (r) => {
      await r.users.create(t.id, withHash, 'hash-1');
      await r.users.create(t.id, without, null);
    });
    await tx((r) => r.users.create(other.id, aUser({ email: 'x@school.example' }), 'hash-x'));
    const ids = [withHash.id, without.id, 'no-such-user'];
    expect(await read((r) => r.users.withPassword(t.id, ids))).toEqual([withHash.id]);
    expect(await read((r) => r.users.withPassword(other.id, ids))).toEqual([]);
    expect(await read((r) => r.users.withPassword(t.id, []))).toEqual([]);
    expect(await tx((r) => r.users.findById(t.id, without.id, { forUpdate: true }))).toEqual({
      ...without,
      passwordHash: null,
    });
    expect(await tx((r) => r.users.findById(other.id, without.id, { forUpdate: true }))).toBeNull();

    const session = (userId: string, o: { revokedAt?: string | null } = {}) => ({
      id: randomUUID(),
      userId,
      createdAt: '2026-03-10T08:00:00.000Z',
      expiresAt: '2026-03-10T20:00:00.000Z',
      revokedAt: o.revokedAt ?? null,
    });
    const s1 = session(withHash.id);
    const s2 = session(withHash.id);
    const ended = session(withHash.id, { revokedAt: '2026-03-10T09:00:00.000Z' });
    const theirs = session(without.id);
    await tx(async (r) => {
      for (const s of [s1, s2, ended, theirs]) await r.sessions.create(t.id, s);
    });
    expect(await tx((r) => r.sessions.revokeAllOf(other.id, withHash.id, '2026-03-10T10:00:00.000Z'))).toEqual([]);
    expect((await tx((r) => r.sessions.revokeAllOf(t.id, withHash.id, '2026-03-10T10:00:00.000Z'))).sort()).toEqual(
      [s1.id, s2.id].sort(),
    );
    for (const s of [s1, s2]) {
      expect((await read((r) => r.sessions.findById(t.id, s.id)))?.revokedAt).toBe('2026-03-10T10:00:00.000Z');
    }
    expect((await read((r) => r.sessions.findById(t.id, ended.id)))?.revokedAt).toBe('2026-03-10T09:00:00.000Z');
    expect((await read((r) => r.sessions.findById(t.id, theirs.id)))?.revokedAt).toBeNull();
  });

  it('setup links: list the open links of some users, never used, replaced, expired or of another tenant', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const ann = aUser();
    const ben = aUser();
    const cid = aUser();
    await tx(async (r) => {
      for (const u of [ann, ben, cid]) await r.users.create(t.id, u, null);
    });
    const open = aSetupLink(ann.id, { purpose: 'invitation', expiresAt: '2026-03-17T09:00:00.000Z' });
    const used = aSetupLink(ann.id, { usedAt: '2026-03-10T08:00:00.000Z', expiresAt: '2026-03-17T09:00:00.000Z' });
    const replaced = aSetupLink(ben.id, {
      replacedAt: '2026-03-10T08:00:00.000Z',
      expiresAt: '2026-03-17T09:00:00.000Z',
    });
    const expired = aSetupLink(ben.id, { expiresAt: '2026-03-10T09:00:00.000Z' });
    const cids = aSetupLink(cid.id, { expiresAt: '2026-03-10T09:00:00.001Z' });
    await tx(async (r) => {
      for (const l of [open, used, replaced, expired, cids]) await r.setupLinks.create(t.id, l);
    });
    const now = '2026-03-10T09:00:00.000Z';
    expect(await read((r) => r.setupLinks.listOpen(t.id, [ann.id, ben.id], now))).toEqual([open]);
    expect(sortById(await read((r) => r.setupLinks.listOpen(t.id, [ann.id, ben.id, cid.id], now)))).toEqual(
      sortById([open, cids]),
    );
    expect(await read((r) => r.setupLinks.listOpen(other.id, [ann.id, ben.id, cid.id], now))).toEqual([]);
    expect(await read((r) => r.setupLinks.listOpen(t.id, [], now))).toEqual([]);
  });

  it('audit: searches by actor, action, targets and time, newest first, paged', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const entry = (o: Partial<AuditEntry>): AuditEntry => ({
      id: randomUUID(),
      actor: { type: 'user', id: 'u1' },
      action: 'device.update',
      target: 'device:d1',
      at: '2026-03-10T10:00:00.000Z',
      details: { n: 1 },
      ...o,
    });
    const e1 = entry({ at: '2026-03-01T08:00:00.000Z', action: 'device.create' });
    const e2 = entry({ actor: { type: 'apiKey', id: 'k1' }, target: 'loan:12', action: 'loan.issue' });
    const e3 = entry({ details: { nested: { to: 'IN_USE' } } });
    const e4 = entry({ target: 'device:d2', at: '2026-03-11T00:00:00.000Z' });
    await tx(async (r) => {
      for (const e of [e1, e2, e3, e4]) await r.audit.record(t.id, e);
      await r.audit.record(other.id, entry({ target: 'device:d1' }));
    });
    const search = async (q: Parameters<Repositories['audit']['search']>[1], p = page1) => {
      const res = await read((r) => r.audit.search(t.id, q, p));
      return { total: res.total, items: res.items };
    };
    expect(await search({})).toEqual({ total: 4, items: [e4, e3, e2, e1] });
    expect(await search({}, { page: 2, pageSize: 3 })).toEqual({ total: 4, items: [e1] });
    expect(await search({ targets: ['device:d1', 'loan:12'] })).toEqual({ total: 3, items: [e3, e2, e1] });
    expect(await search({ actorId: 'k1' })).toEqual({ total: 1, items: [e2] });
    expect(await search({ action: 'device.update' })).toEqual({ total: 2, items: [e4, e3] });
    expect(await search({ from: '2026-03-10T10:00:00.000Z', to: '2026-03-10T23:59:59.999Z' })).toEqual({
      total: 2,
      items: [e3, e2],
    });
    expect(await search({ targets: [] })).toEqual({ total: 0, items: [] });
  });

  it('setup links: keep their purpose', async () => {
    const t = await newTenant();
    const user = aUser();
    await tx((r) => r.users.create(t.id, user, null));
    const invitation = aSetupLink(user.id, { purpose: 'invitation' });
    await tx((r) => r.setupLinks.create(t.id, invitation));
    expect((await read((r) => r.setupLinks.findByTokenHash(invitation.tokenHash)))?.link).toEqual(invitation);
  });
}
