/**
 * Where tickets go (issue 30, point 4), over HTTP on SQLite and on Postgres: a school's categories,
 * teams and routing rules, and a new ticket routed by the first matching rule — to a team, and in
 * turn to the team's next available member, or left for pick-up. Another school's categories, teams
 * and rules come first: none of them is listed, found or used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../../src/domain/people/person.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { aPerson } from '../../support/builders.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, pointersOf } from '../../support/rest.js';
import { auditEntries, writeCounts } from '../../support/tenant-data.js';
import { consoleClient, signIn, type ConsoleUser } from '../../support/console.js';

warnIfPostgresSkipped();

const databases: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(databases)('ticket routing on %s', (database) => {
  let app: TestApp;
  let alpha: Tenant;
  let bravo: Tenant;
  let admin: ConsoleUser;
  let tech: ConsoleUser;
  let teacher: ConsoleUser;
  let reader: ConsoleUser;
  let bAdmin: ConsoleUser;
  let ann: Person;
  let ben: Person;
  let cat: Person;
  let pupil: Person;
  let leaver: Person;

  beforeAll(async () => {
    app = await startApp({ database, env: { LOG_LEVEL: 'warn' } });
    alpha = await app.tenant('alpha', { seed: 'small' });
    bravo = await app.tenant('bravo', { seed: 'small' });
    ann = aPerson({ name: 'Ann Tech', kind: 'STAFF', externalId: 'R-ANN' });
    ben = aPerson({ name: 'Ben Tech', kind: 'STAFF', externalId: 'R-BEN' });
    cat = aPerson({ name: 'Cat Tech', kind: 'STAFF', externalId: 'R-CAT' });
    pupil = aPerson({ name: 'Pia Pupil', kind: 'PUPIL', externalId: 'R-PIA' });
    leaver = aPerson({ name: 'Lee Left', kind: 'STAFF', externalId: 'R-LEE', archivedAt: '2026-01-01T00:00:00.000Z' });
    await app.container
      .get(UnitOfWork)
      .transaction((r) => r.people.insertMany(alpha.id, [ann, ben, cat, pupil, leaver]));
    admin = await signIn(app, 'alpha', { role: 'school-admin', name: 'Alma Admin' });
    tech = await signIn(app, 'alpha', { role: 'technician' });
    teacher = await signIn(app, 'alpha', { role: 'teacher' });
    reader = await signIn(app, 'alpha', { role: 'read-only' });
    bAdmin = await signIn(app, 'bravo', { role: 'school-admin' });
  }, 60_000);
  afterAll(() => app?.close());

  const as = (user: ConsoleUser) => consoleClient(app, user.token);
  const post = (user: ConsoleUser, path: string, body: unknown) => as(user).post(path, body);
  const stored = (tenant: Tenant, id: string) =>
    app.container.get(UnitOfWork).read((r) => r.tickets.findById(tenant.id, id));

  describe('another school', () => {
    it("lists none of bravo's categories, teams or rules, and never routes by them", async () => {
      const bCategory = await post(bAdmin, '/api/ticket-categories', { name: 'Bravo network' });
      expect(bCategory.status, bCategory.text).toBe(201);
      const bStaff = (await as(bAdmin).get('/api/people?kind=STAFF&pageSize=1')).json.people[0];
      const bTeam = await post(bAdmin, '/api/teams', { name: 'Bravo desk', memberIds: [bStaff.id] });
      expect(bTeam.status, bTeam.text).toBe(201);
      const bRule = await post(bAdmin, '/api/routing-rules', { teamId: bTeam.json.team.id, assignment: 'round_robin' });
      expect(bRule.status, bRule.text).toBe(201);

      for (const [path, key] of [
        ['/api/ticket-categories', 'categories'],
        ['/api/teams', 'teams'],
        ['/api/routing-rules', 'rules'],
      ] as const) {
        const list = await as(admin).get(path);
        expect(list.status, list.text).toBe(200);
        expect(list.json[key]).toEqual([]);
      }
      const before = await writeCounts(app.container, alpha.id);
      const bBefore = await writeCounts(app.container, bravo.id);
      expectProblem(await as(admin).patch(`/api/teams/${bTeam.json.team.id}`, { name: 'Mine' }), 404, 'not-found');
      expectProblem(
        await as(admin).send({ method: 'DELETE', path: `/api/routing-rules/${bRule.json.rule.id}` }),
        404,
        'not-found',
      );
      const rule = await post(admin, '/api/routing-rules', { teamId: bTeam.json.team.id, assignment: 'pick_up' });
      expectProblem(rule, 400, 'invalid-input');
      expect(pointersOf(rule)).toEqual(['/teamId']);
      expectProblem(
        await post(admin, '/api/tickets', { subject: 'x', body: 'y', categoryId: bCategory.json.category.id }),
        404,
        'not-found',
      );
      // A ticket of alpha's, with bravo's rule in place, goes nowhere: no team, no assignee.
      const ticket = await post(admin, '/api/tickets', { subject: 'Projector', body: 'No picture' });
      expect(ticket.status, ticket.text).toBe(201);
      expect(ticket.json.ticket).toMatchObject({ teamId: null, assigneeId: null, categoryId: null });
      expect((await writeCounts(app.container, alpha.id)).audit).toBe(before.audit + 1);
      // Bravo's own desk is untouched by alpha's attempts: nothing written there at all.
      expect((await as(bAdmin).get('/api/teams')).json.teams[0]).toMatchObject({ name: 'Bravo desk' });
      expect(await writeCounts(app.container, bravo.id)).toEqual(bBefore);
    });
  });

  describe('categories, teams and rules', () => {
    let network: string;
    let av: string;
    let desk: string;
    let classroom: string;

    it('adds categories and teams, audited, names unique, members staff of the school only', async () => {
      const made = await post(tech, '/api/ticket-categories', { name: 'Network' });
      expect(made.status, made.text).toBe(201);
      expect(made.json.category).toEqual({ id: expect.any(String), name: 'Network', createdAt: expect.any(String) });
      network = made.json.category.id;
      av = (await post(tech, '/api/ticket-categories', { name: 'Classroom AV' })).json.category.id;
      expectProblem(await post(tech, '/api/ticket-categories', { name: 'Network' }), 409, 'conflict');
      expect(
        (await as(reader).get('/api/ticket-categories')).json.categories.map((c: { name: string }) => c.name),
      ).toEqual(['Classroom AV', 'Network']);

      const bad = await post(tech, '/api/teams', {
        name: 'Desk',
        memberIds: [ann.id, pupil.id, leaver.id, ann.id, 'no-such-person'],
        awayIds: [cat.id],
      });
      expectProblem(bad, 400, 'invalid-input');
      expect(pointersOf(bad)).toEqual(['/memberIds/1', '/memberIds/2', '/memberIds/3', '/memberIds/4', '/awayIds/0']);
      const team = await post(tech, '/api/teams', {
        name: 'Desk',
        memberIds: [ann.id, ben.id, cat.id],
        awayIds: [ben.id],
      });
      expect(team.status, team.text).toBe(201);
      expect(team.json.team.members).toEqual([
        { personId: ann.id, name: 'Ann Tech', available: true },
        { personId: ben.id, name: 'Ben Tech', available: false },
        { personId: cat.id, name: 'Cat Tech', available: true },
      ]);
      desk = team.json.team.id;
      classroom = (await post(tech, '/api/teams', { name: 'Classroom', memberIds: [cat.id] })).json.team.id;
      expectProblem(await post(tech, '/api/teams', { name: 'Desk', memberIds: [] }), 409, 'conflict');
      const [entry] = await auditEntries(app.container, alpha.id, 'team.create');
      expect(entry).toMatchObject({
        actor: { type: 'user', id: tech.user.id },
        details: { name: 'Classroom', memberIds: [cat.id] },
      });
    });

    it('routes a new ticket by the first matching rule, in turn among the available members', async () => {
      // Tried in order: AV tickets to Classroom for pick-up; URGENT ones to the desk in turn; then anything to the desk.
      const r1 = await post(tech, '/api/routing-rules', { categoryId: av, teamId: classroom, assignment: 'pick_up' });
      expect(r1.status, r1.text).toBe(201);
      expect(r1.json.rule).toMatchObject({ position: 1, categoryId: av, requesterKind: null, priority: null });
      const r2 = await post(tech, '/api/routing-rules', { teamId: desk, assignment: 'round_robin' });
      const r0 = await post(tech, '/api/routing-rules', {
        requesterKind: 'PUPIL',
        priority: 'URGENT',
        teamId: classroom,
        assignment: 'round_robin',
        position: 1,
      });
      // Listed in the order they are tried: by position (r0 was put at 1, beside r1), r2 last.
      const listed = (await as(reader).get('/api/routing-rules')).json.rules as { id: string; position: number }[];
      expect(listed.map((r) => r.position)).toEqual([1, 1, 2]);
      expect(new Set(listed.slice(0, 2).map((r) => r.id))).toEqual(new Set([r0.json.rule.id, r1.json.rule.id]));
      expect(listed[2]!.id).toBe(r2.json.rule.id);

      const open = async (body: Record<string, unknown>) => {
        const reply = await post(admin, '/api/tickets', { subject: 'Help', body: 'Please', ...body });
        expect(reply.status, reply.text).toBe(201);
        return reply.json.ticket as { id: string; number: number; teamId: string; assigneeId: string | null };
      };
      // Ben is away: the desk's turns go Ann, Cat, Ann, Cat.
      const turns = [];
      for (let i = 0; i < 4; i++) turns.push((await open({ categoryId: network })).assigneeId);
      expect(turns).toEqual([ann.id, cat.id, ann.id, cat.id]);
      const av1 = await open({ categoryId: av });
      expect(av1).toMatchObject({ teamId: classroom, assigneeId: null, categoryId: av });
      const urgent = await open({ requesterId: pupil.id, priority: 'URGENT' });
      expect(urgent).toMatchObject({ teamId: classroom, assigneeId: cat.id });
      // The database holds what the answer said, and the audit names the rule that chose.
      expect(await stored(alpha, urgent.id)).toMatchObject({
        teamId: classroom,
        assigneeId: cat.id,
        priority: 'URGENT',
      });
      const created = (await auditEntries(app.container, alpha.id, 'ticket.create')).find(
        (e) => e.target === `ticket:${urgent.number}`,
      );
      expect(created?.details).toMatchObject({
        teamId: classroom,
        assigneeId: cat.id,
        routedBy: { id: r0.json.rule.id, assignment: 'round_robin' },
      });

      // Ben back, Cat away: the turn carries on from Cat, to Ann, then Ben.
      const back = await as(tech).patch(`/api/teams/${desk}`, { awayIds: [cat.id] });
      expect(back.status, back.text).toBe(200);
      expect(back.json.team.members.map((m: { available: boolean }) => m.available)).toEqual([true, true, false]);
      expect([(await open({})).assigneeId, (await open({})).assigneeId]).toEqual([ann.id, ben.id]);
      // Nobody available: the ticket waits with the team.
      await as(tech).patch(`/api/teams/${desk}`, { awayIds: [ann.id, ben.id, cat.id] });
      expect(await open({})).toMatchObject({ teamId: desk, assigneeId: null });
      // A member left out goes, away or not; those who stay keep whether they are away.
      const fewer = await as(tech).patch(`/api/teams/${desk}`, { memberIds: [ann.id, cat.id] });
      expect(fewer.status, fewer.text).toBe(200);
      expect(fewer.json.team.members).toEqual([
        { personId: ann.id, name: 'Ann Tech', available: false },
        { personId: cat.id, name: 'Cat Tech', available: false },
      ]);

      // Reassigned by hand to another team and category: audited as a ticket change.
      const moved = await as(tech).patch(`/api/tickets/${av1.id}`, { teamId: desk, categoryId: network });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.json.ticket).toMatchObject({ teamId: desk, categoryId: network });
      const [update] = await auditEntries(app.container, alpha.id, 'ticket.update');
      expect(update?.details).toMatchObject({
        from: { teamId: classroom, categoryId: av },
        to: { teamId: desk, categoryId: network },
      });
      expectProblem(await as(tech).patch(`/api/tickets/${av1.id}`, { teamId: 'no-such-team' }), 404, 'not-found');

      // The queue filters by team and by category.
      const byTeam = await as(reader).get(`/api/tickets?teamId=${classroom}&pageSize=100`);
      expect(byTeam.json.tickets.map((t: { id: string }) => t.id)).toEqual([urgent.id]);
      const byCategory = await as(reader).get(`/api/tickets?categoryId=${av}&pageSize=100`);
      expect(byCategory.json.tickets).toEqual([]);

      // A rule removed is tried no more.
      const removed = await as(tech).send({ method: 'DELETE', path: `/api/routing-rules/${r2.json.rule.id}` });
      expect(removed.status, removed.text).toBe(204);
      expect(await open({})).toMatchObject({ teamId: null, assigneeId: null });
      const [deleted] = await auditEntries(app.container, alpha.id, 'routing_rule.delete');
      expect(deleted).toMatchObject({ target: `routing_rule:${r2.json.rule.id}`, details: { teamId: desk } });
    });

    it('lets those who work the desk keep it; those who only see or open tickets may not', async () => {
      for (const user of [teacher, reader]) {
        const before = await writeCounts(app.container, alpha.id);
        expectProblem(await post(user, '/api/ticket-categories', { name: 'Nope' }), 403, 'forbidden');
        expectProblem(await post(user, '/api/teams', { name: 'Nope', memberIds: [] }), 403, 'forbidden');
        expectProblem(
          await post(user, '/api/routing-rules', { teamId: desk, assignment: 'pick_up' }),
          403,
          'forbidden',
        );
        expect(await writeCounts(app.container, alpha.id)).toEqual(before);
      }
      expectProblem(await as(teacher).get('/api/teams'), 403, 'forbidden');
      expect((await as(reader).get('/api/teams')).status).toBe(200);
    });

    it('keeps canned replies and fills one for a ticket: the requester, its number, a serial they hold, who replies', async () => {
      const bad = await post(tech, '/api/canned-replies', { title: 'Reset', body: 'Hello {requester}, {whoever}' });
      expectProblem(bad, 400, 'invalid-input');
      expect(pointersOf(bad)).toEqual(['/body']);
      expect(bad.json.errors[0].detail).toContain('{whoever} is no placeholder');
      const made = await post(tech, '/api/canned-replies', {
        title: 'Bring it in',
        body: 'Hello {requester}, please bring {serial} to room 2.14 about ticket {ticket}. {me}',
      });
      expect(made.status, made.text).toBe(201);
      expectProblem(await post(tech, '/api/canned-replies', { title: 'Bring it in', body: 'x' }), 409, 'conflict');
      const replyId = made.json.cannedReply.id as string;

      // Pia holds a device: its serial fills {serial}; the technician's name fills {me}.
      const serial = `PIA-${database}`;
      const device = await post(admin, '/api/devices', { serial, kind: 'LAPTOP' });
      expect(device.status, device.text).toBe(201);
      expect((await post(admin, `/api/devices/${device.json.device.id}/assign`, { personId: pupil.id })).status).toBe(
        200,
      );
      const ticket = (await post(admin, '/api/tickets', { subject: 'Broken', body: 'Key off', requesterId: pupil.id }))
        .json.ticket;
      const filled = await as(tech).get(`/api/tickets/${ticket.id}/canned-replies/${replyId}`);
      expect(filled.status, filled.text).toBe(200);
      expect(filled.json).toEqual({
        text: `Hello Pia Pupil, please bring ${serial} to room 2.14 about ticket ${ticket.number}. ${tech.user.name}`,
      });
      // Without a requester each placeholder reads as a plain phrase.
      const bare = (await post(admin, '/api/tickets', { subject: 'x', body: 'y' })).json.ticket;
      expect((await as(tech).get(`/api/tickets/${bare.id}/canned-replies/${replyId}`)).json.text).toBe(
        `Hello there, please bring your device to room 2.14 about ticket ${bare.number}. ${tech.user.name}`,
      );

      // Another school's reply is not found for alpha's ticket; those who do not work the desk may not.
      const theirs = await post(bAdmin, '/api/canned-replies', { title: 'Bravo', body: 'Hi {requester}' });
      expectProblem(
        await as(tech).get(`/api/tickets/${ticket.id}/canned-replies/${theirs.json.cannedReply.id}`),
        404,
        'not-found',
      );
      expect(
        (await as(tech).get('/api/canned-replies')).json.cannedReplies.map((c: { title: string }) => c.title),
      ).toEqual(['Bring it in']);
      expectProblem(await as(reader).get('/api/canned-replies'), 403, 'forbidden');
      expectProblem(await post(teacher, '/api/canned-replies', { title: 'T', body: 'x' }), 403, 'forbidden');

      const removed = await as(tech).send({ method: 'DELETE', path: `/api/canned-replies/${replyId}` });
      expect(removed.status, removed.text).toBe(204);
      expect((await as(tech).get('/api/canned-replies')).json.cannedReplies).toEqual([]);
      const [entry] = await auditEntries(app.container, alpha.id, 'canned_reply.delete');
      expect(entry).toMatchObject({ target: `canned_reply:${replyId}`, details: { title: 'Bring it in' } });
    });

    it('names each bad field (400) and writes nothing', async () => {
      const before = await writeCounts(app.container, alpha.id);
      const bad = await post(tech, '/api/routing-rules', {
        teamId: desk,
        assignment: 'someone',
        requesterKind: 'GUARDIAN',
        priority: 'SOON',
      });
      expectProblem(bad, 400, 'invalid-input');
      expect(pointersOf(bad).sort()).toEqual(['/assignment', '/priority', '/requesterKind']);
      const badName = await post(tech, '/api/ticket-categories', { name: '' });
      expect(pointersOf(badName)).toEqual(['/name']);
      expect(await writeCounts(app.container, alpha.id)).toEqual(before);
    });
  });
});
