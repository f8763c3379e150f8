// npm run bench:mail — mail in and the requester portal (issue 30, "Speed"), on SQLite and on Postgres.
//
// The school: a tenant with every module and the demo data of a school (`desk seed-demo --size school`:
// 1,500 people, 600 loaners, 200 tickets), and BENCH_MESSAGES senders (default 1,000) imported from a
// people CSV (`desk import`), so that every message comes from a person of the school.
//
// 1. Mail in (target: 1,000 messages in under 60 s). A real IMAP server, Debian's dovecot as the
//    mail-in tests start it (test/support/imap-server.mjs, shared with test/support/imap.ts), gets
//    BENCH_MESSAGES messages, one from each sender, a fifth with a ~100 KB attachment (random bytes:
//    a photo does not compress), delivered before Desk looks. The mailbox is added with
//    `desk mailbox add … --processed-folder Processed --unknown-senders open`. `desk serve` looks
//    every 30 s (MAILBOX_TICK_MS), at most 50 messages a look (PER_LOOK in
//    src/domain/tickets/mail-in/watch-mailboxes.ts) and, while a mailbox has more waiting, up to
//    LOOKS_PER_ROUND looks straight after one another in a round. The figure is taken with the looks
//    triggered the way such a round makes them: bench/mail-reader.mjs opens Desk in
//    the install as a `desk` command does and runs WatchMailboxes (what the scheduler's round runs)
//    one look straight after another until a look finds nothing, alone in its process, pinned to
//    CPU 0. The wall time is from the start of the first look to the end of the last look that took a
//    message (every message fetched, processed in its transaction and moved); the receipts' own
//    timestamps (`mail_receipts.received_at`) are printed beside it as a check, and the share of the
//    messages that became tickets with their sender as requester. The time under serve's timer is
//    printed too, worked out from the looks counted. With SMTP_URL set (a sink in this process), each
//    new ticket queues its acknowledgement, as at a school; the reader then sends them as the
//    ticket-mail job does (RunTicketMail, round after round; under serve one round every 10 s).
// 2. The portal (target: p99 under 20 ms). `desk serve` on the same install, pinned to CPU 0 (this
//    script, dovecot and the SMTP sink on CPU 1), SMTP_URL and MAIL_FROM set and the test CA trusted
//    (NODE_EXTRA_CA_CERTS), so its own mailbox scheduler keeps looking (at an empty inbox). An
//    administrator turns sign-in links on; a technician opens BENCH_TICKETS more tickets over HTTP
//    (default 2,000: some 3,200 in the school), 49 of them for the requester (a pupil, one of the
//    senders, whose mail made the 50th) and comments on one of them ten times, the requester
//    answering ten times from the portal (20 comments); two loaners are issued to them. The school's
//    acknowledgements are off while it is seeded (the ticket-mail job would still be sending them,
//    100 every 10 s, through the measurement), and the messages the desk's comments queued are sent
//    before any figure is taken. The requester signs in as the portal page does: a link asked for by address, its token read from the mail the
//    sink received, spent for the `desk_portal` cookie. Then, one request at a time with that cookie:
//    GET /api/portal/me, /api/portal/tickets (the default page of 25, and pageSize=50: all of them),
//    /api/portal/tickets/:id (20 comments) and /api/portal/loans. Each route is followed (or preceded,
//    alternately) by the same calls to a bare node:http server on CPU 0 answering Desk's very bytes:
//    the floor of what this client and the loopback cost.
//
// Figures are printed, targets reported, never enforced: a measurement, not a test. BENCH_QUICK=1:
// 200 messages, 300 more tickets, half a second a case; BENCH_SECONDS sets the time a case (1.5),
// BENCH_MESSAGES and BENCH_TICKETS the sizes; BENCH_DATABASES=sqlite or =postgres runs one of the two
// (Postgres when TEST_DATABASE_URL or DATABASE_URL names a server, in a scratch database dropped
// after; the Postgres server is not pinned). Needs root and dovecot-imapd (as the mail-in tests do).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { SMTPServer } from 'smtp-server';
import { testTls } from '../test/support/certificates.mjs';
import { startImap } from '../test/support/imap-server.mjs';
import { MODULES } from '../dist/domain/access/permissions.js';
import { LOOKS_PER_ROUND, MAILBOX_TICK_MS } from '../dist/bootstrap/mailbox-scheduler.js';
import { SEND_ROUNDS_PER_TICK, TICKET_MAIL_TICK_MS } from '../dist/bootstrap/ticket-mail-scheduler.js';
import {
  affinityChecks,
  checkAffinity,
  desk,
  LOAD_CORE,
  onCore,
  pinThisProcess,
  PINNING,
  postgresEnv,
  printAffinity,
  printTable,
  reportLatency,
  scratchDatabase,
  scratchDir,
  SERVER_CORE,
  startBare,
  startDesk,
  summariseLog,
  timeCalls,
  untilReady,
} from './support.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 0.5 : 1.5));
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? (QUICK ? 200 : 1_000));
const TICKETS = Number(process.env.BENCH_TICKETS ?? (QUICK ? 300 : 2_000));
const SERVER_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const MAIL_IN_TARGET_S = 60;
const PORTAL_TARGET_MS = 20;
const REQUESTER_TICKETS = 50;
const COMMENTS = 20;
const SLUG = 'bench';
const PASSWORD = 'bench password, long enough';
const HELPDESK = { user: 'helpdesk', password: 'imap-secret-bench' };
const MAIL_FROM = 'desk@bench.example';
const READER = resolve(import.meta.dirname, 'mail-reader.mjs');

