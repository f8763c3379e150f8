/**
 * The service desk over HTTP (issue 12, point 5), on SQLite and on Postgres: the queue and a ticket as
 * the tools answer them, opening a ticket, working it through the state machine, and its
 * conversation with internal notes for the desk only — down to the live event stream, where a
 * read-only user never receives an internal note's event. Another school's tickets come first:
 * nothing of them is reachable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../../src/domain/people/person.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { aPerson } from '../../support/builders.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, invokeAction, pointersOf, type Reply } from '../../support/rest.js';
import { openStream, type SseStream } from '../../support/sse.js';
import { auditEntries, readTenantData, writeCounts, type TenantData } from '../../support/tenant-data.js';
import { consoleClient, queryString, signIn, type ConsoleUser } from '../../support/console.js';

warnIfPostgresSkipped();

const databases: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];
const ALL = { page: 1, pageSize: 100_000 };

describe.each(databases)('the service desk on %s', (database) => {
  let app: TestApp;
  let tenant: Tenant;
  let data: TenantData;
  let admin: ConsoleUser;
  let tech: ConsoleUser;
  let desk: ConsoleUser;
  let teacher: ConsoleUser;
  let reader: ConsoleUser;
  /** The teacher's own person record (the same e-mail), a member of staff, a pupil, a leaver. */
  let tess: Person;
  let staff: Person;
  let pupil: Person;
  let leaver: Person;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    app = await startApp({ database, background: true, env: { LOG_LEVEL: 'warn' } });
    tenant = await app.tenant('alpha', { seed: 'small' });
    await app.tenant('bravo', { seed: 'small' });
    await app.tenant('charlie', { modules: ['people', 'loans', 'events'] });
    tess = aPerson({ name: 'Tess Teacher', kind: 'STAFF', email: 'tess@alpha.example', externalId: 'T-TESS' });
    leaver = aPerson({
      name: 'Lee Leaver',
      kind: 'STAFF',
      externalId: 'T-LEE',
      archivedAt: '2026-01-01T00:00:00.000Z',
    });
    await app.container.get(UnitOfWork).transaction((r) => r.people.insertMany(tenant.id, [tess, leaver]));
    data = await readTenantData(app.container, 'alpha');
    staff = data.staff.find((p) => p.id !== tess.id)!;
    pupil = data.pupils[0]!;
    admin = await signIn(app, 'alpha', { role: 'school-admin' });
    tech = await signIn(app, 'alpha', { role: 'technician', name: 'Theo Tech' });
    desk = await signIn(app, 'alpha', { role: 'loan-desk' });
    teacher = await signIn(app, 'alpha', { role: 'teacher', email: 'tess@alpha.example' });
    reader = await signIn(app, 'alpha', { role: 'read-only', name: 'Rita Reader' });
  }, 60_000);
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await app?.close();
  });

  const as = (user: ConsoleUser | undefined) => consoleClient(app, user?.token);
  const call = (user: ConsoleUser | undefined, method: string, path: string, body?: unknown, headers = {}) =>
    as(user).send({ method, path, body, headers });
  const get = (user: ConsoleUser, path: string) => as(user).get(path);
  const post = (user: ConsoleUser, path: string, body: unknown) => as(user).post(path, body);
  const patch = (user: ConsoleUser, path: string, body: unknown) => as(user).patch(path, body);

  /** Everything a desk write could change in a tenant: tickets, every comment, the next number, audit, events. */
  const deskState = async (t: Tenant) => ({
    ...(await writeCounts(app.container, t.id)),
    ...(await app.container.get(UnitOfWork).read(async (r) => {
      const tickets = (await r.tickets.search(t.id, {}, ALL)).items;
      const comments = await Promise.all(
        tickets.map(
          async (ticket) => (await r.tickets.listComments(t.id, ticket.id, { includeInternal: true }, ALL)).items,
        ),
      );
      return { tickets, comments: comments.flat(), next: await r.tenants.peekNumber(t.id, 'ticket') };
    })),
  });
  const events = (kind: string) =>
    app.container
      .get(UnitOfWork)
      .read(async (r) => (await r.outbox.listAfter(tenant.id, 0, 1_000_000)).filter((e) => e.kind === kind));

  async function expectRefused(write: () => Promise<Reply>, status: number, type: string): Promise<Reply> {
    const before = await deskState(tenant);
    const reply = await write();
    expectProblem(reply, status, type);
    expect(await deskState(tenant)).toEqual(before);
    return reply;
  }

  /** A fresh ticket opened by the technician, for a test of its own. */
  async function newTicket(subject = 'Beamer in B12 flickers'): Promise<{ id: string; number: number }> {
    const reply = await post(tech, '/api/tickets', { subject, body: 'Since the power cut' });
    expect(reply.status, reply.text).toBe(201);
    return reply.json.ticket;
  }

  describe('another school’s tickets', () => {
    it('are out of reach: not listed, not found, not changed, not commented; its people cannot be named', async () => {
      const bravo = await readTenantData(app.container, 'bravo');
      const bTech = await signIn(app, 'bravo', { role: 'technician' });
      const bTicket = bravo.tickets.find((t) => t.status !== 'CLOSED')!;
      expect((await post(bTech, `/api/tickets/${bTicket.id}/comments`, { body: 'Ours', internal: true })).status).toBe(
        201,
      );
      const bBefore = await deskState(bravo.tenant);
      const aBefore = await deskState(tenant);
      const mine = data.tickets.find((t) => t.status !== 'CLOSED')!;

      const ids = new Set<string>();
      for (let page = 1; ; page++) {
        const reply = await get(admin, `/api/tickets?pageSize=100&page=${page}`);
        expect(reply.status, reply.text).toBe(200);
        reply.json.tickets.forEach((t: { id: string }) => ids.add(t.id));
        if (reply.json.tickets.length < 100) break;
      }
      expect([...ids].sort()).toEqual(data.tickets.map((t) => t.id).sort());
      expectProblem(await get(admin, `/api/tickets/${bTicket.id}`), 404, 'not-found');
      expectProblem(await patch(admin, `/api/tickets/${bTicket.id}`, { status: 'CLOSED' }), 404, 'not-found');
      expectProblem(await get(admin, `/api/tickets/${bTicket.id}/comments`), 404, 'not-found');
      expectProblem(await post(admin, `/api/tickets/${bTicket.id}/comments`, { body: 'Hi' }), 404, 'not-found');
      expectProblem(
        await post(admin, '/api/tickets', { subject: 's', body: 'b', requesterId: bravo.people[0]!.id }),
        404,
        'not-found',
      );
      expectProblem(
        await patch(admin, `/api/tickets/${mine.id}`, { assigneeId: bravo.staff[0]!.id }),
        404,
        'not-found',
      );
      expectProblem(
        await call(admin, 'GET', `/api/tickets/${bTicket.id}`, undefined, { 'x-tenant-slug': 'bravo' }),
        401,
        'unauthorized',
      );
      expect(await deskState(tenant)).toEqual(aBefore);
      expect(await deskState(bravo.tenant)).toEqual(bBefore);
    });
  });

  describe('the queue', () => {
    it('answers exactly what the tickets.list and tickets.get tools answer', async () => {
      const key = (await app.key('alpha', ['ticket.view'])).key;
      const status = data.tickets[0]!.status;
      const word = data.tickets[0]!.subject.split(' ')[0]!;
      for (const input of [
        {},
        { status },
        { q: word },
        { q: word.toUpperCase(), pageSize: 3, page: 2 },
        { pageSize: 1 },
      ]) {
        const tool = await invokeAction(app.port, key, 'tickets.list', input);
        expect(tool.status, tool.text).toBe(200);
        const reply = await get(reader, `/api/tickets${queryString(input)}`);
        expect(reply.status, reply.text).toBe(200);
        expect(reply.json).toEqual(tool.json.result);
      }
      const one = data.tickets[3]!;
      const tool = await invokeAction(app.port, key, 'tickets.get', { id: one.id });
      expect((await get(reader, `/api/tickets/${one.id}`)).json).toEqual(tool.json.result);
      expect(tool.json.result).toEqual({ ticket: one });
    });

    it('filters by assignee (the console\'s "assigned to me"), as the tool does', async () => {
      const { id } = await newTicket('Printer jam in the staff room');
      expect((await patch(tech, `/api/tickets/${id}`, { assigneeId: tess.id })).status).toBe(200);
      const mine = await get(reader, `/api/tickets?assigneeId=${tess.id}`);
      expect(mine.status, mine.text).toBe(200);
      expect(mine.json.tickets.map((t: { id: string }) => t.id)).toEqual([id]);
      expect(mine.json.total).toBe(1);
      const key = (await app.key('alpha', ['ticket.view'])).key;
      const tool = await invokeAction(app.port, key, 'tickets.list', { assigneeId: tess.id });
      expect(tool.json.result).toEqual(mine.json);
      expect((await get(reader, '/api/tickets?assigneeId=nobody')).json.total).toBe(0);
    });

    it('names a bad parameter (400) and ignores unknown ones', async () => {
      const bad = await get(reader, '/api/tickets?status=DONE&pageSize=500&page=abc&sort=x&breached=maybe');
      expectProblem(bad, 400, 'invalid-input');
      // A flag is on only with `true` (seed §4.4): breached=maybe is no filter, as overdue=maybe is none.
      expect(pointersOf(bad).sort()).toEqual(['/page', '/pageSize', '/sort', '/status']);
      expect((await get(reader, '/api/tickets?order=number')).status).toBe(200);
      expectProblem(await get(reader, '/api/tickets/no-such-ticket'), 404, 'not-found');
    });
  });

  describe('opening a ticket', () => {
    it('opens NEW and NORMAL for the teacher’s own person record; the teacher gets it once, then cannot read the queue', async () => {
      const before = await deskState(tenant);
      const reply = await post(teacher, '/api/tickets', { subject: ' Projector in 2.14 ', body: 'No HDMI signal' });
      expect(reply.status, reply.text).toBe(201);
      const ticket = reply.json.ticket;
      expect(ticket).toEqual({
        id: expect.any(String),
        number: before.next,
        subject: 'Projector in 2.14',
        body: 'No HDMI signal',
        status: 'NEW',
        priority: 'NORMAL',
        requesterId: tess.id,
        assigneeId: null,
        categoryId: null,
        teamId: null,
        // The school's default targets for NORMAL, in its hours (service-targets.test.ts pins the sums).
        firstResponseDueAt: expect.any(String),
        firstRespondedAt: null,
        resolutionDueAt: expect.any(String),
        createdAt: expect.any(String),
        updatedAt: ticket.createdAt,
      });
      expect(ticket.firstResponseDueAt > ticket.createdAt && ticket.resolutionDueAt > ticket.firstResponseDueAt).toBe(
        true,
      );
      expect((await get(tech, `/api/tickets/${ticket.id}`)).json).toEqual({ ticket });
      expect((await auditEntries(app.container, tenant.id, 'ticket.create'))[0]).toMatchObject({
        actor: { type: 'user', id: teacher.user.id },
        target: `ticket:${ticket.number}`,
        details: { requesterId: tess.id, priority: 'NORMAL' },
      });
      const created = (await events('ticket.created')).at(-1)!;
      expect(created.payload).toEqual({
        ticket: {
          id: ticket.id,
          number: ticket.number,
          status: 'NEW',
          priority: 'NORMAL',
          assigneeId: null,
          teamId: null,
        },
      });
      // Without ticket.view the teacher has the answer above, and nothing more.
      expectProblem(await get(teacher, `/api/tickets/${ticket.id}`), 403, 'forbidden');
      expectProblem(await get(teacher, '/api/tickets'), 403, 'forbidden');
      expectProblem(await get(teacher, `/api/tickets/${ticket.id}/comments`), 403, 'forbidden');
    });

    it('takes a requester and priority given; refuses an unknown or archived requester and bad input', async () => {
      const reply = await post(desk, '/api/tickets', {
        subject: 'Laptop hinge',
        body: 'Snapped',
        requesterId: pupil.id,
        priority: 'HIGH',
      });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.json.ticket).toMatchObject({ requesterId: pupil.id, priority: 'HIGH', status: 'NEW' });
      // A user without a person record of their own opens tickets without a requester.
      expect((await post(tech, '/api/tickets', { subject: 's', body: 'b' })).json.ticket.requesterId).toBeNull();
      await expectRefused(
        () => post(desk, '/api/tickets', { subject: 's', body: 'b', requesterId: 'nope' }),
        404,
        'not-found',
      );
      const archived = await expectRefused(
        () => post(desk, '/api/tickets', { subject: 's', body: 'b', requesterId: leaver.id }),
        409,
        'conflict',
      );
      expect(archived.json.detail).toContain('Lee Leaver is archived');
      const bad = await expectRefused(
        () => post(desk, '/api/tickets', { subject: '', body: 'x'.repeat(10_001), priority: 'SOON', status: 'OPEN' }),
        400,
        'invalid-input',
      );
      expect(pointersOf(bad).sort()).toEqual(['/body', '/priority', '/status', '/subject']);
      await expectRefused(() => post(desk, '/api/tickets', 'not json'), 415, 'unsupported-media-type');
      await expectRefused(() => post(reader, '/api/tickets', { subject: 's', body: 'b' }), 403, 'forbidden');
    });
  });

  describe('working a ticket', () => {
    it('moves NEW → OPEN → PENDING → OPEN → RESOLVED → OPEN → RESOLVED → CLOSED, each audited from/to with ticket.updated', async () => {
      const { id, number } = await newTicket();
      let previous = (await get(tech, `/api/tickets/${id}`)).json.ticket;
      const reopenedBefore = (await events('ticket.reopened')).length;
      let reopenings = 0;
      for (const status of ['OPEN', 'PENDING', 'OPEN', 'RESOLVED', 'OPEN', 'RESOLVED', 'CLOSED']) {
        await new Promise((r) => setTimeout(r, 2));
        const reopening = previous.status === 'RESOLVED' && status === 'OPEN';
        const reply = await patch(tech, `/api/tickets/${id}`, { status });
        expect(reply.status, reply.text).toBe(200);
        // Waiting on the requester, resolving or closing is the desk's first answer; reopening restarts the clock.
        const answered = previous.firstRespondedAt ?? (status === 'OPEN' ? null : reply.json.ticket.updatedAt);
        expect(reply.json.ticket).toEqual({
          ...previous,
          status,
          updatedAt: expect.any(String),
          firstRespondedAt: answered,
          resolutionDueAt: expect.any(String),
        });
        expect(reply.json.ticket.updatedAt > previous.updatedAt).toBe(true);
        const [entry] = await auditEntries(app.container, tenant.id, 'ticket.update');
        expect(entry).toMatchObject({
          actor: { type: 'user', id: tech.user.id },
          target: `ticket:${number}`,
          details: { from: { status: previous.status }, to: { status } },
        });
        expect((await events('ticket.updated')).at(-1)?.payload).toEqual({
          ticket: { id, number, status, priority: 'NORMAL', assigneeId: null, teamId: null },
        });
        // Only a resolved ticket taken up again is also ticket.reopened, with the same data.
        if (reopening) reopenings += 1;
        const reopened = await events('ticket.reopened');
        expect(reopened.length - reopenedBefore).toBe(reopenings);
        if (reopening) {
          expect(reopened.at(-1)?.payload).toEqual({
            ticket: { id, number, status: 'OPEN', priority: 'NORMAL', assigneeId: null, teamId: null },
          });
        }
        previous = reply.json.ticket;
      }
      expect((await events('ticket.reopened')).length - reopenedBefore).toBe(1);
      // CLOSED is final.
      await expectRefused(() => patch(tech, `/api/tickets/${id}`, { status: 'OPEN' }), 409, 'conflict');
      await expectRefused(() => patch(tech, `/api/tickets/${id}`, { priority: 'LOW' }), 409, 'conflict');
    });

    it('refuses a move the machine does not allow (409), naming where it may go; nothing written', async () => {
      const { id } = await newTicket();
      const skip = await expectRefused(
        () => patch(tech, `/api/tickets/${id}`, { status: 'RESOLVED' }),
        409,
        'conflict',
      );
      expect(skip.json.detail).toContain('from new it goes to open');
      await expectRefused(() => patch(tech, `/api/tickets/${id}`, { status: 'PENDING' }), 409, 'conflict');
      await expectRefused(() => patch(tech, `/api/tickets/${id}`, { status: 'CLOSED' }), 409, 'conflict');
    });

    it('assigns to a member of staff and unassigns; a pupil is 400, a leaver 409; priorities change', async () => {
      const { id } = await newTicket();
      const assigned = await patch(tech, `/api/tickets/${id}`, { assigneeId: staff.id, priority: 'URGENT' });
      expect(assigned.status, assigned.text).toBe(200);
      expect(assigned.json.ticket).toMatchObject({ assigneeId: staff.id, priority: 'URGENT', status: 'NEW' });
      expect((await auditEntries(app.container, tenant.id, 'ticket.update'))[0]?.details).toEqual({
        from: { priority: 'NORMAL', assigneeId: null },
        to: { priority: 'URGENT', assigneeId: staff.id },
      });
      const notStaff = await expectRefused(
        () => patch(tech, `/api/tickets/${id}`, { assigneeId: pupil.id }),
        400,
        'invalid-input',
      );
      expect(pointersOf(notStaff)).toEqual(['/assigneeId']);
      await expectRefused(() => patch(tech, `/api/tickets/${id}`, { assigneeId: leaver.id }), 409, 'conflict');
      await expectRefused(() => patch(tech, `/api/tickets/${id}`, { assigneeId: 'nope' }), 404, 'not-found');
      const unassigned = await patch(tech, `/api/tickets/${id}`, { assigneeId: null });
      expect(unassigned.json.ticket.assigneeId).toBeNull();
      // Asking for what it already is changes nothing.
      const before = await deskState(tenant);
      const same = await patch(tech, `/api/tickets/${id}`, { assigneeId: null, priority: 'URGENT', status: 'NEW' });
      expect(same.status).toBe(200);
      expect(same.json.ticket).toEqual(unassigned.json.ticket);
      expect(await deskState(tenant)).toEqual(before);
    });

    it('names bad fields (400) and lets only ticket.manage work tickets (403 for the rest)', async () => {
      const { id } = await newTicket();
      const bad = await expectRefused(
        () => patch(tech, `/api/tickets/${id}`, { status: 'DONE', priority: 1, subject: 'x' }),
        400,
        'invalid-input',
      );
      expect(pointersOf(bad).sort()).toEqual(['/priority', '/status', '/subject']);
      expect(
        pointersOf(await expectRefused(() => patch(tech, `/api/tickets/${id}`, {}), 400, 'invalid-input')),
      ).toEqual(['']);
      for (const user of [reader, teacher, desk]) {
        await expectRefused(() => patch(user, `/api/tickets/${id}`, { status: 'OPEN' }), 403, 'forbidden');
      }
      expect((await patch(admin, `/api/tickets/${id}`, { status: 'OPEN' })).status).toBe(200);
    });
  });

  describe('the conversation', () => {
    it('adds comments signed by their author; lists them oldest first; internal notes only for the desk', async () => {
      const { id, number } = await newTicket();
      const note = await post(tech, `/api/tickets/${id}/comments`, { body: 'Replaced the cable', internal: true });
      expect(note.status, note.text).toBe(201);
      expect(note.json.comment).toEqual({
        id: expect.any(String),
        ticketId: id,
        author: { type: 'user', id: tech.user.id, name: 'Theo Tech' },
        body: 'Replaced the cable',
        internal: true,
        createdAt: expect.any(String),
      });
      const reply = await post(admin, `/api/tickets/${id}/comments`, { body: 'Still flickers' });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.json.comment).toMatchObject({
        author: { id: admin.user.id, name: admin.user.name },
        internal: false,
      });
      const all = await get(tech, `/api/tickets/${id}/comments`);
      expect(all.json).toMatchObject({ total: 2, page: 1, pageSize: 50 });
      expect(all.json.comments).toEqual([note.json.comment, reply.json.comment]);
      expect((await get(reader, `/api/tickets/${id}/comments`)).json).toEqual({
        comments: [reply.json.comment],
        total: 1,
        page: 1,
        pageSize: 50,
      });
      expect((await get(tech, `/api/tickets/${id}/comments?page=2&pageSize=1`)).json.comments).toEqual([
        reply.json.comment,
      ]);
      expect(
        (await auditEntries(app.container, tenant.id, 'ticket.comment'))
          .slice(0, 2)
          .map((e) => [e.actor.id, e.target, e.details]),
      ).toEqual([
        [admin.user.id, `ticket:${number}`, { commentId: reply.json.comment.id, internal: false }],
        [tech.user.id, `ticket:${number}`, { commentId: note.json.comment.id, internal: true }],
      ]);
      const written = (await events('ticket.commented')).slice(-2);
      expect(written.map((e) => e.payload)).toEqual([
        { ticket: { id, number }, comment: { id: note.json.comment.id, internal: true } },
        { ticket: { id, number }, comment: { id: reply.json.comment.id, internal: false } },
      ]);
      expect(JSON.stringify(written)).not.toMatch(/Replaced|flickers/);
    });

    it('refuses an internal note without ticket.manage (403), a CLOSED ticket (409), bad input (400); nothing written', async () => {
      const { id } = await newTicket();
      await expectRefused(
        () => post(reader, `/api/tickets/${id}/comments`, { body: 'x', internal: true }),
        403,
        'forbidden',
      );
      await expectRefused(
        () => post(reader, '/api/tickets/nope/comments', { body: 'x', internal: true }),
        403,
        'forbidden',
      );
      await expectRefused(() => post(teacher, `/api/tickets/${id}/comments`, { body: 'x' }), 403, 'forbidden');
      // A read-only user reads the conversation and adds nothing to it.
      await expectRefused(() => post(reader, `/api/tickets/${id}/comments`, { body: 'x' }), 403, 'forbidden');
      const bad = await expectRefused(
        () => post(tech, `/api/tickets/${id}/comments`, { body: ' ', internal: 'yes' }),
        400,
        'invalid-input',
      );
      expect(pointersOf(bad).sort()).toEqual(['/body', '/internal']);
      expect(
        pointersOf(
          await expectRefused(() => get(tech, `/api/tickets/${id}/comments?pageSize=0`), 400, 'invalid-input'),
        ),
      ).toEqual(['/pageSize']);
      for (const status of ['OPEN', 'RESOLVED', 'CLOSED']) {
        expect((await patch(tech, `/api/tickets/${id}`, { status })).status).toBe(200);
      }
      const closed = await expectRefused(
        () => post(tech, `/api/tickets/${id}/comments`, { body: 'Late' }),
        409,
        'conflict',
      );
      expect(closed.json.detail).toContain('is closed');
    });

    it('streams an internal note’s event to the technician, never to a read-only user', async () => {
      const open = async (user: ConsoleUser) => {
        const s = await openStream(app.port, '/api/events', { authorization: `Bearer ${user.token}` });
        streams.push(s);
        expect(s.status).toBe(200);
        return s;
      };
      const { id, number } = await newTicket('Stream me');
      const techStream = await open(tech);
      const readerStream = await open(reader);
      const note = (await post(tech, `/api/tickets/${id}/comments`, { body: 'Desk only', internal: true })).json
        .comment;
      const said = (await post(tech, `/api/tickets/${id}/comments`, { body: 'For everyone' })).json.comment;
      const techSaw = await techStream.waitFor(2);
      expect(techSaw.map((m) => [m.event, m.json.data])).toEqual([
        ['ticket.commented', { ticket: { id, number }, comment: { id: note.id, internal: true } }],
        ['ticket.commented', { ticket: { id, number }, comment: { id: said.id, internal: false } }],
      ]);
      // Events arrive in id order: the public comment's arrival proves the note was passed over.
      const [readerSaw] = await readerStream.waitFor(1);
      expect(readerSaw!.json.data).toEqual({ ticket: { id, number }, comment: { id: said.id, internal: false } });
      await new Promise((r) => setTimeout(r, 300));
      expect(readerStream.messages).toHaveLength(1);
      expect(readerStream.raw()).not.toContain(note.id);
      // The stream carries no comment text to anyone.
      expect(techStream.raw()).not.toMatch(/Desk only|For everyone/);
    });
  });

  describe('who may reach the desk', () => {
    it('answers 401 without a session, 404 with the servicedesk module off, 403 to a foreign origin', async () => {
      const ticket = data.tickets[0]!;
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/tickets'],
        ['GET', `/api/tickets/${ticket.id}`],
        ['GET', `/api/tickets/${ticket.id}/comments`],
        ['POST', '/api/tickets', { subject: 's', body: 'b' }],
        ['PATCH', `/api/tickets/${ticket.id}`, { priority: 'LOW' }],
        ['POST', `/api/tickets/${ticket.id}/comments`, { body: 'b' }],
      ];
      const charlie = await signIn(app, 'charlie', { role: 'school-admin' });
      for (const [method, path, body] of routes) {
        expectProblem(await call(undefined, method, path, body), 401, 'unauthorized');
        expectProblem(await call(charlie, method, path, body), 404, 'module-disabled');
      }
      for (const [method, path, body] of routes.filter(([m]) => m !== 'GET')) {
        await expectRefused(
          () => call(admin, method, path, body, { origin: 'https://evil.example' }),
          403,
          'forbidden',
        );
      }
    });
  });
});
