/**
 * Repairs in the console (issue 12, point 6) over HTTP, on SQLite and on Postgres: the submission
 * routes (`GET/POST /api/submissions`, `GET /api/submissions/:id`, `POST …/:id/assign`) and the
 * repair's moves, `POST /api/submissions/:id/status`. Each success is checked in the database (the
 * submission, the register device, the cost entry), in the audit trail (the signed-in user as the
 * actor) and in the outbox; each refusal leaves all of that as it was. Tenant isolation comes first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../../src/domain/access/permissions.js';
import type { Device } from '../../../src/domain/devices/device.js';
import type { DeviceStatus } from '../../../src/domain/devices/device-states.js';
import type { Coverage } from '../../../src/domain/submissions/repair-states.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import type { TestApp } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, invokeAction, pointersOf, type Reply } from '../../support/rest.js';
import { auditEntries, readTenantData, type TenantData } from '../../support/tenant-data.js';
import { consoleClient, signIn, todayOf, type ConsoleClient, type ConsoleUser } from '../../support/console.js';
import {
  auditTrail,
  DATABASES,
  eventsAfter,
  newestEventId,
  recordsState,
  startRecordsApp,
} from '../../support/repairs.js';

warnIfPostgresSkipped();

describe.each(DATABASES)('on %s', (database) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('repairs in the console', () => {
    let app: TestApp;
    let a: TenantData;
    let b: TenantData;
    let off: TenantData;
    let tech: ConsoleUser;
    let admin: ConsoleUser;
    let desk: ConsoleUser;
    let teacher: ConsoleUser;
    let reader: ConsoleUser;
    let bTech: ConsoleUser;
    let offTech: ConsoleUser;
    /** Serials a test has taken, so no two tests share a device. */
    const taken = new Set<string>();

    beforeAll(async () => {
      app = await startRecordsApp(database);
      await app.tenant('rep-a', { seed: 'small' });
      await app.tenant('rep-b', { seed: 'small' });
      await app.tenant('rep-off', { seed: 'small', modules: MODULES.filter((m) => m !== 'repairs') });
      a = await readTenantData(app.container, 'rep-a');
      b = await readTenantData(app.container, 'rep-b');
      off = await readTenantData(app.container, 'rep-off');
      tech = await signIn(app, 'rep-a', { role: 'technician' });
      admin = await signIn(app, 'rep-a', { role: 'school-admin' });
      desk = await signIn(app, 'rep-a', { role: 'loan-desk' });
      teacher = await signIn(app, 'rep-a', { role: 'teacher' });
      reader = await signIn(app, 'rep-a', { role: 'read-only' });
      bTech = await signIn(app, 'rep-b', { role: 'technician' });
      offTech = await signIn(app, 'rep-off', { role: 'technician' });
    }, 120_000);
    afterAll(() => app?.close());

    const as = (u: ConsoleUser): ConsoleClient => consoleClient(app, u.token);
    const state = (t: TenantData) => recordsState(app.container, t.tenant.id);

    /**
     * A register device of `t` that no submission or loaner names and no other test uses, put in
     * `status` (in use: with a pupil) directly in the database.
     */
    async function freshDevice(t: TenantData, status: DeviceStatus): Promise<Device> {
      const named = new Set([...t.submissions.map((s) => s.serial), ...t.loans.map((l) => l.serial)]);
      const pick = t.devices.find((d) => !named.has(d.serial) && !taken.has(d.serial));
      if (!pick) throw new Error('no device left');
      taken.add(pick.serial);
      const device: Device = {
        ...pick,
        status,
        assignedPersonId: status === 'IN_USE' ? t.pupils[0]!.id : null,
        statusBeforeRepair: status === 'IN_REPAIR' ? 'IN_STOCK' : null,
      };
      await app.container.get(UnitOfWork).transaction(async (r) => {
        if (!(await r.devices.update(t.tenant.id, device))) throw new Error(`device ${pick.serial} is gone`);
      });
      return device;
    }

    const storedDevice = (t: TenantData, id: string) =>
      app.container.get(UnitOfWork).read((r) => r.devices.findById(t.tenant.id, id));
    const storedSubmission = (t: TenantData, id: string) =>
      app.container.get(UnitOfWork).read((r) => r.submissions.findById(t.tenant.id, id));

    /** Lodges a submission against `serial` and assigns it to a staff member, over HTTP, as `user`. */
    async function lodgeAssigned(user: ConsoleUser, t: TenantData, serial: string, coverage?: Coverage) {
      const created = await as(user).post('/api/submissions', {
        serial,
        description: 'Screen cracked after a fall',
        ...(coverage ? { coverage } : {}),
      });
      expect(created.status, created.text).toBe(201);
      const assigned = await as(user).post(`/api/submissions/${created.json.submission.id}/assign`, {
        assigneeId: t.staff[0]!.id,
      });
      expect(assigned.status, assigned.text).toBe(200);
      expect(assigned.json.submission.status).toBe('ASSIGNED');
      return assigned.json.submission as { id: string; number: number; serial: string };
    }

    /** Asserts the reply refused the request with this status and problem type, and nothing changed in `t`. */
    async function expectRefused(t: TenantData, write: () => Promise<Reply>, status: number, type: string) {
      const before = await state(t);
      const reply = await write();
      expectProblem(reply, status, type);
      expect(await state(t)).toEqual(before);
      return reply;
    }

    describe('tenant isolation', () => {
      it('reaches none of another school’s submissions, devices or people, and leaves that school unchanged', async () => {
        const bDevice = await freshDevice(b, 'IN_USE');
        const bSubmission = await lodgeAssigned(bTech, b, bDevice.serial, 'SCHOOL');
        const aDevice = await freshDevice(a, 'IN_USE');
        const aSubmission = await lodgeAssigned(tech, a, aDevice.serial, 'SCHOOL');
        const bBefore = await state(b);
        const client = as(tech);

        // B's submission, by id, on every route that takes one.
        expectProblem(await client.get(`/api/submissions/${bSubmission.id}`), 404, 'not-found');
        expectProblem(
          await client.post(`/api/submissions/${bSubmission.id}/assign`, { assigneeId: a.staff[0]!.id }),
          404,
          'not-found',
        );
        for (const status of ['IN_REPAIR', 'RESOLVED', 'CLOSED']) {
          expectProblem(
            await client.post(`/api/submissions/${bSubmission.id}/status`, { status, note: 'probe' }),
            404,
            'not-found',
          );
        }
        // B's number in A's id slot is no submission of A's either.
        expectProblem(await client.get(`/api/submissions/${bSubmission.number}`), 404, 'not-found');

        // B's serials, staff and pupils, named in A.
        const list = async (query: string) => (await client.get(`/api/submissions${query}`)).json;
        expect(await list(`?serial=${encodeURIComponent(bDevice.serial)}`)).toMatchObject({
          submissions: [],
          total: 0,
        });
        expect(await list(`?assigneeId=${b.staff[0]!.id}`)).toMatchObject({ submissions: [], total: 0 });
        expect(await list(`?q=${encodeURIComponent(bDevice.serial)}`)).toMatchObject({ submissions: [], total: 0 });
        // Every submission A lists is A's own, and A lists all of its own.
        const own = (await state(a)).submissions.map((s) => s.id);
        const listed = (await list('?pageSize=100')).submissions.map((s: { id: string }) => s.id);
        expect(listed.length).toBeGreaterThan(0);
        expect(new Set(listed)).toEqual(new Set(own));
        expectProblem(
          await client.post('/api/submissions', { serial: bDevice.serial, description: 'probe' }),
          404,
          'not-found',
        );
        expectProblem(
          await client.post('/api/submissions', {
            serial: aDevice.serial,
            description: 'probe',
            reporterId: b.pupils[0]!.id,
          }),
          404,
          'not-found',
        );
        expectProblem(
          await client.post(`/api/submissions/${aSubmission.id}/assign`, { assigneeId: b.staff[0]!.id }),
          404,
          'not-found',
        );

        // A's session cannot be pointed at B by name.
        expectProblem(
          await client.get(`/api/submissions/${bSubmission.id}`, { headers: { 'x-tenant-slug': 'rep-b' } }),
          401,
          'unauthorized',
        );
        expectProblem(
          await client.post(
            `/api/submissions/${bSubmission.id}/status`,
            { status: 'IN_REPAIR' },
            { headers: { 'x-tenant-slug': 'rep-b' } },
          ),
          401,
          'unauthorized',
        );

        expect(await state(b)).toEqual(bBefore);
        // A's own submission was never touched by the probes.
        expect(await storedSubmission(a, aSubmission.id)).toMatchObject({ status: 'ASSIGNED', version: 2 });

        // An id in the body never replaces the one in the path: this closes A's own, not B's.
        const closed = await client.post(`/api/submissions/${aSubmission.id}/status`, {
          status: 'CLOSED',
          note: 'Lodged twice',
          id: bSubmission.id,
        });
        expect(closed.status, closed.text).toBe(200);
        expect(closed.json.submission).toMatchObject({ id: aSubmission.id, status: 'CLOSED' });
        expect(await state(b)).toEqual(bBefore);
      });

      it('moves only its own school’s device when both schools have a device with the same serial', async () => {
        const aDevice = await freshDevice(a, 'IN_USE');
        // B registers a device with A's serial (serials are unique per school, not across schools).
        const twin: Device = { ...(await freshDevice(b, 'IN_STOCK')), serial: aDevice.serial };
        await app.container.get(UnitOfWork).transaction((r) => r.devices.update(b.tenant.id, twin));
        const bBefore = await state(b);
        const s = await lodgeAssigned(tech, a, aDevice.serial, 'WARRANTY');
        for (const status of ['IN_REPAIR', 'RESOLVED']) {
          const reply = await as(tech).post(`/api/submissions/${s.id}/status`, {
            status,
            ...(status === 'RESOLVED' ? { cost: { amountMinor: 4_200 } } : {}),
          });
          expect(reply.status, reply.text).toBe(200);
          expect(reply.json.device.id).toBe(aDevice.id);
        }
        expect(await state(b)).toEqual(bBefore);
      });
    });

    describe('the repair, start to finish', () => {
      it('takes a device into repair and back, and its cost into the list and the breakdown (console and actions)', async () => {
        const device = await freshDevice(a, 'IN_USE');
        const { key } = await app.key('rep-a', ['cost.view']);
        const consoleBreakdown = async () => (await as(reader).get('/api/costs/breakdown?by=coverage')).json;
        const actionBreakdown = async () =>
          (await invokeAction(app.port, key, 'costs.breakdown', { by: 'coverage' })).json.result;
        const before = await consoleBreakdown();
        expect(await actionBreakdown()).toEqual(before);
        const firstEvent = await newestEventId(app.container, a.tenant.id);

        // Lodged by the technician, against the register device, then assigned.
        const s = await lodgeAssigned(tech, a, device.serial, 'INSURANCE');
        const afterLodging = await newestEventId(app.container, a.tenant.id);
        expect((await eventsAfter(app.container, a.tenant.id, firstEvent)).map((e) => e.kind)).toEqual([
          'submission.created',
          'submission.assigned',
        ]);
        expect(await storedDevice(a, device.id)).toEqual(device); // lodging changes no device

        // Into repair.
        const into = await as(tech).post(`/api/submissions/${s.id}/status`, {
          status: 'IN_REPAIR',
          note: 'Sent to the insurer’s repairer',
        });
        expect(into.status, into.text).toBe(200);
        expect(Object.keys(into.json)).toEqual(['submission', 'device']);
        expect(into.json.submission).toMatchObject({ id: s.id, status: 'IN_REPAIR', costMinor: null });
        expect(into.json.device).toEqual({
          id: device.id,
          serial: device.serial,
          status: 'IN_REPAIR',
          outcome: 'into_repair',
        });
        expect(await storedDevice(a, device.id)).toEqual({
          ...device,
          status: 'IN_REPAIR',
          statusBeforeRepair: 'IN_USE',
        });
        const [deviceAudit, submissionAudit] = await auditTrail(app.container, a.tenant.id, 2);
        expect(submissionAudit).toMatchObject({
          actor: { type: 'user', id: tech.user.id },
          action: 'submission.status',
          target: `submission:${s.number}`,
          details: {
            from: 'ASSIGNED',
            to: 'IN_REPAIR',
            note: 'Sent to the insurer’s repairer',
            device: { id: device.id, serial: device.serial, outcome: 'into_repair' },
          },
        });
        expect(deviceAudit).toMatchObject({
          actor: { type: 'user', id: tech.user.id },
          action: 'device.status',
          target: `device:${device.id}`,
          details: { from: 'IN_USE', to: 'IN_REPAIR', submission: s.number },
        });
        const intoEvents = await eventsAfter(app.container, a.tenant.id, afterLodging);
        expect(intoEvents.map((e) => ({ kind: e.kind, payload: e.payload }))).toEqual([
          {
            kind: 'submission.status_changed',
            payload: {
              submission: {
                id: s.id,
                number: s.number,
                serial: device.serial,
                status: 'IN_REPAIR',
                assigneeId: a.staff[0]!.id,
                previousStatus: 'ASSIGNED',
              },
            },
          },
          {
            kind: 'device.updated',
            payload: {
              device: {
                id: device.id,
                serial: device.serial,
                kind: device.kind,
                status: 'IN_REPAIR',
                assignedPersonId: device.assignedPersonId,
              },
            },
          },
        ]);
        const afterInto = await newestEventId(app.container, a.tenant.id);

        // Resolved with its cost: the device goes back to its pupil, the cost into the register.
        const resolved = await as(tech).post(`/api/submissions/${s.id}/status`, {
          status: 'RESOLVED',
          note: 'Screen replaced',
          cost: { amountMinor: 12_345 },
        });
        expect(resolved.status, resolved.text).toBe(200);
        expect(resolved.json.submission).toMatchObject({
          status: 'RESOLVED',
          costMinor: 12_345,
          coverage: 'INSURANCE',
        });
        expect(resolved.json.device).toEqual({
          id: device.id,
          serial: device.serial,
          status: 'IN_USE',
          outcome: 'back_from_repair',
        });
        expect(await storedDevice(a, device.id)).toEqual(device);
        expect(await storedSubmission(a, s.id)).toMatchObject({
          status: 'RESOLVED',
          costMinor: 12_345,
          coverage: 'INSURANCE',
          version: 4,
        });
        const today = todayOf(a.tenant);
        const costs = await as(reader).get(`/api/costs?type=REPAIR&coverage=INSURANCE&from=${today}&to=${today}`);
        expect(costs.status, costs.text).toBe(200);
        const entry = costs.json.costs[0];
        expect(entry).toEqual({
          id: expect.any(String),
          type: 'REPAIR',
          coverage: 'INSURANCE',
          amountMinor: 12_345,
          date: today,
          source: `submission:${s.number}`,
          note: null,
        });
        // Newest first: today's entry, recorded last, heads the whole register.
        expect((await as(reader).get('/api/costs?pageSize=1')).json.costs).toEqual([entry]);
        expect(
          (await eventsAfter(app.container, a.tenant.id, afterInto)).map((e) => ({ kind: e.kind, payload: e.payload })),
        ).toEqual([
          {
            kind: 'submission.status_changed',
            payload: {
              submission: expect.objectContaining({ id: s.id, status: 'RESOLVED', previousStatus: 'IN_REPAIR' }),
            },
          },
          { kind: 'device.updated', payload: { device: expect.objectContaining({ id: device.id, status: 'IN_USE' }) } },
          {
            kind: 'cost.recorded',
            payload: {
              cost: {
                id: entry.id,
                type: 'REPAIR',
                coverage: 'INSURANCE',
                amountMinor: 12_345,
                date: today,
                source: `submission:${s.number}`,
              },
            },
          },
        ]);
        expect(JSON.stringify(await eventsAfter(app.container, a.tenant.id, firstEvent))).not.toMatch(
          /Screen replaced|insurer|Screen cracked/,
        );
        expect((await auditTrail(app.container, a.tenant.id, 1))[0]).toMatchObject({
          action: 'cost.record',
          target: `cost:${entry.id}`,
          actor: { type: 'user', id: tech.user.id },
        });

        // The breakdown shows it, in the console and through the tool over the action surface.
        const after = await consoleBreakdown();
        const row = (b: { rows: { key: string; count: number; amountMinor: number }[] }) =>
          b.rows.find((r) => r.key === 'INSURANCE') ?? { key: 'INSURANCE', count: 0, amountMinor: 0 };
        expect(row(after)).toEqual({
          key: 'INSURANCE',
          count: row(before).count + 1,
          amountMinor: row(before).amountMinor + 12_345,
        });
        expect(after.totalMinor).toBe(before.totalMinor + 12_345);
        expect(await actionBreakdown()).toEqual(after);

        // Closed: the device stays where it is.
        const closed = await as(tech).post(`/api/submissions/${s.id}/status`, { status: 'CLOSED' });
        expect(closed.status, closed.text).toBe(200);
        expect(closed.json).toEqual({
          submission: expect.objectContaining({ status: 'CLOSED', costMinor: 12_345 }),
          device: null,
        });
        expect(await storedDevice(a, device.id)).toEqual(device);
        const fetched = await as(reader).get(`/api/submissions/${s.id}`);
        expect(fetched.status).toBe(200);
        expect(fetched.json).toEqual({ submission: closed.json.submission });
      });

      it('keeps a loaner in repair out of the pool (not issuable) until its repair is resolved', async () => {
        const loan = a.loans.find(
          (l) => l.status === 'AVAILABLE' && !taken.has(l.serial) && !a.devices.some((d) => d.serial === l.serial),
        )!;
        taken.add(loan.serial);
        const s = await lodgeAssigned(tech, a, loan.serial, 'SCHOOL');
        const before = await state(a);
        const into = await as(tech).post(`/api/submissions/${s.id}/status`, { status: 'IN_REPAIR' });
        expect(into.status, into.text).toBe(200);
        expect(into.json.device).toBeNull();
        const during = await state(a);
        expect(during.loans.find((l) => l.serial === loan.serial)?.status).toBe('UNAVAILABLE');
        const someone = a.staff[0]!.id;
        const refused = await as(admin).post('/api/loans/issue', { serial: loan.serial, holderId: someone });
        expect(refused.status, refused.text).toBe(409);
        const resolved = await as(tech).post(`/api/submissions/${s.id}/status`, {
          status: 'RESOLVED',
          cost: { amountMinor: 800 },
        });
        expect(resolved.status, resolved.text).toBe(200);
        const after = await state(a);
        expect(after.devices).toEqual(before.devices);
        expect(after.loans.map((l) => [l.serial, l.status])).toEqual(before.loans.map((l) => [l.serial, l.status]));
        expect(after.costs[0]).toMatchObject({
          source: `submission:${s.number}`,
          amountMinor: 800,
          coverage: 'SCHOOL',
        });
        expect(after.outbox.slice(before.outbox.length).map((e) => e.kind)).toEqual([
          'submission.status_changed',
          'loan.withdrawn',
          'submission.status_changed',
          'cost.recorded',
          'loan.restored',
        ]);
      });

      it('keeps a loaner returned while its repair is in hand out of the pool until that repair ends', async () => {
        const loan = a.loans.find(
          (l) => l.status === 'AVAILABLE' && !taken.has(l.serial) && !a.devices.some((d) => d.serial === l.serial),
        )!;
        taken.add(loan.serial);
        const holder = a.staff[0]!.id;
        const issued = await as(admin).post('/api/loans/issue', {
          serial: loan.serial,
          holderId: holder,
          confirm: true,
        });
        expect(issued.status, issued.text).toBe(200);
        const s = await lodgeAssigned(tech, a, loan.serial, 'SCHOOL');
        const into = await as(tech).post(`/api/submissions/${s.id}/status`, { status: 'IN_REPAIR' });
        expect(into.status, into.text).toBe(200);
        // Mended in hand: the holder keeps it while the repair is open.
        expect((await state(a)).loans.find((l) => l.serial === loan.serial)?.status).toBe('ISSUED');

        const before = await state(a);
        const back = await as(admin).post('/api/loans/return', { serial: loan.serial });
        expect(back.status, back.text).toBe(200);
        expect(back.json).toMatchObject({
          loan: { serial: loan.serial, status: 'UNAVAILABLE', holder: null },
          returnedFrom: { holder: { id: holder } },
          keptForRepair: s.number,
        });
        const during = await state(a);
        expect(during.loans.find((l) => l.serial === loan.serial)?.status).toBe('UNAVAILABLE');
        expect(during.outbox.slice(before.outbox.length).map((e) => e.kind)).toEqual([
          'loan.returned',
          'loan.withdrawn',
        ]);
        const [withdrawn] = (await auditEntries(app.container, a.tenant.id, 'loan.withdraw')).filter(
          (e) => e.target === `loan:${loan.number}`,
        );
        expect(withdrawn?.details).toMatchObject({ from: 'AVAILABLE', to: 'UNAVAILABLE', submission: s.number });
        const refused = await as(admin).post('/api/loans/issue', {
          serial: loan.serial,
          holderId: holder,
          confirm: true,
        });
        expect(refused.status, refused.text).toBe(409);

        const resolved = await as(tech).post(`/api/submissions/${s.id}/status`, { status: 'RESOLVED' });
        expect(resolved.status, resolved.text).toBe(200);
        expect((await state(a)).loans.find((l) => l.serial === loan.serial)?.status).toBe('AVAILABLE');

        // With no repair in hand a return is a plain return.
        const again = await as(admin).post('/api/loans/issue', {
          serial: loan.serial,
          holderId: holder,
          confirm: true,
        });
        expect(again.status, again.text).toBe(200);
        const plain = await as(admin).post('/api/loans/return', { serial: loan.serial });
        expect(plain.json).toMatchObject({ loan: { status: 'AVAILABLE' }, keptForRepair: null });
      });

      it('takes a NEW repair straight into repair, assigned to the member of staff who took it', async () => {
        const device = await freshDevice(a, 'IN_USE');
        const person = await as(admin).post('/api/people', {
          name: 'Tech Person',
          kind: 'STAFF',
          email: tech.user.email,
        });
        expect(person.status, person.text).toBe(201);
        const created = await as(tech).post('/api/submissions', { serial: device.serial, description: 'Fan noise' });
        expect(created.json.submission).toMatchObject({ status: 'NEW', assigneeId: null });
        const moved = await as(tech).post(`/api/submissions/${created.json.submission.id}/status`, {
          status: 'IN_REPAIR',
        });
        expect(moved.status, moved.text).toBe(200);
        expect(moved.json.submission).toMatchObject({ status: 'IN_REPAIR', assigneeId: person.json.person.id });
        const [entry] = (await auditEntries(app.container, a.tenant.id, 'submission.status')).filter(
          (e) => e.target === `submission:${created.json.submission.number}`,
        );
        expect(entry?.details).toMatchObject({ from: 'NEW', to: 'IN_REPAIR', assigneeId: person.json.person.id });

        // Its story, for anyone who may see repairs, with who acted by name; another school's is not found.
        const resolved = await as(tech).post(`/api/submissions/${created.json.submission.id}/status`, {
          status: 'RESOLVED',
          note: 'Fan replaced',
          cost: { amountMinor: 4550, coverage: 'SCHOOL' },
        });
        expect(resolved.status, resolved.text).toBe(200);
        const story = await as(reader).get(`/api/submissions/${created.json.submission.id}/history`);
        expect(story.status, story.text).toBe(200);
        expect(
          story.json.history.map((h: { action: string; actor: { name: string }; details: { note?: string } }) => [
            h.action,
            h.actor.name,
            h.details.note ?? null,
          ]),
        ).toEqual([
          ['submission.status', tech.user.name, 'Fan replaced'],
          ['submission.status', tech.user.name, null],
          ['submission.create', tech.user.name, null],
        ]);
        expect(story.json.history[0].details).toMatchObject({ cost: { amountMinor: 4550, coverage: 'SCHOOL' } });
        expectProblem(await as(bTech).get(`/api/submissions/${created.json.submission.id}/history`), 404, 'not-found');
      });

      it('leaves a RETIRED device alone and says so, while the repair goes on', async () => {
        const device = await freshDevice(a, 'RETIRED');
        const s = await lodgeAssigned(admin, a, device.serial, 'SCHOOL');
        const reply = await as(admin).post(`/api/submissions/${s.id}/status`, { status: 'IN_REPAIR' });
        expect(reply.status, reply.text).toBe(200);
        expect(reply.json.device).toEqual({
          id: device.id,
          serial: device.serial,
          status: 'RETIRED',
          outcome: 'retired',
        });
        expect(await storedDevice(a, device.id)).toEqual(device);
        const [entry] = await auditTrail(app.container, a.tenant.id, 1);
        expect(entry).toMatchObject({
          action: 'submission.status',
          details: { device: { id: device.id, outcome: 'retired' } },
        });
      });

      it('keeps a device that was already in repair there until its repair is resolved', async () => {
        const device = await freshDevice(a, 'IN_REPAIR'); // in repair by hand, from stock
        const s = await lodgeAssigned(tech, a, device.serial, 'SCHOOL');
        const into = await as(tech).post(`/api/submissions/${s.id}/status`, { status: 'IN_REPAIR' });
        expect(into.json.device).toMatchObject({ status: 'IN_REPAIR', outcome: 'already_in_repair' });
        expect(await storedDevice(a, device.id)).toEqual(device);
        const back = await as(tech).post(`/api/submissions/${s.id}/status`, { status: 'RESOLVED' });
        expect(back.json.device).toMatchObject({ status: 'IN_STOCK', outcome: 'back_from_repair' });
        expect(await storedDevice(a, device.id)).toEqual({ ...device, status: 'IN_STOCK', statusBeforeRepair: null });
      });

      it('closes a submission that needs no repair, with a note saying why', async () => {
        const device = await freshDevice(a, 'IN_USE');
        const s = await lodgeAssigned(tech, a, device.serial);
        const refused = await expectRefused(
          a,
          () => as(tech).post(`/api/submissions/${s.id}/status`, { status: 'CLOSED' }),
          400,
          'invalid-input',
        );
        expect(pointersOf(refused)).toEqual(['/note']);
        const closed = await as(tech).post(`/api/submissions/${s.id}/status`, {
          status: 'CLOSED',
          note: 'No fault found',
        });
        expect(closed.status, closed.text).toBe(200);
        expect(closed.json).toEqual({ submission: expect.objectContaining({ status: 'CLOSED' }), device: null });
        expect(await storedDevice(a, device.id)).toEqual(device);
      });
    });

    describe('refusals leave everything as it was', () => {
      it('answers a move the repair does not make with 409: the submission, device, costs, audit and outbox unchanged', async () => {
        const device = await freshDevice(a, 'IN_USE');
        const created = await as(tech).post('/api/submissions', { serial: device.serial, description: 'Dead' });
        const id = created.json.submission.id as string;
        const move = (body: unknown) => () => as(tech).post(`/api/submissions/${id}/status`, body);

        await expectRefused(
          a,
          move({ status: 'RESOLVED', cost: { amountMinor: 100, coverage: 'SCHOOL' } }),
          409,
          'conflict',
        );
        await as(tech).post(`/api/submissions/${id}/assign`, { assigneeId: a.staff[0]!.id });
        await as(tech).post(`/api/submissions/${id}/status`, { status: 'IN_REPAIR' });
        await expectRefused(a, move({ status: 'IN_REPAIR' }), 409, 'conflict');
        await expectRefused(a, move({ status: 'CLOSED', note: 'giving up' }), 409, 'conflict');
        await as(tech).post(`/api/submissions/${id}/status`, {
          status: 'RESOLVED',
          cost: { amountMinor: 100, coverage: 'SCHOOL' },
        });
        await expectRefused(a, move({ status: 'IN_REPAIR' }), 409, 'conflict');
        await expectRefused(
          a,
          move({ status: 'RESOLVED', cost: { amountMinor: 100, coverage: 'SCHOOL' } }),
          409,
          'conflict',
        );
        await as(tech).post(`/api/submissions/${id}/status`, { status: 'CLOSED' });
        for (const status of ['IN_REPAIR', 'RESOLVED', 'CLOSED']) {
          const reply = await expectRefused(a, move({ status, note: 'again' }), 409, 'conflict');
          expect(reply.json.detail).toMatch(/is closed/);
        }
        // Assigning is over once the repair has started.
        await expectRefused(
          a,
          () => as(tech).post(`/api/submissions/${id}/assign`, { assigneeId: a.staff[1]!.id }),
          409,
          'conflict',
        );
      });

      it('refuses bad input naming each field, before anything is read or written', async () => {
        const device = await freshDevice(a, 'IN_USE');
        const s = await lodgeAssigned(tech, a, device.serial);
        const path = `/api/submissions/${s.id}/status`;
        const cases: [unknown, string[]][] = [
          [{}, ['/status']],
          [{ status: 'DONE' }, ['/status']],
          [{ status: 'ASSIGNED' }, ['/status']],
          [{ status: 'IN_REPAIR', cost: { amountMinor: 100, coverage: 'SCHOOL' } }, ['/cost']],
          [{ status: 'RESOLVED', cost: { amountMinor: -5, coverage: 'SCHOOL' } }, ['/cost/amountMinor']],
          [{ status: 'RESOLVED', cost: { amountMinor: 12.5, coverage: 'SCHOOL' } }, ['/cost/amountMinor']],
          [{ status: 'RESOLVED', cost: { amountMinor: 100, coverage: 'UNCLE' } }, ['/cost/coverage']],
          [{ status: 'RESOLVED', cost: 100 }, ['/cost']],
          [{ status: 'IN_REPAIR', note: '   ' }, ['/note']],
          [{ status: 'IN_REPAIR', note: 'x'.repeat(2_001) }, ['/note']],
          [{ status: 'IN_REPAIR', colour: 'red' }, ['/colour']],
          [{ status: 'IN_REPAIR', number: s.number }, ['/number']],
          [['IN_REPAIR'], ['/body']],
        ];
        for (const [body, pointers] of cases) {
          const reply = await expectRefused(a, () => as(tech).post(path, body), 400, 'invalid-input');
          expect(pointersOf(reply), JSON.stringify(body)).toEqual(pointers);
        }
        // Lodged without a coverage, resolved with a cost nobody pays for.
        await as(tech).post(path, { status: 'IN_REPAIR' });
        const who = await expectRefused(
          a,
          () => as(tech).post(path, { status: 'RESOLVED', cost: { amountMinor: 100 } }),
          400,
          'invalid-input',
        );
        expect(pointersOf(who)).toEqual(['/cost/coverage']);
        await expectRefused(
          a,
          () => as(tech).post(path, '{"status":', { headers: { 'content-type': 'application/json' } }),
          400,
          'malformed-body',
        );
        await expectRefused(
          a,
          () => as(tech).post(path, 'status=CLOSED', { headers: { 'content-type': 'text/plain' } }),
          415,
          'unsupported-media-type',
        );
        // An unknown id is not found; the list's filters are named too.
        await expectRefused(
          a,
          () => as(tech).post('/api/submissions/no-such-id/status', { status: 'CLOSED', note: 'x' }),
          404,
          'not-found',
        );
        for (const [query, pointer] of [
          ['?status=LOST', '/status'],
          ['?pageSize=101', '/pageSize'],
          ['?page=0', '/page'],
          ['?page=two', '/page'],
        ] as const) {
          const reply = await as(reader).get(`/api/submissions${query}`);
          expectProblem(reply, 400, 'invalid-input');
          expect(pointersOf(reply)).toEqual([pointer]);
        }
      });

      it('refuses a write from another site’s page, and a caller who is not signed in', async () => {
        const device = await freshDevice(a, 'IN_USE');
        const s = await lodgeAssigned(tech, a, device.serial, 'SCHOOL');
        await expectRefused(
          a,
          () =>
            as(tech).post(
              `/api/submissions/${s.id}/status`,
              { status: 'IN_REPAIR' },
              { headers: { origin: 'https://evil.example' } },
            ),
          403,
          'forbidden',
        );
        const anonymous = consoleClient(app, undefined);
        await expectRefused(
          a,
          () => anonymous.post(`/api/submissions/${s.id}/status`, { status: 'IN_REPAIR' }),
          401,
          'unauthorized',
        );
        expectProblem(await anonymous.get('/api/submissions'), 401, 'unauthorized');
        // From our own origin it goes through.
        const ok = await as(tech).post(
          `/api/submissions/${s.id}/status`,
          { status: 'IN_REPAIR' },
          { headers: { origin: app.config.publicUrl } },
        );
        expect(ok.status, ok.text).toBe(200);
      });
    });

    describe('at the same time', () => {
      it('lets exactly one of two simultaneous moves of a submission through; the device moves once', async () => {
        const device = await freshDevice(a, 'IN_USE');
        const s = await lodgeAssigned(tech, a, device.serial, 'SCHOOL');
        const before = await state(a);
        const replies = await Promise.all(
          [tech, admin].map((u) => as(u).post(`/api/submissions/${s.id}/status`, { status: 'IN_REPAIR' })),
        );
        expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
        expect(await storedSubmission(a, s.id)).toMatchObject({ status: 'IN_REPAIR', version: 3 });
        expect(await storedDevice(a, device.id)).toMatchObject({ status: 'IN_REPAIR', statusBeforeRepair: 'IN_USE' });
        const after = await state(a);
        expect(after.audit.length - before.audit.length).toBe(2); // submission.status, device.status
        expect(after.outbox.slice(before.outbox.length).map((e) => e.kind)).toEqual([
          'submission.status_changed',
          'device.updated',
        ]);
      });

      it('brings a device back once, when the last of two repairs resolved at the same time ends', async () => {
        const device = await freshDevice(a, 'IN_USE');
        const first = await lodgeAssigned(tech, a, device.serial, 'SCHOOL');
        const second = await lodgeAssigned(tech, a, device.serial, 'SCHOOL');
        for (const s of [first, second])
          await as(tech).post(`/api/submissions/${s.id}/status`, { status: 'IN_REPAIR' });
        const replies = await Promise.all(
          [first, second].map((s) => as(tech).post(`/api/submissions/${s.id}/status`, { status: 'RESOLVED' })),
        );
        for (const r of replies) expect(r.status, r.text).toBe(200);
        expect(replies.map((r) => r.json.device.outcome).sort()).toEqual(['back_from_repair', 'still_in_repair']);
        expect(await storedDevice(a, device.id)).toEqual(device);
      });
    });

    describe('roles and the module', () => {
      it('lets technicians and school administrators move a repair, never the loan desk, teachers or read-only users', async () => {
        const device = await freshDevice(a, 'IN_USE');
        const s = await lodgeAssigned(tech, a, device.serial, 'SCHOOL');
        for (const user of [desk, teacher, reader]) {
          await expectRefused(
            a,
            () => as(user).post(`/api/submissions/${s.id}/status`, { status: 'IN_REPAIR' }),
            403,
            'forbidden',
          );
        }
        const byAdmin = await as(admin).post(`/api/submissions/${s.id}/status`, { status: 'IN_REPAIR' });
        expect(byAdmin.status, byAdmin.text).toBe(200);
        expect((await auditTrail(app.container, a.tenant.id, 2))[1]?.actor).toEqual({
          type: 'user',
          id: admin.user.id,
        });
        const byTech = await as(tech).post(`/api/submissions/${s.id}/status`, { status: 'RESOLVED' });
        expect(byTech.status, byTech.text).toBe(200);
      });

      it('lets the loan desk lodge and read repairs but not assign them; read-only users only read', async () => {
        const device = await freshDevice(a, 'IN_USE');
        const lodged = await as(desk).post('/api/submissions', {
          serial: device.serial,
          description: 'Keyboard sticky',
        });
        expect(lodged.status, lodged.text).toBe(201);
        expect(lodged.json.submission).toMatchObject({ serial: device.serial, status: 'NEW', reporterId: null });
        const id = lodged.json.submission.id as string;
        expect((await as(desk).get(`/api/submissions/${id}`)).status).toBe(200);
        await expectRefused(
          a,
          () => as(desk).post(`/api/submissions/${id}/assign`, { assigneeId: a.staff[0]!.id }),
          403,
          'forbidden',
        );
        expect((await as(reader).get(`/api/submissions/${id}`)).json.submission.id).toBe(id);
        await expectRefused(
          a,
          () => as(reader).post('/api/submissions', { serial: device.serial, description: 'x' }),
          403,
          'forbidden',
        );
        // Permission before input: a user without the permission learns that first.
        await expectRefused(
          a,
          () => as(reader).post(`/api/submissions/${id}/status`, { status: 'NOPE' }),
          403,
          'forbidden',
        );
      });

      it('answers the list and one submission as the tools do', async () => {
        const { key } = await app.key('rep-a', ['repair.view']);
        const query = { status: 'ASSIGNED', pageSize: 5, page: 1 };
        const route = await as(reader).get('/api/submissions?status=ASSIGNED&pageSize=5&page=1&unknown=ignored');
        expect(route.status, route.text).toBe(200);
        const tool = await invokeAction(app.port, key, 'submissions.list', query);
        expect(route.json).toEqual(tool.json.result);
        expect(route.json.submissions.length).toBeGreaterThan(0);
        const id = route.json.submissions[0].id as string;
        const one = await as(reader).get(`/api/submissions/${id}`);
        expect(one.json).toEqual((await invokeAction(app.port, key, 'submissions.get', { id })).json.result);
      });

      it('answers 404 on every route while the repairs module is off, whatever the input, changing nothing', async () => {
        const client = as(offTech);
        const s = off.submissions.find((x) => x.status === 'ASSIGNED') ?? off.submissions[0]!;
        const expectOff = async (write: () => Promise<Reply>) => expectRefused(off, write, 404, 'module-disabled');
        await expectOff(() => client.get('/api/submissions'));
        await expectOff(() => client.get('/api/submissions?pageSize=1000'));
        await expectOff(() => client.get(`/api/submissions/${s.id}`));
        await expectOff(() => client.post('/api/submissions', { serial: off.devices[0]!.serial, description: 'x' }));
        await expectOff(() => client.post(`/api/submissions/${s.id}/assign`, { assigneeId: off.staff[0]!.id }));
        await expectOff(() => client.post(`/api/submissions/${s.id}/status`, { status: 'IN_REPAIR' }));
        await expectOff(() => client.post(`/api/submissions/${s.id}/status`, { status: 'NOPE' }));
      });
    });
  });
});
