/**
 * Mail in (issue 30, point 2), on SQLite and on Postgres, against a real IMAP server (Debian's
 * dovecot, started with a throwaway configuration) and the loopback SMTP server: a school's mailbox
 * added (its password sealed, never answered) and tested; mail from a person of the school opens a
 * ticket with their files; a reply joins its ticket by In-Reply-To or by its token and reopens it; a
 * stranger is refused politely, at most a few times an hour; automatic mail gets no answer; a
 * delivery report becomes an internal note; Desk's own mail is ignored; mail with no sender is kept
 * in the "could not read" list; every message is processed once, across a restart between the commit
 * and the move, and moved to the school's folder, never deleted. Another school sees none of it.
 */
import { randomUUID } from 'node:crypto';
import { MailboxScheduler } from '../../../src/bootstrap/mailbox-scheduler.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../../src/domain/people/person.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { RunTicketMail } from '../../../src/domain/tickets/mail/run-ticket-mail.js';
import { ReceiveMail } from '../../../src/domain/tickets/mail-in/receive-mail.js';
import { PER_LOOK, WatchMailboxes } from '../../../src/domain/tickets/mail-in/watch-mailboxes.js';
import { resolveFrom } from '../../../src/bootstrap/container.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { aPerson } from '../../support/builders.js';
import { startImap, type TestImap } from '../../support/imap.js';
import { createTestSchema, postgresAvailable, warnIfPostgresSkipped, type TestSchema } from '../../support/postgres.js';
import { AddMailbox } from '../../../src/domain/tickets/mail-in/manage-mailboxes.js';
import { operatorActor } from '../../../src/domain/tenants/operator-actor.js';
import { perform } from '../../../src/domain/shared/use-case.js';
import { expectProblem, send } from '../../support/rest.js';
import { startSmtp, type TestSmtp } from '../../support/smtp.js';
import { auditEntries } from '../../support/tenant-data.js';
import { consoleClient, signIn, type ConsoleUser } from '../../support/console.js';

warnIfPostgresSkipped();

