/**
 * Free-text loan search (`q`) against an oracle, run by every adapter like the repository contract:
 * SQLite answers from its trigram index, a 2-character expansion, a scan or a selective filter, and
 * Postgres from a trigram index over names copied onto the loan, so this checks that each way returns
 * exactly "a literal, case-insensitive substring of the serial, holder name or group name, or the
 * loan's number", with every filter and page, and that the index follows every change to a loan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issue, restore, returnLoan, withdraw, type Loan, type LoanGroup } from '../../src/domain/loans/loan.js';
import type { Person } from '../../src/domain/people/person.js';
import type { Repositories } from '../../src/ports/repositories.js';
import type { LoanFilter } from '../../src/ports/repositories/loans.js';
import { aGroup, aLoan, aPerson, aTenant } from '../support/builders.js';
import type { RepositorySubject } from './repositories.contract.js';

const TODAY = '2026-03-10';

/** Whole numbers also match the loan with that number (as ListLoans derives qNumber). */
const withNumber = (q: string) => ({ q, qNumber: /^\d{1,9}$/.test(q) ? Number(q) : undefined });

export function runLoanSearchContract(name: string, open: () => Promise<RepositorySubject>): void {
  describe(`loan search: ${name}`, () => {
    let subject: RepositorySubject;
    const tx = <T>(work: (r: Repositories) => Promise<T>) => subject.uow.transaction(work);
    const read = <T>(work: (r: Repositories) => Promise<T>) => subject.uow.read(work);

    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.close();
    });

    it('follows insertMany, issue, return, withdraw and restore', async () => {
      const t = aTenant();
      const cart = aGroup({ name: 'Cart North' });
      const zoe = aPerson({ name: 'Zoë Quirk', userGroup: '9B' });
      const ada = aPerson({ name: 'Ada Lovelace', userGroup: '7A' });
      await tx(async (r) => {
        await r.tenants.create(t);
        await r.loanGroups.insertMany(t.id, [cart]);
        await r.people.insertMany(t.id, [zoe, ada]);
        await r.loans.insertMany(t.id, [
          aLoan(cart.id, { number: 1, serial: 'SN-ONE' }),
          aLoan(cart.id, { number: 2, serial: 'SN-TWO' }),
        ]);
      });
      const numbers = async (q: string, f: Partial<LoanFilter> = {}) => {
        const res = await read((r) => r.loans.list(t.id, { poolGroupIds: null, ...withNumber(q), ...f }, page(1, 50)));
        expect(res.total).toBe(res.items.length);
        return res.items.map((l) => l.number);
      };
      const change = async (number: number, next: (loan: Loan) => Loan) => {
        await tx(async (r) => {
          const loan = (await r.loans.findByNumber(t.id, number, { forUpdate: true }))!;
          expect(await r.loans.update(t.id, next(loan))).toBe(true);
        });
      };

      expect(await numbers('zoë')).toEqual([]);
      await change(1, (l) => issue(l, { id: zoe.id, userGroup: zoe.userGroup }, '2026-03-01', 'T'));
      expect(await numbers('zoë')).toEqual([1]);
      expect(await numbers('ZOË QU')).toEqual([1]);
      expect(await numbers('quirk')).toEqual([1]);
      expect(await numbers('qu')).toEqual([1]);
      expect(await numbers('ë')).toEqual([1]);
      expect(await numbers('quirk', { status: 'ISSUED', overdueBefore: TODAY, userGroup: '9B' })).toEqual([1]);
      expect(await numbers('quirk', { holderId: zoe.id })).toEqual([1]);
      expect(await numbers('quirk', { status: 'AVAILABLE' })).toEqual([]);

      await change(1, (l) => returnLoan(l));
      expect(await numbers('quirk')).toEqual([]);
      expect(await numbers('qu')).toEqual([]);
      expect(await numbers('sn-one', { status: 'AVAILABLE' })).toEqual([1]);

      await change(1, (l) => issue(l, { id: ada.id, userGroup: ada.userGroup }, null, 'T'));
      expect(await numbers('lovelace')).toEqual([1]);
      expect(await numbers('zoë')).toEqual([]);

      await change(2, (l) => withdraw(l));
      expect(await numbers('north', { status: 'UNAVAILABLE' })).toEqual([2]);
      expect(await numbers('no', { status: 'AVAILABLE' })).toEqual([]);
      await change(2, (l) => restore(l));
      expect(await numbers('north', { status: 'UNAVAILABLE' })).toEqual([]);
      expect(await numbers('north', { status: 'AVAILABLE' })).toEqual([2]);

      // A later insert (another transaction, another chunk) is searchable at once, by every field.
      const shelf = aGroup({ name: 'Library Shelf' });
      await tx(async (r) => {
        await r.loanGroups.insertMany(t.id, [shelf]);
        await r.loans.insertMany(t.id, [
          aLoan(shelf.id, {
            number: 3,
            serial: 'ZQ-77',
            status: 'ISSUED',
            holderId: zoe.id,
            userGroup: zoe.userGroup,
            issuedAt: 'T',
          }),
        ]);
      });
      expect(await numbers('zq-7')).toEqual([3]);
      expect(await numbers('shelf')).toEqual([3]);
      // The whole tenant's summary (its own tallies) agrees with the pool of all its groups.
      const whole = await read((r) => r.loans.counts(t.id, null, TODAY));
      expect(whole).toEqual({ total: 3, available: 1, issued: 2, overdue: 0, withoutDueDate: 2 });
      expect(await read((r) => r.loans.counts(t.id, [cart.id, shelf.id], TODAY))).toEqual(whole);
      expect(await numbers('zoë quirk')).toEqual([3]);
      expect(await numbers('3')).toEqual([3]);
      expect(await numbers('7')).toEqual([3]);
      // Another tenant's loans and names never match.
      const other = aTenant();
      const theirs = aGroup({ name: 'Zoë cart' });
      await tx(async (r) => {
        await r.tenants.create(other);
        await r.loanGroups.insertMany(other.id, [theirs]);
        await r.loans.insertMany(other.id, [aLoan(theirs.id, { number: 3, serial: 'ZQ-78' })]);
      });
      expect(await numbers('zq-7')).toEqual([3]);
      expect(await numbers('zoë')).toEqual([3]);
    });

    it('returns exactly the oracle for every q length, filter and page', async () => {
      const w = await searchWorld();
      await tx(async (r) => {
        await r.tenants.create(w.tenant);
        await r.loanGroups.insertMany(w.tenant.id, w.groups);
        await r.people.insertMany(w.tenant.id, w.people);
        await r.loans.insertMany(w.tenant.id, w.loans);
      });
      const zoe = w.people[0]!;
      const filters: Partial<LoanFilter>[] = [
        {},
        { status: 'ISSUED' },
        { kind: 'IPAD' },
        { overdueBefore: TODAY },
        { dueOn: '2026-03-05' },
        { dueOn: '2026-03-05', poolGroupIds: [] },
        { userGroup: '7A' },
        { holderId: zoe.id },
        { groupId: w.groups[1]!.id },
        { poolGroupIds: w.groups.slice(0, 3).map((g) => g.id) },
        { poolGroupIds: w.groups.slice(0, 55).map((g) => g.id), status: 'ISSUED' },
        { poolGroupIds: [] },
      ];
      const queries = ['a', 'ö', 'Z', '7', '%', '_', 'lu', 'zo', 'ë ', 'na', 't0', 'é', '1%', 'x%_', 'amel', 'ZOË']
        .concat(['quirk', 'cart n', 'çel', '12', '1', '0', 'zz', 'ü', 'sn-', 'a l', 'hel', 'll'])
        .concat(['qu', 'rk', 'e', '"', '"q', 'q"z', '01', '06', '007', '150']);
      for (const q of queries) {
        for (const f of filters) {
          const filter: LoanFilter = { poolGroupIds: null, ...withNumber(q), ...f };
          const expected = w.loans.filter((l) => w.matches(l, filter)).map((l) => l.number);
          const pageSize = 7;
          const last = Math.max(1, Math.ceil(expected.length / pageSize));
          for (const p of new Set([1, 2, Math.ceil(last / 2), last, last + 1])) {
            const res = await read((r) => r.loans.list(w.tenant.id, filter, page(p, pageSize)));
            const want = expected.slice((p - 1) * pageSize, p * pageSize);
            expect({ q, f, p, total: res.total, numbers: res.items.map((l) => l.number) }).toEqual({
              q,
              f,
              p,
              total: expected.length,
              numbers: want,
            });
          }
          const all = await read((r) => r.loans.listAll(w.tenant.id, filter, 5));
          expect({ q, f, total: all.total, numbers: all.items.map((l) => l.number) }).toEqual({
            q,
            f,
            total: expected.length,
            numbers: expected.slice(0, 5),
          });
        }
      }
    });
  });
}

