/**
 * Console loan writes by number (SPEC §5 Loan, §7.4): POST /api/loans/:number/issue|return|withdraw|
 * restore. Each success changes the stored loan and writes its audit entry (the signed-in user as the
 * actor) and outbox event in the same transaction; each refusal leaves everything as it was.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../../src/domain/access/permissions.js';
import type { Person } from '../../../src/domain/people/person.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import type { TestApp } from '../../support/app.js';
import { expectProblem, pointersOf, type Reply } from '../../support/rest.js';
import { auditEntries, readTenantData, writableState, type TenantData } from '../../support/tenant-data.js';
import {
  consoleClient,
  daysFromToday,
  matches,
  putLoan,
  queryString,
  readLoans,
  signIn,
  startConsoleApp,
  storedLoan,
  summaryOf,
  todayOf,
  type ConsoleClient,
  type ConsoleUser,
} from '../../support/console.js';

const SLUG = 'west';
let app: TestApp;
let tenant: Tenant;
let data: TenantData;
let admin: ConsoleUser;
let desk: ConsoleUser;
let teacher: ConsoleUser;
let reader: ConsoleUser;
let pupil: Person;
/** Loans of the teacher's group and of another group. */
let own: number[];
let other: number[];

beforeAll(async () => {
  app = await startConsoleApp();
  await app.tenant(SLUG, { seed: 'small' });
  data = await readTenantData(app.container, SLUG);
  tenant = data.tenant;
  pupil = data.pupils.find((p) => p.userGroup !== null)!;
  const group = data.groups[0]!;
  own = data.loans.filter((l) => l.groupId === group.id).map((l) => l.number);
  other = data.loans.filter((l) => l.groupId !== group.id).map((l) => l.number);
  admin = await signIn(app, SLUG, { role: 'school-admin' });
  desk = await signIn(app, SLUG, { role: 'loan-desk' });
  teacher = await signIn(app, SLUG, { role: 'teacher', loanGroupIds: [group.id] });
  reader = await signIn(app, SLUG, { role: 'read-only' });
});
afterAll(() => app?.close());

const as = (u: ConsoleUser): ConsoleClient => consoleClient(app, u.token);
const state = () => writableState(app.container, tenant.id);
const events = () => app.container.get(UnitOfWork).read((r) => r.outbox.listAfter(tenant.id, 0, 1_000_000));
const put = (number: number, s: Parameters<typeof putLoan>[3]) => putLoan(app.container, tenant.id, number, s);
const issued = (holder = pupil) => ({ status: 'ISSUED' as const, holderId: holder.id, userGroup: holder.userGroup });

/** Asserts the reply refused the write with this status and problem type, and nothing changed. */
async function expectRefused(write: () => Promise<Reply>, status: number, type: string): Promise<Reply> {
  const before = await state();
  const reply = await write();
  expectProblem(reply, status, type);
  expect(await state()).toEqual(before);
  return reply;
}

/** Asserts one audit entry and one event were written for this change, with the user as the actor. */
async function expectRecorded(
  o: { user: ConsoleUser; number: number; action: string; event: string; from: string; to: string },
  reply: Reply,
  before: Awaited<ReturnType<typeof state>>,
) {
  const after = await state();
  expect(after.audit).toBe(before.audit + 1);
  expect(after.outbox).toBe(before.outbox + 1);
  const [entry] = await auditEntries(app.container, tenant.id, o.action);
  expect(entry).toMatchObject({
    actor: { type: 'user', id: o.user.user.id },
    action: o.action,
    target: `loan:${o.number}`,
    details: { from: o.from, to: o.to },
  });
  const event = (await events()).at(-1)!;
  expect(event.kind).toBe(o.event);
  const loan = reply.json.loan;
  expect(event.payload).toEqual({
    loan: {
      id: loan.id,
      number: loan.number,
      serial: loan.serial,
      kind: loan.kind,
      groupId: loan.groupId,
      status: loan.status,
      holderId: loan.holder?.id ?? null,
      dueDate: loan.dueDate,
    },
  });
}

