// The Desk instance of bench/mail.mjs that reads mail: run in an install directory (its cwd) as
// `node bench/mail-reader.mjs --embedded-db|--from-environment`, it opens Desk as a `desk` command
// does (dist/bootstrap/program.js: configuration, container, migrations, the encryption key that
// sealed the mailbox's password), then does what `desk serve`'s mailbox scheduler does every 30 s
// (src/bootstrap/mailbox-scheduler.ts: WatchMailboxes over every school's mailboxes), but one look
// straight after another, until a look finds nothing; then what its ticket-mail scheduler does every
// 10 s (RunTicketMail: the acknowledgements handed to the SMTP server), round after round, until a
// round sends nothing. Nothing else runs in this process (no HTTP server, no other job).
//
// It times, without changing Desk, the IMAP client's calls (the MailboxClient's sessions), the MIME
// parser and ReceiveMail (the rules and the transaction, the parse included), by wrapping the
// container's instances and ReceiveMail's method. One JSON line per event on stdout:
//   {type:'ready', openMs}
//   {type:'look', n, at (ms since the first look began), ms, received, outcomes, error}
//   {type:'mail-in', firstLookAt, wallMs, cpuMs, looks, imapMs, parseMs, receiveMs, calls}
//   {type:'ticket-mail', rounds, sent, wallMs, cpuMs}
import 'reflect-metadata';

const mode = process.argv[2] === '--from-environment' ? { fromEnvironment: true } : { embeddedDb: true };
const MAX_LOOKS = 1_000;

const opening = performance.now();
const { program } = await import('../dist/bootstrap/program.js');
const { WatchMailboxes } = await import('../dist/domain/tickets/mail-in/watch-mailboxes.js');
const { ReceiveMail } = await import('../dist/domain/tickets/mail-in/receive-mail.js');
const { RunTicketMail } = await import('../dist/domain/tickets/mail/run-ticket-mail.js');
const { MailboxClient } = await import('../dist/ports/mailbox-client.js');
const { MailParser } = await import('../dist/ports/mail-parser.js');
const opened = await program.open(mode);
const say = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
say({ type: 'ready', openMs: performance.now() - opening });

// Where the time goes: IMAP round trips, parsing, ReceiveMail (parse, rules and transaction).
const spent = { imapMs: 0, parseMs: 0, receiveMs: 0 };
/** Per call: how many and their milliseconds, {open: {n, ms}, fetch: …}. */
const calls = {};
const timed = (bucket, name, fn) =>
  async function (...args) {
    const t = performance.now();
    try {
      return await fn.apply(this, args);
    } finally {
      const ms = performance.now() - t;
      spent[bucket] += ms;
      calls[name] ??= { n: 0, ms: 0 };
      calls[name].n++;
      calls[name].ms += ms;
    }
  };
const client = opened.container.get(MailboxClient);
const open = client.open.bind(client);
client.open = timed('imapMs', 'open', async (access) => {
  const session = await open(access);
  for (const m of ['messagesAfter', 'fetch', 'moveProcessed', 'close'])
    session[m] = timed('imapMs', m, session[m].bind(session));
  return session;
});
const parser = opened.container.get(MailParser);
parser.parse = timed('parseMs', 'parse', parser.parse.bind(parser));
ReceiveMail.prototype.receive = timed('receiveMs', 'receive', ReceiveMail.prototype.receive);

const watch = opened.resolve(WatchMailboxes);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

let first = null;
let firstLookAt = null;
let lastWithMail = null;
let cpuAtStart = 0;
let looks = 0;
for (let n = 1; n <= MAX_LOOKS; n++) {
  const started = performance.now();
  if (first === null) {
    first = started;
    firstLookAt = new Date().toISOString();
    cpuAtStart = cpu();
  }
  const results = await watch.execute();
  const ended = performance.now();
  looks = n;
  const outcomes = {};
  let received = 0;
  let error = null;
  for (const look of results) {
    error ??= look.error;
    for (const r of look.received) {
      received++;
      outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    }
  }
  say({ type: 'look', n, at: started - first, ms: ended - started, received, outcomes, error });
  if (error) break;
  if (received === 0) break;
  lastWithMail = { ended, cpu: cpu() };
}
say({
  type: 'mail-in',
  firstLookAt,
  wallMs: lastWithMail ? lastWithMail.ended - first : 0,
  cpuMs: lastWithMail ? lastWithMail.cpu - cpuAtStart : 0,
  looks,
  ...spent,
  calls,
});

// The acknowledgements the new tickets queued, sent as the ticket-mail job sends them.
const mail = opened.resolve(RunTicketMail);
const mailStart = performance.now();
const mailCpu = cpu();
let rounds = 0;
let sent = 0;
for (;;) {
  const round = await mail.execute();
  rounds++;
  const n = round.ran ? round.value.sent : 0;
  sent += n;
  if (n === 0 || rounds >= MAX_LOOKS) break;
}
say({ type: 'ticket-mail', rounds, sent, wallMs: performance.now() - mailStart, cpuMs: cpu() - mailCpu });
await opened.close();
