/**
 * The requester portal over HTTP (issue 30, point 1), on SQLite and on Postgres, with the real SMTP
 * server on loopback: a one-use sign-in link (15 minutes, rate-limited, never telling whether an
 * address is known), a console session standing for the person it is, and a requester's own things
 * only — their tickets (open, follow, answer, attach, reopen inside the window), repairs, loans,
 * bookings and devices, a teacher filing for a pupil of their loan groups. Isolation is tested route
 * by route: another requester's ids are 404, another school's session is refused, a leaver signs out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../../src/domain/people/person.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { Secrets } from '../../../src/ports/secrets.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { resolveFrom } from '../../../src/bootstrap/container.js';
import { RunTicketMail } from '../../../src/domain/tickets/mail/run-ticket-mail.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { aDevice, aGroup, aLoan, aPerson } from '../../support/builders.js';
import { consoleClient, login, signIn, type ConsoleUser } from '../../support/console.js';
import { FixedClock } from '../../support/fakes/fixed-clock.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, send, type Reply, type RequestOptions } from '../../support/rest.js';
import { headerOf, startSmtp, textOf, type TestSmtp } from '../../support/smtp.js';
import { auditEntries } from '../../support/tenant-data.js';

warnIfPostgresSkipped();

const databases: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];
const START = '2026-12-07T08:00:00.000Z';

const cookieOf = (reply: Reply, name: string): string | undefined => {
  const lines = ([] as string[]).concat(reply.headers['set-cookie'] ?? []);
  const line = lines.find((l) => l.startsWith(`${name}=`));
  return line?.slice(name.length + 1, line.indexOf(';'));
};

describe.each(databases)('the requester portal on %s', (database) => {
  let app: TestApp;
  let smtp: TestSmtp;
  let clock: FixedClock;
  let alpha: Tenant;
  let bravo: Tenant;
  let admin: ConsoleUser;
  let tech: ConsoleUser;
  let teacher: ConsoleUser;
  let pia: Person;
  let pete: Person;
  let outsider: Person;
  let ms: Person;
  let leaver: Person;
  let bPupil: Person;
  let piaLoan: string;
  let peteLoan: string;
  let outsiderLoan: string;
  let piaDevice: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    clock = new FixedClock(START);
    app = await startApp({
      database,
      clock,
      env: { LOG_LEVEL: 'warn', SMTP_URL: smtp.url, MAIL_FROM: 'desk@alpha.example' },
    });
    alpha = await app.tenant('alpha');
    bravo = await app.tenant('bravo');
    pia = aPerson({ name: 'Pia Pupil', kind: 'PUPIL', email: 'pia@alpha.example', userGroup: '7F' });
    pete = aPerson({ name: 'Pete Pupil', kind: 'PUPIL', email: 'pete@alpha.example', userGroup: '7F' });
    outsider = aPerson({ name: 'Olly Other', kind: 'PUPIL', email: 'olly@alpha.example', userGroup: '9C' });
    ms = aPerson({ name: 'Ms Fox', kind: 'STAFF', email: 'fox@alpha.example' });
    leaver = aPerson({ name: 'Lee Leaver', kind: 'PUPIL', email: 'lee@alpha.example' });
    bPupil = aPerson({ name: 'Bea Bravo', kind: 'PUPIL', email: 'bea@bravo.example' });
    const cart = aGroup({ name: '7F cart' });
    const other = aGroup({ name: 'Library' });
    const due = '2026-12-20';
    const issued = { status: 'ISSUED' as const, issuedAt: START, dueDate: due };
    const loans = [
      aLoan(cart.id, { ...issued, holderId: pia.id, serial: 'LN-PIA-1' }),
      aLoan(cart.id, { ...issued, holderId: pete.id, serial: 'LN-PETE-1', dueDate: '2026-12-01' }),
      aLoan(other.id, { ...issued, holderId: outsider.id, serial: 'LN-OLLY-1' }),
    ];
    [piaLoan, peteLoan, outsiderLoan] = loans.map((l) => l.serial) as [string, string, string];
    const device = aDevice({ serial: 'DEV-PIA-9', kind: 'CHROMEBOOK', status: 'IN_USE', assignedPersonId: pia.id });
    piaDevice = device.serial;
    await app.container.get(UnitOfWork).transaction(async (r) => {
      await r.people.insertMany(alpha.id, [pia, pete, outsider, ms, leaver]);
      await r.people.insertMany(bravo.id, [bPupil]);
      await r.loanGroups.insertMany(alpha.id, [cart, other]);
      await r.loans.insertMany(alpha.id, loans);
      await r.devices.insertMany(alpha.id, [device]);
    });
    admin = await signIn(app, 'alpha', { role: 'school-admin', name: 'Ada Admin' });
    tech = await signIn(app, 'alpha', { role: 'technician', name: 'Tom Tech' });
    teacher = await signIn(app, 'alpha', {
      role: 'teacher',
      name: 'Ms Fox',
      email: 'fox@alpha.example',
      loanGroupIds: [cart.id],
    });
    const on = await consoleClient(app, admin.token).send({
      method: 'PUT',
      path: '/api/settings/portal',
      body: { enabled: true, signInLinks: true, maxFileBytes: 65536 },
    });
    expect(on.status, on.text).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const as = (user: ConsoleUser) => consoleClient(app, user.token);
  const portal = (cookie: string | undefined) => {
    const call = (o: RequestOptions) =>
      send(app.port, { ...o, headers: { ...(cookie ? { cookie: `desk_portal=${cookie}` } : {}), ...o.headers } });
    return {
      get: (path: string, o: Partial<RequestOptions> = {}) => call({ ...o, path }),
      post: (path: string, body?: unknown, o: Partial<RequestOptions> = {}) =>
        call({ method: 'POST', ...o, path, body }),
    };
  };
  const askLink = (email: string, o: Partial<RequestOptions> = {}) =>
    send(app.port, { method: 'POST', path: '/api/portal/sign-in-link', body: { email, school: 'alpha' }, ...o });
  /** The token of the last sign-in link mailed to `to`. */
  const linkTo = (to: string): string | null => {
    const mail = [...smtp.received].reverse().find((m) => m.to.includes(to) && m.raw.includes('sign-in link'));
    return mail ? (/#token=([\w-]+)/.exec(textOf(mail))?.[1] ?? null) : null;
  };
  /** Signs the person in with a mailed link, as the portal page does, and answers the portal cookie. */
  const signInAs = async (p: Person): Promise<string> => {
    const count = smtp.received.length;
    expect((await askLink(p.email!)).status).toBe(200);
    await smtp.waitFor(count + 1);
    const reply = await send(app.port, {
      method: 'POST',
      path: '/api/portal/sign-in',
      body: { token: linkTo(p.email!.toLowerCase()) },
    });
    expect(reply.status, reply.text).toBe(200);
    const cookie = cookieOf(reply, 'desk_portal');
    expect(cookie).toBeTruthy();
    return cookie!;
  };

  let piaCookie: string;
  let peteCookie: string;

  it('mails a one-use link valid 15 minutes, and answers alike whether or not the address is known', async () => {
    const before = smtp.received.length;
    const known = await askLink('PIA@alpha.example');
    const unknown = await askLink('nobody@alpha.example');
    const leaverAsks = await askLink('nobody-else@alpha.example');
    for (const reply of [known, unknown, leaverAsks]) expect(reply.status, reply.text).toBe(200);
    expect(unknown.json).toEqual(known.json);
    await smtp.waitFor(before + 1);
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['pia@alpha.example']);
    const token = linkTo('pia@alpha.example')!;
    expect(textOf(mail)).toContain(`/portal/sign-in?school=alpha#token=${token}`);
    expect(mail.raw).toMatch(/Auto-Submitted: auto-generated/);

    const spend = () => send(app.port, { method: 'POST', path: '/api/portal/sign-in', body: { token } });
    const first = await spend();
    expect(first.status, first.text).toBe(200);
    expect(([] as string[]).concat(first.headers['set-cookie'] ?? []).join()).toMatch(/desk_portal=[^;]+;.*httponly/i);
    piaCookie = cookieOf(first, 'desk_portal')!;
    expectProblem(await spend(), 401, 'unauthorized');
    const me = await portal(piaCookie).get('/api/portal/me');
    expect(me.status, me.text).toBe(200);
    expect(me.json).toMatchObject({
      person: { id: pia.id, name: 'Pia Pupil', kind: 'PUPIL' },
      school: { slug: 'alpha' },
      via: 'link',
      offers: { tickets: true, repairs: true, loans: true },
      pupils: [],
      maxFileBytes: 65536,
    });
    expect((await auditEntries(app.container, alpha.id, 'portal.sign_in'))[0]).toMatchObject({
      actor: { type: 'person', id: pia.id },
    });
    // Only hashes are stored: the cookie as it is finds no session, its hash finds Pia's.
    const secrets = app.container.get(Secrets);
    const stored = await app.container.get(UnitOfWork).read(async (r) => ({
      session: await r.portal.findSession(piaCookie),
      hashed: await r.portal.findSession(secrets.hash(piaCookie)),
    }));
    expect(stored.session).toBeNull();
    expect(stored.hashed?.session.personId).toBe(pia.id);

    // A link past its 15 minutes signs nobody in.
    const count = smtp.received.length;
    await askLink(pete.email!);
    await smtp.waitFor(count + 1);
    const late = linkTo(pete.email!)!;
    clock.advance(16 * 60_000);
    expectProblem(
      await send(app.port, { method: 'POST', path: '/api/portal/sign-in', body: { token: late } }),
      401,
      'unauthorized',
    );
    peteCookie = await signInAs(pete);
  });

  it('refuses links where the school has them off, for a leaver, and past the limits; a bad body names its field', async () => {
    expectProblem(await askLink('not-an-address'), 400, 'invalid-input');
    const before = smtp.received.length;
    // A leaver is no requester: the same answer, no mail.
    await app.container.get(UnitOfWork).transaction((r) => r.people.update(alpha.id, { ...leaver, archivedAt: START }));
    expect((await askLink(leaver.email!)).status).toBe(200);
    // Three links an address in 15 minutes; the fourth is silently not sent.
    for (let i = 0; i < 3; i++) expect((await askLink(outsider.email!)).status).toBe(200);
    await smtp.waitFor(before + 3);
    expect((await askLink(outsider.email!)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.slice(before).map((m) => m.to[0])).toEqual(Array(3).fill('olly@alpha.example'));
  });

  it('lets a member of staff in by their console session, as the person with their address', async () => {
    const me = await portal(undefined).get('/api/portal/me', { headers: { authorization: `Bearer ${teacher.token}` } });
    expect(me.status, me.text).toBe(200);
    expect(me.json.person).toMatchObject({ id: ms.id, name: 'Ms Fox', kind: 'STAFF' });
    expect(me.json.via).toBe('console');
    // A teacher may file for the pupils holding loaners of their loan groups, and nobody else.
    expect(me.json.pupils.map((p: { name: string }) => p.name)).toEqual(['Pete Pupil', 'Pia Pupil']);
    const noPerson = await portal(undefined).get('/api/portal/me', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expectProblem(noPerson, 401, 'unauthorized');
    expect(noPerson.json.detail).toMatch(/not a person of the school/);
    expectProblem(await portal(undefined).get('/api/portal/me'), 401, 'unauthorized');
    expectProblem(await portal('not-a-session').get('/api/portal/me'), 401, 'unauthorized');
  });

  let ticketId: string;

  it('opens a ticket through the routing of every channel, and the requester follows its public conversation only', async () => {
    const opened = await portal(piaCookie).post('/api/portal/tickets', {
      subject: 'My screen is cracked',
      body: 'It fell off the desk in maths.',
    });
    expect(opened.status, opened.text).toBe(201);
    ticketId = opened.json.ticket.id;
    expect(opened.json.ticket).toMatchObject({
      status: 'NEW',
      canReply: true,
      comments: [],
      files: [],
      assignee: null,
    });
    // The desk sees it as any ticket, with Pia as requester.
    const desk = await as(tech).get(`/api/tickets/${ticketId}`);
    expect(desk.json.ticket.requesterId).toBe(pia.id);
    expect((await auditEntries(app.container, alpha.id, 'ticket.create'))[0]?.actor).toMatchObject({
      type: 'person',
      id: pia.id,
    });

    // The acknowledgement links to the ticket's page in the portal (a shared address: the school named).
    const sent = smtp.received.length;
    await resolveFrom(app.container)(RunTicketMail).execute();
    await smtp.waitFor(sent + 1);
    const ack = smtp.received.slice(sent).find((m) => m.to.includes('pia@alpha.example'))!;
    expect(textOf(ack)).toContain(`/portal/tickets/${ticketId}?school=alpha`);

    // A photo, as its own body.
    const photo = Buffer.from('\xff\xd8\xff\xe0 not really a jpeg', 'latin1');
    const file = await portal(piaCookie).post(
      `/api/portal/tickets/${ticketId}/attachments?name=../../crack.jpg`,
      photo,
      {
        headers: { 'content-type': 'image/jpeg' },
      },
    );
    expect(file.status, file.text).toBe(201);
    expect(file.json.file).toMatchObject({ name: 'crack.jpg', contentType: 'image/jpeg', size: photo.length });
    const tooBig = await portal(piaCookie).post(
      `/api/portal/tickets/${ticketId}/attachments?name=big.bin`,
      Buffer.alloc(70_000),
      {
        headers: { 'content-type': 'application/octet-stream' },
      },
    );
    expectProblem(tooBig, 400, 'invalid-input');
    const got = await portal(piaCookie).get(`/api/portal/tickets/${ticketId}/attachments/${file.json.file.id}`);
    expect(got.status).toBe(200);
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="crack.jpg"/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');

    // The desk answers, notes something internal (with a file of its own), assigns and waits on Pia.
    const tomAsPerson = aPerson({ name: 'Tom Tech', kind: 'STAFF', email: tech.email });
    await app.container.get(UnitOfWork).transaction((r) => r.people.insertMany(alpha.id, [tomAsPerson]));
    expect(
      (await as(tech).patch(`/api/tickets/${ticketId}`, { assigneeId: tomAsPerson.id, status: 'OPEN' })).status,
    ).toBe(200);
    expect(
      (await as(tech).post(`/api/tickets/${ticketId}/comments`, { body: 'Can you bring it at break?' })).status,
    ).toBe(201);
    expect(
      (await as(tech).post(`/api/tickets/${ticketId}/comments`, { body: 'Insurance claim #77', internal: true }))
        .status,
    ).toBe(201);
    expect((await as(tech).patch(`/api/tickets/${ticketId}`, { status: 'PENDING' })).status).toBe(200);
    const seen = await portal(piaCookie).get(`/api/portal/tickets/${ticketId}`);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.text).not.toContain('Insurance claim');
    expect(seen.json.ticket).toMatchObject({ status: 'PENDING', assignee: { name: 'Tom Tech' } });
    expect(
      seen.json.ticket.comments.map((c: { author: { name: string }; body: string }) => [c.author.name, c.body]),
    ).toEqual([['Tom Tech', 'Can you bring it at break?']]);
    expect(seen.json.ticket.files.map((f: { name: string }) => f.name)).toEqual(['crack.jpg']);
    // No staff id or address reaches the requester.
    expect(seen.text).not.toContain(tomAsPerson.id);
    expect(seen.text).not.toContain(tech.email);
  });

  it("answers 404 for another requester's ticket on every route, and lists only one's own", async () => {
    const list = await portal(peteCookie).get('/api/portal/tickets');
    expect(list.status).toBe(200);
    expect(list.json.tickets.map((t: { id: string }) => t.id)).not.toContain(ticketId);
    const files = (await portal(piaCookie).get(`/api/portal/tickets/${ticketId}`)).json.ticket.files;
    const pete = portal(peteCookie);
    const routes: [string, () => Promise<Reply>][] = [
      ['GET ticket', () => pete.get(`/api/portal/tickets/${ticketId}`)],
      ['POST comment', () => pete.post(`/api/portal/tickets/${ticketId}/comments`, { body: 'Mine now' })],
      [
        'POST attachment',
        () =>
          pete.post(`/api/portal/tickets/${ticketId}/attachments?name=x.txt`, 'x', {
            headers: { 'content-type': 'text/plain' },
          }),
      ],
      ['GET file', () => pete.get(`/api/portal/tickets/${ticketId}/attachments/${files[0].id}`)],
    ];
    for (const [name, call] of routes) {
      const reply = await call();
      expect({ name, status: reply.status }).toEqual({ name, status: 404 });
      expect(reply.text).not.toContain('cracked');
    }
    // Nothing was written by the refused calls.
    const desk = await as(tech).get(`/api/tickets/${ticketId}/comments`);
    expect(desk.json.comments.map((c: { body: string }) => c.body)).not.toContain('Mine now');
    // The same id from another school's requester: their own school has no such ticket.
    expect(
      await portal(piaCookie)
        .get('/api/portal/tickets/no-such-id')
        .then((r) => r.status),
    ).toBe(404);
  });

  it("refuses a session in another school's name, and signs a leaver out", async () => {
    // Pia's cookie, sent to bravo by name: refused, not answered as bravo.
    expectProblem(
      await portal(piaCookie).get('/api/portal/me', { headers: { 'x-tenant-slug': 'bravo' } }),
      401,
      'unauthorized',
    );
    const bravoOn = await signIn(app, 'bravo', { role: 'school-admin' });
    await as(bravoOn).send({ method: 'PUT', path: '/api/settings/portal', body: { enabled: true, signInLinks: true } });
    const count = smtp.received.length;
    await send(app.port, {
      method: 'POST',
      path: '/api/portal/sign-in-link',
      body: { email: bPupil.email, school: 'bravo' },
    });
    await smtp.waitFor(count + 1);
    const bea = await send(app.port, {
      method: 'POST',
      path: '/api/portal/sign-in',
      body: { token: linkTo(bPupil.email!) },
    });
    const beaCookie = cookieOf(bea, 'desk_portal');
    expect((await portal(beaCookie).get(`/api/portal/tickets/${ticketId}`)).status).toBe(404);
    expect((await portal(beaCookie).get('/api/portal/tickets')).json.total).toBe(0);

    const lee = aPerson({ name: 'Liv Leaving', kind: 'PUPIL', email: 'liv@alpha.example' });
    await app.container.get(UnitOfWork).transaction((r) => r.people.insertMany(alpha.id, [lee]));
    const livCookie = await signInAs(lee);
    expect((await portal(livCookie).get('/api/portal/me')).status).toBe(200);
    await app.container.get(UnitOfWork).transaction((r) => r.people.update(alpha.id, { ...lee, archivedAt: START }));
    expectProblem(await portal(livCookie).get('/api/portal/me'), 401, 'unauthorized');

    // Signing out ends the session at once.
    const out = await portal(beaCookie).post('/api/portal/sign-out');
    expect(out.status).toBe(204);
    expectProblem(await portal(beaCookie).get('/api/portal/me'), 401, 'unauthorized');
  });

  it('lists what the requester holds, and files a repair only against a serial they hold', async () => {
    const loans = await portal(piaCookie).get('/api/portal/loans');
    expect(loans.status, loans.text).toBe(200);
    expect(loans.json.loans).toEqual([
      expect.objectContaining({ serial: piaLoan, groupName: '7F cart', dueDate: '2026-12-20' }),
    ]);
    expect(loans.text).not.toContain(peteLoan);
    const devices = await portal(piaCookie).get('/api/portal/devices');
    expect(devices.json.devices.map((d: { serial: string; source: string }) => [d.serial, d.source]).sort()).toEqual([
      [piaDevice, 'device'],
      [piaLoan, 'loan'],
    ]);
    const filed = await portal(piaCookie).post('/api/portal/repairs', {
      serial: piaDevice.toLowerCase(),
      description: 'Keys missing',
    });
    expect(filed.status, filed.text).toBe(201);
    expect(filed.json.repair).toMatchObject({ serial: piaDevice, status: 'NEW' });
    const desk = await as(tech).get(`/api/submissions/${filed.json.repair.id}`);
    expect(desk.json.submission.reporterId).toBe(pia.id);
    // Another's serial is "not found", exactly as one that does not exist.
    const other = await portal(piaCookie).post('/api/portal/repairs', { serial: peteLoan, description: 'Not mine' });
    const none = await portal(piaCookie).post('/api/portal/repairs', { serial: 'NO-SUCH', description: 'Nothing' });
    expect([other.status, none.status]).toEqual([404, 404]);
    const repairs = await portal(piaCookie).get('/api/portal/repairs');
    expect(repairs.json.repairs.map((r: { id: string }) => r.id)).toEqual([filed.json.repair.id]);
    expect((await portal(peteCookie).get('/api/portal/repairs')).json.repairs).toEqual([]);
    expectProblem(
      await portal(piaCookie).post('/api/portal/repairs', { serial: '', description: 'x' }),
      400,
      'invalid-input',
    );
  });

  it('lets a teacher file for a pupil of their loan groups, follow it, and nobody else', async () => {
    const bearer = { headers: { authorization: `Bearer ${teacher.token}` } };
    const fox = portal(undefined);
    const forPete = await fox.post(
      '/api/portal/tickets',
      { subject: 'Pete cannot log in', body: 'Since Monday', forPersonId: pete.id },
      bearer,
    );
    expect(forPete.status, forPete.text).toBe(201);
    const desk = await as(tech).get(`/api/tickets/${forPete.json.ticket.id}`);
    expect(desk.json.ticket.requesterId).toBe(pete.id);
    // Both follow it: Pete as its requester, Ms Fox as the one who filed it.
    expect(
      (await portal(peteCookie).get('/api/portal/tickets')).json.tickets.map((t: { id: string }) => t.id),
    ).toContain(forPete.json.ticket.id);
    expect((await fox.get('/api/portal/tickets', bearer)).json.tickets.map((t: { id: string }) => t.id)).toContain(
      forPete.json.ticket.id,
    );
    const petesDevices = await fox.get(`/api/portal/devices?forPersonId=${pete.id}`, bearer);
    expect(petesDevices.json.devices.map((d: { serial: string }) => d.serial)).toEqual([peteLoan]);
    const repair = await fox.post(
      '/api/portal/repairs',
      { serial: peteLoan, description: 'Hinge', forPersonId: pete.id },
      bearer,
    );
    expect(repair.status, repair.text).toBe(201);
    // A pupil outside her groups, and another school's, are "not found"; a pupil cannot file for anyone.
    for (const reply of [
      await fox.post('/api/portal/tickets', { subject: 'x', body: 'y', forPersonId: outsider.id }, bearer),
      await fox.post(
        '/api/portal/repairs',
        { serial: outsiderLoan, description: 'y', forPersonId: outsider.id },
        bearer,
      ),
      await fox.post('/api/portal/tickets', { subject: 'x', body: 'y', forPersonId: bPupil.id }, bearer),
      await portal(piaCookie).post('/api/portal/tickets', { subject: 'x', body: 'y', forPersonId: pete.id }),
    ]) {
      expectProblem(reply, 404, 'not-found');
    }
  });

  it('refuses a write from a foreign origin, and hides what the school has switched off', async () => {
    const foreign = await portal(piaCookie).post(
      '/api/portal/tickets',
      { subject: 'x', body: 'y' },
      { headers: { origin: 'https://evil.example' } },
    );
    expectProblem(foreign, 403, 'forbidden');
    const modules = (await as(admin).get('/api/modules')).json.modules as { name: string; enabled: boolean }[];
    const on = modules.filter((m) => m.enabled).map((m) => m.name);
    const off = await as(admin).send({
      method: 'PUT',
      path: '/api/modules',
      body: { enabled: on.filter((m) => m !== 'repairs') },
    });
    expect(off.status, off.text).toBe(200);
    try {
      expectProblem(await portal(piaCookie).get('/api/portal/repairs'), 404, 'module-disabled');
      expect((await portal(piaCookie).get('/api/portal/me')).json.offers.repairs).toBe(false);
    } finally {
      await as(admin).send({ method: 'PUT', path: '/api/modules', body: { enabled: on } });
    }
  });

  it("tells the team's staff who chose, by e-mail, of new tickets and of the requester's answers, in a thread of their own", async () => {
    const sam = await signIn(app, 'alpha', { role: 'technician', name: 'Sam Staff', email: 'sam@alpha.example' });
    const noRecord = await as(sam).get('/api/me/ticket-mail');
    expectProblem(noRecord, 409, 'conflict');
    const samPerson = aPerson({ name: 'Sam Staff', kind: 'STAFF', email: 'sam@alpha.example' });
    const quiet = aPerson({ name: 'Quinn Quiet', kind: 'STAFF', email: 'quinn@alpha.example' });
    const away = aPerson({ name: 'Avery Away', kind: 'STAFF', email: 'avery@alpha.example' });
    await app.container.get(UnitOfWork).transaction((r) => r.people.insertMany(alpha.id, [samPerson, quiet, away]));
    expect((await as(sam).get('/api/me/ticket-mail')).json).toEqual({ newTickets: false, replies: false, teams: [] });
    const team = await as(admin).post('/api/teams', {
      name: 'Devices',
      memberIds: [samPerson.id, quiet.id, away.id],
      awayIds: [away.id],
    });
    expect(team.status, team.text).toBe(201);
    const rule = await as(admin).post('/api/routing-rules', { teamId: team.json.team.id, assignment: 'pick_up' });
    expect(rule.status, rule.text).toBe(201);
    const chose = await as(sam).send({
      method: 'PUT',
      path: '/api/me/ticket-mail',
      body: { newTickets: true, replies: true },
    });
    expect(chose.status, chose.text).toBe(200);
    expect(chose.json).toEqual({
      newTickets: true,
      replies: true,
      teams: [{ id: team.json.team.id, name: 'Devices' }],
    });
    // Away members hear nothing, whatever they chose; those who never chose hear nothing.
    await app.container.get(UnitOfWork).transaction((r) =>
      r.ticketMessages.saveStaffChoice(alpha.id, {
        personId: away.id,
        newTickets: true,
        replies: true,
        updatedAt: START,
      }),
    );
    expectProblem(
      await as(sam).send({ method: 'PUT', path: '/api/me/ticket-mail', body: { newTickets: 'yes' } }),
      400,
      'invalid-input',
    );

    const opened = await portal(piaCookie).post('/api/portal/tickets', {
      subject: 'Charger lost',
      body: 'Left it on the bus.',
    });
    expect(opened.status, opened.text).toBe(201);
    const id = opened.json.ticket.id as string;
    const run = () => resolveFrom(app.container)(RunTicketMail).execute();
    const sent = smtp.received.length;
    await run();
    await smtp.waitFor(sent + 2);
    const toStaff = () => smtp.received.slice(sent).filter((m) => m.to.includes('sam@alpha.example'));
    const [notice] = toStaff();
    expect(notice!.to).toEqual(['sam@alpha.example']);
    expect(headerOf(notice!, 'Subject')).toMatch(/^New for Devices: \[#\d+\] Charger lost$/);
    expect(headerOf(notice!, 'Auto-Submitted')).toBe('auto-generated');
    expect(textOf(notice!)).toContain(`/tickets/${id}`);
    expect(textOf(notice!)).toContain('Left it on the bus.');

    const answer = await portal(piaCookie).post(`/api/portal/tickets/${id}/comments`, { body: 'Found it, sorry!' });
    expect(answer.status, answer.text).toBe(201);
    await run();
    await smtp.waitFor(sent + 3);
    const [, replied] = toStaff();
    expect(headerOf(replied!, 'Subject')).toMatch(/^Pia Pupil answered \[#\d+\] Charger lost$/);
    // The team's thread is its own: it answers the notice, never the requester's acknowledgement.
    expect(headerOf(replied!, 'In-Reply-To')).toBe(headerOf(notice!, 'Message-ID'));
    const kinds = (await as(tech).get(`/api/tickets/${id}/messages`)).json.messages.map(
      (m: { kind: string }) => m.kind,
    );
    expect(kinds).toEqual(['received', 'staff-new', 'staff-reply']);
    expect(
      smtp.received
        .slice(sent)
        .some((m) => m.to.includes('quinn@alpha.example') || m.to.includes('avery@alpha.example')),
    ).toBe(false);

    // Turned off, nothing more comes.
    await as(sam).send({ method: 'PUT', path: '/api/me/ticket-mail', body: { newTickets: true, replies: false } });
    await portal(piaCookie).post(`/api/portal/tickets/${id}/comments`, { body: 'Really found it.' });
    await run();
    expect((await as(tech).get(`/api/tickets/${id}/messages`)).json.messages).toHaveLength(3);
    expect((await auditEntries(app.container, alpha.id, 'ticket_mail.choose'))[0]?.details).toEqual({
      newTickets: true,
      replies: false,
    });
    // The routing rule would catch every later ticket of this file: it goes again.
    await as(admin).send({ method: 'DELETE', path: `/api/routing-rules/${rule.json.rule.id}` });
  });

  /**
   * Moves the clock on. The portal sessions (a school day long) and the console's (12 hours) end with
   * it, as they would: Pia and the technician sign in again.
   */
  const later = async (ms: number) => {
    clock.advance(ms);
    expectProblem(await portal(piaCookie).get('/api/portal/me'), 401, 'unauthorized');
    piaCookie = await signInAs(pia);
    const again = await login(app, 'alpha', { email: tech.email, password: tech.password });
    tech = { ...tech, token: again.json.token };
  };

  // After the others: it moves the clock on by days.
  it('takes an answer that opens a waiting ticket, reopens a resolved one inside its window, and refuses a closed one', async () => {
    const answer = await portal(piaCookie).post(`/api/portal/tickets/${ticketId}/comments`, { body: 'Yes, at 10:40.' });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.ticket.status).toBe('OPEN');
    expect(answer.json.ticket.comments.at(-1)).toMatchObject({
      author: { name: 'You', you: true },
      body: 'Yes, at 10:40.',
    });
    const replied = await app.container
      .get(UnitOfWork)
      .read(async (r) => (await r.outbox.listAfter(alpha.id, 0, 1_000_000)).filter((e) => e.kind === 'ticket.replied'));
    expect(replied.at(-1)?.payload).toEqual({
      ticket: { id: ticketId, number: expect.any(Number) },
      comment: { id: answer.json.ticket.comments.at(-1).id, internal: false },
    });
    expect((await as(tech).patch(`/api/tickets/${ticketId}`, { status: 'RESOLVED' })).status).toBe(200);
    const resolved = await portal(piaCookie).get(`/api/portal/tickets/${ticketId}`);
    expect(resolved.json.ticket.reopenUntil).toBe(
      new Date(Date.parse(clock.now().toISOString()) + 7 * 24 * 3600_000).toISOString(),
    );
    await later(2 * 24 * 3600_000);
    const reopened = await portal(piaCookie).post(`/api/portal/tickets/${ticketId}/comments`, {
      body: 'It cracked again.',
    });
    expect(reopened.status, reopened.text).toBe(201);
    expect(reopened.json.ticket.status).toBe('OPEN');
    const reopenedEvents = await app.container
      .get(UnitOfWork)
      .read(async (r) =>
        (await r.outbox.listAfter(alpha.id, 0, 1_000_000)).filter((e) => e.kind === 'ticket.reopened'),
      );
    expect(reopenedEvents.map((e) => (e.payload as { ticket: { id: string } }).ticket.id)).toContain(ticketId);
    // Resolved long ago: the answer is refused, the requester told to open a new one.
    expect((await as(tech).patch(`/api/tickets/${ticketId}`, { status: 'RESOLVED' })).status).toBe(200);
    await later(8 * 24 * 3600_000);
    const late = await portal(piaCookie).post(`/api/portal/tickets/${ticketId}/comments`, { body: 'Hello?' });
    expectProblem(late, 409, 'conflict');
    expect(late.json.detail).toMatch(/open a new one/);
    expect((await portal(piaCookie).get(`/api/portal/tickets/${ticketId}`)).json.ticket).toMatchObject({
      canReply: false,
      reopenUntil: null,
    });
  });

  // Last: the source address it uses (127.0.0.1) is then over its limit for the rest of the file.
  it('refuses a source asking for too many links, with Retry-After, and counts it in the metrics', async () => {
    const refusals = async () =>
      Number(
        /desk_rate_limited_total\{policy="portal-link-source"\} (\d+)/.exec(
          (await send(app.port, { path: '/api/metrics' })).text,
        )?.[1],
      );
    expect(await refusals()).toBe(0);
    // Per source address, 429 with Retry-After (another source is unaffected).
    let refused: Reply | undefined;
    for (let i = 0; i < 25 && !refused; i++) {
      const reply = await askLink(`someone-${i}@alpha.example`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      if (reply.status === 429) refused = reply;
    }
    expect(refused, 'the source was never refused').toBeDefined();
    expectProblem(refused!, 429, 'rate-limited');
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await refusals()).toBe(1);
  });
});
