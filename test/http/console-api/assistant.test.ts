/**
 * The assistant runner, POST /api/assistant/tools/:name {input, confirm} (seed §4.1.1, SPEC §7.4): a
 * catalogue tool run as the signed-in user, in-product (no integrations module needed). Mutating
 * tools ask for confirmation first and run nothing until they get it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../../src/domain/access/permissions.js';
import { ToolCatalogue } from '../../../src/domain/catalogue/catalogue.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import type { TestApp } from '../../support/app.js';
import { expectProblem, pointersOf } from '../../support/rest.js';
import { auditEntries, readTenantData, writableState, type TenantData } from '../../support/tenant-data.js';
import {
  consoleClient,
  daysFromToday,
  putLoan,
  signIn,
  startConsoleApp,
  storedLoan,
  type ConsoleUser,
} from '../../support/console.js';

// The school has every module but integrations: the assistant is in-product.
const SLUG = 'east';
const catalogue = new ToolCatalogue();
const tool = (name: string) => catalogue.all().find((t) => t.name === name)!;

let app: TestApp;
let tenant: Tenant;
let data: TenantData;
let admin: ConsoleUser;
let teacher: ConsoleUser;
let reader: ConsoleUser;

beforeAll(async () => {
  app = await startConsoleApp();
  await app.tenant(SLUG, { seed: 'small', modules: MODULES.filter((m) => m !== 'integrations') });
  data = await readTenantData(app.container, SLUG);
  tenant = data.tenant;
  expect(tenant.modules).not.toContain('integrations');
  admin = await signIn(app, SLUG, { role: 'school-admin' });
  teacher = await signIn(app, SLUG, { role: 'teacher', loanGroupIds: [data.groups[0]!.id] });
  reader = await signIn(app, SLUG, { role: 'read-only' });
});
afterAll(() => app?.close());

const runTool = (user: ConsoleUser, name: string, body: unknown, headers: Record<string, string> = {}) =>
  consoleClient(app, user.token).post(`/api/assistant/tools/${name}`, body, { headers });
const state = () => writableState(app.container, tenant.id);

describe('read-only tools', () => {
  it('loans.list answers {result} in the inventory shape, the same as GET /api/loans/inventory', async () => {
    const input = { status: 'ISSUED', pageSize: 7, page: 2 } as const;
    const reply = await runTool(reader, 'loans.list', { input });
    expect(reply.status, reply.text).toBe(200);
    expect(Object.keys(reply.json)).toEqual(['result']);
    expect(() => tool('loans.list').definition.output.parse(reply.json.result)).not.toThrow();
    const inventory = await consoleClient(app, reader.token).get(
      '/api/loans/inventory?status=ISSUED&pageSize=7&page=2',
    );
    expect(reply.json.result).toEqual(inventory.json);
    expect(reply.json.result.loans).toHaveLength(7);
  });

  it('runs without confirm, and with no input at all', async () => {
    const reply = await runTool(reader, 'loans.list', {});
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.result).toMatchObject({ page: 1, pageSize: 50, total: data.loans.length });
  });

  it("keeps a teacher's results to their loan groups", async () => {
    const reply = await runTool(teacher, 'loans.list', { input: { pageSize: 100 } });
    expect(reply.status, reply.text).toBe(200);
    const mine = data.loans.filter((l) => l.groupId === data.groups[0]!.id).map((l) => l.number);
    expect(reply.json.result.loans.map((l: { number: number }) => l.number)).toEqual(mine);
    expect(reply.json.result.summary.total).toBe(mine.length);
  });

  it('changes nothing and writes no audit entry', async () => {
    const before = await state();
    expect((await runTool(admin, 'loans.list', { input: { q: 'a' } })).status).toBe(200);
    expect(await state()).toEqual(before);
  });
});

describe('mutating tools', () => {
  it('loans.issue without confirm → 409 confirmation_required with a readable summary, and nothing runs', async () => {
    const number = data.loans[0]!.number;
    await putLoan(app.container, tenant.id, number, { status: 'AVAILABLE' });
    const holder = data.pupils[0]!;
    const dueDate = daysFromToday(tenant, 10);
    for (const confirm of [undefined, false, 'true', 1, 'yes']) {
      const before = await state();
      const reply = await runTool(admin, 'loans.issue', {
        input: { number, holderId: holder.id, dueDate },
        ...(confirm === undefined ? {} : { confirm }),
      });
      expectProblem(reply, 409, 'confirmation-required');
      expect(reply.json.code).toBe('confirmation_required');
      const summary: string = reply.json.summary;
      expect(typeof summary).toBe('string');
      expect(summary).toContain(tool('loans.issue').title);
      expect(summary).toContain(String(number));
      expect(summary).toContain(holder.id);
      expect(summary).toContain(dueDate);
      expect(summary).not.toMatch(/[{}"]/); // prose, not a JSON dump
      expect(await state(), `confirm ${String(confirm)}`).toEqual(before);
    }
    expect((await storedLoan(app.container, tenant.id, number)).status).toBe('AVAILABLE');
  });

  it('loans.issue with confirm: true → 200, the loan is issued, audited with the user as the actor', async () => {
    const number = data.loans[1]!.number;
    await putLoan(app.container, tenant.id, number, { status: 'AVAILABLE' });
    const holder = data.pupils[1]!;
    const before = await state();
    const reply = await runTool(admin, 'loans.issue', { input: { number, holderId: holder.id }, confirm: true });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.result.loan).toMatchObject({
      number,
      status: 'ISSUED',
      holder: { id: holder.id, name: holder.name },
    });
    expect(await storedLoan(app.container, tenant.id, number)).toMatchObject({ status: 'ISSUED', holderId: holder.id });
    const after = await state();
    expect(after.audit).toBe(before.audit + 1);
    expect(after.outbox).toBe(before.outbox + 1);
    const [entry] = await auditEntries(app.container, tenant.id, 'loan.issue');
    expect(entry).toMatchObject({ actor: { type: 'user', id: admin.user.id }, target: `loan:${number}` });
  });

  it('loans.return by serial with confirm: true', async () => {
    const loan = data.loans[2]!;
    await putLoan(app.container, tenant.id, loan.number, { status: 'ISSUED', holderId: data.pupils[2]!.id });
    const summary = await runTool(admin, 'loans.return', { input: { serial: loan.serial } });
    expect(summary.status).toBe(409);
    expect(summary.json.summary).toContain(tool('loans.return').title);
    expect(summary.json.summary).toContain(loan.serial);
    const reply = await runTool(admin, 'loans.return', { input: { serial: loan.serial }, confirm: true });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.result.loan).toMatchObject({ number: loan.number, status: 'AVAILABLE', holder: null });
    const [entry] = await auditEntries(app.container, tenant.id, 'loan.return');
    expect(entry).toMatchObject({ actor: { type: 'user', id: admin.user.id }, target: `loan:${loan.number}` });
  });

  it('a confirmed call that conflicts → 409 conflict (not a confirmation) and nothing changes', async () => {
    const number = data.loans[3]!.number;
    await putLoan(app.container, tenant.id, number, { status: 'UNAVAILABLE' });
    const before = await state();
    const reply = await runTool(admin, 'loans.issue', {
      input: { number, holderId: data.pupils[0]!.id },
      confirm: true,
    });
    expectProblem(reply, 409, 'conflict');
    expect(reply.json.code).toBeUndefined();
    expect(await state()).toEqual(before);
  });
});

describe('tools the user cannot see', () => {
  it('a teacher asking for loans.issue or loans.return → 404, as for a tool that does not exist', async () => {
    const before = await state();
    const unknown = await runTool(teacher, 'loans.nothing', { input: {}, confirm: true });
    expectProblem(unknown, 404, 'unknown-action');
    for (const name of ['loans.issue', 'loans.return']) {
      const reply = await runTool(teacher, name, { input: { number: data.loans[0]!.number }, confirm: true });
      expectProblem(reply, 404, 'unknown-action');
      expect(reply.json.title).toBe(unknown.json.title);
    }
    // A read-only user cannot see mutating tools either, confirmed or not.
    expectProblem(await runTool(reader, 'loans.issue', { input: {} }), 404, 'unknown-action');
    expect(await state()).toEqual(before);
  });

  it('a tool whose module is off → 404', async () => {
    await app.tenant('east-no-repairs', { seed: 'small', modules: MODULES.filter((m) => m !== 'repairs') });
    const user = await signIn(app, 'east-no-repairs', { role: 'school-admin' });
    expectProblem(await runTool(user, 'submissions.list', { input: {} }), 404, 'unknown-action');
    expectProblem(
      await runTool(user, 'submissions.create', { input: { serial: 'x', description: 'y' }, confirm: true }),
      404,
      'unknown-action',
    );
    // The other modules' tools still run.
    expect((await runTool(user, 'loans.list', { input: { pageSize: 1 } })).status).toBe(200);
  });

  it('no session → 401', async () => {
    const reply = await consoleClient(app, undefined).post('/api/assistant/tools/loans.list', { input: {} });
    expectProblem(reply, 401, 'unauthorized');
  });
});

describe('invalid input', () => {
  it('→ 400 naming each offending field', async () => {
    const reply = await runTool(reader, 'loans.list', { input: { pageSize: 0, status: 'LOST', colour: 'red' } });
    expectProblem(reply, 400, 'invalid-input');
    const pointers = pointersOf(reply);
    for (const field of ['pageSize', 'status', 'colour']) {
      expect(
        pointers.some((p) => p.endsWith(`/${field}`)),
        `${field} in ${pointers.join(', ')}`,
      ).toBe(true);
    }
  });

  it('a confirmed mutating call with bad input → 400 naming the fields, and nothing changes', async () => {
    const before = await state();
    const reply = await runTool(admin, 'loans.issue', {
      input: { number: data.loans[0]!.number, dueDate: 'soon' },
      confirm: true,
    });
    expectProblem(reply, 400, 'invalid-input');
    const pointers = pointersOf(reply);
    expect(pointers.some((p) => p.endsWith('/holderId'))).toBe(true);
    expect(pointers.some((p) => p.endsWith('/dueDate'))).toBe(true);
    expect(await state()).toEqual(before);
  });

  it('input that is not an object → 400 naming input', async () => {
    for (const input of ['loans', 42, [1, 2], null]) {
      const reply = await runTool(reader, 'loans.list', { input });
      if (input === null) {
        // null reads as "no input" (the default {}).
        expect(reply.status, reply.text).toBe(200);
        continue;
      }
      expectProblem(reply, 400, 'invalid-input');
      expect(pointersOf(reply)).toEqual(['/input']);
    }
  });
});

describe('browser origins', () => {
  it('a foreign Origin → 403, even for a confirmed call, and nothing changes', async () => {
    const number = data.loans[4]!.number;
    await putLoan(app.container, tenant.id, number, { status: 'AVAILABLE' });
    const before = await state();
    const reply = await runTool(
      admin,
      'loans.issue',
      { input: { number, holderId: data.pupils[0]!.id }, confirm: true },
      { origin: 'https://evil.example' },
    );
    expectProblem(reply, 403, 'forbidden');
    expect(await state()).toEqual(before);
  });
});