describe('issue', () => {
  it('hands an AVAILABLE loan to a person until a due date', async () => {
    const number = own[0]!;
    await put(number, { status: 'AVAILABLE' });
    const dueDate = daysFromToday(tenant, 14);
    const before = await state();
    const stored = await storedLoan(app.container, tenant.id, number);

    const reply = await as(desk).post(`/api/loans/${number}/issue`, { holderId: pupil.id, dueDate });

    expect(reply.status, reply.text).toBe(200);
    expect(Object.keys(reply.json)).toEqual(['loan']);
    expect(reply.json.loan).toEqual({
      id: stored.id,
      number,
      kind: stored.kind,
      serial: stored.serial,
      groupId: stored.groupId,
      groupName: stored.groupName,
      status: 'ISSUED',
      holder: { id: pupil.id, name: pupil.name },
      userGroup: pupil.userGroup,
      issuedAt: expect.any(String),
      dueDate,
      overdue: false,
    });
    expect(Date.now() - Date.parse(reply.json.loan.issuedAt)).toBeLessThan(60_000);
    expect(await storedLoan(app.container, tenant.id, number)).toMatchObject({
      status: 'ISSUED',
      holderId: pupil.id,
      userGroup: pupil.userGroup,
      issuedAt: reply.json.loan.issuedAt,
      dueDate,
      version: stored.version + 1,
    });
    await expectRecorded(
      { user: desk, number, action: 'loan.issue', event: 'loan.issued', from: 'AVAILABLE', to: 'ISSUED' },
      reply,
      before,
    );
    const [entry] = await auditEntries(app.container, tenant.id, 'loan.issue');
    expect(entry!.details).toMatchObject({ holderId: pupil.id });
  });

  it('without a due date, and today itself is not in the past', async () => {
    const [a, b] = [own[1]!, own[2]!];
    await put(a, { status: 'AVAILABLE' });
    await put(b, { status: 'AVAILABLE' });
    const plain = await as(desk).post(`/api/loans/${a}/issue`, { holderId: pupil.id });
    expect(plain.status, plain.text).toBe(200);
    expect(plain.json.loan).toMatchObject({ status: 'ISSUED', dueDate: null, overdue: false });
    expect((await storedLoan(app.container, tenant.id, a)).dueDate).toBeNull();
    const dueToday = await as(desk).post(`/api/loans/${b}/issue`, {
      holderId: pupil.id,
      dueDate: daysFromToday(tenant, 0),
    });
    expect(dueToday.status, dueToday.text).toBe(200);
    expect(dueToday.json.loan.overdue).toBe(false);
  });

  it('refuses a due date in the past, or not a date, with 400 naming dueDate', async () => {
    const number = own[3]!;
    await put(number, { status: 'AVAILABLE' });
    for (const dueDate of [daysFromToday(tenant, -1), '2020-01-01', '2026-02-30', 'tomorrow', '01/09/2030']) {
      const reply = await expectRefused(
        () => as(desk).post(`/api/loans/${number}/issue`, { holderId: pupil.id, dueDate }),
        400,
        'invalid-input',
      );
      expect(pointersOf(reply), dueDate).toEqual(['/dueDate']);
    }
  });

  it('refuses a missing holder (400), an unknown holder (404) and unknown fields (400)', async () => {
    const number = own[3]!;
    await put(number, { status: 'AVAILABLE' });
    const missing = await expectRefused(() => as(desk).post(`/api/loans/${number}/issue`, {}), 400, 'invalid-input');
    expect(pointersOf(missing)).toEqual(['/holderId']);
    await expectRefused(
      () => as(desk).post(`/api/loans/${number}/issue`, { holderId: 'no-such-person' }),
      404,
      'not-found',
    );
    const extra = await expectRefused(
      () => as(desk).post(`/api/loans/${number}/issue`, { holderId: pupil.id, colour: 'red' }),
      400,
      'invalid-input',
    );
    expect(pointersOf(extra)).toEqual(['/colour']);
  });
});