const sender = (i) => ({
  externalId: `S${String(i).padStart(5, '0')}`,
  name: `Sam Sender ${i}`,
  email: `sender.${String(i).padStart(5, '0')}@bench.example`,
  kind: i % 10 === 0 ? 'STAFF' : 'PUPIL',
  group: i % 10 === 0 ? 'Science' : `${7 + (i % 6)}${'ABCDEF'[i % 6]}`,
});
const REQUESTER = sender(1);

/** The messages a school's mail system hands over: CRLF lines, one in five with a ~100 KB file. */
function messages(count) {
  const date = new Date().toUTCString().replace('GMT', '+0000');
  return Array.from({ length: count }, (_, n) => {
    const i = n + 1;
    const s = sender(i);
    const head = [
      `From: ${s.name} <${s.email}>`,
      'To: IT Help Desk <helpdesk@bench.example>',
      `Subject: Laptop ${i} will not connect to the Wi-Fi`,
      `Message-ID: <bench.${i}.${randomBytes(4).toString('hex')}@mail.bench.example>`,
      `Date: ${date}`,
      'MIME-Version: 1.0',
    ];
    const text = [
      'Hello,',
      '',
      `Since this morning laptop ${i} says it cannot join the school network. I restarted it twice and`,
      'forgot the network, it still will not connect. Room 12, second period.',
      '',
      'Thanks,',
      s.name,
    ].join('\r\n');
    if (i % 5 !== 0) return [...head, 'Content-Type: text/plain; charset=utf-8', '', text, ''].join('\r\n');
    const boundary = `b${i}`;
    const photo = randomBytes(100 * 1024)
      .toString('base64')
      .replace(/.{76}/g, '$&\r\n');
    return [
      ...head,
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      `--${boundary}`,
      `Content-Type: image/jpeg; name="screen-${i}.jpg"`,
      `Content-Disposition: attachment; filename="screen-${i}.jpg"`,
      'Content-Transfer-Encoding: base64',
      '',
      photo,
      `--${boundary}--`,
      '',
    ].join('\r\n');
  });
}

/** A message's text with quoted-printable undone (RFC 2045 §6.7), as a mail reader shows it. */
const textOf = (raw) =>
  raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** The SMTP server Desk sends to, in this process: counts every message, keeps those to `keepFor`. */
