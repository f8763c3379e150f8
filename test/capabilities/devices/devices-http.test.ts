/**
 * The asset register over HTTP (issue 12, point 3): GET/POST /api/devices, GET/PATCH
 * /api/devices/:id, GET /api/devices/:id/history and POST /api/devices/:id/assign|unassign|status,
 * against the real server on SQLite and on Postgres. Answers are checked against the rows read
 * straight through the UnitOfWork: a write changes its device and adds one audit entry (the
 * signed-in user as actor) and one thin `device.*` event; a refusal changes nothing. Two schools
 * share the server: nothing of one is reachable from the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES, PERMISSIONS, type Role } from '../../../src/domain/access/permissions.js';
import type { DeviceView } from '../../../src/domain/devices/device.js';
import type { Person } from '../../../src/domain/people/person.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, pointersOf, send, type Reply } from '../../support/rest.js';
import { readTenantData, tenantBySlug } from '../../support/tenant-data.js';
import { signIn, type ConsoleUser } from '../../support/console.js';
import { resolveFrom } from '../../../src/bootstrap/container.js';
import { perform } from '../../../src/domain/shared/use-case.js';
import { ChangeModules } from '../../../src/domain/tenants/change-modules.js';
import { operatorActor } from '../../../src/domain/tenants/operator-actor.js';

warnIfPostgresSkipped();

/** Every suite runs on both databases (Postgres when TEST_DATABASE_URL is set). */
const DATABASES: readonly TestDatabase[] = ['sqlite', 'postgres'];

const A = 'east';
const B = 'west';
const OFF = 'no-assets';
const ALL = { page: 1, pageSize: 100_000 };

let app: TestApp;
let tenantA: Tenant;
let tenantB: Tenant;
let users: Record<Role, ConsoleUser>;
let bAdmin: ConsoleUser;
let offAdmin: ConsoleUser;
let aKey: string;
/** People of A to hand devices to. */
let ada: Person;
let grace: Person;