describe.each([
  { verb: 'return', from: 'ISSUED', to: 'AVAILABLE', action: 'loan.return', event: 'loan.returned' },
  { verb: 'withdraw', from: 'AVAILABLE', to: 'UNAVAILABLE', action: 'loan.withdraw', event: 'loan.withdrawn' },
  { verb: 'restore', from: 'UNAVAILABLE', to: 'AVAILABLE', action: 'loan.restore', event: 'loan.restored' },
] as const)('$verb', ({ verb, from, to, action, event }) => {
  it(`moves a ${from} loan to ${to}, audited and with a ${event} event`, async () => {
    const number = own[4]!;
    await put(number, from === 'ISSUED' ? { ...issued(), dueDate: daysFromToday(tenant, -3) } : { status: from });
    const stored = await storedLoan(app.container, tenant.id, number);
    const before = await state();

    const reply = await as(admin).post(`/api/loans/${number}/${verb}`);

    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.loan).toEqual({
      id: stored.id,
      number,
      kind: stored.kind,
      serial: stored.serial,
      groupId: stored.groupId,
      groupName: stored.groupName,
      status: to,
      holder: null,
      userGroup: null,
      issuedAt: null,
      dueDate: null,
      overdue: false,
    });
    expect(await storedLoan(app.container, tenant.id, number)).toMatchObject({
      status: to,
      holderId: null,
      userGroup: null,
      issuedAt: null,
      dueDate: null,
      version: stored.version + 1,
    });
    await expectRecorded({ user: admin, number, action, event, from, to }, reply, before);
  });

  it('ignores a body, and accepts an empty JSON object', async () => {
    const number = own[5]!;
    await put(number, from === 'ISSUED' ? issued() : { status: from });
    const reply = await as(admin).post(`/api/loans/${number}/${verb}`, {});
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.loan.status).toBe(to);
  });
});

describe('by serial in the body (the scan desk): POST /api/loans/issue and /api/loans/return', () => {
  const serialOf = (number: number) => data.loans.find((l) => l.number === number)!.serial;

  it('issues by serial, and the return answers who held it until when', async () => {
    const number = own[6]!;
    await put(number, { status: 'AVAILABLE' });
    const dueDate = daysFromToday(tenant, 7);
    const before = await state();
    const issuedReply = await as(desk).post('/api/loans/issue', {
      serial: serialOf(number),
      holderId: pupil.id,
      dueDate,
    });
    expect(issuedReply.status, issuedReply.text).toBe(200);
    expect(issuedReply.json.loan).toMatchObject({ number, status: 'ISSUED', holder: { id: pupil.id }, dueDate });
    await expectRecorded(
      { user: desk, number, action: 'loan.issue', event: 'loan.issued', from: 'AVAILABLE', to: 'ISSUED' },
      issuedReply,
      before,
    );
    const stored = await storedLoan(app.container, tenant.id, number);

    const returned = await as(desk).post('/api/loans/return', { serial: serialOf(number) });
    expect(returned.status, returned.text).toBe(200);
    expect(returned.json.loan).toMatchObject({ number, status: 'AVAILABLE', holder: null, dueDate: null });
    expect(returned.json.returnedFrom).toEqual({
      holder: { id: pupil.id, name: pupil.name },
      issuedAt: stored.issuedAt,
      dueDate,
    });
    // The number still works in the body, as the tools take it.
    await put(number, issued());
    const byNumber = await as(desk).post('/api/loans/return', { number });
    expect(byNumber.status, byNumber.text).toBe(200);
    expect(byNumber.json.returnedFrom).toMatchObject({ holder: { id: pupil.id }, dueDate: null });
  });

  it('refuses an unknown serial (404), a second issue or a return of an available loan (409), neither or both of serial and number (400)', async () => {
    const number = own[7]!;
    await put(number, issued());
    await expectRefused(() => as(desk).post('/api/loans/return', { serial: 'NO-SUCH-SERIAL' }), 404, 'not-found');
    await expectRefused(
      () => as(desk).post('/api/loans/issue', { serial: serialOf(number), holderId: pupil.id }),
      409,
      'conflict',
    );
    await put(number, { status: 'AVAILABLE' });
    await expectRefused(() => as(desk).post('/api/loans/return', { serial: serialOf(number) }), 409, 'conflict');
    await expectRefused(() => as(desk).post('/api/loans/return', {}), 400, 'invalid-input');
    await expectRefused(
      () => as(desk).post('/api/loans/return', { serial: serialOf(number), number }),
      400,
      'invalid-input',
    );
  });

  it("a teacher cannot issue (403), and a serial outside a teacher's pool does not exist for them", async () => {
    await expectRefused(
      () => as(teacher).post('/api/loans/issue', { serial: serialOf(own[8]!), holderId: pupil.id }),
      403,
      'forbidden',
    );
    await put(other[0]!, issued());
    await expectRefused(() => as(reader).post('/api/loans/return', { serial: serialOf(other[0]!) }), 403, 'forbidden');
  });
});

