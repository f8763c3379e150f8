/**
 * The legacy GET /api/loans (seed §4.4.3, SPEC §7.4): a plain array while at most 1,000 loans match,
 * otherwise 400 telling the client to page through /api/loans/inventory; never a truncated list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { aGroup, aLoan } from '../../support/builders.js';
import type { TestApp } from '../../support/app.js';
import { expectProblem, pointersOf } from '../../support/rest.js';
import {
  consoleClient,
  loanView,
  matches,
  queryString,
  readLoans,
  signIn,
  startConsoleApp,
  todayOf,
  type ConsoleClient,
  type InventoryFilter,
  type TenantLoans,
} from '../../support/console.js';

let app: TestApp;
let small: TenantLoans;
let big: TenantLoans;
let smallAdmin: ConsoleClient;
let bigAdmin: ConsoleClient;
let today: string;
// The big tenant: 1,000 loans in one group and 1 in another, so the whole tenant is one over the limit.
const bigGroup = aGroup({ name: 'Thousand cart' });
const oddGroup = aGroup({ name: 'Odd one' });

beforeAll(async () => {
  app = await startConsoleApp();
  await app.tenant('small', { seed: 'small' });
  const tenant = await app.tenant('big');
  await app.container.get(UnitOfWork).transaction(async (r) => {
    await r.loanGroups.insertMany(tenant.id, [bigGroup, oddGroup]);
    const first = await r.tenants.takeNumbers(tenant.id, 'loan', 1_001);
    const loans = Array.from({ length: 1_001 }, (_, i) =>
      aLoan(i === 500 ? oddGroup.id : bigGroup.id, {
        number: first + i,
        serial: `BIG-${String(first + i).padStart(5, '0')}`,
        kind: i % 3 === 0 ? 'IPAD' : 'LAPTOP',
        status: i % 10 === 0 ? 'UNAVAILABLE' : 'AVAILABLE',
      }),
    );
    await r.loans.insertMany(tenant.id, loans);
  });
  small = await readLoans(app.container, 'small');
  big = await readLoans(app.container, 'big');
  today = todayOf(small.tenant);
  smallAdmin = consoleClient(app, (await signIn(app, 'small', { role: 'school-admin' })).token);
  bigAdmin = consoleClient(app, (await signIn(app, 'big', { role: 'technician' })).token);
});
afterAll(() => app?.close());

const legacy = (client: ConsoleClient, f: InventoryFilter = {}) => client.get(`/api/loans${queryString({ ...f })}`);

describe('GET /api/loans', () => {
  it('returns the whole small tenant as a plain array in the inventory loan shape, by number', async () => {
    const reply = await legacy(smallAdmin);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(Array.isArray(reply.json)).toBe(true);
    expect(reply.json).toEqual(small.loans.map((l) => loanView(l, today)));
    expect(reply.json).toHaveLength(60);
    // The same records the paged inventory serves.
    const paged = await smallAdmin.get('/api/loans/inventory?pageSize=100');
    expect(reply.json).toEqual(paged.json.loans);
  });

  it('applies the inventory filters', async () => {
    for (const f of [
      { groupId: small.groups[0]!.id },
      { status: 'ISSUED', kind: 'LAPTOP' },
      { overdue: 'true' },
      { q: small.loans[3]!.serial.slice(0, 5).toLowerCase() },
    ] as InventoryFilter[]) {
      const reply = await legacy(smallAdmin, f);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json, JSON.stringify(f)).toEqual(
        small.loans.filter((l) => matches(l, f, today)).map((l) => loanView(l, today)),
      );
    }
  });

  it('refuses more than 1,000 matches with 400 telling the client to page through the inventory', async () => {
    expect(big.loans).toHaveLength(1_001);
    const reply = await legacy(bigAdmin);
    expectProblem(reply, 400, 'invalid-input');
    expect(reply.json.detail).toContain('/api/loans/inventory');
    expect(reply.json.detail).toMatch(/\bpage\b/);
    expect(reply.json.detail).toContain('pageSize');
    expect(reply.json.detail).toMatch(/1,?001/);
    expect(Array.isArray(reply.json)).toBe(false);
    // The inventory serves those same loans, paged.
    const paged = await bigAdmin.get('/api/loans/inventory?pageSize=100&page=11');
    expect(paged.json.total).toBe(1_001);
    expect(paged.json.loans.map((l: { number: number }) => l.number)).toEqual([big.loans[1_000]!.number]);
  });

  it('returns every one of exactly 1,000 matches: the limit itself is not truncated or refused', async () => {
    const reply = await legacy(bigAdmin, { groupId: bigGroup.id });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toHaveLength(1_000);
    expect(reply.json.map((l: { number: number }) => l.number)).toEqual(
      big.loans.filter((l) => l.groupId === bigGroup.id).map((l) => l.number),
    );
  });

  it('returns the array once a filter brings the matches to 1,000 or fewer, never cut short', async () => {
    for (const f of [
      { groupId: oddGroup.id },
      { status: 'UNAVAILABLE' },
      { kind: 'IPAD' },
      { kind: 'LAPTOP' },
      { q: 'big-001' },
      { status: 'ISSUED' },
    ] as InventoryFilter[]) {
      const want = big.loans.filter((l) => matches(l, f, today)).map((l) => l.number);
      expect(want.length).toBeLessThanOrEqual(1_000);
      const reply = await legacy(bigAdmin, f);
      expect(reply.status, `${JSON.stringify(f)} ${reply.text.slice(0, 300)}`).toBe(200);
      expect(
        reply.json.map((l: { number: number }) => l.number),
        JSON.stringify(f),
      ).toEqual(want);
    }
  });

  it('refuses a filter that still matches more than 1,000, and serves it once narrowed', async () => {
    // The text alone matches all 1,001...
    expect(big.loans.filter((l) => matches(l, { q: 'big-' }, today))).toHaveLength(1_001);
    expectProblem(await legacy(bigAdmin, { q: 'big-' }), 400, 'invalid-input');
    // ...less the UNAVAILABLE tenth, it is under the limit.
    const f = { status: 'AVAILABLE', q: 'big-' };
    const want = big.loans.filter((l) => matches(l, f, today)).map((l) => l.number);
    expect(want.length).toBeLessThanOrEqual(1_000);
    const reply = await legacy(bigAdmin, f);
    expect(reply.status, reply.text.slice(0, 300)).toBe(200);
    expect(reply.json.map((l: { number: number }) => l.number)).toEqual(want);
  });

  it('validates its parameters like the inventory and ignores paging and unknown ones', async () => {
    const reply = await smallAdmin.get('/api/loans?status=LOST&kind=PHONE');
    expectProblem(reply, 400, 'invalid-input');
    expect(pointersOf(reply).sort()).toEqual(['/kind', '/status']);
    const repeated = await smallAdmin.get('/api/loans?groupId=a&groupId=b');
    expectProblem(repeated, 400, 'invalid-input');
    expect(pointersOf(repeated)).toEqual(['/groupId']);
    const extra = await smallAdmin.get('/api/loans?page=2&pageSize=5&sort=desc');
    expect(extra.status, extra.text).toBe(200);
    expect(extra.json).toHaveLength(60);
  });

  it("keeps a teacher's list to their loan groups, and answers 401 without a session", async () => {
    const group = small.groups[1]!;
    const teacher = consoleClient(
      app,
      (await signIn(app, 'small', { role: 'teacher', loanGroupIds: [group.id] })).token,
    );
    const reply = await legacy(teacher);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.map((l: { number: number }) => l.number)).toEqual(
      small.loans.filter((l) => l.groupId === group.id).map((l) => l.number),
    );
    const none = consoleClient(app, (await signIn(app, 'small', { role: 'teacher' })).token);
    expect((await legacy(none)).json).toEqual([]);
    expectProblem(await legacy(consoleClient(app, undefined)), 401, 'unauthorized');
  });
});