describe.each(DATABASES)('the asset register on %s', (database: TestDatabase) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('over HTTP', () => {
    beforeAll(async () => {
      app = await startApp({ env: { LOG_LEVEL: 'warn' }, database });
      tenantA = await app.tenant(A, { seed: 'small' });
      tenantB = await app.tenant(B, { seed: 'small' });
      await app.tenant(OFF, { modules: MODULES.filter((m) => m !== 'assets') });
      users = {
        'school-admin': await signIn(app, A, { role: 'school-admin', name: 'Head of IT' }),
        technician: await signIn(app, A, { role: 'technician', name: 'Tess Technician' }),
        'loan-desk': await signIn(app, A, { role: 'loan-desk' }),
        teacher: await signIn(app, A, { role: 'teacher' }),
        'read-only': await signIn(app, A, { role: 'read-only' }),
      };
      bAdmin = await signIn(app, B, { role: 'school-admin' });
      offAdmin = await signIn(app, OFF, { role: 'school-admin' });
      aKey = (await app.key(A, PERMISSIONS)).key;
      const a = await readTenantData(app.container, A);
      [ada, grace] = [a.pupils[0]!, a.staff[0]!];
    });
    afterAll(() => app?.close());

    const admin = () => users['school-admin'];
    const tech = () => users.technician;

    function http(
      user: ConsoleUser | undefined,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<Reply> {
      const auth: Record<string, string> = user ? { authorization: `Bearer ${user.token}` } : {};
      return send(app.port, { method, path, body, headers: { ...auth, ...headers } });
    }

    const uow = () => app.container.get(UnitOfWork);

    /** Everything a device route could change in a tenant, as one comparable value. */
    const recordsOf = (tenantId: string) =>
      uow().read(async (r) => ({
        devices: (await r.devices.search(tenantId, {}, ALL)).items,
        people: (await r.people.list(tenantId, { includeArchived: true }, ALL)).items,
        audit: (await r.audit.list(tenantId, { limit: 1_000_000 })).length,
        outbox: (await r.outbox.listAfter(tenantId, 0, 1_000_000)).length,
      }));

    const storedDevice = (tenantId: string, id: string) => uow().read((r) => r.devices.findById(tenantId, id));
    const newestAudit = async (tenantId = tenantA.id) =>
      (await uow().read((r) => r.audit.list(tenantId, { limit: 1 })))[0];
    const newestEvent = async (tenantId = tenantA.id) =>
      (await uow().read((r) => r.outbox.listAfter(tenantId, 0, 1_000_000))).at(-1);

    async function expectRefused(
      write: () => Promise<Reply>,
      status: number,
      type: string,
      tenantId = tenantA.id,
    ): Promise<Reply> {
      const before = await recordsOf(tenantId);
      const reply = await write();
      expectProblem(reply, status, type);
      expect(await recordsOf(tenantId)).toEqual(before);
      return reply;
    }

    /** Asserts one audit entry by `user` and one thin event of `kind` about `device` were added. */
    async function expectRecorded(
      user: ConsoleUser,
      before: Awaited<ReturnType<typeof recordsOf>>,
      o: { action: string; kind: string; device: DeviceView; details: Record<string, unknown> },
    ) {
      const after = await recordsOf(tenantA.id);
      expect(after.audit).toBe(before.audit + 1);
      expect(after.outbox).toBe(before.outbox + 1);
      expect(await newestAudit()).toMatchObject({
        actor: { type: 'user', id: user.user.id },
        action: o.action,
        target: `device:${o.device.id}`,
        details: o.details,
      });
      const event = await newestEvent();
      expect(event?.kind).toBe(o.kind);
      const d = o.device;
      expect(event?.payload).toEqual({
        device: { id: d.id, serial: d.serial, kind: d.kind, status: d.status, assignedPersonId: d.assignedPersonId },
      });
    }

    let serials = 0;
    const nextSerial = () => `HTTP-${Date.now().toString(36)}-${++serials}`;

    /** A device of A registered through the route itself. */
    async function newDevice(body: Record<string, unknown> = {}): Promise<DeviceView> {
      const reply = await http(admin(), 'POST', '/api/devices', { serial: nextSerial(), kind: 'LAPTOP', ...body });
      expect(reply.status, reply.text).toBe(201);
      return reply.json.device as DeviceView;
    }

    describe('two schools', () => {
      it("reaches none of B's devices on any device route, and leaves B as it was", async () => {
        const b = await readTenantData(app.container, B);
        const bAssigned = b.devices.find((d) => d.assignedPersonId !== null)!;
        const bStock = b.devices.find((d) => d.status === 'IN_STOCK')!;
        const mine = await newDevice();
        expect((await http(bAdmin, 'GET', `/api/devices/${bAssigned.id}`)).status).toBe(200);

        const before = await recordsOf(tenantB.id);
        for (const device of [bAssigned, bStock]) {
          for (const [method, path, body] of [
            ['GET', `/api/devices/${device.id}`, undefined],
            ['GET', `/api/devices/${device.id}/history`, undefined],
            ['PATCH', `/api/devices/${device.id}`, { model: 'Taken over' }],
            ['POST', `/api/devices/${device.id}/assign`, { personId: ada.id }],
            ['POST', `/api/devices/${device.id}/unassign`, undefined],
            ['POST', `/api/devices/${device.id}/status`, { status: 'RETIRED' }],
          ] as const) {
            const reply = await http(admin(), method, path, body);
            expectProblem(reply, 404, 'not-found');
            expect(reply.text).not.toContain(device.serial);
          }
        }
        // B's people are nobody in A: not to be handed A's devices, at registration or later.
        const bPerson = b.people[0]!;
        await expectRefused(
          () => http(admin(), 'POST', `/api/devices/${mine.id}/assign`, { personId: bPerson.id }),
          404,
          'not-found',
        );
        await expectRefused(
          () => http(admin(), 'POST', '/api/devices', { serial: nextSerial(), kind: 'LAPTOP', assignedTo: bPerson.id }),
          404,
          'not-found',
        );
        // Lists never show B's devices, whatever the filter.
        const bIds = b.devices.map((d) => d.id);
        for (const query of [
          `q=${encodeURIComponent(bAssigned.serial)}`,
          `assignedTo=${bAssigned.assignedPersonId}`,
          'pageSize=100&page=1',
          'pageSize=100&page=2',
          'pageSize=100&page=3',
        ]) {
          const reply = await http(admin(), 'GET', `/api/devices?${query}`);
          expect(reply.status).toBe(200);
          expect(bIds.filter((id) => reply.text.includes(id))).toEqual([]);
        }
        expect((await http(admin(), 'GET', `/api/devices?assignedTo=${bAssigned.assignedPersonId}`)).json.total).toBe(
          0,
        );
        for (const [method, path] of [
          ['GET', '/api/devices'],
          ['GET', `/api/devices/${bAssigned.id}`],
          ['POST', `/api/devices/${bAssigned.id}/unassign`],
        ] as const) {
          expectProblem(await http(admin(), method, path, undefined, { 'x-tenant-slug': B }), 401, 'unauthorized');
        }
        expect(await recordsOf(tenantB.id)).toEqual(before);
      });

      it("keeps serials per school, and never shows B's loaner history on A's device of the same serial", async () => {
        const b = await readTenantData(app.container, B);
        const a = await readTenantData(app.container, A);
        const taken = new Set([...a.devices, ...a.loans].map((d) => d.serial));
        const bLoan = b.loans.find((l) => l.status === 'AVAILABLE' && !taken.has(l.serial))!;
        const bDevice = b.devices.find((d) => !taken.has(d.serial))!;
        // A serial B's register has is free in A.
        await newDevice({ serial: bDevice.serial });
        const twin = await newDevice({ serial: bLoan.serial });
        // B issues its loaner with that serial: B's audit trail, never A's device's history.
        const bPupil = b.pupils[0]!;
        const issued = await http(bAdmin, 'POST', `/api/loans/${bLoan.number}/issue`, { holderId: bPupil.id });
        expect(issued.status, issued.text).toBe(200);
        const reply = await http(admin(), 'GET', `/api/devices/${twin.id}`);
        expect(reply.json.history.map((e: { target: string }) => e.target)).toEqual([`device:${twin.id}`]);
        expect(reply.json.historyTotal).toBe(1);
      });
    });

    describe('who may do what', () => {
      it.each<[Role, boolean, boolean]>([
        ['school-admin', true, true],
        ['technician', true, true],
        ['loan-desk', true, false],
        ['read-only', true, false],
        ['teacher', false, false],
      ])('%s: sees the register: %s; keeps it: %s', async (role, views, manages) => {
        const device = await newDevice();
        for (const path of ['/api/devices', `/api/devices/${device.id}`, `/api/devices/${device.id}/history`]) {
          if (views) expect((await http(users[role], 'GET', path)).status, `${role} GET ${path}`).toBe(200);
          else expectProblem(await http(users[role], 'GET', path), 403, 'forbidden');
        }
        const writes: [string, string, unknown, number][] = [
          ['POST', '/api/devices', { serial: nextSerial(), kind: 'IPAD' }, 201],
          ['PATCH', `/api/devices/${device.id}`, { model: 'Model 2' }, 200],
          ['POST', `/api/devices/${device.id}/assign`, { personId: ada.id }, 200],
          ['POST', `/api/devices/${device.id}/unassign`, undefined, 200],
          ['POST', `/api/devices/${device.id}/status`, { status: 'IN_REPAIR' }, 200],
        ];
        for (const [method, path, body, status] of writes) {
          if (manages) {
            const reply = await http(users[role], method, path, body);
            expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(status);
          } else {
            await expectRefused(() => http(users[role], method, path, body), 403, 'forbidden');
          }
        }
      });

      it('answers 401 to API keys (even with every scope) and to no credential at all', async () => {
        const device = await newDevice();
        const credentials: Record<string, string>[] = [{ 'x-api-key': aKey }, { authorization: `Bearer ${aKey}` }, {}];
        for (const [method, path, body] of [
          ['GET', '/api/devices'],
          ['GET', `/api/devices/${device.id}`],
          ['GET', `/api/devices/${device.id}/history`],
          ['POST', '/api/devices', { serial: nextSerial(), kind: 'LAPTOP' }],
          ['PATCH', `/api/devices/${device.id}`, { model: 'K' }],
          ['POST', `/api/devices/${device.id}/assign`, { personId: ada.id }],
          ['POST', `/api/devices/${device.id}/unassign`],
          ['POST', `/api/devices/${device.id}/status`, { status: 'RETIRED' }],
        ] as const) {
          for (const headers of credentials) {
            await expectRefused(() => http(undefined, method, path, body, headers), 401, 'unauthorized');
          }
        }
      });

      it('answers 404 module-disabled on every route while the assets module is off, before anything else', async () => {
        const offTenant = await tenantBySlug(app.container, OFF);
        for (const [method, path, body] of [
          ['GET', '/api/devices?pageSize=0'],
          ['GET', '/api/devices/nothing'],
          ['GET', '/api/devices/nothing/history?page=0'],
          ['POST', '/api/devices', {}],
          ['PATCH', '/api/devices/nothing', {}],
          ['POST', '/api/devices/nothing/assign', {}],
          ['POST', '/api/devices/nothing/unassign'],
          ['POST', '/api/devices/nothing/status', { status: 'LOST' }],
        ] as const) {
          await expectRefused(() => http(offAdmin, method, path, body), 404, 'module-disabled', offTenant.id);
        }
      });
    });

    describe('GET /api/devices', () => {
      it('answers exactly what the devices.search tool answers, filters and pages included', async () => {
        const mine = await newDevice({ kind: 'CHROMEBOOK', manufacturer: 'Acer Unique', assignedTo: grace.id });
        for (const query of [
          {},
          { pageSize: 7, page: 3 },
          { status: 'IN_USE', pageSize: 100 },
          { kind: 'CHROMEBOOK' },
          { q: 'acer unique' },
          { assignedTo: grace.id },
        ]) {
          const qs = new URLSearchParams(
            Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString();
          const reply = await http(admin(), 'GET', `/api/devices?${qs}`);
          const tool = await http(admin(), 'POST', '/api/assistant/tools/devices.search', { input: query });
          expect(reply.status).toBe(200);
          expect(reply.json).toEqual(tool.json.result);
        }
        const found = await http(admin(), 'GET', `/api/devices?assignedTo=${grace.id}`);
        expect(found.json.devices.map((d: DeviceView) => d.id)).toContain(mine.id);
        expect(found.json.devices.every((d: DeviceView) => d.assignedPersonId === grace.id)).toBe(true);
      });

      it('answers 400 naming each bad parameter, and ignores unknown ones', async () => {
        const reply = await http(admin(), 'GET', '/api/devices?page=0&pageSize=500&status=LOST&colour=red');
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply).sort()).toEqual(['/page', '/pageSize', '/status']);
        expect((await http(admin(), 'GET', '/api/devices?colour=red')).status).toBe(200);
      });
    });

    describe('POST /api/devices', () => {
      it('registers a device in stock, with its audit entry and a thin device.created event', async () => {
        const before = await recordsOf(tenantA.id);
        const serial = nextSerial();
        const reply = await http(tech(), 'POST', '/api/devices', {
          serial,
          kind: 'LAPTOP',
          manufacturer: 'Lenovo',
          model: 'ThinkPad X13',
          purchaseDate: '2025-08-20',
          purchaseCostMinor: 89_900,
          warrantyEnd: '2028-08-19',
        });
        expect(reply.status, reply.text).toBe(201);
        const device = reply.json.device as DeviceView;
        expect(device).toEqual({
          id: expect.any(String),
          serial,
          kind: 'LAPTOP',
          manufacturer: 'Lenovo',
          model: 'ThinkPad X13',
          status: 'IN_STOCK',
          assignedPersonId: null,
          purchaseDate: '2025-08-20',
          purchaseCostMinor: 89_900,
          warrantyEnd: '2028-08-19',
        });
        expect(await storedDevice(tenantA.id, device.id)).toEqual({ ...device, statusBeforeRepair: null });
        await expectRecorded(tech(), before, {
          action: 'device.create',
          kind: 'device.created',
          device,
          details: { serial, kind: 'LAPTOP', status: 'IN_STOCK', assignedTo: null },
        });
      });

      it('puts a device handed to someone at once IN_USE; refuses an archived or unknown person', async () => {
        const device = await newDevice({ assignedTo: ada.id });
        expect(device).toMatchObject({ status: 'IN_USE', assignedPersonId: ada.id });
        const leaver = await http(admin(), 'POST', '/api/people', { name: 'Lena Leaver', kind: 'PUPIL' });
        expect((await http(admin(), 'POST', `/api/people/${leaver.json.person.id}/archive`)).status).toBe(200);
        const archived = await expectRefused(
          () =>
            http(admin(), 'POST', '/api/devices', {
              serial: nextSerial(),
              kind: 'LAPTOP',
              assignedTo: leaver.json.person.id,
            }),
          409,
          'conflict',
        );
        expect(archived.json.detail).toBe('Lena Leaver is archived: restore them before assigning them a device');
        await expectRefused(
          () => http(admin(), 'POST', '/api/devices', { serial: nextSerial(), kind: 'LAPTOP', assignedTo: 'nobody' }),
          404,
          'not-found',
        );
      });

      it('answers 409 for a serial the register has; a serial a loaner has is the same device', async () => {
        const taken = await newDevice();
        const reply = await expectRefused(
          () => http(admin(), 'POST', '/api/devices', { serial: taken.serial, kind: 'IPAD' }),
          409,
          'conflict',
        );
        expect(reply.json.detail).toBe(
          `a device with serial "${taken.serial}" is already in the register (${taken.id})`,
        );
        const a = await readTenantData(app.container, A);
        const registered = new Set(a.devices.map((d) => d.serial));
        const loaner = a.loans.find((l) => !registered.has(l.serial))!;
        expect((await http(admin(), 'POST', '/api/devices', { serial: loaner.serial, kind: loaner.kind })).status).toBe(
          201,
        );
      });

      it('answers 400 naming each bad field, and writes nothing', async () => {
        const reply = await expectRefused(
          () =>
            http(admin(), 'POST', '/api/devices', {
              serial: '',
              kind: 7,
              purchaseDate: '2025-02-29',
              purchaseCostMinor: '100',
              warrantyEnd: null,
              status: 'IN_USE',
            }),
          400,
          'invalid-input',
        );
        expect(pointersOf(reply).sort()).toEqual([
          '/kind',
          '/purchaseCostMinor',
          '/purchaseDate',
          '/serial',
          '/status',
        ]);
        expect(pointersOf(await http(admin(), 'POST', '/api/devices', {})).sort()).toEqual(['/kind', '/serial']);
        expect(pointersOf(await http(admin(), 'POST', '/api/devices', [1, 2]))).toEqual(['/body']);
      });
    });

    describe('GET /api/devices/:id', () => {
      it('shows the device with its history, newest first: its moves, its loaner’s loans and its repairs', async () => {
        const a = await readTenantData(app.container, A);
        const registered = new Set(a.devices.map((d) => d.serial));
        const loan = a.loans.find((l) => l.status === 'AVAILABLE' && !registered.has(l.serial))!;
        const device = await newDevice({ serial: loan.serial });
        expect((await http(tech(), 'POST', `/api/devices/${device.id}/assign`, { personId: ada.id })).status).toBe(200);
        expect((await http(admin(), 'POST', `/api/loans/${loan.number}/withdraw`)).status).toBe(200);
        const submission = await http(tech(), 'POST', '/api/assistant/tools/submissions.create', {
          confirm: true,
          input: { serial: loan.serial, description: 'Keyboard sticky' },
        });
        expect(submission.status, submission.text).toBe(200);
        expect((await http(tech(), 'POST', `/api/devices/${device.id}/status`, { status: 'IN_REPAIR' })).status).toBe(
          200,
        );

        const reply = await http(users['read-only'], 'GET', `/api/devices/${device.id}`);
        expect(reply.status, reply.text).toBe(200);
        expect(Object.keys(reply.json).sort()).toEqual(['device', 'history', 'historyTotal']);
        expect(reply.json.device).toEqual({ ...device, status: 'IN_REPAIR', assignedPersonId: ada.id });
        expect(reply.json.device).not.toHaveProperty('statusBeforeRepair');
        expect(reply.json.historyTotal).toBe(5);
        const number = submission.json.result.submission.number;
        expect(
          reply.json.history.map((e: { action: string; target: string; actor: { name?: string } }) => [
            e.action,
            e.target,
            e.actor.name,
          ]),
        ).toEqual([
          ['device.status', `device:${device.id}`, 'Tess Technician'],
          ['submission.create', `submission:${number}`, 'Tess Technician'],
          ['loan.withdraw', `loan:${loan.number}`, 'Head of IT'],
          ['device.assign', `device:${device.id}`, 'Tess Technician'],
          ['device.create', `device:${device.id}`, 'Head of IT'],
        ]);
        expect(reply.json.history[0]).toEqual({
          at: expect.any(String),
          action: 'device.status',
          target: `device:${device.id}`,
          actor: { type: 'user', id: tech().user.id, name: 'Tess Technician' },
          details: { from: 'IN_USE', to: 'IN_REPAIR' },
        });
        // The history route pages through the same entries.
        const page2 = await http(users['read-only'], 'GET', `/api/devices/${device.id}/history?pageSize=2&page=2`);
        expect(page2.json).toEqual({ history: reply.json.history.slice(2, 4), total: 5, page: 2, pageSize: 2 });
        expectProblem(
          await http(admin(), 'GET', `/api/devices/${device.id}/history?pageSize=101`),
          400,
          'invalid-input',
        );
      });

      it('answers 404 for an unknown device', async () => {
        expectProblem(await http(admin(), 'GET', '/api/devices/nothing'), 404, 'not-found');
        expectProblem(await http(admin(), 'GET', '/api/devices/nothing/history'), 404, 'not-found');
      });
    });

    describe('PATCH /api/devices/:id', () => {
      it('corrects model and purchase data; the audit entry holds each change', async () => {
        const device = await newDevice({ manufacturer: 'HP', purchaseCostMinor: 50_000 });
        const before = await recordsOf(tenantA.id);
        const reply = await http(tech(), 'PATCH', `/api/devices/${device.id}`, {
          manufacturer: 'Dell',
          purchaseCostMinor: null,
          warrantyEnd: '2029-01-31',
        });
        expect(reply.status, reply.text).toBe(200);
        const expected = { ...device, manufacturer: 'Dell', purchaseCostMinor: null, warrantyEnd: '2029-01-31' };
        expect(reply.json).toEqual({ device: expected });
        expect(await storedDevice(tenantA.id, device.id)).toEqual({ ...expected, statusBeforeRepair: null });
        await expectRecorded(tech(), before, {
          action: 'device.update',
          kind: 'device.updated',
          device: expected,
          details: {
            changes: {
              manufacturer: { from: 'HP', to: 'Dell' },
              purchaseCostMinor: { from: 50_000, to: null },
              warrantyEnd: { from: null, to: '2029-01-31' },
            },
          },
        });
      });

      it('answers 400 with no field or one it does not change here, and writes nothing', async () => {
        const device = await newDevice();
        const none = await expectRefused(
          () => http(admin(), 'PATCH', `/api/devices/${device.id}`, {}),
          400,
          'invalid-input',
        );
        expect(pointersOf(none)).toEqual(['']);
        const owned = await expectRefused(
          () => http(admin(), 'PATCH', `/api/devices/${device.id}`, { serial: 'NEW', status: 'RETIRED', kind: '' }),
          400,
          'invalid-input',
        );
        expect(pointersOf(owned).sort()).toEqual(['/kind', '/serial', '/status']);
        await expectRefused(() => http(admin(), 'PATCH', '/api/devices/nothing', { model: 'X' }), 404, 'not-found');
      });
    });

    describe('assign, unassign and status moves', () => {
      it('assigns a device in stock (into use), hands it on, then takes it back into stock', async () => {
        const device = await newDevice();
        let before = await recordsOf(tenantA.id);
        let reply = await http(tech(), 'POST', `/api/devices/${device.id}/assign`, { personId: ada.id });
        expect(reply.status, reply.text).toBe(200);
        expect(reply.json.device).toEqual({ ...device, status: 'IN_USE', assignedPersonId: ada.id });
        await expectRecorded(tech(), before, {
          action: 'device.assign',
          kind: 'device.updated',
          device: reply.json.device,
          details: { from: null, to: ada.id, status: { from: 'IN_STOCK', to: 'IN_USE' } },
        });

        before = await recordsOf(tenantA.id);
        reply = await http(tech(), 'POST', `/api/devices/${device.id}/assign`, { personId: grace.id });
        expect(reply.json.device).toMatchObject({ status: 'IN_USE', assignedPersonId: grace.id });
        await expectRecorded(tech(), before, {
          action: 'device.assign',
          kind: 'device.updated',
          device: reply.json.device,
          details: { from: ada.id, to: grace.id },
        });
        const profile = await http(admin(), 'GET', `/api/people/${grace.id}`);
        expect(profile.json.devices.map((d: DeviceView) => d.id)).toContain(device.id);

        before = await recordsOf(tenantA.id);
        reply = await http(tech(), 'POST', `/api/devices/${device.id}/unassign`);
        expect(reply.json.device).toEqual({ ...device, status: 'IN_STOCK', assignedPersonId: null });
        await expectRecorded(tech(), before, {
          action: 'device.unassign',
          kind: 'device.updated',
          device: reply.json.device,
          details: { from: grace.id, status: { from: 'IN_USE', to: 'IN_STOCK' } },
        });
        await expectRefused(() => http(tech(), 'POST', `/api/devices/${device.id}/unassign`), 409, 'conflict');
      });

      it('refuses to hand a device to an archived person, to its own holder again, or to nobody', async () => {
        const device = await newDevice({ assignedTo: ada.id });
        const leaver = await http(admin(), 'POST', '/api/people', { name: 'Larry Leaver', kind: 'STAFF' });
        expect((await http(admin(), 'POST', `/api/people/${leaver.json.person.id}/archive`)).status).toBe(200);
        const archived = await expectRefused(
          () => http(tech(), 'POST', `/api/devices/${device.id}/assign`, { personId: leaver.json.person.id }),
          409,
          'conflict',
        );
        expect(archived.json.detail).toBe('Larry Leaver is archived: restore them before assigning them a device');
        await expectRefused(
          () => http(tech(), 'POST', `/api/devices/${device.id}/assign`, { personId: ada.id }),
          409,
          'conflict',
        );
        const missing = await expectRefused(
          () => http(tech(), 'POST', `/api/devices/${device.id}/assign`, {}),
          400,
          'invalid-input',
        );
        expect(pointersOf(missing)).toEqual(['/personId']);
        await expectRefused(
          () => http(tech(), 'POST', `/api/devices/${device.id}/assign`, { personId: 'nobody' }),
          404,
          'not-found',
        );
      });

      it('moves a device into repair and back to where it was, then retires it for good', async () => {
        const device = await newDevice({ assignedTo: ada.id });
        let before = await recordsOf(tenantA.id);
        let reply = await http(tech(), 'POST', `/api/devices/${device.id}/status`, { status: 'IN_REPAIR' });
        expect(reply.status, reply.text).toBe(200);
        expect(reply.json.device).toMatchObject({ status: 'IN_REPAIR', assignedPersonId: ada.id });
        expect(await storedDevice(tenantA.id, device.id)).toMatchObject({ statusBeforeRepair: 'IN_USE' });
        await expectRecorded(tech(), before, {
          action: 'device.status',
          kind: 'device.updated',
          device: reply.json.device,
          details: { from: 'IN_USE', to: 'IN_REPAIR' },
        });

        reply = await http(tech(), 'POST', `/api/devices/${device.id}/status`, { status: 'IN_USE' });
        expect(reply.json.device).toMatchObject({ status: 'IN_USE', assignedPersonId: ada.id });
        expect(await storedDevice(tenantA.id, device.id)).toMatchObject({ statusBeforeRepair: null });

        before = await recordsOf(tenantA.id);
        reply = await http(tech(), 'POST', `/api/devices/${device.id}/status`, { status: 'RETIRED' });
        expect(reply.json.device).toMatchObject({ status: 'RETIRED', assignedPersonId: null });
        await expectRecorded(tech(), before, {
          action: 'device.status',
          kind: 'device.updated',
          device: reply.json.device,
          details: { from: 'IN_USE', to: 'RETIRED', unassigned: ada.id },
        });
        for (const status of ['IN_STOCK', 'IN_USE', 'IN_REPAIR', 'RETIRED']) {
          await expectRefused(
            () => http(tech(), 'POST', `/api/devices/${device.id}/status`, { status }),
            409,
            'conflict',
          );
        }
        await expectRefused(
          () => http(tech(), 'POST', `/api/devices/${device.id}/assign`, { personId: grace.id }),
          409,
          'conflict',
        );
        // A retired device's record can still be put right.
        expect((await http(tech(), 'PATCH', `/api/devices/${device.id}`, { model: 'Retired model' })).status).toBe(200);
      });

      it('answers 400 naming a status that does not exist', async () => {
        const device = await newDevice();
        const reply = await expectRefused(
          () => http(tech(), 'POST', `/api/devices/${device.id}/status`, { status: 'LOST' }),
          400,
          'invalid-input',
        );
        expect(pointersOf(reply)).toEqual(['/status']);
      });

      it('refuses to archive a person holding a device until it is unassigned', async () => {
        const person = await http(admin(), 'POST', '/api/people', { name: 'Devi Holder', kind: 'PUPIL' });
        const id = person.json.person.id as string;
        const device = await newDevice({ assignedTo: id });
        const refused = await http(admin(), 'POST', `/api/people/${id}/archive`);
        expectProblem(refused, 409, 'conflict');
        expect(refused.json.detail).toBe(`Devi Holder holds device ${device.serial}: unassign it first`);
        expect((await http(tech(), 'POST', `/api/devices/${device.id}/unassign`)).status).toBe(200);
        expect((await http(admin(), 'POST', `/api/people/${id}/archive`)).status).toBe(200);
      });
    });

    describe('a loaner that is also in the register', () => {
      it('shows its loans in the history only while the loans module is on', async () => {
        const a = await readTenantData(app.container, A);
        const registered = new Set(a.devices.map((d) => d.serial));
        const loan = a.loans.find((l) => l.status === 'AVAILABLE' && !registered.has(l.serial))!;
        const device = await newDevice({ serial: loan.serial });
        expect((await http(admin(), 'POST', `/api/loans/${loan.number}/withdraw`)).status).toBe(200);
        const withLoans = await http(admin(), 'GET', `/api/devices/${device.id}`);
        expect(withLoans.json.history.map((e: { target: string }) => e.target)).toEqual([
          `loan:${loan.number}`,
          `device:${device.id}`,
        ]);
        // Every role that sees devices may see loans; the module switch is what hides them.
        const modules = (change: { enable?: string[]; disable?: string[] }) =>
          perform(resolveFrom(app.container), ChangeModules, operatorActor(tenantA), change);
        await modules({ disable: ['loans'] });
        try {
          const reply = await http(admin(), 'GET', `/api/devices/${device.id}`);
          expect(reply.json.history.map((e: { target: string }) => e.target)).toEqual([`device:${device.id}`]);
          expect(reply.json.historyTotal).toBe(1);
        } finally {
          await modules({ enable: ['loans'] });
        }
      });
    });
  });
});
