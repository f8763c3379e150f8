/**
 * GET /api/loans/inventory (seed §2.1, §4.4; SPEC §7.4) against the real server with a school-size
 * demo tenant (600 loans). Every expectation is computed here from the rows read through the
 * UnitOfWork, never from the route under test.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../../src/domain/access/permissions.js';
import { aGroup, aLoan, aPerson } from '../../support/builders.js';
import type { TestApp } from '../../support/app.js';
import { expectProblem, pointersOf, type Reply } from '../../support/rest.js';
import { tenantBySlug } from '../../support/tenant-data.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import {
  consoleClient,
  loanView,
  matches,
  queryString,
  readLoans,
  signIn,
  startConsoleApp,
  summaryOf,
  todayOf,
  type ConsoleClient,
  type InventoryFilter,
  type OracleLoan,
  type TenantLoans,
} from '../../support/console.js';

const SLUG = 'north';
let app: TestApp;
let data: TenantLoans;
let today: string;
let admin: ConsoleClient;

beforeAll(async () => {
  app = await startConsoleApp();
  await app.tenant(SLUG, { seed: 'school' });
  data = await readLoans(app.container, SLUG);
  today = todayOf(data.tenant);
  admin = consoleClient(app, (await signIn(app, SLUG, { role: 'school-admin' })).token);
});
afterAll(() => app?.close());

const inventory = (client: ConsoleClient, params: Record<string, string | number | undefined> = {}) =>
  client.get(`/api/loans/inventory${queryString(params)}`);

const expected = (f: InventoryFilter, pool: readonly string[] | null = null): OracleLoan[] =>
  data.loans.filter((l) => (pool === null || pool.includes(l.groupId)) && matches(l, f, today));

/** Reads every page of a filter (pageSize 100) and returns the loan numbers in the order served. */
async function allPages(client: ConsoleClient, f: InventoryFilter, pageSize = 100) {
  const numbers: number[] = [];
  let total = -1;
  for (let page = 1; total < 0 || (page - 1) * pageSize < total; page++) {
    const reply = await inventory(client, { ...f, page, pageSize });
    expect(reply.status, reply.text).toBe(200);
    total = reply.json.total;
    numbers.push(...reply.json.loans.map((l: { number: number }) => l.number));
  }
  return { numbers, total };
}

async function expectFilter(f: InventoryFilter, client = admin, pool: readonly string[] | null = null) {
  const want = expected(f, pool).map((l) => l.number);
  const got = await allPages(client, f);
  expect(got.total, JSON.stringify(f)).toBe(want.length);
  expect(got.numbers, JSON.stringify(f)).toEqual(want);
  return want;
}

describe('defaults and shape', () => {
  it('serves page 1 of 50 loans, ordered by number, in the loan shape of SPEC §5', async () => {
    const reply = await inventory(admin);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(reply.json).sort()).toEqual(['loans', 'page', 'pageSize', 'summary', 'total']);
    expect(reply.json.page).toBe(1);
    expect(reply.json.pageSize).toBe(50);
    expect(reply.json.total).toBe(600);
    expect(reply.json.loans).toEqual(data.loans.slice(0, 50).map((l) => loanView(l, today)));
  });

  it('serves the later pages in order and an empty page past the end', async () => {
    const page3 = await inventory(admin, { page: 3, pageSize: 100 });
    expect(page3.json.loans.map((l: { number: number }) => l.number)).toEqual(
      data.loans.slice(200, 300).map((l) => l.number),
    );
    const last = await inventory(admin, { page: 1_000_000, pageSize: 100 });
    expect(last.status, last.text).toBe(200);
    expect(last.json).toMatchObject({ loans: [], total: 600, page: 1_000_000, pageSize: 100 });
  });

  it('has a summary of integers counted from the rows', async () => {
    const reply = await inventory(admin);
    const summary = reply.json.summary;
    expect(Object.keys(summary).sort()).toEqual(
      ['available', 'issued', 'nextNumber', 'overdue', 'total', 'withoutDueDate'].sort(),
    );
    for (const value of Object.values(summary)) expect(Number.isInteger(value)).toBe(true);
    expect(summary).toEqual(summaryOf(data.loans, null, today));
    // The demo data has loans in every state the summary counts.
    expect(summary.overdue).toBeGreaterThan(0);
    expect(summary.withoutDueDate).toBeGreaterThan(0);
    expect(summary.nextNumber).toBe(601);
  });
});

