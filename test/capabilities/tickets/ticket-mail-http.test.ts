/**
 * The help desk's e-mail to the people who ask (issue 30, point 3), over HTTP on SQLite and on
 * Postgres, through a real SMTP server on loopback: a new ticket acknowledged with its number, the
 * desk's public replies and the resolution in one thread (Message-ID, In-Reply-To, References, the
 * subject's token, Auto-Submitted as RFC 3834 says), internal notes never sent, a refusal tried
 * again and sent once, and the follow-ups of a ticket left waiting (one reminder, then closed with a
 * last message) or resolved past its reopen window. Another school reads none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../../src/domain/people/person.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { RunTicketMail } from '../../../src/domain/tickets/mail/run-ticket-mail.js';
import { TicketMailScheduler } from '../../../src/bootstrap/ticket-mail-scheduler.js';
import { resolveFrom } from '../../../src/bootstrap/container.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { aPerson } from '../../support/builders.js';
import { FixedClock } from '../../support/fakes/fixed-clock.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem } from '../../support/rest.js';
import { headerOf, startSmtp, type ReceivedMail, type TestSmtp } from '../../support/smtp.js';
import { auditEntries } from '../../support/tenant-data.js';
import { consoleClient, signIn, type ConsoleUser } from '../../support/console.js';

warnIfPostgresSkipped();

const databases: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];
const START = '2026-12-07T08:00:00.000Z';
const DAY = 24 * 3600_000;

const bodyOf = (m: ReceivedMail) => m.raw.slice(m.raw.indexOf('\r\n\r\n') + 4).replace(/=\r\n/g, '');

describe.each(databases)('ticket e-mail on %s', (database) => {
  let app: TestApp;
  let smtp: TestSmtp;
  let clock: FixedClock;
  let alpha: Tenant;
  let tech: ConsoleUser;
  let reader: ConsoleUser;
  let bAdmin: ConsoleUser;
  let rita: Person;
  let nomail: Person;

  beforeAll(async () => {
    smtp = await startSmtp();
    clock = new FixedClock(START);
    app = await startApp({
      database,
      clock,
      env: { LOG_LEVEL: 'warn', SMTP_URL: smtp.url, MAIL_FROM: 'desk@alpha.example' },
    });
    alpha = await app.tenant('alpha');
    await app.tenant('bravo');
    rita = aPerson({ name: 'Rita Requester', kind: 'STAFF', email: 'Rita@Alpha.example' });
    nomail = aPerson({ name: 'Nora Nomail', kind: 'PUPIL', email: null });
    await app.container.get(UnitOfWork).transaction((r) => r.people.insertMany(alpha.id, [rita, nomail]));
    tech = await signIn(app, 'alpha', { role: 'technician', name: 'Tom Tech' });
    reader = await signIn(app, 'alpha', { role: 'read-only' });
    bAdmin = await signIn(app, 'bravo', { role: 'school-admin' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const as = (user: ConsoleUser) => consoleClient(app, user.token);
  const run = () => resolveFrom(app.container)(RunTicketMail).execute();
  const open = async (requesterId: string, subject = 'Projector in 2.14') => {
    const reply = await as(tech).post('/api/tickets', { subject, body: 'No HDMI signal', requesterId });
    expect(reply.status, reply.text).toBe(201);
    return reply.json.ticket as { id: string; number: number };
  };
  const messagesOf = async (id: string) => (await as(tech).get(`/api/tickets/${id}/messages`)).json.messages;
  const mailOf = (number: number) =>
    smtp.received.filter((m) => (headerOf(m, 'Subject') ?? '').includes(`[#${number}]`));

  it('acknowledges, replies and resolves in one thread; internal notes never leave; the desk sees each delivery', async () => {
    const ticket = await open(rita.id);
    await run();
    const [ack] = await smtp.waitFor(1).then(() => mailOf(ticket.number));
    expect(ack!.to).toEqual(['rita@alpha.example']);
    expect(headerOf(ack!, 'Subject')).toBe(`[#${ticket.number}] Projector in 2.14`);
    // In the school's name, from the deployment's address.
    expect(headerOf(ack!, 'From')).toContain(alpha.name);
    expect(headerOf(ack!, 'From')).toContain('<desk@alpha.example>');
    expect(headerOf(ack!, 'Auto-Submitted')).toBe('auto-replied');
    const ackId = headerOf(ack!, 'Message-ID')!;
    expect(ackId).toMatch(new RegExp(`^<[^@<>]+\\.ticket-${ticket.number}@[^<>]+>$`));
    expect(bodyOf(ack!)).toContain(`It is ticket [#${ticket.number}]`);

    const note = await as(tech).post(`/api/tickets/${ticket.id}/comments`, {
      body: 'Lamp at end of life',
      internal: true,
    });
    expect(note.status).toBe(201);
    const reply = await as(tech).post(`/api/tickets/${ticket.id}/comments`, { body: 'A new lamp is on its way.' });
    expect(reply.status).toBe(201);
    expect((await as(tech).patch(`/api/tickets/${ticket.id}`, { status: 'OPEN' })).status).toBe(200);
    expect((await as(tech).patch(`/api/tickets/${ticket.id}`, { status: 'RESOLVED' })).status).toBe(200);
    await run();
    const thread = mailOf(ticket.number);
    expect(thread).toHaveLength(3);
    const [, answer, resolved] = thread;
    expect(headerOf(answer!, 'Subject')).toBe(`Re: [#${ticket.number}] Projector in 2.14`);
    expect(headerOf(answer!, 'In-Reply-To')).toBe(ackId);
    expect(headerOf(answer!, 'References')).toBe(ackId);
    // A person's reply is plain mail a person answers: no Auto-Submitted.
    expect(headerOf(answer!, 'Auto-Submitted')).toBeNull();
    expect(bodyOf(answer!)).toContain('A new lamp is on its way.');
    expect(bodyOf(answer!)).toContain('Tom Tech');
    expect(thread.map((m) => m.raw).join('\n')).not.toContain('Lamp at end of life');
    expect(headerOf(resolved!, 'Auto-Submitted')).toBe('auto-generated');
    expect(headerOf(resolved!, 'In-Reply-To')).toBe(headerOf(answer!, 'Message-ID'));
    expect(headerOf(resolved!, 'References')).toBe(`${ackId} ${headerOf(answer!, 'Message-ID')}`);
    expect(bodyOf(resolved!)).toContain('within 7 days');

    expect((await messagesOf(ticket.id)).map((m: { kind: string; status: string }) => [m.kind, m.status])).toEqual([
      ['received', 'sent'],
      ['reply', 'sent'],
      ['resolved', 'sent'],
    ]);
    // Run again: nothing is sent twice.
    await run();
    expect(mailOf(ticket.number)).toHaveLength(3);
    expectProblem(await as(reader).get(`/api/tickets/${ticket.id}/messages`), 403, 'forbidden');
    expectProblem(await consoleClient(app, bAdmin.token).get(`/api/tickets/${ticket.id}/messages`), 404, 'not-found');
  });

  it('writes to nobody without an address, and as the school chose', async () => {
    const silent = await open(nomail.id, 'Keyboard sticky');
    await as(tech).post(`/api/tickets/${silent.id}/comments`, { body: 'Bring it to the desk' });
    expect(await messagesOf(silent.id)).toEqual([]);

    const set = await as(tech).send({ method: 'PUT', path: '/api/settings/ticket-mail', body: { acknowledge: false } });
    expect(set.status, set.text).toBe(200);
    const quiet = await open(rita.id, 'Printer queue stuck');
    expect(await messagesOf(quiet.id)).toEqual([]);
    await as(tech).post(`/api/tickets/${quiet.id}/comments`, { body: 'Cleared it' });
    expect((await messagesOf(quiet.id)).map((m: { kind: string }) => m.kind)).toEqual(['reply']);

    await as(tech).send({ method: 'PUT', path: '/api/settings/ticket-mail', body: { enabled: false } });
    await as(tech).post(`/api/tickets/${quiet.id}/comments`, { body: 'And again' });
    expect(await messagesOf(quiet.id)).toHaveLength(1);
    await as(tech).send({ method: 'PUT', path: '/api/settings/ticket-mail', body: {} });
    await run();
  });

  it('tries a refused message again later and sends it once', async () => {
    smtp.refusing = true;
    const ticket = await open(rita.id, 'Wifi in the library');
    await run();
    const [first] = await messagesOf(ticket.id);
    expect(first).toMatchObject({ kind: 'received', status: 'pending', attempts: 1 });
    expect(first.error).toContain('451');
    smtp.refusing = false;
    await run(); // the retry waits five minutes
    expect(mailOf(ticket.number)).toHaveLength(0);
    clock.advance(5 * 60_000);
    await run();
    expect(mailOf(ticket.number)).toHaveLength(1);
    expect((await messagesOf(ticket.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    clock.set(START);
  });

  it('sends a backlog larger than one round in one tick of the scheduler', async () => {
    await run();
    const before = smtp.received.length;
    const many = 105; // more than one round sends (100)
    for (let i = 0; i < many; i++) await open(rita.id, `Backlog ${i}`);
    const scheduler = new TicketMailScheduler(app.container, 3_600_000);
    scheduler.start();
    await scheduler.stop(Infinity);
    await smtp.waitFor(before + many);
    expect(smtp.received.length - before).toBe(many);
  });

  it('reminds a requester once while the ticket waits, closes it after the school’s days, and closes resolved tickets quietly', async () => {
    const waiting = await open(rita.id, 'Password reset');
    const resolved = await open(rita.id, 'Mouse missing');
    for (const status of ['OPEN', 'PENDING']) await as(tech).patch(`/api/tickets/${waiting.id}`, { status });
    for (const status of ['OPEN', 'RESOLVED']) await as(tech).patch(`/api/tickets/${resolved.id}`, { status });
    await run();
    const sentBefore = mailOf(waiting.number).length;
    const uow = app.container.get(UnitOfWork);
    const kinds = async (id: string) =>
      (await uow.read((r) => r.ticketMessages.listForTicket(alpha.id, id))).map((m) => m.kind);

    clock.set(new Date(Date.parse(START) + 3 * DAY + 60_000));
    await run();
    await run();
    clock.advance(2 * 3600_000); // the next hour's look sends no second reminder
    await run();
    expect((await kinds(waiting.id)).filter((k) => k === 'waiting')).toHaveLength(1);
    expect(mailOf(waiting.number)).toHaveLength(sentBefore + 1);
    expect(bodyOf(mailOf(waiting.number).at(-1)!)).toContain('close it after 10 days');

    clock.set(new Date(Date.parse(START) + 10 * DAY + 60_000));
    await run();
    const stored = (id: string) => uow.read((r) => r.tickets.findById(alpha.id, id));
    expect((await stored(waiting.id))?.status).toBe('CLOSED');
    expect((await stored(resolved.id))?.status).toBe('CLOSED');
    expect((await kinds(waiting.id)).at(-1)).toBe('closed');
    expect((await kinds(resolved.id)).filter((k) => k === 'closed')).toEqual([]);
    const closes = (await auditEntries(app.container, alpha.id, 'ticket.update')).filter((e) =>
      [`ticket:${waiting.number}`, `ticket:${resolved.number}`].includes(e.target),
    );
    expect(closes.slice(0, 2).map((e) => [e.actor, e.details])).toEqual(
      expect.arrayContaining([
        [
          { type: 'system', id: 'ticket-mail' },
          { from: { status: 'PENDING' }, to: { status: 'CLOSED' }, reason: 'no answer from the requester' },
        ],
        [
          { type: 'system', id: 'ticket-mail' },
          { from: { status: 'RESOLVED' }, to: { status: 'CLOSED' }, reason: 'the reopen window is over' },
        ],
      ]),
    );
    expect(headerOf(mailOf(waiting.number).at(-1)!, 'Auto-Submitted')).toBe('auto-generated');
    clock.set(START);
  });
});
