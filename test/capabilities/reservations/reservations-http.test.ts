/**
 * Reservations (issue 23, section 2) over HTTP on both databases: a booking's life (create, read,
 * list, change, cancel, kept as history), every refusal named, another school's ids, a teacher's own
 * pool and own bookings, the availability rule with units issued and withdrawn and bookings that
 * overlap, two bookings of the last units at once, and what a booking means when a loan is issued
 * (fulfilled for its person; kept for another unless overridden, audited) on the console route and
 * through the catalogue's actions. Events and audit entries are read back from the store.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../src/domain/access/permissions.js';
import type { Loan, LoanGroup } from '../../../src/domain/loans/loan.js';
import type { Person } from '../../../src/domain/people/person.js';
import { addDays, dateInZone } from '../../../src/domain/shared/dates.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { aGroup, aLoan, aPerson } from '../../support/builders.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, invokeAction, pointersOf, type Reply } from '../../support/rest.js';
import { auditEntries } from '../../support/tenant-data.js';
import { consoleClient, signIn, type ConsoleClient } from '../../support/console.js';

warnIfPostgresSkipped();

/** Hours and minutes of an instant on the school's wall clock. */
const wallClock = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  );

describe.each<TestDatabase>(['sqlite', 'postgres'])('reservations on %s', (database) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('through /api/reservations', () => {
    let app: TestApp;
    let tenant: Tenant;
    let other: Tenant;
    let desk: ConsoleClient;
    let teacher: ConsoleClient;
    let colleague: ConsoleClient;
    let reader: ConsoleClient;
    let otherAdmin: ConsoleClient;
    let teacherCart: LoanGroup;
    let outsideCart: LoanGroup;
    let pupil: Person;
    let otherPupil: Person;
    let key: string;
    /** A day ahead in the school's calendar: `day(1)` is tomorrow. */
    const day = (n: number) => addDays(dateInZone(new Date(), tenant.timeZone), n);

    async function group(
      units: readonly Partial<Loan>[],
      t: Tenant = tenant,
    ): Promise<{ g: LoanGroup; loans: Loan[] }> {
      const g = aGroup({ name: `Cart ${randomUUID().slice(0, 6)}` });
      const loans = units.map((u) => aLoan(g.id, u));
      await app.container.get(UnitOfWork).transaction(async (r) => {
        await r.loanGroups.insertMany(t.id, [g]);
        await r.loans.insertMany(t.id, loans);
      });
      return { g, loans };
    }
    const available = (n: number): Partial<Loan>[] => Array.from({ length: n }, () => ({}));
    const book = (who: ConsoleClient, body: Record<string, unknown>) => who.post('/api/reservations', body);
    const events = async (kind: string) =>
      (await app.container.get(UnitOfWork).read((r) => r.outbox.listAfter(tenant.id, 0, 10_000))).filter(
        (e) => e.kind === kind,
      );

    beforeAll(async () => {
      app = await startApp({ database, env: { LOG_LEVEL: 'warn' } });
      tenant = await app.tenant('res-a');
      other = await app.tenant('res-b');
      teacherCart = (await group(available(3))).g;
      outsideCart = (await group(available(3))).g;
      pupil = aPerson({ name: 'Pia Pupil', userGroup: '7A' });
      otherPupil = aPerson({ name: 'Otto Other' });
      await app.container.get(UnitOfWork).transaction((r) => r.people.insertMany(tenant.id, [pupil]));
      await app.container.get(UnitOfWork).transaction((r) => r.people.insertMany(other.id, [otherPupil]));
      desk = consoleClient(app, (await signIn(app, 'res-a', { role: 'loan-desk' })).token);
      teacher = consoleClient(
        app,
        (await signIn(app, 'res-a', { role: 'teacher', loanGroupIds: [teacherCart.id] })).token,
      );
      colleague = consoleClient(
        app,
        (await signIn(app, 'res-a', { role: 'teacher', loanGroupIds: [teacherCart.id] })).token,
      );
      reader = consoleClient(app, (await signIn(app, 'res-a', { role: 'read-only' })).token);
      otherAdmin = consoleClient(app, (await signIn(app, 'res-b', { role: 'school-admin' })).token);
      key = (await app.key('res-a', [...PERMISSIONS])).key;
    });
    afterAll(() => app?.close());

    it('books, reads, lists, changes and cancels; the cancelled booking stays as history; events and audit', async () => {
      const { g } = await group(available(4));
      const created = await book(desk, {
        groupId: g.id,
        quantity: 2,
        from: `${day(2)}T08:30`,
        to: `${day(2)}T10:00`,
        personId: pupil.id,
        note: 'Science 7A',
      });
      expect(created.status, created.text).toBe(201);
      const r = created.json.reservation;
      expect(r).toMatchObject({
        groupId: g.id,
        groupName: g.name,
        quantity: 2,
        fulfilled: 0,
        status: 'ACTIVE',
        person: { id: pupil.id, name: 'Pia Pupil' },
        note: 'Science 7A',
        cancelledAt: null,
      });
      // Without an offset, the time is the school's wall clock; answers are UTC instants.
      expect(r.from).toMatch(/Z$/);
      expect(wallClock(r.from, tenant.timeZone)).toBe('08:30');
      expect(dateInZone(new Date(r.from), tenant.timeZone)).toBe(day(2));
      // With an offset, that instant.
      const utc = await book(desk, { groupId: g.id, quantity: 1, from: `${day(3)}T07:00:00Z`, to: `${day(3)}T08:00Z` });
      expect(utc.json.reservation.from).toBe(`${day(3)}T07:00:00.000Z`);

      expect((await desk.get(`/api/reservations/${r.id}`)).json).toEqual({ reservation: r });
      const listed = await desk.get(`/api/reservations?groupId=${g.id}&pageSize=1`);
      expect(listed.json).toMatchObject({ total: 2, page: 1, pageSize: 1 });
      expect(listed.json.reservations.map((x: { id: string }) => x.id)).toEqual([r.id]);
      const inWindow = await desk.get(`/api/reservations?groupId=${g.id}&from=${day(3)}T00:00&to=${day(4)}T00:00`);
      expect(inWindow.json.reservations.map((x: { id: string }) => x.id)).toEqual([utc.json.reservation.id]);
      expect((await desk.get(`/api/reservations?personId=${pupil.id}&groupId=${g.id}`)).json.total).toBe(1);

      const patched = await desk.patch(`/api/reservations/${r.id}`, { quantity: 3, note: null, to: `${day(2)}T11:00` });
      expect(patched.status, patched.text).toBe(200);
      expect(patched.json.reservation).toMatchObject({ quantity: 3, note: null });
      expect(wallClock(patched.json.reservation.to, tenant.timeZone)).toBe('11:00');
      // Sending what is stored writes nothing.
      const before = (await auditEntries(app.container, tenant.id, 'reservation.update')).length;
      expect((await desk.patch(`/api/reservations/${r.id}`, { quantity: 3 })).status).toBe(200);
      expect(await auditEntries(app.container, tenant.id, 'reservation.update')).toHaveLength(before);

      const cancelled = await desk.send({ method: 'DELETE', path: `/api/reservations/${r.id}` });
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.json.reservation).toMatchObject({ status: 'CANCELLED', quantity: 3 });
      expect(cancelled.json.reservation.cancelledAt).toMatch(/Z$/);
      expect((await desk.get(`/api/reservations/${r.id}`)).json.reservation.status).toBe('CANCELLED');
      expect((await desk.get(`/api/reservations?groupId=${g.id}&status=CANCELLED`)).json.total).toBe(1);
      expectProblem(await desk.send({ method: 'DELETE', path: `/api/reservations/${r.id}` }), 409, 'conflict');
      expectProblem(await desk.patch(`/api/reservations/${r.id}`, { quantity: 1 }), 409, 'conflict');
      // Cancelled, it holds nothing back: the whole group is free again in its window.
      const free = await desk.get(
        `/api/reservations/availability?groupId=${g.id}&from=${day(2)}T08:00&to=${day(2)}T12:00`,
      );
      expect(free.json).toMatchObject({ inService: 4, out: 0, booked: 0, free: 4 });

      const created_ = (await events('reservation.created')).find((e) => (e.payload as any).reservation.id === r.id);
      expect(created_?.payload).toEqual({
        reservation: {
          id: r.id,
          groupId: g.id,
          quantity: 2,
          fulfilled: 0,
          from: r.from,
          to: r.to,
          status: 'ACTIVE',
          personId: pupil.id,
        },
      });
      const gone = (await events('reservation.cancelled')).find((e) => (e.payload as any).reservation.id === r.id);
      expect(gone?.payload).toMatchObject({ reservation: { groupId: g.id, status: 'CANCELLED', quantity: 3 } });
      const audit = await auditEntries(app.container, tenant.id, 'reservation.create');
      expect(audit.find((a) => a.target === `reservation:${r.id}`)?.details).toMatchObject({
        groupId: g.id,
        quantity: 2,
      });
      expect(
        (await auditEntries(app.container, tenant.id, 'reservation.cancel')).some(
          (a) => a.target === `reservation:${r.id}`,
        ),
      ).toBe(true);
    });

    it('refuses bad bookings with 400 naming the field, and writes nothing', async () => {
      const { g } = await group(available(2));
      const { g: withdrawn } = await group([{ status: 'UNAVAILABLE' }, { status: 'UNAVAILABLE' }]);
      const { g: empty } = await group([]);
      const ok = { groupId: g.id, quantity: 1, from: `${day(1)}T09:00`, to: `${day(1)}T10:00` };
      const yesterday = addDays(day(0), -1);
      const cases: [Record<string, unknown>, string][] = [
        [{ ...ok, to: ok.from }, '/to'],
        [{ ...ok, to: `${day(1)}T08:00` }, '/to'],
        [{ ...ok, from: `${yesterday}T09:00`, to: `${day(1)}T10:00` }, '/from'],
        [{ ...ok, to: `${addDays(day(1), 366)}T10:00` }, '/to'],
        [{ ...ok, groupId: withdrawn.id }, '/groupId'],
        [{ ...ok, groupId: empty.id }, '/groupId'],
        [{ ...ok, quantity: 0 }, '/quantity'],
        [{ ...ok, quantity: -2 }, '/quantity'],
        [{ ...ok, quantity: 1.5 }, '/quantity'],
        [{ ...ok, quantity: '1' }, '/quantity'],
        [{ ...ok, from: 'tomorrow' }, '/from'],
        [{ ...ok, from: `${day(1)}T25:00` }, '/from'],
        [{ ...ok, to: `${day(1)}` }, '/to'],
        [{ ...ok, note: '' }, '/note'],
        [{ ...ok, colour: 'red' }, '/colour'],
        [{ quantity: 1, from: ok.from, to: ok.to }, '/groupId'],
      ];
      for (const [body, pointer] of cases) {
        const reply = await book(desk, body);
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply), JSON.stringify(body)).toContain(pointer);
      }
      // Exactly a year is allowed; a minute more is not.
      expect((await book(desk, { ...ok, to: `${addDays(day(1), 365)}T09:00` })).status).toBe(201);
      expect((await desk.get(`/api/reservations?groupId=${g.id}`)).json.total).toBe(1);

      const made = (await book(desk, { ...ok, from: `${day(5)}T09:00`, to: `${day(5)}T10:00` })).json.reservation;
      for (const [body, pointer] of [
        [{}, ''],
        [{ to: `${day(5)}T08:00` }, '/to'],
        [{ from: `${yesterday}T09:00` }, '/from'],
        [{ quantity: 0 }, '/quantity'],
      ] as const) {
        const reply = await desk.patch(`/api/reservations/${made.id}`, body);
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply)).toContain(pointer);
      }
      expectProblem(await desk.get(`/api/reservations?from=${day(2)}T00:00&to=${day(1)}T00:00`), 400, 'invalid-input');
      expectProblem(await desk.get('/api/reservations?page=0'), 400, 'invalid-input');
    });

    it("answers 404 for another school's group, booking and person; the other school sees none of them", async () => {
      const { g } = await group(available(2));
      const { g: theirs } = await group(available(2), other);
      const ok = { quantity: 1, from: `${day(1)}T09:00`, to: `${day(1)}T10:00` };
      expectProblem(await book(desk, { ...ok, groupId: theirs.id }), 404, 'not-found');
      expectProblem(await book(desk, { ...ok, groupId: g.id, personId: otherPupil.id }), 404, 'not-found');
      const mine = (await book(desk, { ...ok, groupId: g.id })).json.reservation;
      expectProblem(await otherAdmin.get(`/api/reservations/${mine.id}`), 404, 'not-found');
      expectProblem(await otherAdmin.patch(`/api/reservations/${mine.id}`, { quantity: 2 }), 404, 'not-found');
      expectProblem(
        await otherAdmin.send({ method: 'DELETE', path: `/api/reservations/${mine.id}` }),
        404,
        'not-found',
      );
      expectProblem(
        await otherAdmin.get(`/api/reservations/availability?groupId=${g.id}&from=${ok.from}&to=${ok.to}`),
        404,
        'not-found',
      );
      expect((await otherAdmin.get(`/api/reservations?groupId=${g.id}`)).json.total).toBe(0);
      expect((await otherAdmin.get('/api/reservations')).json.total).toBe(0);
      expect((await desk.get(`/api/reservations/${mine.id}`)).json.reservation.status).toBe('ACTIVE');
    });

    it('lets a teacher book their own loan groups, and see, change and cancel only their own bookings', async () => {
      const ok = { quantity: 1, from: `${day(1)}T09:00`, to: `${day(1)}T10:00` };
      const own = await book(teacher, { ...ok, groupId: teacherCart.id, note: 'Maths' });
      expect(own.status, own.text).toBe(201);
      const id = own.json.reservation.id as string;
      expectProblem(await book(teacher, { ...ok, groupId: outsideCart.id }), 404, 'not-found');
      const desks = (await book(desk, { ...ok, groupId: teacherCart.id })).json.reservation;

      const seen = (await teacher.get('/api/reservations')).json;
      expect(seen.reservations.map((x: { id: string }) => x.id)).toEqual([id]);
      expectProblem(await teacher.get(`/api/reservations/${desks.id}`), 404, 'not-found');
      expectProblem(await teacher.send({ method: 'DELETE', path: `/api/reservations/${desks.id}` }), 404, 'not-found');
      // A colleague with the same pool does not see it either.
      expect((await colleague.get('/api/reservations')).json.total).toBe(0);
      expectProblem(await colleague.patch(`/api/reservations/${id}`, { quantity: 2 }), 404, 'not-found');
      // The teacher still sees how many units are free (every booking counts), never whose.
      const free = await teacher.get(
        `/api/reservations/availability?groupId=${teacherCart.id}&from=${ok.from}&to=${ok.to}`,
      );
      expect(free.json).toMatchObject({ inService: 3, booked: 2, free: 1 });
      expectProblem(
        await teacher.get(`/api/reservations/availability?groupId=${outsideCart.id}&from=${ok.from}&to=${ok.to}`),
        404,
        'not-found',
      );

      expect((await teacher.patch(`/api/reservations/${id}`, { quantity: 2 })).json.reservation.quantity).toBe(2);
      expect((await teacher.send({ method: 'DELETE', path: `/api/reservations/${id}` })).json.reservation.status).toBe(
        'CANCELLED',
      );
      // The desk (reservation.manage) sees and handles everyone's.
      expect((await desk.get(`/api/reservations/${id}`)).json.reservation.createdBy.type).toBe('user');
      expectProblem(await reader.get('/api/reservations'), 403, 'forbidden');
      expectProblem(await book(reader, { ...ok, groupId: teacherCart.id }), 403, 'forbidden');
    });

    it('counts units withdrawn and issued, and bookings overlapping any moment of the window', async () => {
      const today = day(0);
      const { g } = await group([
        {},
        {},
        { status: 'UNAVAILABLE' }, // withdrawn: never counted
        { status: 'ISSUED', holderId: pupil.id, dueDate: null }, // no due date: out
        { status: 'ISSUED', holderId: pupil.id, dueDate: addDays(today, 5) }, // due after the window: out
        { status: 'ISSUED', holderId: pupil.id, dueDate: today }, // due before the window: back in time
      ]);
      const at = (h: string) => `${day(1)}T${h}`;
      const refused = await book(desk, { groupId: g.id, quantity: 4, from: at('09:00'), to: at('12:00') });
      expectProblem(refused, 409, 'conflict');
      expect(refused.json.detail).toMatch(/only 3 units of .* are free on \d{1,2} \w{3} \d{4}, 09:00–12:00 \(4 asked\)$/);

      expect((await book(desk, { groupId: g.id, quantity: 2, from: at('09:00'), to: at('11:00') })).status).toBe(201);
      expect((await book(desk, { groupId: g.id, quantity: 1, from: at('10:00'), to: at('12:00') })).status).toBe(201);
      // 10:00–11:00 holds all three.
      const full = await book(desk, { groupId: g.id, quantity: 1, from: at('10:30'), to: at('10:45') });
      expectProblem(full, 409, 'conflict');
      expect(full.json.detail).toMatch(/only 0 units/);
      // [from, to) is half-open: from 11:00 the first booking's two are back.
      expect((await book(desk, { groupId: g.id, quantity: 2, from: at('11:00'), to: at('13:00') })).status).toBe(201);
      expectProblem(
        await book(desk, { groupId: g.id, quantity: 1, from: at('08:00'), to: at('18:00') }),
        409,
        'conflict',
      );
      expect((await book(desk, { groupId: g.id, quantity: 1, from: at('13:00'), to: at('18:00') })).status).toBe(201);

      const dry = await desk.get(
        `/api/reservations/availability?groupId=${g.id}&from=${at('08:00')}&to=${day(3)}T08:00`,
      );
      expect(dry.status, dry.text).toBe(200);
      expect(dry.json).toMatchObject({ inService: 5, out: 2, booked: 3, free: 0 });
      expect(dry.json.days).toEqual([
        { date: day(1), booked: 3, free: 0 },
        { date: day(2), booked: 0, free: 3 },
        { date: day(3), booked: 0, free: 3 },
      ]);
      // Growing a booking is checked as a new one would be, without its own units.
      const [first] = (await desk.get(`/api/reservations?groupId=${g.id}`)).json.reservations;
      expectProblem(await desk.patch(`/api/reservations/${first.id}`, { quantity: 3 }), 409, 'conflict');
      expect((await desk.patch(`/api/reservations/${first.id}`, { quantity: 1 })).status).toBe(200);
      expect((await desk.patch(`/api/reservations/${first.id}`, { quantity: 2 })).status).toBe(200);
    });

    it('lets exactly one of two simultaneous bookings of the last units win (10 rounds)', async () => {
      for (let round = 0; round < 10; round++) {
        const { g } = await group(available(3));
        const window = { from: `${day(1)}T09:00`, to: `${day(1)}T10:00` };
        expect((await book(desk, { groupId: g.id, quantity: 1, ...window })).status).toBe(201);
        const replies: Reply[] = await Promise.all([
          book(desk, { groupId: g.id, quantity: 2, ...window, note: 'A' }),
          book(desk, { groupId: g.id, quantity: 2, ...window, note: 'B' }),
          book(desk, { groupId: g.id, quantity: 2, from: `${day(1)}T09:30`, to: `${day(1)}T11:00`, note: 'C' }),
        ]);
        const won = replies.filter((r) => r.status === 201);
        const lost = replies.filter((r) => r.status !== 201);
        expect(won, replies.map((r) => r.status).join()).toHaveLength(1);
        for (const r of lost) expectProblem(r, 409, 'conflict');
        const stored = await desk.get(`/api/reservations?groupId=${g.id}&status=ACTIVE`);
        expect(stored.json.total).toBe(2);
        const created = (await events('reservation.created')).filter(
          (e) => (e.payload as any).reservation.groupId === g.id,
        );
        expect(created).toHaveLength(2);
      }
    });

    it('fulfils the holder’s booking on issue, keeps a unit another booking needs, and audits an override', async () => {
      const { g, loans } = await group(available(3));
      const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
      const bruno = aPerson({ name: 'Bruno Borrower' });
      const carla = aPerson({ name: 'Carla Caller' });
      await app.container.get(UnitOfWork).transaction((r) => r.people.insertMany(tenant.id, [bruno, carla]));
      // Pia picks up one unit today; Bruno's two start within 24 hours.
      const pias = (await book(desk, { groupId: g.id, quantity: 1, from: soon(1), to: soon(120), personId: pupil.id }))
        .json.reservation;
      const brunos = (
        await book(desk, { groupId: g.id, quantity: 2, from: soon(180), to: soon(240), personId: bruno.id, note: '8B' })
      ).json.reservation;

      const issued = await desk.post(`/api/loans/${loans[0]!.number}/issue`, { holderId: pupil.id });
      expect(issued.status, issued.text).toBe(200);
      expect((await desk.get(`/api/reservations/${pias.id}`)).json.reservation).toMatchObject({
        fulfilled: 1,
        status: 'FULFILLED',
      });
      const fulfilled = (await events('reservation.fulfilled')).find(
        (e) => (e.payload as any).reservation.id === pias.id,
      );
      expect(fulfilled?.payload).toMatchObject({ reservation: { groupId: g.id, status: 'FULFILLED', fulfilled: 1 } });
      const issueAudit = await auditEntries(app.container, tenant.id, 'loan.issue');
      expect(issueAudit.find((a) => a.target === `loan:${loans[0]!.number}`)?.details).toMatchObject({
        fulfilled: pias.id,
      });

      // The two left are Bruno's: issuing one to Carla is refused, naming his booking.
      const kept = await desk.post('/api/loans/issue', { serial: loans[1]!.serial, holderId: carla.id });
      expectProblem(kept, 409, 'conflict');
      expect(kept.json.detail).toContain(brunos.id);
      // The problem names the booking for a desk to offer "issue anyway".
      expect(kept.json).toMatchObject({ code: 'reservation_hold', reservation: { id: brunos.id, units: 2 } });
      expect(kept.json.detail).toContain('override');
      const overridden = await desk.post('/api/loans/issue', {
        serial: loans[1]!.serial,
        holderId: carla.id,
        override: true,
      });
      expect(overridden.status, overridden.text).toBe(200);
      const audited = (await auditEntries(app.container, tenant.id, 'loan.issue')).find(
        (a) => a.target === `loan:${loans[1]!.number}`,
      );
      expect(audited?.details).toMatchObject({ override: { reservationId: brunos.id } });

      // Through the catalogue (the REST actions, as MCP): refused, then overridden; Bruno's own issue fulfils.
      const { g: g2, loans: l2 } = await group(available(1));
      const viaTool = await invokeAction(app.port, key, 'reservations.create', {
        groupId: g2.id,
        quantity: 1,
        from: soon(60),
        to: soon(90),
        personId: bruno.id,
      });
      expect(viaTool.status, viaTool.text).toBe(200);
      const toolBooking = viaTool.json.reservation ?? viaTool.json.result?.reservation;
      expect(toolBooking).toMatchObject({ groupId: g2.id, quantity: 1, status: 'ACTIVE' });
      const listed = await invokeAction(app.port, key, 'reservations.list', { groupId: g2.id });
      expect(JSON.stringify(listed.json)).toContain(toolBooking.id);
      const refusedTool = await invokeAction(app.port, key, 'loans.issue', {
        number: l2[0]!.number,
        holderId: carla.id,
      });
      expect(refusedTool.status).toBe(409);
      const toBruno = await invokeAction(app.port, key, 'loans.issue', { number: l2[0]!.number, holderId: bruno.id });
      expect(toBruno.status, toBruno.text).toBe(200);
      expect((await desk.get(`/api/reservations/${toolBooking.id}`)).json.reservation.status).toBe('FULFILLED');
    });

    it('gives a unit to the person it is kept for whenever their booking starts within 24 hours, across midnight too', async () => {
      // One unit, booked by Dana for 23 hours from now: on the school's calendar that is tomorrow at
      // most hours of the day, and an issue to Dana was once refused as held for her own booking.
      const { g, loans } = await group(available(1));
      const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
      const dana = aPerson({ name: 'Dana Early' });
      const erik = aPerson({ name: 'Erik Later' });
      await app.container.get(UnitOfWork).transaction((r) => r.people.insertMany(tenant.id, [dana, erik]));
      const danas = (
        await book(desk, { groupId: g.id, quantity: 1, from: soon(23 * 60), to: soon(24 * 60), personId: dana.id })
      ).json.reservation;
      expectProblem(await desk.post('/api/loans/issue', { serial: loans[0]!.serial, holderId: erik.id }), 409, 'conflict');
      const toDana = await desk.post('/api/loans/issue', { serial: loans[0]!.serial, holderId: dana.id });
      expect(toDana.status, toDana.text).toBe(200);
      expect((await desk.get(`/api/reservations/${danas.id}`)).json.reservation).toMatchObject({
        status: 'FULFILLED',
        fulfilled: 1,
      });

      // A booking beyond the 24 hours neither holds the unit nor is picked up by an issue today.
      const { g: g2, loans: l2 } = await group(available(1));
      const later = (
        await book(desk, { groupId: g2.id, quantity: 1, from: soon(26 * 60), to: soon(27 * 60), personId: erik.id })
      ).json.reservation;
      expect((await desk.post('/api/loans/issue', { serial: l2[0]!.serial, holderId: erik.id })).status).toBe(200);
      expect((await desk.get(`/api/reservations/${later.id}`)).json.reservation).toMatchObject({
        status: 'ACTIVE',
        fulfilled: 0,
      });
    });
  });
});
