/**
 * Service targets on the school's calendar (issue 30, point 5), over HTTP on SQLite and on Postgres,
 * with the clock held: the desk's hours and targets as school settings, closure days by hand and
 * from an iCalendar file, tickets' due times moving with each, the queue sorted and filtered by
 * them, and the job's warnings and breaches sent once each (events, and e-mail to the team through
 * a real SMTP server), with the metrics counting open and breached tickets per team. Another
 * school's closure days are neither listed, used nor removable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../../src/domain/people/person.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { CheckServiceTargets } from '../../../src/domain/tickets/service-targets/check-service-targets.js';
import { ServiceTargetScheduler } from '../../../src/bootstrap/service-target-scheduler.js';
import { resolveFrom } from '../../../src/bootstrap/container.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { aPerson } from '../../support/builders.js';
import { FixedClock } from '../../support/fakes/fixed-clock.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, invokeAction, pointersOf, send } from '../../support/rest.js';
import { startSmtp, type TestSmtp } from '../../support/smtp.js';
import { auditEntries } from '../../support/tenant-data.js';
import { consoleClient, signIn, type ConsoleUser } from '../../support/console.js';

warnIfPostgresSkipped();

const databases: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];

// Monday 7 December 2026, 09:00 in Amsterdam (the test schools' zone, UTC+1 in winter).
const MONDAY_9 = '2026-12-07T08:00:00.000Z';

const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//School MIS//Term dates//EN',
  'BEGIN:VEVENT',
  'UID:inset-2026-12-08@school.example',
  'DTSTAMP:20261101T000000Z',
  'DTSTART;VALUE=DATE:20261208',
  'DTEND;VALUE=DATE:20261209',
  'SUMMARY:INSET day',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:christmas-2026@school.example',
  'DTSTAMP:20261101T000000Z',
  'DTSTART;VALUE=DATE:20261221',
  'DTEND;VALUE=DATE:20270104',
  'SUMMARY:Christmas holidays',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe.each(databases)('service targets on %s', (database) => {
  let app: TestApp;
  let smtp: TestSmtp;
  let clock: FixedClock;
  let alpha: Tenant;
  let tech: ConsoleUser;
  let reader: ConsoleUser;
  let bAdmin: ConsoleUser;
  let ann: Person;
  let ben: Person;

  beforeAll(async () => {
    smtp = await startSmtp();
    clock = new FixedClock(MONDAY_9);
    app = await startApp({
      database,
      clock,
      env: { LOG_LEVEL: 'warn', SMTP_URL: smtp.url, MAIL_FROM: 'desk@school.example' },
    });
    alpha = await app.tenant('alpha');
    await app.tenant('bravo');
    ann = aPerson({ name: 'Ann Tech', kind: 'STAFF', email: 'ann@alpha.example' });
    ben = aPerson({ name: 'Ben Tech', kind: 'STAFF', email: 'ben@alpha.example' });
    await app.container.get(UnitOfWork).transaction((r) => r.people.insertMany(alpha.id, [ann, ben]));
    tech = await signIn(app, 'alpha', { role: 'technician' });
    reader = await signIn(app, 'alpha', { role: 'read-only' });
    bAdmin = await signIn(app, 'bravo', { role: 'school-admin' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const as = (user: ConsoleUser) => consoleClient(app, user.token);
  const put = (user: ConsoleUser, path: string, body: unknown) => as(user).send({ method: 'PUT', path, body });
  const ticketOf = async (id: string) => (await as(tech).get(`/api/tickets/${id}`)).json.ticket;
  const open = async (priority: string, subject = 'Projector in 2.14') => {
    const reply = await as(tech).post('/api/tickets', { subject, body: 'No HDMI signal', priority });
    expect(reply.status, reply.text).toBe(201);
    return reply.json.ticket;
  };
  const events = (kind: string) =>
    app.container
      .get(UnitOfWork)
      .read(async (r) => (await r.outbox.listAfter(alpha.id, 0, 1_000_000)).filter((e) => e.kind === kind));
  const importCalendar = (user: ConsoleUser, body: string, type = 'text/calendar') =>
    as(user).send({ method: 'POST', path: '/api/closure-days/import', body, headers: { 'content-type': type } });
  const resetCalendar = async () => {
    clock.set(MONDAY_9);
    for (const d of (await as(tech).get('/api/closure-days')).json.closureDays)
      expect((await as(tech).send({ method: 'DELETE', path: `/api/closure-days/${d.id}` })).status).toBe(204);
    expect((await put(tech, '/api/settings/business-hours', {})).status).toBe(200);
    expect((await put(tech, '/api/settings/service-targets', {})).status).toBe(200);
    clock.set(MONDAY_9);
  };

  describe('the desk’s hours and targets', () => {
    it('are school settings with defaults; kept by the desk, refused to a reader and named when wrong', async () => {
      const hours = await as(tech).get('/api/settings/business-hours');
      expect(hours.status, hours.text).toBe(200);
      expect(hours.json).toEqual({
        monday: { opens: '08:00', closes: '16:30' },
        tuesday: { opens: '08:00', closes: '16:30' },
        wednesday: { opens: '08:00', closes: '16:30' },
        thursday: { opens: '08:00', closes: '16:30' },
        friday: { opens: '08:00', closes: '16:30' },
        saturday: null,
        sunday: null,
      });
      const targets = await as(tech).get('/api/settings/service-targets');
      expect(targets.json).toMatchObject({
        enabled: true,
        URGENT: { firstResponseMinutes: 30, resolutionMinutes: 240 },
        NORMAL: { firstResponseMinutes: 240, resolutionMinutes: 1530 },
      });
      expectProblem(await as(reader).get('/api/settings/business-hours'), 403, 'forbidden');
      const bad = await put(tech, '/api/settings/business-hours', {
        monday: { opens: '16:30', closes: '08:00' },
        tuesday: { opens: '8am', closes: '25:00' },
      });
      expectProblem(bad, 400, 'invalid-input');
      expect(pointersOf(bad).sort()).toEqual(['/monday/closes', '/tuesday/closes', '/tuesday/opens']);
      const shut = await put(tech, '/api/settings/business-hours', {
        monday: null,
        tuesday: null,
        wednesday: null,
        thursday: null,
        friday: null,
      });
      expectProblem(shut, 400, 'invalid-input');
      expect(pointersOf(shut)).toEqual(['/monday']);
      expectProblem(
        await put(tech, '/api/settings/service-targets', { URGENT: { firstResponseMinutes: 0 } }),
        400,
        'invalid-input',
      );
    });

    it('give a new ticket due times in school hours, moved when the hours or the targets change', async () => {
      await resetCalendar();
      const ticket = await open('URGENT');
      // 09:00 + 30 minutes; + 240 minutes: 13:00, Amsterdam time.
      expect(ticket).toMatchObject({
        firstResponseDueAt: '2026-12-07T08:30:00.000Z',
        firstRespondedAt: null,
        resolutionDueAt: '2026-12-07T12:00:00.000Z',
      });
      // The desk closes at 10:00 on Mondays now: one hour today, three on Tuesday from 08:00.
      const set = await put(tech, '/api/settings/business-hours', { monday: { opens: '08:00', closes: '10:00' } });
      expect(set.status, set.text).toBe(200);
      expect(await ticketOf(ticket.id)).toMatchObject({
        firstResponseDueAt: '2026-12-07T08:30:00.000Z',
        resolutionDueAt: '2026-12-08T10:00:00.000Z',
      });
      expect((await auditEntries(app.container, alpha.id, 'settings.business-hours.set'))[0]).toMatchObject({
        details: { to: { monday: { opens: '08:00', closes: '10:00' } } },
      });
      // Targets off: no due times at all, and nothing to check.
      expect((await put(tech, '/api/settings/service-targets', { enabled: false })).status).toBe(200);
      expect(await ticketOf(ticket.id)).toMatchObject({ firstResponseDueAt: null, resolutionDueAt: null });
      expect((await put(tech, '/api/settings/service-targets', {})).status).toBe(200);
      expect(await ticketOf(ticket.id)).toMatchObject({ resolutionDueAt: '2026-12-08T10:00:00.000Z' });
    });
  });

  describe('closure days', () => {
    it('by hand: a snow day moves due times past it; listed by whoever reads the queue; only the school’s own removed', async () => {
      await resetCalendar();
      const ticket = await open('HIGH');
      // HIGH: 510 minutes, a working day: Tuesday 09:00.
      expect(ticket.resolutionDueAt).toBe('2026-12-08T08:00:00.000Z');
      const snow = await as(tech).post('/api/closure-days', { name: 'Snow day', startsOn: '2026-12-08' });
      expect(snow.status, snow.text).toBe(201);
      expect(snow.json.closureDay).toEqual({
        id: expect.any(String),
        name: 'Snow day',
        startsOn: '2026-12-08',
        endsOn: '2026-12-08',
        uid: null,
        createdAt: MONDAY_9,
      });
      expect((await ticketOf(ticket.id)).resolutionDueAt).toBe('2026-12-09T08:00:00.000Z');
      expect((await as(reader).get('/api/closure-days')).json.closureDays).toEqual([snow.json.closureDay]);
      expect((await consoleClient(app, bAdmin.token).get('/api/closure-days')).json.closureDays).toEqual([]);
      // Another school's administrator cannot remove it; a reader cannot add one.
      const foreign = await consoleClient(app, bAdmin.token).send({
        method: 'DELETE',
        path: `/api/closure-days/${snow.json.closureDay.id}`,
      });
      expectProblem(foreign, 404, 'not-found');
      expectProblem(
        await as(reader).post('/api/closure-days', { name: 'x', startsOn: '2026-12-09' }),
        403,
        'forbidden',
      );
      const backwards = await as(tech).post('/api/closure-days', {
        name: 'x',
        startsOn: '2026-12-09',
        endsOn: '2026-12-01',
      });
      expect(pointersOf(backwards)).toEqual(['/endsOn']);
      expect(pointersOf(await as(tech).post('/api/closure-days', { name: 'x', startsOn: '2026-02-30' }))).toEqual([
        '/startsOn',
      ]);
      const removed = await as(tech).send({ method: 'DELETE', path: `/api/closure-days/${snow.json.closureDay.id}` });
      expect(removed.status).toBe(204);
      expect((await ticketOf(ticket.id)).resolutionDueAt).toBe('2026-12-08T08:00:00.000Z');
      expect((await auditEntries(app.container, alpha.id, 'closure_day.delete'))[0]).toMatchObject({
        details: { name: 'Snow day', movedTickets: expect.any(Number) },
      });
    });

    it('from the school’s calendar file: each event once, updated when imported again; a bad file imports nothing', async () => {
      await resetCalendar();
      const ticket = await open('HIGH');
      const first = await importCalendar(tech, CALENDAR);
      expect(first.status, first.text).toBe(200);
      expect(first.json).toEqual({
        imported: 2,
        from: '2025-12-06',
        until: '2028-12-08',
        movedTickets: expect.any(Number),
      });
      // The INSET day on Tuesday: due on Wednesday instead.
      expect((await ticketOf(ticket.id)).resolutionDueAt).toBe('2026-12-09T08:00:00.000Z');
      const again = await importCalendar(tech, CALENDAR.replace('INSET day', 'Staff training'));
      expect(again.status, again.text).toBe(200);
      const days = (await as(tech).get('/api/closure-days')).json.closureDays;
      expect(
        days.map((d: { name: string; startsOn: string; endsOn: string; uid: string }) => [
          d.name,
          d.startsOn,
          d.endsOn,
          d.uid,
        ]),
      ).toEqual([
        ['Staff training', '2026-12-08', '2026-12-08', 'inset-2026-12-08@school.example'],
        ['Christmas holidays', '2026-12-21', '2027-01-03', 'christmas-2026@school.example'],
      ]);
      expectProblem(
        await importCalendar(tech, JSON.stringify({ calendar: CALENDAR }), 'application/json'),
        415,
        'unsupported-media-type',
      );
      const garbage = await importCalendar(tech, 'this is not a calendar');
      expectProblem(garbage, 400, 'invalid-input');
      expect(pointersOf(garbage)).toEqual(['/calendar']);
      expectProblem(await importCalendar(reader, CALENDAR), 403, 'forbidden');
      expect((await as(tech).get('/api/closure-days')).json.closureDays).toHaveLength(2);
      expect((await consoleClient(app, bAdmin.token).get('/api/closure-days')).json.closureDays).toEqual([]);
    });
  });

  describe('the clock', () => {
    it('stops while the ticket waits on the requester: its due time stays as it was and it is not breached', async () => {
      await resetCalendar();
      const ticket = await open('URGENT');
      clock.set('2026-12-07T09:00:00.000Z'); // 10:00: one hour of 240 used
      expect((await as(tech).patch(`/api/tickets/${ticket.id}`, { status: 'OPEN' })).status).toBe(200);
      const waiting = (await as(tech).patch(`/api/tickets/${ticket.id}`, { status: 'PENDING' })).json.ticket;
      expect(waiting).toMatchObject({
        firstRespondedAt: '2026-12-07T09:00:00.000Z',
        resolutionDueAt: '2026-12-07T12:00:00.000Z',
      });
      clock.set('2026-12-07T15:00:00.000Z'); // 16:00, past the old due time (the sessions last 12 hours)
      const breached = (await as(tech).get('/api/tickets?breached=true&pageSize=100')).json.tickets;
      expect(breached.map((t: { id: string }) => t.id)).not.toContain(ticket.id);
      const back = (await as(tech).patch(`/api/tickets/${ticket.id}`, { status: 'OPEN' })).json.ticket;
      // 180 minutes left from 16:00: half an hour today, the rest from 08:00 on Tuesday: 10:30.
      expect(back.resolutionDueAt).toBe('2026-12-08T09:30:00.000Z');
    });

    it('sorts the queue by due time and filters what is past a target', async () => {
      await resetCalendar();
      const low = await open('LOW', 'Mouse missing');
      const urgent = await open('URGENT', 'Server room alarm');
      const normal = await open('NORMAL', 'Printer offline');
      const byDue = (await as(reader).get('/api/tickets?sort=due&status=NEW&pageSize=100')).json.tickets as {
        id: string;
      }[];
      const order = byDue.map((t) => t.id).filter((id) => [low.id, urgent.id, normal.id].includes(id));
      expect(order).toEqual([urgent.id, normal.id, low.id]);
      clock.set('2026-12-07T08:45:00.000Z'); // 09:45: the urgent ticket's half hour is gone
      const past = (await as(reader).get('/api/tickets?breached=true&pageSize=100')).json.tickets as { id: string }[];
      expect(past.map((t) => t.id)).toContain(urgent.id);
      expect(past.map((t) => t.id)).not.toContain(normal.id);
      // The tool says the same as the route, to a key that reads tickets.
      const key = (await app.key('alpha', ['ticket.view'])).key;
      const tool = await invokeAction(app.port, key, 'tickets.list', { breached: true, pageSize: 100 });
      expect(tool.status, tool.text).toBe(200);
      expect(tool.json.result.tickets.map((t: { id: string }) => t.id)).toEqual(past.map((t) => t.id));
    });
  });

  describe('the job', () => {
    it('warns at 80 % and reports the breach, each once, to the team by e-mail; the metrics count per team', async () => {
      await resetCalendar();
      const team = await as(tech).post('/api/teams', { name: `Desk ${database}`, memberIds: [ann.id, ben.id] });
      expect(team.status, team.text).toBe(201);
      const teamId = team.json.team.id as string;
      const rule = await as(tech).post('/api/routing-rules', { teamId, assignment: 'pick_up', priority: 'URGENT' });
      expect(rule.status, rule.text).toBe(201);
      const ticket = await open('URGENT', 'Whiteboard dead in the hall');
      expect(ticket.teamId).toBe(teamId);
      const job = resolveFrom(app.container)(CheckServiceTargets);
      const warningsBefore = (await events('ticket.sla_warning')).length;
      const breachesBefore = (await events('ticket.sla_breached')).length;
      const mailBefore = smtp.received.length;

      clock.set('2026-12-07T08:23:00.000Z'); // 23 of 30 minutes: not yet 80 %
      await job.execute();
      expect((await events('ticket.sla_warning')).length).toBe(warningsBefore);

      clock.set('2026-12-07T08:24:00.000Z'); // 24 minutes: the first-response warning
      await job.execute();
      await job.execute();
      // Other schools' and other tickets' alarms are theirs: this ticket's, once.
      const mine = (e: { payload: Record<string, unknown> }) => (e.payload.ticket as { id: string }).id === ticket.id;
      const warnings = (await events('ticket.sla_warning')).slice(warningsBefore).filter(mine);
      expect(warnings.map((e) => e.payload)).toEqual([
        {
          ticket: { id: ticket.id, number: ticket.number, status: 'NEW', priority: 'URGENT', assigneeId: null, teamId },
          target: 'firstResponse',
          dueAt: '2026-12-07T08:30:00.000Z',
        },
      ]);
      const [warned] = await smtp.waitFor(mailBefore + 1);
      const mail = smtp.received.slice(mailBefore);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.to.sort()).toEqual(['ann@alpha.example', 'ben@alpha.example']);
      expect(mail[0]!.subject).toBe(
        `[Desk] Ticket #${ticket.number}: its first answer is due 7 December 2026 at 09:30`,
      );
      expect(warned).toBeDefined();

      clock.set('2026-12-07T08:30:00.000Z'); // due: the breach, once
      await job.execute();
      await job.execute();
      const breaches = (await events('ticket.sla_breached')).slice(breachesBefore).filter(mine);
      expect(breaches.map((e) => [e.payload.target, (e.payload.ticket as { id: string }).id])).toEqual([
        ['firstResponse', ticket.id],
      ]);
      await smtp.waitFor(mailBefore + 2);
      expect(smtp.received[mailBefore + 1]!.subject).toBe(
        `[Desk] Ticket #${ticket.number} is past its first answer target`,
      );

      // Answered: the first-response target is met late, the resolution clock still runs.
      expect((await as(tech).post(`/api/tickets/${ticket.id}/comments`, { body: 'On my way' })).status).toBe(201);
      expect(await ticketOf(ticket.id)).toMatchObject({ firstRespondedAt: '2026-12-07T08:30:00.000Z' });

      // Every instance sets the gauges from the database: this school's team, one open, none past due.
      const scheduler = new ServiceTargetScheduler(app.container, 60_000);
      scheduler.start();
      await scheduler.stop(Infinity);
      const scrape = await send(app.port, { path: '/api/metrics' });
      expect(scrape.text).toContain(`desk_tickets_open{team="${teamId}"} 1`);
      expect(scrape.text).toContain(`desk_tickets_breached{team="${teamId}"} 0`);
      clock.set('2026-12-07T12:00:00.000Z'); // 13:00: the resolution's 240 minutes are gone
      const again = new ServiceTargetScheduler(app.container, 60_000);
      again.start();
      await again.stop(Infinity);
      const later = await send(app.port, { path: '/api/metrics' });
      expect(later.text).toContain(`desk_tickets_breached{team="${teamId}"} 1`);
      expect(
        (await events('ticket.sla_breached'))
          .slice(breachesBefore)
          .filter(mine)
          .map((e) => e.payload.target),
      ).toEqual(['firstResponse', 'resolution']);
    });
  });
});