describe('refusals that change nothing', () => {
  it.each([
    ['issue', 'ISSUED'],
    ['issue', 'UNAVAILABLE'],
    ['return', 'AVAILABLE'],
    ['return', 'UNAVAILABLE'],
    ['withdraw', 'ISSUED'],
    ['withdraw', 'UNAVAILABLE'],
    ['restore', 'AVAILABLE'],
    ['restore', 'ISSUED'],
  ] as const)('%s of a %s loan → 409', async (verb, status) => {
    const number = own[6]!;
    await put(number, status === 'ISSUED' ? issued() : { status });
    const reply = await expectRefused(
      () => as(admin).post(`/api/loans/${number}/${verb}`, verb === 'issue' ? { holderId: pupil.id } : undefined),
      409,
      'conflict',
    );
    expect(reply.json.detail).toContain(String(number));
  });

  it('issuing the same loan twice: the second is a conflict', async () => {
    const number = own[7]!;
    await put(number, { status: 'AVAILABLE' });
    expect((await as(desk).post(`/api/loans/${number}/issue`, { holderId: pupil.id })).status).toBe(200);
    await expectRefused(() => as(desk).post(`/api/loans/${number}/issue`, { holderId: pupil.id }), 409, 'conflict');
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '%20'])('a malformed loan number (%s) → 400 naming number', async (raw) => {
    for (const verb of ['issue', 'return', 'withdraw', 'restore']) {
      const reply = await expectRefused(
        () => as(admin).post(`/api/loans/${raw}/${verb}`, { holderId: pupil.id }),
        400,
        'invalid-input',
      );
      expect(pointersOf(reply), `${verb} ${raw}`).toEqual(['/number']);
    }
  });

  it('an unknown loan number → 404', async () => {
    for (const verb of ['issue', 'return', 'withdraw', 'restore']) {
      await expectRefused(() => as(admin).post(`/api/loans/99999/${verb}`, { holderId: pupil.id }), 404, 'not-found');
    }
  });

  it('no session → 401', async () => {
    await expectRefused(() => consoleClient(app, undefined).post(`/api/loans/${own[0]}/return`), 401, 'unauthorized');
  });
});

describe('who may write', () => {
  it('a teacher cannot issue, even a loan of their own group (403)', async () => {
    const number = own[8]!;
    await put(number, { status: 'AVAILABLE' });
    await expectRefused(() => as(teacher).post(`/api/loans/${number}/issue`, { holderId: pupil.id }), 403, 'forbidden');
  });

  it('a read-only user cannot return (403)', async () => {
    const number = own[8]!;
    await put(number, issued());
    await expectRefused(() => as(reader).post(`/api/loans/${number}/return`), 403, 'forbidden');
  });

  it('the loan desk can issue, return, withdraw and restore', async () => {
    const number = own[9]!;
    await put(number, { status: 'AVAILABLE' });
    for (const [verb, status] of [
      ['issue', 'ISSUED'],
      ['return', 'AVAILABLE'],
      ['withdraw', 'UNAVAILABLE'],
      ['restore', 'AVAILABLE'],
    ]) {
      const reply = await as(desk).post(`/api/loans/${number}/${verb}`, verb === 'issue' ? { holderId: pupil.id } : {});
      expect(reply.status, `${verb} ${reply.text}`).toBe(200);
      expect(reply.json.loan.status).toBe(status);
      expect((await storedLoan(app.container, tenant.id, number)).status).toBe(status);
    }
  });

  it("a teacher's write on a loan outside their pool reveals nothing and changes nothing", async () => {
    const outside = other[0]!;
    await put(outside, { status: 'AVAILABLE' });
    // A loan outside the pool does not exist for the teacher (404) — but today's role table gives
    // teachers no write permission at all, and the permission check comes first: then every number,
    // in the pool, outside it or nonexistent, gets the same 403, which tells the teacher nothing.
    const mayIssue = ROLE_PERMISSIONS.teacher.includes('loan.issue');
    const [status, type] = mayIssue ? [404, 'not-found'] : [403, 'forbidden'];
    const out = await expectRefused(
      () => as(teacher).post(`/api/loans/${outside}/issue`, { holderId: pupil.id }),
      status,
      type,
    );
    const none = await expectRefused(
      () => as(teacher).post(`/api/loans/99999/issue`, { holderId: pupil.id }),
      status,
      type,
    );
    expect(out.json).toEqual({ ...none.json, detail: out.json.detail });
    // Nor does the teacher's inventory show it.
    const listed = await as(teacher).get(`/api/loans/inventory?q=${outside}`);
    expect(listed.json.loans.map((l: { number: number }) => l.number)).not.toContain(outside);
  });
});