describe('bounds and malformed parameters', () => {
  it.each([
    ['page=0', 'page'],
    ['page=1000001', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=-1', 'page'],
    ['page=1e3', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=ten', 'pageSize'],
    ['status=LOST', 'status'],
    ['status=issued', 'status'],
    ['kind=PHONE', 'kind'],
    ['status=ISSUED&status=AVAILABLE', 'status'],
    ['page=1&page=2', 'page'],
    ['q=%20%20%20', 'q'],
  ])('%s → 400 naming /%s', async (query, parameter) => {
    const reply = await admin.get(`/api/loans/inventory?${query}`);
    expectProblem(reply, 400, 'invalid-input');
    expect(pointersOf(reply)).toEqual([`/${parameter}`]);
  });

  it('names every offending parameter at once', async () => {
    const reply = await admin.get('/api/loans/inventory?page=0&pageSize=500&kind=PHONE');
    expectProblem(reply, 400, 'invalid-input');
    expect(pointersOf(reply).sort()).toEqual(['/kind', '/page', '/pageSize']);
  });

  it('accepts the limits themselves', async () => {
    for (const params of [{ page: 1_000_000 }, { pageSize: 1 }, { pageSize: 100 }]) {
      const reply = await inventory(admin, params);
      expect(reply.status, `${JSON.stringify(params)} ${reply.text}`).toBe(200);
    }
    expect((await inventory(admin, { pageSize: 1 })).json.loans).toHaveLength(1);
    expect((await inventory(admin, { pageSize: 100 })).json.loans).toHaveLength(100);
  });
});

describe('filters, each checked against the rows', () => {
  it('status', async () => {
    for (const status of ['AVAILABLE', 'ISSUED', 'UNAVAILABLE']) {
      expect((await expectFilter({ status })).length).toBeGreaterThan(0);
    }
  });

  it('groupId (and an unknown group matches nothing)', async () => {
    for (const group of data.groups.slice(0, 3))
      expect((await expectFilter({ groupId: group.id })).length).toBeGreaterThan(0);
    await expectFilter({ groupId: 'no-such-group' });
  });

  it('kind', async () => {
    for (const kind of ['LAPTOP', 'IPAD']) expect((await expectFilter({ kind })).length).toBeGreaterThan(0);
  });

  it('userGroup (exact)', async () => {
    const userGroup = data.loans.find((l) => l.userGroup !== null)!.userGroup!;
    expect((await expectFilter({ userGroup })).length).toBeGreaterThan(0);
    // Exact, not a prefix: a shortened name finds none of the loans of the full one.
    const full = expected({ userGroup }).map((l) => l.number);
    const shortened = await expectFilter({ userGroup: userGroup.slice(0, -1) });
    expect(shortened.filter((n) => full.includes(n))).toEqual([]);
  });

  it('holderId', async () => {
    const holderId = data.loans.find((l) => l.holderId !== null)!.holderId!;
    expect((await expectFilter({ holderId })).length).toBeGreaterThan(0);
    expect(await expectFilter({ holderId: 'nobody' })).toEqual([]);
  });

  it('overdue=true selects the issued loans past their due date', async () => {
    const want = await expectFilter({ overdue: 'true' });
    expect(want.length).toBe(summaryOf(data.loans, null, today).overdue);
    // Combined with other filters.
    await expectFilter({ overdue: 'true', kind: 'IPAD' });
    await expectFilter({ overdue: 'true', status: 'AVAILABLE' });
  });

  it('dueDate selects the issued loans due back on that day (the console\'s "due today")', async () => {
    const dates = data.loans.filter((l) => l.status === 'ISSUED' && l.dueDate !== null).map((l) => l.dueDate!);
    const busiest = [...new Set(dates)].sort(
      (a, b) => dates.filter((d) => d === b).length - dates.filter((d) => d === a).length,
    )[0]!;
    expect((await expectFilter({ dueDate: busiest })).length).toBeGreaterThan(0);
    await expectFilter({ dueDate: today });
    await expectFilter({ dueDate: busiest, kind: 'IPAD' });
    expect(await expectFilter({ dueDate: '1999-01-01' })).toEqual([]);
    const bad = await inventory(admin, { dueDate: '2026-02-30' });
    expectProblem(bad, 400, 'invalid-input');
    expect(pointersOf(bad)).toEqual(['/dueDate']);
  });

  it.each(['yes', '1', 'TRUE', 'false', 'True'])(
    'overdue=%s is ignored: the same answer as no filter',
    async (value) => {
      const plain = await inventory(admin, { pageSize: 100, page: 2 });
      const withValue = await inventory(admin, { pageSize: 100, page: 2, overdue: value });
      expect(withValue.status, withValue.text).toBe(200);
      expect(withValue.json).toEqual(plain.json);
    },
  );

  it('q: case-insensitive substring of the serial', async () => {
    const serial = data.loans[41]!.serial;
    const part = serial.slice(2, 9);
    expect(await expectFilter({ q: part.toLowerCase() })).toContain(data.loans[41]!.number);
    expect(await expectFilter({ q: serial.toLowerCase() })).toEqual([data.loans[41]!.number]);
  });

  it("q: case-insensitive substring of the holder's name", async () => {
    const holder = data.loans.find((l) => l.holderName !== null)!;
    const last = holder.holderName!.split(' ').at(-1)!;
    const want = await expectFilter({ q: last.toUpperCase() });
    expect(want).toContain(holder.number);
    // Names beyond ASCII fold too.
    // eslint-disable-next-line no-control-regex -- any character beyond ASCII, whatever the range's start
    const accented = data.loans.find((l) => l.holderName !== null && /[^\x00-\x7f]/.test(l.holderName));
    if (accented) expect(await expectFilter({ q: accented.holderName!.toUpperCase() })).toContain(accented.number);
  });

  it("q: case-insensitive substring of the group's name", async () => {
    const group = data.groups.find((g) => g.name === 'Library shelf') ?? data.groups[0]!;
    const want = await expectFilter({ q: group.name.slice(0, 5).toLowerCase() });
    expect(want.length).toBeGreaterThan(0);
    expect(want).toEqual(expect.arrayContaining(expected({ groupId: group.id }).map((l) => l.number)));
  });

  it('q: a whole number also matches the loan with that number', async () => {
    for (const n of [537, 7, 600]) {
      const want = await expectFilter({ q: String(n) });
      expect(want).toContain(n);
    }
    // A number no loan has (and no serial can contain: at most six nines in a row) matches nothing.
    expect(await expectFilter({ q: '9999999' })).toEqual([]);
  });

  it('q: SQL and LIKE wildcards are searched literally', async () => {
    for (const q of ['%', '_', "' OR 1=1 --", '%%', 'LT_0', '"; DROP TABLE loans; --']) {
      expect(await expectFilter({ q }), q).toEqual([]);
    }
    // And the table is still there.
    expect((await inventory(admin)).json.total).toBe(600);
  });

  it('filters combine', async () => {
    const group = data.groups[1]!;
    await expectFilter({ status: 'ISSUED', groupId: group.id, kind: 'LAPTOP' });
    await expectFilter({ status: 'ISSUED', q: 'a', overdue: 'true' });
  });

  it('unknown parameters are ignored', async () => {
    const plain = await inventory(admin, { status: 'ISSUED' });
    const extra = await admin.get('/api/loans/inventory?status=ISSUED&sort=desc&limit=5&foo=bar&tenant=other');
    expect(extra.status, extra.text).toBe(200);
    expect(extra.json).toEqual(plain.json);
  });

  it('an empty parameter counts as not given', async () => {
    const plain = await inventory(admin);
    const empty = await admin.get('/api/loans/inventory?status=&q=&groupId=&page=');
    expect(empty.status, empty.text).toBe(200);
    expect(empty.json).toEqual(plain.json);
  });

  it('the summary is the same for every filter', async () => {
    const want = summaryOf(data.loans, null, today);
    for (const f of [{ status: 'ISSUED' }, { kind: 'IPAD' }, { q: 'zzz-none' }, { overdue: 'true' }, { page: 7 }]) {
      const reply = await inventory(admin, f);
      expect(reply.json.summary, JSON.stringify(f)).toEqual(want);
    }
  });
});

describe('literal search over data with wildcard characters', () => {
  const LITERAL = 'literal';
  let lit: TenantLoans;
  let client: ConsoleClient;

  beforeAll(async () => {
    const tenant = await app.tenant(LITERAL);
    const groups = [aGroup({ name: '100% Cart' }), aGroup({ name: 'Shelf_B' })];
    const holder = aPerson({ name: "Siobhán O'Brien" });
    await app.container.get(UnitOfWork).transaction(async (r) => {
      await r.people.insertMany(tenant.id, [holder]);
      await r.loanGroups.insertMany(tenant.id, groups);
      const first = await r.tenants.takeNumbers(tenant.id, 'loan', 5);
      await r.loans.insertMany(tenant.id, [
        aLoan(groups[0]!.id, { number: first, serial: 'AB%CD' }),
        aLoan(groups[0]!.id, { number: first + 1, serial: 'AB_CD' }),
        aLoan(groups[1]!.id, { number: first + 2, serial: 'ABXCD' }),
        aLoan(groups[1]!.id, {
          number: first + 3,
          serial: 'abycd',
          status: 'ISSUED',
          holderId: holder.id,
          userGroup: '9C',
          issuedAt: new Date().toISOString(),
        }),
        aLoan(groups[1]!.id, { number: first + 4, serial: 'QQ-1' }),
      ]);
    });
    lit = await readLoans(app.container, LITERAL);
    client = consoleClient(app, (await signIn(app, LITERAL, { role: 'read-only' })).token);
  });

  it.each([
    ['%', ['AB%CD', 'AB_CD']], // '%' in a serial, or in the group name "100% Cart"
    ['B%C', ['AB%CD']],
    ['_', ['AB_CD', 'ABXCD', 'abycd', 'QQ-1']], // '_' in a serial, or in the group name "Shelf_B"
    ['B_C', ['AB_CD']],
    ['ab%', ['AB%CD']],
    ["o'brien", ['abycd']],
    ['SIOBHÁN', ['abycd']],
    ["' OR 1=1 --", []],
  ])('q=%s finds exactly the loans that contain it', async (q, serials) => {
    const want = lit.loans.filter((l) => matches(l, { q }, today));
    expect(want.map((l) => l.serial).sort()).toEqual([...serials].sort());
    const reply = await inventory(client, { q });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.loans).toEqual(want.map((l) => loanView(l, today)));
    expect(reply.json.total).toBe(want.length);
  });
});

describe('who may list', () => {
  it('a teacher with one loan group sees that group only, in the list and in the summary', async () => {
    const group = data.groups[2]!;
    const teacher = consoleClient(app, (await signIn(app, SLUG, { role: 'teacher', loanGroupIds: [group.id] })).token);
    const pool = [group.id];
    const want = await expectFilter({}, teacher, pool);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(600);
    const reply = await inventory(teacher);
    expect(reply.json.summary).toEqual(summaryOf(data.loans, pool, today));
    // Filters apply inside the pool only: another group, or a number outside it, finds nothing.
    await expectFilter({ groupId: data.groups[0]!.id }, teacher, pool);
    const outside = data.loans.find((l) => l.groupId !== group.id)!;
    expect(
      (await inventory(teacher, { q: String(outside.number) })).json.loans.map((l: { number: number }) => l.number),
    ).not.toContain(outside.number);
    await expectFilter({ status: 'ISSUED', overdue: 'true' }, teacher, pool);
  });

  it('a teacher with no loan group sees an empty pool', async () => {
    const teacher = consoleClient(app, (await signIn(app, SLUG, { role: 'teacher' })).token);
    const reply = await inventory(teacher);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.loans).toEqual([]);
    expect(reply.json.total).toBe(0);
    expect(reply.json.summary).toEqual(summaryOf(data.loans, [], today));
    expect(reply.json.summary).toMatchObject({ total: 0, available: 0, issued: 0, overdue: 0, withoutDueDate: 0 });
  });

  it('a read-only user can list', async () => {
    const reader = consoleClient(app, (await signIn(app, SLUG, { role: 'read-only' })).token);
    const reply = await inventory(reader, { status: 'ISSUED' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.total).toBe(expected({ status: 'ISSUED' }).length);
  });

  it('answers 404 when the tenant has the loans module off', async () => {
    await app.tenant('no-loans', { modules: MODULES.filter((m) => m !== 'loans') });
    const user = consoleClient(app, (await signIn(app, 'no-loans', { role: 'school-admin' })).token);
    expectProblem(await inventory(user), 404, 'module-disabled');
  });

  it('answers 401 without a session, or with a token that is not one', async () => {
    expectProblem(await inventory(consoleClient(app, undefined)), 401, 'unauthorized');
    expectProblem(await inventory(consoleClient(app, 'not-a-token')), 401, 'unauthorized');
  });
});

describe('paging, as a property', () => {
  it('every page joined gives exactly `total` distinct matching loans, in order, with one summary', async () => {
    const tenant = await tenantBySlug(app.container, SLUG);
    const summary = summaryOf(data.loans, null, todayOf(tenant));
    const texts = [
      ...data.loans.slice(0, 40).map((l) => l.serial.slice(1, 6)),
      ...data.loans
        .filter((l) => l.holderName)
        .slice(0, 40)
        .map((l) => l.holderName!.split(' ')[0]!.toLowerCase()),
      ...data.groups.map((g) => g.name.slice(0, 4).toUpperCase()),
    ];
    const holders = [...new Set(data.loans.map((l) => l.holderId).filter((h): h is string => h !== null))].slice(0, 30);
    const userGroups = [...new Set(data.loans.map((l) => l.userGroup).filter((g): g is string => g !== null))];
    // Each filter is left out four times in five, so most combinations still match some loans.
    const sometimes = <T>(arb: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: arb, weight: 1 });
    const filter = fc
      .record({
        status: sometimes(fc.constantFrom('AVAILABLE', 'ISSUED', 'UNAVAILABLE')),
        groupId: sometimes(fc.constantFrom(...data.groups.map((g) => g.id), 'no-such-group')),
        kind: sometimes(fc.constantFrom('LAPTOP', 'IPAD')),
        userGroup: sometimes(fc.constantFrom(...userGroups)),
        holderId: sometimes(fc.constantFrom(...holders)),
        q: sometimes(
          fc.oneof(
            fc.constantFrom(...texts),
            fc.integer({ min: 1, max: 650 }).map(String),
            fc.stringMatching(/^[a-zA-Z0-9%_' -]{1,4}$/).filter((s) => s.trim() !== ''),
          ),
        ),
        overdue: sometimes(fc.constantFrom('true', 'yes', '1')),
      })
      .map((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as InventoryFilter);
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(filter, fc.integer({ min: 1, max: 100 }), async (f, pageSize) => {
        const want = expected(f).map((l) => l.number);
        const seen: number[] = [];
        let total = -1;
        let pages = 0;
        for (let page = 1; total < 0 || (page - 1) * pageSize < total; page++) {
          const reply: Reply = await inventory(admin, { ...f, page, pageSize });
          expect(reply.status, reply.text).toBe(200);
          expect(reply.json.page).toBe(page);
          expect(reply.json.pageSize).toBe(pageSize);
          expect(reply.json.summary).toEqual(summary);
          if (total >= 0) expect(reply.json.total).toBe(total);
          total = reply.json.total;
          expect(reply.json.loans.length).toBeLessThanOrEqual(pageSize);
          seen.push(...reply.json.loans.map((l: { number: number }) => l.number));
          pages++;
        }
        expect(total).toBe(want.length);
        expect(seen).toEqual(want); // exactly the matching loans, distinct, ascending
        expect(new Set(seen).size).toBe(total);
        expect(pages).toBe(Math.max(1, Math.ceil(total / pageSize)));
        if (total > 0) nonEmpty++;
      }),
      { numRuns: 25 },
    );
    // The property is only worth something when most runs page through real results.
    expect(nonEmpty).toBeGreaterThanOrEqual(5);
  }, 180_000);
});