const databases: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];
const HELPDESK = { user: 'helpdesk', password: 'imap-secret-1' };
const FOLDER = 'Processed by Desk';
// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let serial = 0;
/** A message as a school's mail system hands it over: CRLF lines, the headers given, a text body. */
function message(o: {
  from?: string | null;
  subject: string;
  body?: string;
  headers?: Record<string, string>;
  attachment?: { name: string; type: string; base64: string };
}): string {
  serial++;
  const head = [
    ...(o.from === null ? [] : [`From: ${o.from ?? 'Rita Requester <rita@alpha.example>'}`]),
    'To: helpdesk@alpha.example',
    `Subject: ${o.subject}`,
    `Message-ID: <m${serial}.${Date.now()}@mail.alpha.example>`,
    'Date: Mon, 07 Dec 2026 09:00:00 +0000',
    'MIME-Version: 1.0',
    ...Object.entries(o.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ];
  const text = o.body ?? 'It does not work.';
  if (!o.attachment) return [...head, 'Content-Type: text/plain; charset=utf-8', '', text, ''].join('\r\n');
  const b = `b${serial}`;
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    `--${b}`,
    `Content-Type: ${o.attachment.type}; name="${o.attachment.name}"`,
    `Content-Disposition: attachment; filename="${o.attachment.name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    o.attachment.base64,
    `--${b}--`,
    '',
  ].join('\r\n');
}

describe.each(databases)('mail in on %s', (database) => {
  let app: TestApp;
  let smtp: TestSmtp;
  let imap: TestImap;
  let alpha: Tenant;
  let admin: ConsoleUser;
  let tech: ConsoleUser;
  let reader: ConsoleUser;
  let bAdmin: ConsoleUser;
  let rita: Person;
  let mailboxId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    imap = await startImap([HELPDESK]);
    // The adapter reads it when it connects, as Node reads it at start: the tests' CA is trusted.
    process.env.NODE_EXTRA_CA_CERTS = imap.caFile;
    app = await startApp({ database, env: { LOG_LEVEL: 'warn', SMTP_URL: smtp.url, MAIL_FROM: 'desk@alpha.example' } });
    alpha = await app.tenant('alpha');
    await app.tenant('bravo');
    rita = aPerson({ name: 'Rita Requester', kind: 'STAFF', email: 'rita@alpha.example' });
    await app.container.get(UnitOfWork).transaction((r) => r.people.insertMany(alpha.id, [rita]));
    admin = await signIn(app, 'alpha', { role: 'school-admin' });
    tech = await signIn(app, 'alpha', { role: 'technician' });
    reader = await signIn(app, 'alpha', { role: 'read-only' });
    bAdmin = await signIn(app, 'bravo', { role: 'school-admin' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await imap?.close();
    await smtp?.close();
  });

  const as = (user: ConsoleUser) => consoleClient(app, user.token);
  const watch = () => resolveFrom(app.container)(WatchMailboxes).execute();
  const sendMail = () => resolveFrom(app.container)(RunTicketMail).execute();
  const tickets = () =>
    app.container.get(UnitOfWork).read((r) => r.tickets.search(alpha.id, {}, { page: 1, pageSize: 500 }));
  const comments = async (id: string) =>
    (
      await app.container
        .get(UnitOfWork)
        .read((r) => r.tickets.listComments(alpha.id, id, { includeInternal: true }, { page: 1, pageSize: 100 }))
    ).items;

  it('adds a mailbox (its password sealed and never answered), tests it, and keeps it from other schools', async () => {
    const body = {
      address: 'HelpDesk@alpha.example',
      host: '127.0.0.1',
      port: imap.port,
      username: HELPDESK.user,
      password: HELPDESK.password,
    };
    expectProblem(await as(tech).post('/api/mailboxes', body), 403, 'forbidden');
    const added = await as(admin).post('/api/mailboxes', body);
    expect(added.status, added.text).toBe(201);
    expect(added.json.mailbox).toMatchObject({
      address: 'helpdesk@alpha.example',
      processedFolder: FOLDER,
      unknownSenders: 'refuse',
      maxMessageMb: 30,
      lastError: null,
    });
    expect(added.text).not.toContain(HELPDESK.password);
    mailboxId = added.json.mailbox.id;
    const stored = await app.container.get(UnitOfWork).read((r) => r.mailboxes.find(alpha.id, mailboxId));
    expect(stored?.secret).not.toContain(HELPDESK.password);
    expectProblem(await as(admin).post('/api/mailboxes', body), 409, 'conflict');
    const tested = await as(admin).post(`/api/mailboxes/${mailboxId}/test`, {});
    expect(tested.status, tested.text).toBe(200);
    expect(tested.json).toMatchObject({ ok: true, messages: 0, error: null });
    expect(tested.json.folders).toContain('INBOX');

    const wrong = await as(admin).post('/api/mailboxes', {
      ...body,
      address: 'wrong@alpha.example',
      password: 'not-it',
    });
    const refused = await as(admin).post(`/api/mailboxes/${wrong.json.mailbox.id}/test`, {});
    expect(refused.json).toMatchObject({ ok: false, error: 'the server refused the user name or password' });
    expect((await as(admin).send({ method: 'DELETE', path: `/api/mailboxes/${wrong.json.mailbox.id}` })).status).toBe(
      204,
    );

    expect((await consoleClient(app, bAdmin.token).get('/api/mailboxes')).json.mailboxes).toEqual([]);
    expectProblem(
      await consoleClient(app, bAdmin.token).post(`/api/mailboxes/${mailboxId}/test`, {}),
      404,
      'not-found',
    );
    expect((await auditEntries(app.container, alpha.id, 'mailbox.add'))[0]?.details).not.toHaveProperty('password');
  });

  it('opens a ticket from a person of the school with their file, acknowledges it, and moves the mail once', async () => {
    const before = (await tickets()).total;
    await imap.deliver(
      HELPDESK,
      message({
        subject: 'Projector in 2.14 is dead',
        body: 'No picture since Friday.',
        headers: { Cc: 'deputy@alpha.example' },
        attachment: { name: '../../etc/passwd.png', type: 'image/png', base64: PNG },
      }),
    );
    const [look] = await watch();
    expect(look).toMatchObject({ error: null, received: [{ outcome: 'ticket' }] });
    const ticket = (await tickets()).items[0]!;
    expect((await tickets()).total).toBe(before + 1);
    expect(ticket).toMatchObject({
      subject: 'Projector in 2.14 is dead',
      body: 'No picture since Friday.',
      requesterId: rita.id,
    });
    // Read once: in the school's folder, seen; the inbox is empty; a second look changes nothing.
    expect(await imap.count(HELPDESK, 'INBOX')).toBe(0);
    expect(await imap.count(HELPDESK, FOLDER)).toBe(1);
    expect((await imap.flags(HELPDESK, FOLDER))[0]).toContain('\\Seen');
    expect((await watch())[0]!.received).toEqual([]);
    expect((await tickets()).total).toBe(before + 1);

    const files = await as(tech).get(`/api/tickets/${ticket.id}/attachments`);
    expect(files.json.attachments).toEqual([
      expect.objectContaining({ name: 'passwd.png', contentType: 'image/png', size: 70, commentId: null }),
    ]);
    const file = await send(app.port, {
      path: `/api/tickets/${ticket.id}/attachments/${files.json.attachments[0].id}`,
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="passwd.png"; filename*=UTF-8''passwd.png`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-type']).toBe('image/png');
    expectProblem(
      await consoleClient(app, bAdmin.token).get(`/api/tickets/${ticket.id}/attachments`),
      404,
      'not-found',
    );

    await sendMail();
    const ack = smtp.received.filter((m) => m.subject.includes(`[#${ticket.number}]`));
    expect(ack.map((m) => m.to)).toEqual([['rita@alpha.example']]);
  });

  it('joins a reply to its ticket by In-Reply-To or by its token, reopening it; a stranger’s reply does not join', async () => {
    const ticket = (await tickets()).items[0]!;
    for (const status of ['OPEN', 'PENDING']) await as(tech).patch(`/api/tickets/${ticket.id}`, { status });
    const ackId = (
      await app.container.get(UnitOfWork).read((r) => r.ticketMessages.listForTicket(alpha.id, ticket.id))
    )[0]!.messageId;
    await imap.deliver(
      HELPDESK,
      message({ subject: 'Re: it', body: 'Still dead this morning.', headers: { 'In-Reply-To': ackId } }),
    );
    await imap.deliver(
      HELPDESK,
      message({
        from: 'Deputy <deputy@alpha.example>',
        subject: `Re: [#${ticket.number}] Projector`,
        body: 'Same in 2.15.',
      }),
    );
    await imap.deliver(
      HELPDESK,
      message({ from: 'Mallory <mallory@elsewhere.example>', subject: `[#${ticket.number}] hijack`, body: 'Close it' }),
    );
    const [look] = await watch();
    expect(look!.received.map((r) => r.outcome)).toEqual(['reply', 'reply', 'refused']);
    const thread = await comments(ticket.id);
    expect(thread.map((c) => [c.author.type, c.author.name, c.body])).toEqual([
      ['person', 'Rita Requester', 'Still dead this morning.'],
      // The deputy was copied on the first message: an address on the ticket.
      ['email', 'Deputy', 'Same in 2.15.'],
    ]);
    expect((await app.container.get(UnitOfWork).read((r) => r.tickets.findById(alpha.id, ticket.id)))?.status).toBe(
      'OPEN',
    );
    expect((await auditEntries(app.container, alpha.id, 'ticket.update'))[0]?.details).toMatchObject({
      reason: 'the requester answered by e-mail',
    });
    // The requester's side answering is `ticket.replied`, an event of its own.
    const replied = await app.container
      .get(UnitOfWork)
      .read(async (r) => (await r.outbox.listAfter(alpha.id, 0, 1_000_000)).filter((e) => e.kind === 'ticket.replied'));
    expect(replied.map((e) => (e.payload as { comment: { id: string } }).comment.id)).toEqual(thread.map((c) => c.id));
  });

  it("keeps a member of staff's answer to the team's notice as an internal note, never a word to the requester", async () => {
    const ticket = (await tickets()).items[0]!;
    const noticeId = `<notice-${Date.now()}.ticket-${ticket.number}@desk.test>`;
    await app.container.get(UnitOfWork).transaction((r) =>
      r.ticketMessages.insert(alpha.id, {
        id: randomUUID(),
        ticketId: ticket.id,
        kind: 'staff-new',
        messageId: noticeId,
        inReplyTo: null,
        references: [],
        to: [tech.email],
        subject: `New for Devices: [#${ticket.number}] it`,
        text: 'notice',
        autoSubmitted: 'auto-generated',
        commentId: null,
        status: 'sent',
        attempts: 1,
        nextAttemptAt: null,
        sentAt: new Date().toISOString(),
        error: null,
        createdAt: new Date().toISOString(),
      }),
    );
    const before = (await comments(ticket.id)).length;
    await imap.deliver(
      HELPDESK,
      message({
        from: `Tech <${tech.email}>`,
        subject: `Re: New for Devices: [#${ticket.number}] it`,
        body: 'Lamp is under warranty, claim it.',
        headers: { 'In-Reply-To': noticeId },
      }),
    );
    const [look] = await watch();
    expect(look!.received.map((r) => r.outcome)).toEqual(['note']);
    const added = (await comments(ticket.id)).slice(before);
    expect(added.map((c) => [c.internal, c.body])).toEqual([[true, 'Lamp is under warranty, claim it.']]);
    const queued = await app.container.get(UnitOfWork).read((r) => r.ticketMessages.listForTicket(alpha.id, ticket.id));
    expect(queued.filter((m) => m.kind === 'reply' && m.text.includes('warranty'))).toEqual([]);
  });

  it('answers a stranger politely a few times an hour, automatic mail never, and ignores its own', async () => {
    const before = smtp.received.filter((m) => m.to.includes('stranger@elsewhere.example')).length;
    for (let i = 0; i < 4; i++)
      await imap.deliver(HELPDESK, message({ from: 'stranger@elsewhere.example', subject: `Hello ${i}` }));
    await imap.deliver(
      HELPDESK,
      message({
        from: 'robot@elsewhere.example',
        subject: 'Out of office',
        headers: { 'Auto-Submitted': 'auto-replied' },
      }),
    );
    await imap.deliver(
      HELPDESK,
      message({ from: 'list@elsewhere.example', subject: 'News', headers: { 'List-Id': '<news.elsewhere.example>' } }),
    );
    await imap.deliver(HELPDESK, message({ from: 'desk@alpha.example', subject: 'Re: [#1] a loop' }));
    const count = (await tickets()).total;
    const [look] = await watch();
    expect(look!.received.map((r) => r.outcome)).toEqual([
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'ignored',
    ]);
    expect((await tickets()).total).toBe(count);
    const answers = smtp.received.filter((m) => m.to.includes('stranger@elsewhere.example'));
    // The first three of the hour; the fourth gets none; the robot and the list none at all.
    expect(answers.length - before).toBe(3);
    expect(
      smtp.received.some((m) => m.to.includes('robot@elsewhere.example') || m.to.includes('list@elsewhere.example')),
    ).toBe(false);
    expect(answers.at(-1)!.raw).toMatch(/Auto-Submitted: auto-replied/);
  });

  it('keeps mail it cannot read whole, notes a delivery report on its ticket, and processes a message once across a restart', async () => {
    const ticket = (await tickets()).items.find((t) => t.requesterId === rita.id)!;
    await imap.deliver(HELPDESK, message({ from: null, subject: 'who am I', body: 'no sender here' }));
    const ours = (
      await app.container.get(UnitOfWork).read((r) => r.ticketMessages.listForTicket(alpha.id, ticket.id))
    )[0]!;
    const report = [
      'From: Mail Delivery System <mailer-daemon@alpha.example>',
      'To: desk@alpha.example',
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: <dsn${Date.now()}@alpha.example>`,
      `References: ${ours.messageId}`,
      'Return-Path: <>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="r1"',
      '',
      '--r1',
      'Content-Type: text/plain',
      '',
      'The mail system could not deliver your message to rita@alpha.example.',
      '--r1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; alpha.example',
      '',
      'Final-Recipient: rfc822; rita@alpha.example',
      'Action: failed',
      'Status: 5.1.1',
      '--r1--',
      '',
    ].join('\r\n');
    await imap.deliver(HELPDESK, report);
    const [look] = await watch();
    expect(look!.received.map((r) => r.outcome)).toEqual(['unreadable', 'note']);
    const unreadable = await as(admin).get('/api/mailboxes/unreadable');
    expect(unreadable.json.messages).toEqual([
      expect.objectContaining({ mailboxId, reason: 'the message names no sender address (From)' }),
    ]);
    expectProblem(await as(reader).get('/api/mailboxes/unreadable'), 403, 'forbidden');
    expect((await consoleClient(app, bAdmin.token).get('/api/mailboxes/unreadable')).json.messages).toEqual([]);
    const note = (await comments(ticket.id)).at(-1)!;
    expect(note).toMatchObject({ internal: true });
    expect(note.body).toContain('could not deliver your message');

    // A restart between the commit and the move: the receipt is there, the message still in the inbox.
    const uid = await imap.deliver(HELPDESK, message({ subject: 'Printer jam', body: 'Tray 2' }));
    const mailbox = (await app.container.get(UnitOfWork).read((r) => r.mailboxes.find(alpha.id, mailboxId)))!;
    const validity = mailbox.uidValidity!;
    const raw = Buffer.from(message({ subject: 'Printer jam', body: 'Tray 2' }));
    const first = await resolveFrom(app.container)(ReceiveMail).receive(
      alpha,
      mailbox,
      { uidValidity: validity, uid },
      raw,
    );
    expect(first.outcome).toBe('ticket');
    const count = (await tickets()).total;
    const [again] = await watch();
    expect(again!.received).toEqual([]);
    expect((await tickets()).total).toBe(count);
    expect(await imap.count(HELPDESK, 'INBOX')).toBe(0);
    // And a second receive of the same place changes nothing.
    expect(
      (await resolveFrom(app.container)(ReceiveMail).receive(alpha, mailbox, { uidValidity: validity, uid }, raw))
        .outcome,
    ).toBe('already');
  });

  it('drains a backlog larger than one look in one round of the scheduler, not fifty messages a tick', async () => {
    const before = (await tickets()).total;
    const backlog = Array.from({ length: PER_LOOK + 12 }, (_, i) => message({ subject: `Backlog ${i}`, body: 'x' }));
    await imap.deliverMany(HELPDESK, backlog);
    // A tick an hour: only the first round, started at once, can read them.
    const scheduler = new MailboxScheduler(app.container, 3_600_000);
    scheduler.start();
    await scheduler.stop(Infinity);
    expect((await tickets()).total - before).toBe(PER_LOOK + 12);
    expect(await imap.count(HELPDESK, 'INBOX')).toBe(0);
  });

  it('reads a malformed-mail corpus into a ticket, a refusal or the "could not read" list: never a crash or a partial write', async () => {
    const mailbox = (await app.container.get(UnitOfWork).read((r) => r.mailboxes.find(alpha.id, mailboxId)))!;
    const receiver = resolveFrom(app.container)(ReceiveMail);
    let uid = 100_000;
    const receive = (raw: string | Buffer) =>
      receiver.receive(
        alpha,
        mailbox,
        { uidValidity: 'corpus', uid: ++uid },
        Buffer.isBuffer(raw) ? raw : Buffer.from(raw),
      );
    const nested = (depth: number): string =>
      depth === 0
        ? 'Content-Type: text/plain\r\n\r\ndeep inside\r\n'
        : `Content-Type: multipart/mixed; boundary="n${depth}"\r\n\r\n--n${depth}\r\n${nested(depth - 1)}--n${depth}--\r\n`;
    const corpus: [string, string | Buffer, string][] = [
      ['no From', message({ from: null, subject: 'x' }), 'unreadable'],
      ['a From with no address', message({ from: 'Nobody <>', subject: 'x' }), 'unreadable'],
      [
        'header injection in the subject',
        message({ subject: 'Help =?UTF-8?Q?=0D=0ABcc:_all@alpha.example?= now' }),
        'ticket',
      ],
      [
        'header injection in the name',
        message({ from: '"Rita\\r\\nBcc: x@y" <rita@alpha.example>', subject: 'Name' }),
        'ticket',
      ],
      [
        'nested multiparts',
        [
          ...message({ subject: 'Nested' })
            .split('Content-Type: text/plain; charset=utf-8\r\n\r\nIt does not work.\r\n')[0]!
            .split('\r\n'),
          nested(40),
        ].join('\r\n'),
        'ticket',
      ],
      [
        'a zip bomb and a path in file names',
        message({
          subject: 'Files',
          attachment: {
            name: '../../../windows/bomb.zip',
            type: 'application/zip',
            base64: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==',
          },
        }),
        'ticket',
      ],
      [
        'invalid UTF-8 and 8-bit headers',
        Buffer.concat([
          Buffer.from('From: rita@alpha.example\r\nSubject: caf'),
          Buffer.from([0xe9, 0xff, 0xfe]),
          Buffer.from('\r\nMessage-ID: <bad8@x>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nbad '),
          Buffer.from([0xc3, 0x28]),
          Buffer.from('\r\n'),
        ]),
        'ticket',
      ],
      [
        'an unknown charset',
        message({ subject: 'Charset', headers: {} }).replace('charset=utf-8', 'charset=x-no-such-charset'),
        'ticket',
      ],
      [
        'HTML with scripts and remote images',
        message({ subject: 'HTML', body: '' }).replace(
          'Content-Type: text/plain; charset=utf-8',
          'Content-Type: text/html; charset=utf-8',
        ) + '<p>Hi<script>alert(1)</script><img src="https://tracker.example/p.gif"></p>',
        'ticket',
      ],
      [
        'a duplicate Message-ID',
        message({ subject: 'Dup', headers: {} }).replace(/Message-ID: <[^>]+>/, 'Message-ID: <same@x>'),
        'ticket',
      ],
      [
        'the same Message-ID again',
        message({ subject: 'Dup again', headers: {} }).replace(/Message-ID: <[^>]+>/, 'Message-ID: <same@x>'),
        'ticket',
      ],
      ['a 31 MB message', message({ subject: 'Huge', body: 'x'.repeat(31 * 1024 * 1024) }), 'unreadable'],
      ['not mail at all', Buffer.from([0, 1, 2, 3, 255, 254]), 'unreadable'],
    ];
    for (const [what, raw, expected] of corpus) {
      const r = await receive(raw);
      expect(r.outcome, what).toBe(expected);
    }
    const made = (await tickets()).items.slice(0, 9);
    for (const t of made) {
      // Kept as acceptable text: one line of subject, no control characters, no script run anywhere.
      expect(/[\r\n]/.test(t.subject) || t.subject.includes('\u0000'), t.subject).toBe(false);
      expect(t.body).not.toContain('\u0000');
    }
    const html = made.find((t) => t.subject === 'HTML')!;
    expect(html.body).toContain('Hi');
    expect(html.body).not.toContain('<script>');
    // How it looked is kept too, as the sanitizer left it: no script, and the tracking image never loaded.
    const looked = await as(tech).get(`/api/tickets/${html.id}/html`);
    expect(looked.status, looked.text).toBe(200);
    expect(looked.json.html).toEqual([{ commentId: null, html: '<p>Hi</p>' }]);
    const files = made.find((t) => t.subject === 'Files')!;
    const listed = await as(tech).get(`/api/tickets/${files.id}/attachments`);
    expect(listed.json.attachments.map((a: { name: string }) => a.name)).toEqual(['bomb.zip']);
    const unreadable = (await as(admin).get('/api/mailboxes/unreadable')).json.messages as {
      reason: string;
      size: number;
    }[];
    expect(unreadable.some((m) => m.reason.includes('over this mailbox') && m.size > 31 * 1024 * 1024)).toBe(true);
  });
});

describe.skipIf(!postgresAvailable)('mail in on Postgres with two instances', () => {
  const DESK2 = { user: 'helpdesk2', password: 'imap-secret-2' };
  let schema: TestSchema;
  let a: TestApp;
  let b: TestApp;
  let imap: TestImap;
  let alpha: Tenant;

  beforeAll(async () => {
    imap = await startImap([DESK2]);
    process.env.NODE_EXTRA_CA_CERTS = imap.caFile;
    schema = await createTestSchema();
    a = await startApp({ databaseUrl: schema.url });
    b = await startApp({ databaseUrl: schema.url });
    alpha = await a.tenant('alpha');
    await a.container
      .get(UnitOfWork)
      .transaction((r) => r.people.insertMany(alpha.id, [aPerson({ kind: 'STAFF', email: 'sam@alpha.example' })]));
    await perform(resolveFrom(a.container), AddMailbox, operatorActor(alpha), {
      address: 'helpdesk2@alpha.example',
      host: '127.0.0.1',
      port: imap.port,
      username: DESK2.user,
      password: DESK2.password,
    });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await schema?.drop();
    await imap?.close();
  });

  it('reads each message once when both look at the mailbox at the same moment (one reader per mailbox)', async () => {
    for (let i = 0; i < 6; i++)
      await imap.deliver(DESK2, message({ from: 'Sam <sam@alpha.example>', subject: `Laptop ${i} will not charge` }));
    const looks = await Promise.all([
      resolveFrom(a.container)(WatchMailboxes).execute(),
      resolveFrom(b.container)(WatchMailboxes).execute(),
    ]);
    const outcomes = looks.flat().flatMap((l) => l.received.map((r) => r.outcome));
    expect(outcomes.filter((o) => o === 'ticket')).toHaveLength(6);
    const made = await a.container
      .get(UnitOfWork)
      .read((r) => r.tickets.search(alpha.id, {}, { page: 1, pageSize: 50 }));
    expect(made.items.map((t) => t.subject).sort()).toEqual(
      Array.from({ length: 6 }, (_, i) => `Laptop ${i} will not charge`).sort(),
    );
    expect(await imap.count(DESK2, 'INBOX')).toBe(0);
    expect(await imap.count(DESK2, FOLDER)).toBe(6);
  });
});