async function startSink() {
  const sink = { count: 0, keepFor: null, kept: [], waiters: [] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 50,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        sink.count++;
        if (session.envelope.rcptTo.some((r) => r.address === sink.keepFor))
          sink.kept.push(Buffer.concat(chunks).toString('utf8'));
        sink.waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  sink.url = `smtp://127.0.0.1:${server.server.address().port}`;
  sink.next = async (timeoutMs = 10_000) => {
    const before = sink.kept.length;
    const deadline = Date.now() + timeoutMs;
    while (sink.kept.length === before) {
      if (Date.now() > deadline) throw new Error('no mail reached the SMTP sink in time');
      await new Promise((done) => {
        sink.waiters.push(done);
        setTimeout(done, 100);
      });
    }
    return sink.kept.at(-1);
  };
  sink.close = () => new Promise((done) => server.close(done));
  return sink;
}

/** Plain SQL on the install's database, for what the figures are checked against. */
async function databaseOf(dir, db) {
  if (db) return { all: (sql) => db.run(sql), close: async () => undefined };
  const { default: Sqlite } = await import('better-sqlite3');
  const file = join(dir, 'data', 'desk.sqlite');
  const open = () => new Sqlite(file, { readonly: true, fileMustExist: true });
  return {
    all: async (sql) => {
      const s = open();
      try {
        return s.prepare(sql).all();
      } finally {
        s.close();
      }
    },
    close: async () => undefined,
  };
}

/** Runs bench/mail-reader.mjs in `dir`, pinned to the server's core; resolves with its lines by type. */
function readMail(dir, mode, env) {
  const [command, args] = onCore(SERVER_CORE, process.execPath, [READER, mode]);
  const child = spawn(command, args, { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const lines = { looks: [] };
  let checked = false;
  const lineReader = createInterface({ input: child.stdout });
  lineReader.on('line', (text) => {
    const line = JSON.parse(text);
    if (line.type === 'look') {
      lines.looks.push(line);
      // Mid-run, with every thread of the reader started: is it on its core, and dovecot on the other?
      if (!checked && lines.looks.length === 2) {
        checked = true;
        try {
          checkAffinity('mail reader (bench/mail-reader.mjs)', child.pid, SERVER_CORE);
          checkAffinity('this script', process.pid, LOAD_CORE);
        } catch (e) {
          lines.failure = e;
          child.kill('SIGKILL');
        }
      }
    } else lines[line.type] = line;
  });
  return new Promise((done, fail) =>
    child.on('close', (code) => {
      if (lines.failure) fail(lines.failure);
      else if (code !== 0 || !lines['ticket-mail']) fail(new Error(`the mail reader exited ${code}: ${stderr}`));
      else done(lines);
    }),
  );
}

/** A console session (Bearer token) for a user of the school: `call(method, path, body, ok)`. */
async function consoleSession(url, email) {
  const headers = { 'x-tenant-slug': SLUG, 'content-type': 'application/json' };
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${email} answered ${login.status}: ${await login.text()}`);
  const { token } = await login.json();
  const auth = { ...headers, authorization: `Bearer ${token}` };
  return async (method, path, body, ok = [200, 201]) => {
    const res = await fetch(url + path, { method, headers: auth, body: body && JSON.stringify(body) });
    const json = await res.json();
    if (!ok.includes(res.status)) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
}

/** The requester signed in as the portal page does it: a link by e-mail, its token spent for the cookie. */
async function portalCookie(url, sink) {
  sink.keepFor = REQUESTER.email;
  const asked = fetch(`${url}/api/portal/sign-in-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: REQUESTER.email, school: SLUG }),
  });
  const mail = sink.next();
  const answer = await asked;
  if (answer.status !== 200) throw new Error(`sign-in-link answered ${answer.status}: ${await answer.text()}`);
  const token = /#token=([\w-]+)/.exec(textOf(await mail))?.[1];
  if (!token) throw new Error('the sign-in mail held no #token=');
  const spent = await fetch(`${url}/api/portal/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (spent.status !== 200) throw new Error(`sign-in answered ${spent.status}: ${await spent.text()}`);
  const cookie = spent.headers
    .getSetCookie()
    .find((c) => c.startsWith('desk_portal='))
    ?.split(';')[0];
  if (!cookie) throw new Error('sign-in set no desk_portal cookie');
  return cookie;
}

const seconds = (ms) => (ms / 1000).toFixed(1);

async function run(label, mode, env, sink, db) {
  const dir = scratchDir('desk-bench-mail-');
  // A new dovecot for each database, started from this process (on CPU 1): its processes are there too.
  const imap = await startImap([HELPDESK]);
  try {
    checkAffinity('dovecot', imap.pid, LOAD_CORE);
    await measure(label, dir, mode, env, imap, sink, db);
  } finally {
    await imap.close();
  }
}

async function measure(label, dir, mode, env, imap, sink, db) {
  const cli = (args, input) => desk(dir, [...args, mode], env, input);
  const load = [loadavg()[0].toFixed(2)];

  // The school.
  cli(['tenant', 'create', SLUG, '--name', 'Bench School']);
  cli(['module', 'enable', SLUG, ...MODULES]);
  cli(['seed-demo', SLUG, '--size', 'school']);
  for (const [email, role] of [
    ['admin@bench.example', 'school-admin'],
    ['tech@bench.example', 'technician'],
  ])
    cli(['user', 'create', SLUG, email, '--name', role, '--role', role, '--password-stdin'], PASSWORD);
  const csv = join(dir, 'senders.csv');
  const rows = Array.from({ length: MESSAGES }, (_, n) => {
    const s = sender(n + 1);
    return `${s.externalId},${s.name},${s.email},${s.kind},${s.group}`;
  });
  writeFileSync(csv, ['externalId,name,email,kind,userGroup', ...rows, ''].join('\n'));
  cli(['import', SLUG, 'people', csv]);
  cli(
    [
      'mailbox', 'add', SLUG, 'helpdesk@bench.example', '--host', '127.0.0.1', '--port', String(imap.port),
      '--user', HELPDESK.user, '--password-stdin', '--processed-folder', 'Processed', '--unknown-senders', 'open',
    ],
    HELPDESK.password,
  ); // prettier-ignore

  // 1. Mail in.
  const raws = messages(MESSAGES);
  const delivering = performance.now();
  await imap.deliverMany(HELPDESK, raws);
  const deliverMs = performance.now() - delivering;
  const mb = raws.reduce((sum, r) => sum + r.length, 0) / 1e6;
  const readerEnv = { ...env, NODE_EXTRA_CA_CERTS: imap.caFile, SMTP_URL: sink.url, MAIL_FROM, LOG_LEVEL: 'silent' };
  const sentBefore = sink.count;
  const reader = await readMail(dir, mode, readerEnv);
  const mailIn = reader['mail-in'];
  const left = await imap.count(HELPDESK, 'INBOX');
  const moved = await imap.count(HELPDESK, 'Processed');
  const sql = await databaseOf(dir, db);
  const receipts = await sql.all(
    'SELECT outcome, COUNT(*) AS n, MIN(received_at) AS first, MAX(received_at) AS last FROM mail_receipts GROUP BY outcome',
  );
  const [{ n: withRequester }] = await sql.all(
    "SELECT COUNT(*) AS n FROM mail_receipts r JOIN tickets t ON t.id = r.ticket_id WHERE r.outcome = 'ticket' AND t.requester_id IS NOT NULL",
  );
  const [{ n: files }] = await sql.all('SELECT COUNT(*) AS n FROM ticket_attachments');
  const processed = receipts.reduce((sum, r) => sum + Number(r.n), 0);
  const firstAt = Math.min(...receipts.map((r) => new Date(r.first).getTime()));
  const lastAt = Math.max(...receipts.map((r) => new Date(r.last).getTime()));
  const perLook = Math.max(...reader.looks.map((l) => l.received));
  const looksWithMail = reader.looks.filter((l) => l.received > 0).length;
  // A round takes up to LOOKS_PER_ROUND looks back to back; only a longer backlog waits for the timer.
  const timerWaits = Math.floor(Math.max(0, looksWithMail - 1) / LOOKS_PER_ROUND);
  const underServe = timerWaits * MAILBOX_TICK_MS + mailIn.wallMs;
  const ticketMail = reader['ticket-mail'];
  const rate = (n, ms) => (ms > 0 ? (n / (ms / 1000)).toFixed(1) : '—');
  const wall = mailIn.wallMs / 1000;
  printTable(
    `${label}: mail in, ${MESSAGES.toLocaleString()} messages (${(MESSAGES / 5).toLocaleString()} with a ~100 KB file, ${mb.toFixed(1)} MB) delivered to dovecot in ${seconds(deliverMs)} s, then read by one Desk (the reader pinned to CPU ${SERVER_CORE}; opened in ${seconds(reader.ready.openMs)} s)`,
    ['what', 'measured', 'target'],
    [
      [
        'first look to the last message processed',
        `${wall.toFixed(2)} s, ${rate(processed, mailIn.wallMs)} msg/s`,
        `< ${MAIL_IN_TARGET_S} s for 1,000: ${wall * (1000 / MESSAGES) < MAIL_IN_TARGET_S ? 'met' : 'not met'}${MESSAGES === 1000 ? '' : ' (scaled)'}`,
      ],
      ['the same from the receipts (first to last received_at)', `${seconds(lastAt - firstAt)} s`, ''],
      [
        'looks (one straight after another)',
        `${reader.looks.length} (${looksWithMail} with mail, at most ${perLook} a look; ${reader.looks
          .filter((l) => l.received > 0)
          .map((l) => Math.round(l.ms))
          .join('/')} ms)`,
        '',
      ],
      [
        "the reader's CPU over that time",
        `${seconds(mailIn.cpuMs)} s (${(mailIn.cpuMs / processed).toFixed(1)} ms a message)`,
        '',
      ],
      [
        'of the wall time: IMAP calls / MIME parse / ReceiveMail',
        `${seconds(mailIn.imapMs)} / ${seconds(mailIn.parseMs)} / ${seconds(mailIn.receiveMs)} s (ReceiveMail includes the parse)`,
        '',
      ],
      [
        '  IMAP, per call: count × mean ms',
        Object.entries(mailIn.calls)
          .filter(([name]) => name !== 'parse' && name !== 'receive')
          .map(([name, c]) => `${name} ${c.n} × ${(c.ms / c.n).toFixed(2)}`)
          .join(', '),
        '',
      ],
      [
        'processed / became tickets with the sender as requester',
        `${processed} of ${MESSAGES} / ${withRequester} (${((100 * withRequester) / MESSAGES).toFixed(1)} %); ${files} files kept; ${receipts.map((r) => `${r.outcome} ${r.n}`).join(', ')}`,
        'all',
      ],
      ['left in the inbox / moved to Processed', `${left} / ${moved}`, `0 / ${MESSAGES}`],
      [
        `under desk serve (a round every ${MAILBOX_TICK_MS / 1000} s, up to ${LOOKS_PER_ROUND} looks of ${perLook})`,
        `about ${seconds(underServe)} s (worked out: ${timerWaits} waits of the timer + the looks)`,
        '',
      ],
      [
        'acknowledgements sent (RunTicketMail rounds back to back)',
        `${ticketMail.sent} in ${ticketMail.rounds} rounds, ${seconds(ticketMail.wallMs)} s (${rate(ticketMail.sent, ticketMail.wallMs)} msg/s, CPU ${seconds(ticketMail.cpuMs)} s); the sink got ${sink.count - sentBefore}`,
        '',
      ],
      [
        `  under desk serve (a tick every ${TICKET_MAIL_TICK_MS / 1000} s, up to ${SEND_ROUNDS_PER_TICK} rounds)`,
        `about ${seconds(Math.floor(Math.max(0, ticketMail.rounds - 2) / SEND_ROUNDS_PER_TICK) * TICKET_MAIL_TICK_MS + ticketMail.wallMs)} s`,
        '',
      ],
    ],
  );

  // 2. The portal.
  const server = await startDesk(
    dir,
    { ...env, NODE_EXTRA_CA_CERTS: imap.caFile, SMTP_URL: sink.url, MAIL_FROM, LOG_LEVEL: 'warn' },
    mode,
    { core: SERVER_CORE },
  );
  try {
    await untilReady(server);
    const admin = await consoleSession(server.url, 'admin@bench.example');
    const tech = await consoleSession(server.url, 'tech@bench.example');
    await admin('PUT', '/api/settings/portal', { enabled: true, signInLinks: true });
    // The seeded tickets' acknowledgements would keep the ticket-mail job sending (100 every 10 s)
    // through the measurement: the school does without them while it is seeded.
    await admin('PUT', '/api/settings/ticket-mail', { enabled: true, acknowledge: false });
    const people = [];
    for (let page = 1; ; page++) {
      const { people: found, total } = await tech('GET', `/api/people?q=sender.&pageSize=100&page=${page}`);
      people.push(...found);
      if (people.length >= total || found.length === 0) break;
    }
    const requester = people.find((p) => p.email === REQUESTER.email);
    if (!requester) throw new Error(`no person ${REQUESTER.email}`);
    const others = people.filter((p) => p.id !== requester.id);
    const seeding = performance.now();
    const every = Math.floor(TICKETS / (REQUESTER_TICKETS - 1));
    let mine = null;
    for (let i = 0; i < TICKETS; i++) {
      const forRequester = i % every === 0 && i / every < REQUESTER_TICKETS - 1;
      const { ticket } = await tech('POST', '/api/tickets', {
        subject: `Projector ${i} shows no picture`,
        body: 'The projector in the room turns on but shows no picture from the laptop.',
        requesterId: forRequester ? requester.id : others[i % others.length].id,
      });
      if (forRequester) mine = ticket;
    }
    const seedMs = performance.now() - seeding;
    const { loans: available } = await tech('GET', '/api/loans/inventory?status=AVAILABLE&pageSize=2');
    for (const l of available) await tech('POST', '/api/loans/issue', { serial: l.serial, holderId: requester.id });
    const cookie = await portalCookie(server.url, sink);
    const portal = (path, init = {}) =>
      fetch(server.url + path, { ...init, headers: { cookie, 'content-type': 'application/json', ...init.headers } });
    for (let i = 0; i < COMMENTS / 2; i++) {
      await tech('POST', `/api/tickets/${mine.id}/comments`, { body: `Could you try another cable? (${i})` });
      const reply = await portal(`/api/portal/tickets/${mine.id}/comments`, {
        method: 'POST',
        body: JSON.stringify({ body: `Tried it, still nothing (${i}).` }),
      });
      if (reply.status !== 201) throw new Error(`a portal reply answered ${reply.status}: ${await reply.text()}`);
    }
    // The staff comments each queued a message to the requester: let the job send them first.
    const [{ n: total }] = await sql.all('SELECT COUNT(*) AS n FROM tickets');
    for (const until = Date.now() + 3 * TICKET_MAIL_TICK_MS; Date.now() < until;) {
      const [{ n }] = await sql.all("SELECT COUNT(*) AS n FROM ticket_messages WHERE status IN ('pending', 'sending')");
      if (Number(n) === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await sql.close();

    const cases = [
      ['GET /api/portal/me', '/api/portal/me', () => ''],
      ['GET /api/portal/tickets (page of 25)', '/api/portal/tickets', (j) => j.total],
      ['GET /api/portal/tickets?pageSize=50', '/api/portal/tickets?pageSize=50', (j) => j.tickets.length],
      [`GET /api/portal/tickets/:id`, `/api/portal/tickets/${mine.id}`, (j) => j.ticket.comments?.length ?? ''],
      ['GET /api/portal/loans', '/api/portal/loans', (j) => j.loans.length],
    ];
    const rows = [];
    load.push(loadavg()[0].toFixed(2));
    for (const [index, [name, path, matches]] of cases.entries()) {
      const first = await portal(path);
      const bytes = Buffer.from(await first.arrayBuffer());
      if (first.status !== 200) throw new Error(`${name} answered ${first.status}: ${bytes}`);
      const bare = await startBare(bytes, { core: SERVER_CORE });
      const get = (origin) => async () => {
        const res = await fetch(origin + path, { headers: { cookie } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
      };
      const measure = async (which) =>
        which === 'desk'
          ? rows.push({
              name,
              total: matches(JSON.parse(bytes)),
              ...(await timeCalls(get(server.url), { seconds: SECONDS })),
            })
          : rows.push({
              name: `  floor: bare node:http, the same ${bytes.length} B`,
              ...(await timeCalls(get(bare.url), { seconds: SECONDS })),
            });
      // Desk first on even cases, the floor first on odd ones.
      for (const which of index % 2 === 0 ? ['desk', 'floor'] : ['floor', 'desk']) await measure(which);
      if (index % 2 === 1) rows.push(rows.splice(-2, 1)[0]); // Desk's row above its floor's
      checkAffinity('desk serve', server.pid, SERVER_CORE);
      checkAffinity(bare.what, bare.pid, SERVER_CORE);
      await bare.stop();
    }
    load.push(loadavg()[0].toFixed(2));
    reportLatency(
      `${label}: the portal, one request at a time, signed in as a pupil with ${REQUESTER_TICKETS} tickets in a school of ` +
        `${Number(total).toLocaleString()} (${TICKETS.toLocaleString()} opened over HTTP in ${seconds(seedMs)} s), ` +
        `desk serve on CPU ${SERVER_CORE}; load average ${load.join(' -> ')}`,
      rows,
      PORTAL_TARGET_MS,
    );
  } finally {
    await server.stop();
  }
  const log = await summariseLog(server.logFile);
  const notes = [
    // untilReady's polls before the database is ready are 503 by design.
    ...[...log.statuses].filter(([what]) => what !== '503 GET /api/health/ready').map(([what, n]) => `${n}× ${what}`),
    ...[...log.events].map(([what, n]) => `${n}× ${what}`),
  ];
  if (notes.length)
    console.log(`desk serve's log (warnings and above, answers of 400 and more):\n  ${notes.join('\n  ')}`);
}

pinThisProcess(LOAD_CORE);
console.log(
  `desk mail benchmark: ${MESSAGES.toLocaleString()} messages in, then the portal at about ${SECONDS} s a case; ` +
    `targets: mail in under ${MAIL_IN_TARGET_S} s for 1,000, portal p99 under ${PORTAL_TARGET_MS} ms` +
    (PINNING ? '' : ' (not pinned: no taskset or a single core)'),
);
testTls();
const sink = await startSink();
const started = performance.now();
try {
  if (DATABASES.includes('sqlite')) await run('SQLite', '--embedded-db', {}, sink, null);
  if (DATABASES.includes('postgres')) {
    if (!SERVER_URL)
      console.log('\nPostgres: skipped (set TEST_DATABASE_URL or DATABASE_URL to a server to include it)');
    else {
      const db = await scratchDatabase(SERVER_URL);
      try {
        await run(`Postgres (scratch database ${db.name})`, '--from-environment', postgresEnv(db.url), sink, db);
      } finally {
        await db.drop();
      }
    }
  }
  printAffinity();
  console.log(
    `${affinityChecks()} affinity readings, each on its CPU; done in ${seconds(performance.now() - started)} s`,
  );
} finally {
  await sink.close();
}
