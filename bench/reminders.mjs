// npm run bench:reminders — the daily reminder job (issue 23) on a district: BENCH_LOANS loans (default
// 200,000) in one tenant on SQLite, a tenth of them issued and overdue (20,000), each holder a pupil
// with an address and a guardian with one, reminders on. The job (SendReminders, compiled, dist/)
// plans and sends every reminder to an SMTP sink on loopback that runs in a child process, so this
// process's CPU time is Desk's alone. It prints the CPU seconds of the run, messages per second, and
// how many SMTP sessions the sink saw (one pool of a few connections, not one per message).
//
// The target (under a minute of CPU for 200,000 loans and 20,000 overdue) is reported, never enforced.
// BENCH_QUICK=1 seeds a tenth of the district (20,000 loans, 2,000 overdue) for a quick look on a busy
// machine; the figures then scale about linearly with the overdue loans (both planning and sending are
// per overdue loan, and the 180,000 loans that owe nothing are never read).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';

const { buildContainer } = await import('../dist/bootstrap/container.js');
const { loadConfig } = await import('../dist/bootstrap/load-config.js');
const { CreateTenant } = await import('../dist/domain/tenants/create-tenant.js');
const { SendReminders } = await import('../dist/domain/reminders/send-reminders.js');
const { Database } = await import('../dist/ports/database.js');
const { Mailer } = await import('../dist/ports/mailer.js');
const { UnitOfWork } = await import('../dist/ports/unit-of-work.js');

const QUICK = process.env.BENCH_QUICK === '1';
const LOANS = Number(process.env.BENCH_LOANS ?? (QUICK ? 20_000 : 200_000));
const OVERDUE = Math.round(LOANS / 10);
const BATCH = 5_000;
const TARGET_CPU_S = 60;
const DATE = '2026-10-01';