const page = (p: number, pageSize: number) => ({ page: p, pageSize });

/** A tenant of 60 groups, a few people with accented names and 150 loans in every state. */
async function searchWorld() {
  const tenant = aTenant();
  const fixed = ['Cart North', 'Library Shelf', 'IT desk', 'Cart 01', 'Zoë’s trolley', '100% cart'];
  const groups: LoanGroup[] = Array.from({ length: 60 }, (_, i) =>
    aGroup({ name: fixed[i] ?? `Trolley ${String(i).padStart(3, '0')}` }),
  );
  const names = ['Zoë Quirk', 'Ömer Çelik', 'Ada Lu', 'Amelia Stone', 'Li Na', 'Under_Score', 'Al "Q" Zed', 'Héloïse'];
  const people: Person[] = names.map((name, i) => aPerson({ name, userGroup: i % 2 ? '7A' : '8C' }));
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const serials = ['x%_12', 'sn-é-1', 'ZQ-77', 'LT0001ab', 'ip00zz', 'a', 'lu'];
  const loans: Loan[] = Array.from({ length: 150 }, (_, i) => {
    const number = i + 1;
    const status = (['AVAILABLE', 'ISSUED', 'ISSUED', 'UNAVAILABLE'] as const)[rnd(4)];
    const holder = status === 'ISSUED' ? people[rnd(people.length)]! : null;
    return aLoan(groups[rnd(groups.length)]!.id, {
      number,
      kind: rnd(3) ? 'LAPTOP' : 'IPAD',
      serial: serials[i] ?? `${rnd(2) ? 'LT' : 'IP'}${String(number).padStart(5, '0')}${'abcxyz'[rnd(6)]}`,
      status,
      holderId: holder?.id ?? null,
      userGroup: holder?.userGroup ?? null,
      issuedAt: holder ? '2026-03-01T08:00:00.000Z' : null,
      dueDate: holder && rnd(3) ? `2026-03-${String(1 + rnd(20)).padStart(2, '0')}` : null,
    });
  });
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const personName = new Map(people.map((p) => [p.id, p.name]));
  const contains = (value: string | null | undefined, q: string) =>
    value != null && value.toLowerCase().includes(q.toLowerCase());
  const matches = (l: Loan, f: LoanFilter): boolean =>
    (!f.poolGroupIds || f.poolGroupIds.includes(l.groupId)) &&
    (!f.status || l.status === f.status) &&
    (!f.groupId || l.groupId === f.groupId) &&
    (!f.kind || l.kind === f.kind) &&
    (!f.userGroup || l.userGroup === f.userGroup) &&
    (!f.holderId || l.holderId === f.holderId) &&
    (!f.overdueBefore || (l.status === 'ISSUED' && l.dueDate !== null && l.dueDate < f.overdueBefore)) &&
    (!f.dueOn || (l.status === 'ISSUED' && l.dueDate === f.dueOn)) &&
    (!f.q ||
      [l.serial, l.holderId && personName.get(l.holderId), groupName.get(l.groupId)].some((v) => contains(v, f.q!)) ||
      f.qNumber === l.number);
  return { tenant, groups, people, loans, matches };
}