describe('browser origins', () => {
  it.each(['https://evil.example', 'null', 'http://localhost.evil.example'])(
    'a write with Origin %s → 403 and nothing changed',
    async (origin) => {
      const number = own[10]!;
      await put(number, { status: 'AVAILABLE' });
      for (const [verb, body] of [
        ['issue', { holderId: pupil.id }],
        ['withdraw', {}],
      ] as const) {
        await expectRefused(
          () => as(admin).post(`/api/loans/${number}/${verb}`, body, { headers: { origin } }),
          403,
          'forbidden',
        );
        // The session cookie, which a browser sends by itself, is refused the same way.
        await expectRefused(
          () =>
            consoleClient(app, undefined).post(`/api/loans/${number}/${verb}`, body, {
              headers: { origin, cookie: `desk_session=${admin.token}` },
            }),
          403,
          'forbidden',
        );
      }
    },
  );

  it('a write from our own origin, or with no Origin at all, goes through', async () => {
    const number = own[10]!;
    await put(number, { status: 'AVAILABLE' });
    const ours = await as(admin).post(
      `/api/loans/${number}/withdraw`,
      {},
      { headers: { origin: app.config.publicUrl } },
    );
    expect(ours.status, ours.text).toBe(200);
    const none = await as(admin).post(`/api/loans/${number}/restore`, {});
    expect(none.status, none.text).toBe(200);
    expect((await storedLoan(app.container, tenant.id, number)).status).toBe('AVAILABLE');
  });
});

describe('the inventory follows the writes', () => {
  it('two simultaneous issues of one loan: exactly one succeeds, the other is a conflict', async () => {
    const number = own[11]!;
    await put(number, { status: 'AVAILABLE' });
    const before = await state();
    const replies = await Promise.all(
      [data.pupils[1]!, data.pupils[2]!].map((p) => as(desk).post(`/api/loans/${number}/issue`, { holderId: p.id })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = replies.find((r) => r.status === 200)!;
    expect((await storedLoan(app.container, tenant.id, number)).holderId).toBe(winner.json.loan.holder.id);
    const after = await state();
    expect(after.audit).toBe(before.audit + 1);
    expect(after.outbox).toBe(before.outbox + 1);
  });

  it('an overdue loan is counted and listed until it is returned', async () => {
    const number = own[0]!;
    await put(number, { ...issued(), dueDate: daysFromToday(tenant, -2) });
    const client = as(reader);
    const overdue = async () => (await client.get('/api/loans/inventory?overdue=true&pageSize=100')).json;
    const listed = await overdue();
    expect(listed.loans.map((l: { number: number }) => l.number)).toContain(number);
    expect(listed.loans.find((l: { number: number }) => l.number === number).overdue).toBe(true);
    const count = listed.summary.overdue;
    expect(listed.total).toBe(count);

    expect((await as(desk).post(`/api/loans/${number}/return`)).status).toBe(200);
    const after = await overdue();
    expect(after.loans.map((l: { number: number }) => l.number)).not.toContain(number);
    expect(after.summary.overdue).toBe(count - 1);
    expect(after.total).toBe(count - 1);
  });

  it('after all the writes above, the summary and every filtered total still match the rows', async () => {
    const rows = await readLoans(app.container, SLUG);
    const today = todayOf(tenant);
    const reply = await as(admin).get('/api/loans/inventory');
    expect(reply.json.summary).toEqual(summaryOf(rows.loans, null, today));
    for (const f of [
      { status: 'AVAILABLE' },
      { status: 'ISSUED' },
      { status: 'UNAVAILABLE' },
      { overdue: 'true' },
      { kind: 'LAPTOP', status: 'ISSUED' },
      { groupId: data.groups[0]!.id, status: 'AVAILABLE' },
      { groupId: data.groups[0]!.id, overdue: 'true' },
    ]) {
      const got = await as(admin).get(`/api/loans/inventory${queryString({ ...f, pageSize: 100 })}`);
      const want = rows.loans.filter((l) => matches(l, f, today)).map((l) => l.number);
      expect(got.json.total, JSON.stringify(f)).toBe(want.length);
      expect(got.json.loans.map((l: { number: number }) => l.number)).toEqual(want);
    }
  });
});

beforeEach(() => {
  // Every test names its own loans; make sure the demo data gave enough to go round.
  expect(own.length).toBeGreaterThanOrEqual(12);
  expect(other.length).toBeGreaterThan(0);
});