/** The SMTP sink, in its own process: counts sessions and messages, answers `{connections, messages}` on stdin EOF. */
function startSink() {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { SMTPServer } from 'smtp-server';
       let connections = 0, messages = 0;
       const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
         onConnect(s, cb) { connections++; cb(); },
         onData(stream, s, cb) { stream.resume(); stream.on('end', () => { messages++; cb(); }); } });
       server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: server.server.address().port }) + '\\n'));
       process.stdin.resume();
       process.stdin.on('end', () => { process.stdout.write(JSON.stringify({ connections, messages }) + '\\n'); process.exit(0); });`,
    ],
    { cwd: join(import.meta.dirname, '..'), stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = [];
  const waiters = [];
  let buffer = '';
  child.stdout.on('data', (d) => {
    buffer += d.toString();
    for (let i; (i = buffer.indexOf('\n')) >= 0;) {
      lines.push(JSON.parse(buffer.slice(0, i)));
      buffer = buffer.slice(i + 1);
      waiters.splice(0).forEach((w) => w());
    }
  });
  const next = async () => {
    while (lines.length === 0) await new Promise((r) => waiters.push(r));
    return lines.shift();
  };
  return { next, stop: () => (child.stdin.end(), next()) };
}

const pad = (n, w = 6) => String(n).padStart(w, '0');

async function seed(container) {
  const tenant = await container.get(CreateTenant).execute({
    slug: 'district',
    name: 'Big District',
    hosts: [],
    timeZone: 'Europe/London',
    currency: 'GBP',
  });
  const uow = container.get(UnitOfWork);
  await uow.transaction((r) => r.tenants.setModules(tenant.id, ['loans', 'people']));
  const groups = Array.from({ length: 50 }, (_, i) => ({ id: randomUUID(), name: `Cart ${pad(i + 1, 2)}` }));
  await uow.transaction(async (r) => {
    await r.loanGroups.insertMany(tenant.id, groups);
    await r.schoolSettings.put(tenant.id, 'reminders', { enabled: true, copyTo: null }, new Date().toISOString());
  });
  const first = await uow.transaction((r) => r.tenants.takeNumbers(tenant.id, 'loan', LOANS));
  for (let start = 0; start < LOANS; start += BATCH) {
    const count = Math.min(BATCH, LOANS - start);
    const people = [];
    const loans = [];
    const families = [];
    for (let i = start; i < start + count; i++) {
      const number = first + i;
      const overdue = i % 10 === 0;
      const issued = i % 2 === 0;
      let holderId = null;
      if (issued) {
        const person = {
          id: randomUUID(),
          name: `Pupil ${pad(i)}`,
          email: `pupil${pad(i)}@district.example`,
          kind: 'PUPIL',
          userGroup: '7A',
          externalId: `P-${pad(i)}`,
          archivedAt: null,
        };
        people.push(person);
        holderId = person.id;
        families.push([
          person.id,
          [
            {
              name: `Parent ${pad(i)}`,
              email: `parent${pad(i)}@home.example`,
              phone: null,
              relationship: 'mother',
              externalId: null,
            },
          ],
        ]);
      }
      loans.push({
        id: randomUUID(),
        number,
        kind: i % 3 === 0 ? 'IPAD' : 'LAPTOP',
        serial: `LT${pad(number, 7)}`,
        groupId: groups[i % groups.length].id,
        status: issued ? 'ISSUED' : 'AVAILABLE',
        holderId,
        userGroup: issued ? '7A' : null,
        issuedAt: issued ? '2026-09-01T08:00:00.000Z' : null,
        dueDate: issued ? (overdue ? '2026-09-20' : '2026-12-20') : null,
        version: 1,
      });
    }
    await uow.transaction(async (r) => {
      await r.people.insertMany(tenant.id, people);
      for (const [personId, guardians] of families) await r.guardians.replace(tenant.id, personId, guardians);
      await r.loans.insertMany(tenant.id, loans);
    });
  }
  return tenant;
}

const dir = mkdtempSync(join(tmpdir(), 'desk-bench-reminders-'));
const sink = startSink();
try {
  const { port } = await sink.next();
  const config = loadConfig({
    installDir: dir,
    embeddedDb: true,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'desk@district.example', LOG_LEVEL: 'silent' },
  });
  const container = await buildContainer(config);
  await container.get(Database).migrate();
  console.log(
    `Reminders: ${LOANS.toLocaleString()} loans, ${OVERDUE.toLocaleString()} overdue, SQLite (${LOANS === 200_000 ? 'the district' : QUICK ? 'BENCH_QUICK' : 'BENCH_LOANS'})`,
  );
  const seeding = performance.now();
  await seed(container);
  console.log(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const cpu = process.cpuUsage();
  const wall = performance.now();
  const result = await container.get(SendReminders).execute({ date: DATE });
  const seconds = (performance.now() - wall) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const outcomes = result.ran ? result.value.flatMap((t) => t.outcomes) : [];
  const sent = outcomes.filter((o) => o.result === 'sent').length;
  const again = await container.get(SendReminders).execute({ date: DATE });
  const secondRun = again.ran ? again.value.flatMap((t) => t.outcomes).length : -1;
  await container.get(Mailer).close();
  await container.get(Database).close();
  const { connections, messages } = await sink.stop();

  console.log(
    `  sent ${sent.toLocaleString()} reminders (${messages.toLocaleString()} messages at the sink) in ${seconds.toFixed(1)} s wall`,
  );
  console.log(`  CPU: ${cpuSeconds.toFixed(1)} s (target under ${TARGET_CPU_S} s for 20,000 overdue)`);
  console.log(`  ${(sent / seconds).toFixed(0)} messages/s; ${(sent / cpuSeconds).toFixed(0)} messages per CPU second`);
  console.log(`  SMTP sessions opened: ${connections} (one pool: at most 3 at once, a fresh one every 500 messages)`);
  console.log(`  a second run on the same day sent ${secondRun} more`);
  if (OVERDUE !== 20_000) {
    console.log(
      `  at 20,000 overdue, about ${((cpuSeconds * 20_000) / OVERDUE).toFixed(0)} s of CPU (linear in the overdue loans)`,
    );
  }
  console.log(
    `  load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
