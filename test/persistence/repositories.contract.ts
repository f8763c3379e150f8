/**
 * The one repository contract. Every persistence adapter (SQLite, Postgres, the in-memory fake) runs
 * exactly these assertions through `runRepositoryContract`, so the dialects cannot drift apart.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitOfWork } from '../../src/ports/unit-of-work.js';
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
  aStoredKey,
  aSubmission,
  aTenant,
  aTicket,
  aUser,
} from '../support/builders.js';
import { monitorRepositoryContract } from './monitors.contract.js';
import { recordsRepositoryContract } from './records.contract.js';
import { oauthRepositoryContract } from './oauth.contract.js';
import { ssoRepositoryContract } from './sso.contract.js';
import { portalRepositoryContract } from './portal.contract.js';
import { loanerYearRepositoryContract } from './loaner-year.contract.js';
import { reminderRepositoryContract } from './reminders.contract.js';
import { reservationRepositoryContract } from './reservations.contract.js';
import { agreementRepositoryContract } from './agreements.contract.js';
import { accountRepositoryContract } from './accounts.contract.js';
import { serviceTargetRepositoryContract, ticketMessageRepositoryContract } from './service-targets.contract.js';

export interface RepositorySubject {
  readonly uow: UnitOfWork;
  close(): Promise<void>;
}

const page1 = { page: 1, pageSize: 50 };

async function expectConflict(p: Promise<unknown>): Promise<void> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('conflict');
}

export function runRepositoryContract(name: string, open: () => Promise<RepositorySubject>): void {
  describe(`repository contract: ${name}`, () => {
    let subject: RepositorySubject;
    const tx = <T>(work: (r: Repositories) => Promise<T>) => subject.uow.transaction(work);
    const read = <T>(work: (r: Repositories) => Promise<T>) => subject.uow.read(work);

    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.close();
    });

    async function newTenant(o: Partial<Tenant> = {}): Promise<Tenant> {
      const t = aTenant(o);
      await tx((r) => r.tenants.create(t));
      return t;
    }

    describe('unit of work', () => {
      it('keeps nothing of a transaction that throws and rethrows the same error', async () => {
        const t = aTenant();
        const boom = new Error('boom');
        const caught = await tx(async (r) => {
          await r.tenants.create(t);
          await r.people.insertMany(t.id, [aPerson()]);
          throw boom;
        }).catch((e: unknown) => e);
        expect(caught).toBe(boom);
        expect(await read((r) => r.tenants.findBySlug(t.slug))).toBeNull();
        expect(await read((r) => r.people.count(t.id))).toBe(0);
      });

      it('commits everything of a transaction that resolves', async () => {
        const t = aTenant();
        const result = await tx(async (r) => {
          await r.tenants.create(t);
          await r.people.insertMany(t.id, [aPerson(), aPerson()]);
          return 'done';
        });
        expect(result).toBe('done');
        expect(await read((r) => r.people.count(t.id))).toBe(2);
      });
    });

    describe('tenants', () => {
      it('finds a tenant by slug, id and host with all its fields', async () => {
        const host = `${randomUUID().slice(0, 8)}.school.example`;
        const t = await newTenant({
          hosts: [host],
          timeZone: 'America/New_York',
          currency: 'USD',
          modules: ['loans', 'people'],
        });
        for (const found of [
          await read((r) => r.tenants.findBySlug(t.slug)),
          await read((r) => r.tenants.findById(t.id)),
          await read((r) => r.tenants.findByHost(host)),
        ]) {
          expect(found).toMatchObject({
            id: t.id,
            slug: t.slug,
            name: t.name,
            timeZone: 'America/New_York',
            currency: 'USD',
            hosts: [host],
          });
          expect([...(found?.modules ?? [])].sort()).toEqual(['loans', 'people']);
        }
        expect(await read((r) => r.tenants.findByHost('nowhere.example'))).toBeNull();
        expect(await read((r) => r.tenants.findBySlug('no-such-slug'))).toBeNull();
        expect((await read((r) => r.tenants.list())).map((x) => x.slug)).toContain(t.slug);
      });

      it('refuses a duplicate slug or host and keeps no half-created tenant', async () => {
        const host = `${randomUUID().slice(0, 8)}.example`;
        const t = await newTenant({ hosts: [host] });
        await expectConflict(tx((r) => r.tenants.create(aTenant({ slug: t.slug }))));
        const other = aTenant({ hosts: [host] });
        await expectConflict(tx((r) => r.tenants.create(other)));
        expect(await read((r) => r.tenants.findBySlug(other.slug))).toBeNull();
      });

      it("replaces a school's name, zone, currency and hosts, refusing another tenant's host and changing nothing then", async () => {
        const [mine, theirs, added] = ['a', 'b', 'c'].map((x) => `${x}${randomUUID().slice(0, 8)}.example`);
        const t = await newTenant({ hosts: [mine!], modules: ['loans'] });
        await newTenant({ hosts: [theirs!] });
        await tx((r) =>
          r.tenants.update(t.id, {
            name: 'Renamed',
            hosts: [added!.toUpperCase()],
            timeZone: 'Asia/Tokyo',
            currency: 'JPY',
          }),
        );
        expect(await read((r) => r.tenants.findById(t.id))).toMatchObject({
          slug: t.slug,
          name: 'Renamed',
          hosts: [added],
          timeZone: 'Asia/Tokyo',
          currency: 'JPY',
          modules: ['loans'],
        });
        expect(await read((r) => r.tenants.findByHost(mine!))).toBeNull();
        expect(await read((r) => r.tenants.findByHost(added!))).toMatchObject({ id: t.id });
        await expectConflict(
          tx((r) =>
            r.tenants.update(t.id, { name: 'Again', hosts: [added!, theirs!], timeZone: 'UTC', currency: 'EUR' }),
          ),
        );
        expect(await read((r) => r.tenants.findById(t.id))).toMatchObject({ name: 'Renamed', hosts: [added] });
      });

      it('replaces the enabled modules', async () => {
        const t = await newTenant({ modules: ['loans'] });
        await tx((r) => r.tenants.setModules(t.id, ['people', 'repairs']));
        const found = await read((r) => r.tenants.findById(t.id));
        expect([...(found?.modules ?? [])].sort()).toEqual(['people', 'repairs']);
      });

      it('hands out per-tenant numbers that are never reused', async () => {
        const a = await newTenant();
        const b = await newTenant();
        expect(await read((r) => r.tenants.peekNumber(a.id, 'loan'))).toBe(1);
        expect(await tx((r) => r.tenants.takeNumber(a.id, 'loan'))).toBe(1);
        expect(await tx((r) => r.tenants.takeNumber(a.id, 'loan'))).toBe(2);
        expect(await tx((r) => r.tenants.takeNumbers(a.id, 'loan', 5))).toBe(3);
        expect(await read((r) => r.tenants.peekNumber(a.id, 'loan'))).toBe(8);
        expect(await tx((r) => r.tenants.takeNumber(a.id, 'submission'))).toBe(1);
        expect(await tx((r) => r.tenants.takeNumber(b.id, 'loan'))).toBe(1);
      });
    });

    describe('people', () => {
      it('finds people only inside their tenant', async () => {
        const a = await newTenant();
        const b = await newTenant();
        const p = aPerson();
        await tx((r) => r.people.insertMany(a.id, [p]));
        expect(await read((r) => r.people.findById(a.id, p.id))).toEqual(p);
        expect(await read((r) => r.people.findById(b.id, p.id))).toBeNull();
        expect(await read((r) => r.people.search(b.id, { q: p.name, limit: 10 }))).toEqual([]);
        expect(await read((r) => r.people.count(a.id))).toBe(1);
        expect(await read((r) => r.people.count(b.id))).toBe(0);
      });

      it('searches name, e-mail and external id as a literal, case-insensitive substring', async () => {
        const t = await newTenant();
        const ada = aPerson({
          name: 'Ada Lovelace',
          email: 'ada@school.example',
          externalId: 'MIS-1',
          kind: 'STAFF',
          userGroup: 'Maths',
        });
        const alan = aPerson({
          name: 'Alan Turing',
          email: 'alan@school.example',
          externalId: 'MIS-2',
          userGroup: '7A',
        });
        const pct = aPerson({ name: '100% Sure', email: null, externalId: null, userGroup: '7A' });
        const und = aPerson({ name: 'Under_Score', email: null, externalId: null, userGroup: '7B' });
        await tx((r) => r.people.insertMany(t.id, [ada, alan, pct, und]));
        const names = async (s: Parameters<Repositories['people']['search']>[1]) =>
          (await read((r) => r.people.search(t.id, s))).map((p) => p.name);
        expect(await names({ q: 'LOVE', limit: 10 })).toEqual(['Ada Lovelace']);
        expect(await names({ q: 'alan@', limit: 10 })).toEqual(['Alan Turing']);
        expect(await names({ q: 'mis-2', limit: 10 })).toEqual(['Alan Turing']);
        expect(await names({ q: 'a', limit: 10 })).toEqual(['Ada Lovelace', 'Alan Turing']);
        expect(await names({ q: 'a', limit: 1 })).toEqual(['Ada Lovelace']);
        expect(await names({ q: 'a', kind: 'STAFF', limit: 10 })).toEqual(['Ada Lovelace']);
        expect(await names({ q: 'u', userGroup: '7A', limit: 10 })).toEqual(['100% Sure', 'Alan Turing']);
        expect(await names({ q: '%', limit: 10 })).toEqual(['100% Sure']);
        expect(await names({ q: '_', limit: 10 })).toEqual(['Under_Score']);
        expect(await names({ q: "'; drop table people; --", limit: 10 })).toEqual([]);
      });
    });

    describe('devices', () => {
      it('finds, searches and pages devices of the tenant ordered by serial', async () => {
        const t = await newTenant();
        const other = await newTenant();
        const owner = aPerson();
        await tx((r) => r.people.insertMany(t.id, [owner]));
        const d1 = aDevice({
          serial: 'A-001',
          manufacturer: 'Apple',
          model: 'iPad 9',
          kind: 'IPAD',
          status: 'IN_USE',
          assignedPersonId: owner.id,
        });
        const d2 = aDevice({
          serial: 'A-002',
          manufacturer: 'Lenovo',
          model: '300e',
          kind: 'LAPTOP',
          status: 'IN_STOCK',
        });
        const d3 = aDevice({
          serial: 'B-001',
          manufacturer: 'Lenovo',
          model: '300e',
          kind: 'LAPTOP',
          status: 'IN_REPAIR',
        });
        await tx((r) => r.devices.insertMany(t.id, [d3, d1, d2]));
        await tx((r) => r.devices.insertMany(other.id, [aDevice({ serial: 'A-001' })]));
        expect(await read((r) => r.devices.findById(t.id, d1.id))).toEqual(d1);
        expect(await read((r) => r.devices.findById(other.id, d1.id))).toBeNull();
        expect(await read((r) => r.devices.findBySerial(t.id, 'A-002'))).toEqual(d2);
        const all = await read((r) => r.devices.search(t.id, {}, page1));
        expect(all.total).toBe(3);
        expect(all.items.map((d) => d.serial)).toEqual(['A-001', 'A-002', 'B-001']);
        const lenovo = await read((r) => r.devices.search(t.id, { q: 'lenovo' }, { page: 2, pageSize: 1 }));
        expect(lenovo).toEqual({ total: 2, items: [d3] });
        expect((await read((r) => r.devices.search(t.id, { kind: 'IPAD' }, page1))).items).toEqual([d1]);
        expect((await read((r) => r.devices.search(t.id, { status: 'IN_REPAIR' }, page1))).items).toEqual([d3]);
        expect((await read((r) => r.devices.search(t.id, { q: 'ipad 9' }, page1))).items).toEqual([d1]);
        expect(await read((r) => r.devices.listAssignedTo(t.id, owner.id))).toEqual([d1]);
        expect(await read((r) => r.devices.count(t.id))).toBe(3);
      });

      it('refuses a duplicate serial inside one tenant', async () => {
        const t = await newTenant();
        await tx((r) => r.devices.insertMany(t.id, [aDevice({ serial: 'DUP-1' })]));
        await expectConflict(tx((r) => r.devices.insertMany(t.id, [aDevice({ serial: 'DUP-1' })])));
        expect(await read((r) => r.devices.count(t.id))).toBe(1);
      });
    });

    describe('loans', () => {
      async function loanWorld() {
        const t = await newTenant();
        const cart = aGroup({ name: 'Cart North' });
        const shelf = aGroup({ name: 'Library Shelf' });
        const ada = aPerson({ name: 'Ada Lovelace', userGroup: '7A' });
        const bob = aPerson({ name: 'Bob Builder', userGroup: '8C' });
        const today = '2026-03-10';
        const loans = [
          aLoan(cart.id, { number: 1, serial: 'SN-AAA-1', kind: 'LAPTOP' }),
          aLoan(cart.id, {
            number: 2,
            serial: 'SN-AAA-2',
            kind: 'LAPTOP',
            status: 'ISSUED',
            holderId: ada.id,
            userGroup: '7A',
            issuedAt: '2026-03-01T08:00:00.000Z',
            dueDate: '2026-03-09',
          }),
          aLoan(cart.id, {
            number: 3,
            serial: 'SN-BBB-3',
            kind: 'IPAD',
            status: 'ISSUED',
            holderId: bob.id,
            userGroup: '8C',
            issuedAt: '2026-03-01T08:00:00.000Z',
            dueDate: null,
          }),
          aLoan(shelf.id, {
            number: 4,
            serial: 'SN-BBB-4',
            kind: 'IPAD',
            status: 'ISSUED',
            holderId: ada.id,
            userGroup: '7A',
            issuedAt: '2026-03-01T08:00:00.000Z',
            dueDate: '2026-03-10',
          }),
          aLoan(shelf.id, { number: 12, serial: 'X%_12', kind: 'LAPTOP', status: 'UNAVAILABLE' }),
        ];
        await tx(async (r) => {
          await r.loanGroups.insertMany(t.id, [cart, shelf]);
          await r.people.insertMany(t.id, [ada, bob]);
          await r.loans.insertMany(t.id, loans);
        });
        return { t, cart, shelf, ada, bob, today, loans };
      }

      it('reads a loan by number or serial with its group and holder names', async () => {
        const { t, cart, ada } = await loanWorld();
        const row = await read((r) => r.loans.findByNumber(t.id, 2));
        expect(row).toMatchObject({
          number: 2,
          serial: 'SN-AAA-2',
          groupId: cart.id,
          groupName: 'Cart North',
          holderId: ada.id,
          holderName: 'Ada Lovelace',
          status: 'ISSUED',
          dueDate: '2026-03-09',
          version: 1,
        });
        expect(await read((r) => r.loans.findBySerial(t.id, 'SN-AAA-1'))).toMatchObject({
          number: 1,
          holderId: null,
          holderName: null,
        });
        expect(await read((r) => r.loans.findByNumber(t.id, 99))).toBeNull();
        const other = await newTenant();
        expect(await read((r) => r.loans.findByNumber(other.id, 2))).toBeNull();
        expect(await read((r) => r.loans.findBySerial(other.id, 'SN-AAA-2'))).toBeNull();
        expect(await tx((r) => r.loans.findByNumber(t.id, 1, { forUpdate: true }))).toMatchObject({ number: 1 });
      });

      it('updates a loan only while its version is unchanged', async () => {
        const { t, ada } = await loanWorld();
        const loan = (await read((r) => r.loans.findByNumber(t.id, 1)))!;
        const issued = {
          ...loan,
          status: 'ISSUED' as const,
          holderId: ada.id,
          userGroup: '7A',
          issuedAt: '2026-03-10T10:00:00.000Z',
          dueDate: '2026-03-20',
        };
        expect(await tx((r) => r.loans.update(t.id, issued))).toBe(true);
        expect(await tx((r) => r.loans.update(t.id, { ...issued, status: 'AVAILABLE' }))).toBe(false);
        expect(await read((r) => r.loans.findByNumber(t.id, 1))).toMatchObject({
          status: 'ISSUED',
          holderId: ada.id,
          holderName: 'Ada Lovelace',
          dueDate: '2026-03-20',
          version: 2,
        });
        const other = await newTenant();
        expect(await tx((r) => r.loans.update(other.id, { ...issued, version: 2 }))).toBe(false);
      });

      it('filters, searches and pages in number order', async () => {
        const { t, cart, shelf, ada, today } = await loanWorld();
        const numbers = async (f: Partial<Parameters<Repositories['loans']['list']>[1]>, page = page1) => {
          const res = await read((r) => r.loans.list(t.id, { poolGroupIds: null, ...f }, page));
          return { total: res.total, numbers: res.items.map((l) => l.number) };
        };
        expect(await numbers({})).toEqual({ total: 5, numbers: [1, 2, 3, 4, 12] });
        expect(await numbers({}, { page: 2, pageSize: 2 })).toEqual({ total: 5, numbers: [3, 4] });
        expect(await numbers({}, { page: 9, pageSize: 2 })).toEqual({ total: 5, numbers: [] });
        expect(await numbers({ status: 'ISSUED' })).toEqual({ total: 3, numbers: [2, 3, 4] });
        expect(await numbers({ groupId: shelf.id })).toEqual({ total: 2, numbers: [4, 12] });
        expect(await numbers({ kind: 'IPAD' })).toEqual({ total: 2, numbers: [3, 4] });
        expect(await numbers({ userGroup: '7A' })).toEqual({ total: 2, numbers: [2, 4] });
        expect(await numbers({ holderId: ada.id })).toEqual({ total: 2, numbers: [2, 4] });
        expect(await numbers({ overdueBefore: today })).toEqual({ total: 1, numbers: [2] });
        expect(await numbers({ dueOn: '2026-03-10' })).toEqual({ total: 1, numbers: [4] });
        expect(await numbers({ dueOn: '2026-03-10', groupId: shelf.id })).toEqual({ total: 1, numbers: [4] });
        expect(await numbers({ dueOn: '2026-03-10', kind: 'LAPTOP' })).toEqual({ total: 0, numbers: [] });
        expect(await numbers({ dueOn: '2026-03-11' })).toEqual({ total: 0, numbers: [] });
        expect(await numbers({ q: 'bbb' })).toEqual({ total: 2, numbers: [3, 4] });
        expect(await numbers({ q: 'LOVELACE' })).toEqual({ total: 2, numbers: [2, 4] });
        expect(await numbers({ q: 'cart nor' })).toEqual({ total: 3, numbers: [1, 2, 3] });
        expect(await numbers({ q: '%' })).toEqual({ total: 1, numbers: [12] });
        expect(await numbers({ q: '_' })).toEqual({ total: 1, numbers: [12] });
        expect(await numbers({ q: '12', qNumber: 12 })).toEqual({ total: 1, numbers: [12] });
        expect(await numbers({ q: '3', qNumber: 3 })).toEqual({ total: 1, numbers: [3] });
        // Text OR number: loan 2 by its number, loan 12 because its serial contains "2".
        expect(await numbers({ q: '2', qNumber: 2 })).toEqual({ total: 2, numbers: [2, 12] });
        expect(await numbers({ poolGroupIds: [cart.id] })).toEqual({ total: 3, numbers: [1, 2, 3] });
        expect(await numbers({ poolGroupIds: [] })).toEqual({ total: 0, numbers: [] });
        expect(await numbers({ poolGroupIds: [cart.id], groupId: shelf.id })).toEqual({ total: 0, numbers: [] });
        expect(await numbers({ status: 'ISSUED', kind: 'IPAD', q: 'ada' })).toEqual({ total: 1, numbers: [4] });
      });

      it('lists every match up to a limit and reports the full total', async () => {
        const { t } = await loanWorld();
        const res = await read((r) => r.loans.listAll(t.id, { poolGroupIds: null }, 3));
        expect(res.total).toBe(5);
        expect(res.items.map((l) => l.number)).toEqual([1, 2, 3]);
      });

      it('counts the pool regardless of other loans in other tenants', async () => {
        const { t, cart, today } = await loanWorld();
        const other = await newTenant();
        const g = aGroup();
        await tx(async (r) => {
          await r.loanGroups.insertMany(other.id, [g]);
          await r.loans.insertMany(other.id, [aLoan(g.id, { number: 1, status: 'ISSUED', dueDate: '2020-01-01' })]);
        });
        expect(await read((r) => r.loans.counts(t.id, null, today))).toEqual({
          total: 5,
          available: 1,
          issued: 3,
          overdue: 1,
          withoutDueDate: 1,
        });
        expect(await read((r) => r.loans.counts(t.id, [cart.id], today))).toEqual({
          total: 3,
          available: 1,
          issued: 2,
          overdue: 1,
          withoutDueDate: 1,
        });
        expect(await read((r) => r.loans.counts(t.id, [], today))).toEqual({
          total: 0,
          available: 0,
          issued: 0,
          overdue: 0,
          withoutDueDate: 0,
        });
        expect(await read((r) => r.loans.count(t.id))).toBe(5);
      });

      it('lists the loans a person holds', async () => {
        const { t, ada, bob } = await loanWorld();
        expect((await read((r) => r.loans.listHeldBy(t.id, ada.id))).map((l) => l.number)).toEqual([2, 4]);
        expect((await read((r) => r.loans.listHeldBy(t.id, bob.id))).map((l) => l.number)).toEqual([3]);
      });

      it('refuses a duplicate number or serial inside one tenant', async () => {
        const { t, cart } = await loanWorld();
        await expectConflict(tx((r) => r.loans.insertMany(t.id, [aLoan(cart.id, { number: 1 })])));
        await expectConflict(tx((r) => r.loans.insertMany(t.id, [aLoan(cart.id, { serial: 'SN-AAA-1', number: 77 })])));
        expect(await read((r) => r.loans.count(t.id))).toBe(5);
      });
    });

    describe('loan groups', () => {
      it('lists groups by name inside the tenant', async () => {
        const t = await newTenant();
        const other = await newTenant();
        const b = aGroup({ name: 'B cart' });
        const a = aGroup({ name: 'A cart' });
        await tx((r) => r.loanGroups.insertMany(t.id, [b, a]));
        expect(await read((r) => r.loanGroups.list(t.id))).toEqual([a, b]);
        expect(await read((r) => r.loanGroups.findById(t.id, a.id))).toEqual(a);
        expect(await read((r) => r.loanGroups.findById(other.id, a.id))).toBeNull();
        expect(await read((r) => r.loanGroups.list(other.id))).toEqual([]);
      });
    });

    describe('submissions', () => {
      it('finds, updates and searches submissions newest first', async () => {
        const t = await newTenant();
        const other = await newTenant();
        const reporter = aPerson();
        const tech = aPerson({ kind: 'STAFF' });
        const s1 = aSubmission({ number: 1, serial: 'SER-1', description: 'Broken hinge', reporterId: reporter.id });
        const s2 = aSubmission({
          number: 2,
          serial: 'SER-2',
          description: 'Cracked SCREEN',
          status: 'ASSIGNED',
          assigneeId: tech.id,
          coverage: 'WARRANTY',
          costMinor: 12_000,
        });
        const s3 = aSubmission({ number: 3, serial: 'SER-1', description: 'Battery 100% dead' });
        await tx((r) => r.submissions.insertMany(t.id, [s1, s2, s3]));
        expect(await read((r) => r.submissions.findById(t.id, s2.id))).toEqual(s2);
        expect(await read((r) => r.submissions.findByNumber(t.id, 1))).toEqual(s1);
        expect(await read((r) => r.submissions.findById(other.id, s2.id))).toBeNull();
        expect(await read((r) => r.submissions.findByNumber(other.id, 1))).toBeNull();
        const nums = async (s: Parameters<Repositories['submissions']['search']>[1], p = page1) => {
          const res = await read((r) => r.submissions.search(t.id, s, p));
          return { total: res.total, numbers: res.items.map((x) => x.number) };
        };
        expect(await nums({})).toEqual({ total: 3, numbers: [3, 2, 1] });
        expect(await nums({}, { page: 2, pageSize: 2 })).toEqual({ total: 3, numbers: [1] });
        expect(await nums({ status: 'ASSIGNED' })).toEqual({ total: 1, numbers: [2] });
        expect(await nums({ serial: 'SER-1' })).toEqual({ total: 2, numbers: [3, 1] });
        expect(await nums({ assigneeId: tech.id })).toEqual({ total: 1, numbers: [2] });
        expect(await nums({ personId: reporter.id })).toEqual({ total: 1, numbers: [1] });
        expect(await nums({ personId: tech.id })).toEqual({ total: 1, numbers: [2] });
        expect(await nums({ reporterId: reporter.id })).toEqual({ total: 1, numbers: [1] });
        expect(await nums({ reporterId: tech.id })).toEqual({ total: 0, numbers: [] });
        expect(await nums({ q: 'screen' })).toEqual({ total: 1, numbers: [2] });
        expect(await nums({ q: 'ser-2' })).toEqual({ total: 1, numbers: [2] });
        expect(await nums({ q: '%' })).toEqual({ total: 1, numbers: [3] });
        const assigned = {
          ...s1,
          status: 'ASSIGNED' as const,
          assigneeId: tech.id,
          updatedAt: '2026-02-01T00:00:00.000Z',
        };
        expect(await tx((r) => r.submissions.update(t.id, assigned))).toBe(true);
        expect(await tx((r) => r.submissions.update(t.id, assigned))).toBe(false);
        expect(await read((r) => r.submissions.findById(t.id, s1.id))).toEqual({ ...assigned, version: 2 });
        expect(await read((r) => r.submissions.count(t.id))).toBe(3);
      });
    });

    describe('tickets', () => {
      it('finds and searches tickets newest first', async () => {
        const t = await newTenant();
        const other = await newTenant();
        const k1 = aTicket({ number: 1, subject: 'Wifi down in B12', status: 'OPEN', priority: 'HIGH' });
        const k2 = aTicket({ number: 2, subject: 'Projector', body: 'No HDMI signal', status: 'NEW' });
        await tx((r) => r.tickets.insertMany(t.id, [k1, k2]));
        expect(await read((r) => r.tickets.findById(t.id, k1.id))).toEqual(k1);
        expect(await read((r) => r.tickets.findByNumber(t.id, 2))).toEqual(k2);
        expect(await read((r) => r.tickets.findById(other.id, k1.id))).toBeNull();
        expect(await read((r) => r.tickets.findByNumber(other.id, 2))).toBeNull();
        expect(await read((r) => r.tickets.search(t.id, {}, page1))).toEqual({ total: 2, items: [k2, k1] });
        expect(await read((r) => r.tickets.search(t.id, { status: 'OPEN' }, page1))).toEqual({ total: 1, items: [k1] });
        expect(await read((r) => r.tickets.search(t.id, { q: 'hdmi' }, page1))).toEqual({ total: 1, items: [k2] });
        expect(await read((r) => r.tickets.search(t.id, { q: 'WIFI' }, page1))).toEqual({ total: 1, items: [k1] });
        expect(await read((r) => r.tickets.search(other.id, {}, page1))).toEqual({ total: 0, items: [] });
      });

      it("finds a requester's own tickets and those with their address, not those they are assigned", async () => {
        const t = await newTenant();
        const other = await newTenant();
        const person = randomUUID();
        const address = 'ms.fox@north.example';
        const mine = aTicket({ number: 1, requesterId: person });
        const assigned = aTicket({ number: 2, assigneeId: person });
        const filed = aTicket({ number: 3 });
        await tx((r) => r.tickets.insertMany(t.id, [mine, assigned, filed]));
        await tx((r) => r.mailboxes.addTicketAddresses(t.id, filed.id, [address]));
        const theirs = { requester: { personId: person, address } };
        expect(await read((r) => r.tickets.search(t.id, theirs, page1))).toEqual({ total: 2, items: [filed, mine] });
        expect((await read((r) => r.tickets.search(other.id, theirs, page1))).total).toBe(0);
        expect((await read((r) => r.tickets.search(t.id, { personId: person }, page1))).total).toBe(2);
      });
    });

    describe('costs', () => {
      it('breaks spend down by type, coverage and period over an inclusive range', async () => {
        const t = await newTenant();
        const other = await newTenant();
        await tx((r) =>
          r.costs.insertMany(t.id, [
            aCost({ type: 'REPAIR', coverage: 'SCHOOL', amountMinor: 1000, date: '2025-07-01' }),
            aCost({ type: 'REPAIR', coverage: 'WARRANTY', amountMinor: 2000, date: '2025-09-30' }),
            aCost({ type: 'PURCHASE', coverage: null, amountMinor: 50_000, date: '2025-10-01' }),
            aCost({ type: 'LICENSE', coverage: null, amountMinor: 7000, date: '2026-01-15' }),
            aCost({ type: 'PARTS', coverage: 'PARENT', amountMinor: 300, date: '2024-12-31' }),
          ]),
        );
        await tx((r) => r.costs.insertMany(other.id, [aCost({ amountMinor: 999_999, date: '2025-09-01' })]));
        const range = { from: '2025-01-01', to: '2026-01-15', period: 'month' as const };
        expect(await read((r) => r.costs.breakdown(t.id, { ...range, by: 'type' }))).toEqual([
          { key: 'LICENSE', count: 1, amountMinor: 7000 },
          { key: 'PURCHASE', count: 1, amountMinor: 50_000 },
          { key: 'REPAIR', count: 2, amountMinor: 3000 },
        ]);
        expect(await read((r) => r.costs.breakdown(t.id, { ...range, by: 'coverage' }))).toEqual([
          { key: 'NONE', count: 2, amountMinor: 57_000 },
          { key: 'SCHOOL', count: 1, amountMinor: 1000 },
          { key: 'WARRANTY', count: 1, amountMinor: 2000 },
        ]);
        expect(await read((r) => r.costs.breakdown(t.id, { ...range, by: 'period' }))).toEqual([
          { key: '2025-07', count: 1, amountMinor: 1000 },
          { key: '2025-09', count: 1, amountMinor: 2000 },
          { key: '2025-10', count: 1, amountMinor: 50_000 },
          { key: '2026-01', count: 1, amountMinor: 7000 },
        ]);
        expect(await read((r) => r.costs.breakdown(t.id, { ...range, by: 'period', period: 'quarter' }))).toEqual([
          { key: '2025-Q3', count: 2, amountMinor: 3000 },
          { key: '2025-Q4', count: 1, amountMinor: 50_000 },
          { key: '2026-Q1', count: 1, amountMinor: 7000 },
        ]);
        expect(
          await read((r) =>
            r.costs.breakdown(t.id, { from: '2024-01-01', to: '2026-12-31', by: 'period', period: 'year' }),
          ),
        ).toEqual([
          { key: '2024', count: 1, amountMinor: 300 },
          { key: '2025', count: 3, amountMinor: 53_000 },
          { key: '2026', count: 1, amountMinor: 7000 },
        ]);
        expect(
          await read((r) =>
            r.costs.breakdown(t.id, { from: '2025-09-30', to: '2025-10-01', by: 'type', period: 'month' }),
          ),
        ).toEqual([
          { key: 'PURCHASE', count: 1, amountMinor: 50_000 },
          { key: 'REPAIR', count: 1, amountMinor: 2000 },
        ]);
      });
    });

    describe('users', () => {
      it('stores users per tenant and finds active administrators across tenants', async () => {
        const a = await newTenant();
        const b = await newTenant();
        const email = `admin-${randomUUID().slice(0, 8)}@school.example`;
        const g = aGroup();
        await tx((r) => r.loanGroups.insertMany(a.id, [g]));
        const admin = aUser({ email });
        const teacher = aUser({ role: 'teacher', loanGroupIds: [g.id] });
        await tx((r) => r.users.create(a.id, admin, 'hash-1'));
        await tx((r) => r.users.create(a.id, teacher, null));
        await tx((r) => r.users.create(b.id, aUser({ email, role: 'technician' }), null));
        expect(await read((r) => r.users.findById(a.id, admin.id))).toEqual({ ...admin, passwordHash: 'hash-1' });
        expect(await read((r) => r.users.findByEmail(a.id, email))).toEqual({ ...admin, passwordHash: 'hash-1' });
        expect(await read((r) => r.users.findById(a.id, teacher.id))).toEqual({ ...teacher, passwordHash: null });
        expect(await read((r) => r.users.findById(b.id, admin.id))).toBeNull();
        expect(await read((r) => r.users.findActiveAdminsByEmail(email))).toEqual([{ tenantId: a.id, user: admin }]);
        await expectConflict(tx((r) => r.users.create(a.id, aUser({ email }), null)));
        await tx((r) => r.users.setPasswordHash(a.id, admin.id, 'hash-2'));
        expect((await read((r) => r.users.findById(a.id, admin.id)))?.passwordHash).toBe('hash-2');
        await tx((r) => r.users.setPasswordHash(b.id, admin.id, 'evil'));
        expect((await read((r) => r.users.findById(a.id, admin.id)))?.passwordHash).toBe('hash-2');
        const inactive = aUser({ email: `gone-${randomUUID().slice(0, 8)}@school.example`, active: false });
        await tx((r) => r.users.create(a.id, inactive, null));
        expect(await read((r) => r.users.findActiveAdminsByEmail(inactive.email))).toEqual([]);
      });

      it("lists a tenant's active users of a role, by e-mail", async () => {
        const a = await newTenant();
        const b = await newTenant();
        const zed = aUser({ email: 'zed@school.example' });
        const amy = aUser({ email: 'amy@school.example' });
        await tx(async (r) => {
          await r.users.create(a.id, zed, null);
          await r.users.create(a.id, amy, null);
          await r.users.create(a.id, aUser({ email: 'old@school.example', active: false }), null);
          await r.users.create(a.id, aUser({ email: 'tech@school.example', role: 'technician' }), null);
          await r.users.create(b.id, aUser({ email: 'other@school.example' }), null);
        });
        expect(await read((r) => r.users.listActiveByRole(a.id, 'school-admin'))).toEqual([amy, zed]);
        expect(await read((r) => r.users.listActiveByRole(b.id, 'technician'))).toEqual([]);
      });

      it("finds a tenant's users by id, inactive ones too, and never another tenant's", async () => {
        const a = await newTenant();
        const b = await newTenant();
        const active = aUser({ email: `a-${randomUUID().slice(0, 8)}@school.example` });
        const gone = aUser({ email: `g-${randomUUID().slice(0, 8)}@school.example`, active: false });
        const elsewhere = aUser({ email: `e-${randomUUID().slice(0, 8)}@school.example` });
        await tx(async (r) => {
          await r.users.create(a.id, active, 'hash');
          await r.users.create(a.id, gone, null);
          await r.users.create(b.id, elsewhere, null);
        });
        const found = await read((r) => r.users.findByIds(a.id, [active.id, gone.id, elsewhere.id, 'nobody']));
        expect(found.sort((x, y) => x.email.localeCompare(y.email))).toEqual([active, gone]);
        expect(await read((r) => r.users.findByIds(a.id, []))).toEqual([]);
      });
    });

    describe('deployment jobs', () => {
      it('records when a job last started and how it last finished', async () => {
        const name = `job-${randomUUID().slice(0, 8)}`;
        expect(await read((r) => r.deploymentJobs.find(name))).toBeNull();
        await tx((r) => r.deploymentJobs.started(name, '2026-01-01T02:00:00.000Z'));
        expect(await read((r) => r.deploymentJobs.find(name))).toEqual({
          name,
          lastStartedAt: '2026-01-01T02:00:00.000Z',
          lastFinishedAt: null,
          lastOutcome: null,
          lastError: null,
        });
        await tx((r) => r.deploymentJobs.finished(name, '2026-01-01T02:00:05.000Z', 'failed', 'disk full'));
        await tx((r) => r.deploymentJobs.started(name, '2026-01-02T02:00:00.000Z'));
        expect(await read((r) => r.deploymentJobs.find(name))).toEqual({
          name,
          lastStartedAt: '2026-01-02T02:00:00.000Z',
          lastFinishedAt: '2026-01-01T02:00:05.000Z',
          lastOutcome: 'failed',
          lastError: 'disk full',
        });
      });
    });

    describe('tenant alert addresses', () => {
      it('are unset (null) until set, per tenant, and can be unset again', async () => {
        const a = await newTenant();
        const b = await newTenant();
        expect(await read((r) => r.tenants.alertEmails(a.id))).toBeNull();
        await tx((r) => r.tenants.setAlertEmails(a.id, ['it@school.example', 'head@school.example']));
        expect(await read((r) => r.tenants.alertEmails(a.id))).toEqual(['it@school.example', 'head@school.example']);
        expect(await read((r) => r.tenants.alertEmails(b.id))).toBeNull();
        await tx((r) => r.tenants.setAlertEmails(a.id, null));
        expect(await read((r) => r.tenants.alertEmails(a.id))).toBeNull();
      });
    });

    describe('monitors', () => monitorRepositoryContract({ tx, read, newTenant }));

    describe('records', () => recordsRepositoryContract({ tx, read, newTenant }));

    describe('oauth', () => oauthRepositoryContract({ tx, read, newTenant }));
    describe('single sign-on', () => ssoRepositoryContract({ tx, read, newTenant }));
    describe('the portal', () => portalRepositoryContract({ tx, read, newTenant }));
    describe('the loaner year', () => loanerYearRepositoryContract({ tx, read, newTenant }));
    describe('reminders', () => reminderRepositoryContract({ tx, read, newTenant }));
    describe('reservations', () => reservationRepositoryContract({ tx, read, newTenant }));
    describe('agreements', () => agreementRepositoryContract({ tx, read, newTenant }));
    describe('pupils’ accounts', () => accountRepositoryContract({ tx, read, newTenant }));
    describe('service targets', () => serviceTargetRepositoryContract({ tx, read, newTenant }));
    describe('ticket e-mail', () => ticketMessageRepositoryContract({ tx, read, newTenant }));

    describe('api keys', () => {
      it('finds keys by prefix across tenants and manages them inside the tenant', async () => {
        const a = await newTenant();
        const b = await newTenant();
        const prefix = `desk_${randomUUID().slice(0, 8)}`;
        const k1 = aStoredKey(a.id, {
          prefix,
          createdAt: '2026-01-01T00:00:00.000Z',
          scopes: ['loan.view', 'device.view'],
          expiresAt: '2027-01-01T00:00:00.000Z',
        });
        const k2 = aStoredKey(a.id, { createdAt: '2026-01-02T00:00:00.000Z', scopes: [] });
        await tx(async (r) => {
          await r.apiKeys.create(k1);
          await r.apiKeys.create(k2);
        });
        expect(await read((r) => r.apiKeys.findByPrefix(prefix))).toEqual([k1]);
        const { tenantId: _t, hash: _h, ...public1 } = k1;
        const { tenantId: _t2, hash: _h2, ...public2 } = k2;
        expect(await read((r) => r.apiKeys.findById(a.id, k1.id))).toEqual(public1);
        expect(await read((r) => r.apiKeys.findById(b.id, k1.id))).toBeNull();
        expect(await read((r) => r.apiKeys.list(a.id))).toEqual([public1, public2]);
        expect(await read((r) => r.apiKeys.list(b.id))).toEqual([]);
        expect(await tx((r) => r.apiKeys.revoke(b.id, k1.id, '2026-02-01T00:00:00.000Z'))).toBe(false);
        expect(await tx((r) => r.apiKeys.revoke(a.id, k1.id, '2026-02-01T00:00:00.000Z'))).toBe(true);
        expect(await tx((r) => r.apiKeys.revoke(a.id, k1.id, '2026-02-02T00:00:00.000Z'))).toBe(false);
        await tx((r) => r.apiKeys.touch(a.id, k2.id, '2026-02-03T00:00:00.000Z'));
        const listed = await read((r) => r.apiKeys.list(a.id));
        expect(listed[0]?.revokedAt).toBe('2026-02-01T00:00:00.000Z');
        expect(listed[1]?.lastUsedAt).toBe('2026-02-03T00:00:00.000Z');
      });
    });

    describe('setup links', () => {
      it('replaces open links, finds by token hash and is used at most once', async () => {
        const t = await newTenant();
        const user = aUser();
        await tx((r) => r.users.create(t.id, user, null));
        const first = aSetupLink(user.id);
        await tx((r) => r.setupLinks.create(t.id, first));
        expect(await read((r) => r.setupLinks.findByTokenHash(first.tokenHash))).toEqual({
          tenantId: t.id,
          link: first,
        });
        await tx((r) => r.setupLinks.replaceOpen(t.id, user.id, '2026-01-10T10:00:00.000Z'));
        const second = aSetupLink(user.id, { createdAt: '2026-01-10T10:00:00.000Z' });
        await tx((r) => r.setupLinks.create(t.id, second));
        expect((await read((r) => r.setupLinks.findByTokenHash(first.tokenHash)))?.link.replacedAt).toBe(
          '2026-01-10T10:00:00.000Z',
        );
        expect(await tx((r) => r.setupLinks.markUsed(t.id, first.id, '2026-01-10T10:05:00.000Z'))).toBe(false);
        expect(await tx((r) => r.setupLinks.markUsed(t.id, second.id, '2026-01-10T10:05:00.000Z'))).toBe(true);
        expect(await tx((r) => r.setupLinks.markUsed(t.id, second.id, '2026-01-10T10:06:00.000Z'))).toBe(false);
        expect((await read((r) => r.setupLinks.findByTokenHash(second.tokenHash)))?.link.usedAt).toBe(
          '2026-01-10T10:05:00.000Z',
        );
        expect(await read((r) => r.setupLinks.findByTokenHash('no-such-hash'))).toBeNull();
      });
    });

    describe('sessions', () => {
      it('stores sessions per tenant and revokes each once', async () => {
        const a = await newTenant();
        const b = await newTenant();
        const session = {
          id: randomUUID(),
          userId: randomUUID(),
          createdAt: '2026-01-10T08:00:00.000Z',
          expiresAt: '2026-01-10T20:00:00.000Z',
          revokedAt: null,
        };
        await tx((r) => r.sessions.create(a.id, session));
        expect(await read((r) => r.sessions.findById(a.id, session.id))).toEqual(session);
        expect(await read((r) => r.sessions.findById(b.id, session.id))).toBeNull();
        expect(await tx((r) => r.sessions.revoke(b.id, session.id, '2026-01-10T09:00:00.000Z'))).toBe(false);
        expect(await tx((r) => r.sessions.revoke(a.id, session.id, '2026-01-10T09:00:00.000Z'))).toBe(true);
        expect(await tx((r) => r.sessions.revoke(a.id, session.id, '2026-01-10T10:00:00.000Z'))).toBe(false);
        expect((await read((r) => r.sessions.findById(a.id, session.id)))?.revokedAt).toBe('2026-01-10T09:00:00.000Z');
      });
    });

    describe('audit and outbox', () => {
      it('keeps audit entries per tenant, newest first', async () => {
        const a = await newTenant();
        const b = await newTenant();
        const entry = (action: string, at: string) => ({
          id: randomUUID(),
          actor: { type: 'apiKey' as const, id: 'k1' },
          action,
          target: 'loan:1',
          at,
          details: { n: 1, nested: { ok: true } },
        });
        const e1 = entry('loan.issue', '2026-01-01T00:00:00.000Z');
        const e2 = entry('loan.return', '2026-01-02T00:00:00.000Z');
        await tx(async (r) => {
          await r.audit.record(a.id, e1);
          await r.audit.record(a.id, e2);
        });
        expect(await read((r) => r.audit.list(a.id, { limit: 10 }))).toEqual([e2, e1]);
        expect(await read((r) => r.audit.list(a.id, { limit: 1 }))).toEqual([e2]);
        expect(await read((r) => r.audit.list(a.id, { limit: 10, action: 'loan.issue' }))).toEqual([e1]);
        expect(await read((r) => r.audit.list(b.id, { limit: 10 }))).toEqual([]);
      });

      it('appends events in order and reads them per tenant after a sequence number', async () => {
        const a = await newTenant();
        const b = await newTenant();
        const ev = (kind: 'loan.issued' | 'loan.returned', eventId: number) => ({
          id: randomUUID(),
          eventId,
          kind,
          occurredAt: '2026-01-01T00:00:00.000Z',
          payload: { loan: { number: 1 } },
        });
        await tx(async (r) => {
          await r.outbox.append(a.id, ev('loan.issued', 1));
          await r.outbox.append(b.id, ev('loan.issued', 1));
          await r.outbox.append(a.id, ev('loan.returned', 2));
        });
        const events = await read((r) => r.outbox.listAfter(a.id, 0, 10));
        expect(events.map((e) => [e.eventId, e.kind])).toEqual([
          [1, 'loan.issued'],
          [2, 'loan.returned'],
        ]);
        expect(events[0]!.payload).toEqual({ loan: { number: 1 } });
        expect(await read((r) => r.outbox.listAfter(a.id, 1, 10))).toEqual([events[1]]);
        expect(await read((r) => r.outbox.listAfter(a.id, 0, 10, ['loan.returned']))).toEqual([events[1]]);
        expect(await read((r) => r.outbox.newestId(a.id))).toBe(2);
        expect(await read((r) => r.outbox.newestId(randomUUID()))).toBe(0);
        // A tenant's event id is taken once: a second event with the same number is refused.
        await expect(tx((r) => r.outbox.append(a.id, ev('loan.issued', 2)))).rejects.toMatchObject({
          code: 'conflict',
        });
        expect(await read((r) => r.outbox.listAfter(b.id, 0, 10))).toHaveLength(1);
      });
    });
  });
}
