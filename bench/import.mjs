// npm run bench:import — CSV imports and exports at district size (issue 12, "Speed"), measured from
// outside through the built `desk`: imports with `desk import` (each run a fresh process, timed, its
// peak resident memory read by /usr/bin/time), exports over HTTP from a running `desk serve`.
//
// On SQLite, and on Postgres when TEST_DATABASE_URL (or BENCH_DATABASE_URL) names a server (a scratch
// database, dropped afterwards):
//   - a district tenant is seeded (`desk seed-demo --size district`: 400,000 people, 200,000 loans,
//     50,000 devices); its people, devices and 200,000 loans are exported over HTTP (rows/s);
//   - the exported people go back in, dry and real (every row unchanged: a nightly sync on a quiet
//     night), then a "nightly" file made from it — one row in twenty moved to another class, one in
//     a hundred new, one in a hundred gone — with --archive-missing, dry and real;
//   - a generated file of 400,000 people goes into an empty tenant (every row created) in Desk's
//     columns and, into another, as a OneRoster 1.1 users.csv, dry and real; the same file into the
//     district renames every person (a stress case: every row an update, each rename followed into
//     the loan search index);
//   - 50,000 generated devices go into the district (created), and its exported devices back in.
// It prints rows per second, seconds and peak memory per run against the targets (people: under 30 s
// on SQLite, 60 s on Postgres, a dry run under half that; memory under 250 MB; export of the loans
// ≥ 50,000 rows/s), as `met` or `not met`. A measurement, never a test: nothing fails on a figure.
// BENCH_DATABASES=sqlite or =postgres runs one of the two; BENCH_PEOPLE / BENCH_DEVICES change the
// generated files' sizes.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { DESK, desk, printTable, scratchDatabase, scratchDir, startDesk, untilReady } from './support.mjs';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 400_000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 50_000);
const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const TARGET_SECONDS = { sqlite: 30, postgres: 60 };
const MEMORY_MB = 250;
const EXPORT_ROWS_PER_SECOND = 50_000;
const PASSWORD = 'bench password, long enough';
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

// ---- Files ---------------------------------------------------------------------------------------

/** Writes `count` lines made by `line(i)` (1-based) after `header`, in large blocks. */
async function writeCsv(path, header, count, line) {
  const out = createWriteStream(path);
  let block = header + '\r\n';
  for (let i = 1; i <= count; i++) {
    block += line(i) + '\r\n';
    if (block.length > 1 << 20) {
      if (!out.write(block)) await once(out, 'drain');
      block = '';
    }
  }
  out.end(block);
  await once(out, 'finish');
  return path;
}

const mis = (i) => `MIS-${String(i).padStart(7, '0')}`;
const FIRST = ['Amelia', 'Noah', 'Olivia', 'Liam', 'Ömer', 'Zoë', 'Mateo', 'Aisha', 'Chen', 'Freya'];
const LAST = ['Smith', 'Jones', "O'Brien", 'García', 'Nguyen', 'Müller', 'Kowalski', 'Haddad', 'Sato', 'Brown'];
const personOf = (i, changed = false) => ({
  given: FIRST[i % FIRST.length],
  family: `${LAST[(i * 7) % LAST.length]}${changed ? '-Moved' : ''}`,
  email: `pupil.${i}@district.example`,
  staff: i % 12 === 0,
  group: `${7 + (i % 6)}${'ABCDEF'[(i * 5) % 6]}`,
});

async function makeFiles(dir) {
  const started = performance.now();
  const desk = (i, changed) => {
    const p = personOf(i, changed);
    return `${mis(i)},${p.given} ${p.family},${p.email},${p.staff ? 'STAFF' : 'PUPIL'},${p.staff ? 'Science' : p.group}`;
  };
  const files = {
    people: await writeCsv(join(dir, 'people.csv'), 'externalId,name,email,kind,userGroup', PEOPLE, (i) => desk(i)),
    oneroster: await writeCsv(
      join(dir, 'users.csv'),
      'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
      PEOPLE,
      (i) => {
        const p = personOf(i);
        const id = `${randomBytes(4).toString('hex')}-0000-4000-8000-${String(i).padStart(12, '0')}`;
        return `${id},,2026-09-01T00:00:00.000Z,true,org-1,${p.staff ? 'teacher' : 'student'},${p.given.toLowerCase()}.${i},,${p.given},${p.family},,${mis(i)},${p.email},,,,${p.staff ? '' : `"${String(p.group).slice(0, -1).padStart(2, '0')}"`},`;
      },
    ),
    devices: await writeCsv(
      join(dir, 'devices.csv'),
      'serial,kind,manufacturer,model,status,assignedTo,purchaseDate,purchaseCost,warrantyEnd',
      DEVICES,
      (i) => {
        const inUse = i % 5 !== 0;
        return `BN${String(i).padStart(8, '0')},LAPTOP,Lenovo,ThinkPad T14,${inUse ? 'IN_USE' : 'IN_STOCK'},${inUse ? mis(((i * 7) % PEOPLE) + 1) : ''},2025-08-${String(1 + (i % 28)).padStart(2, '0')},899.00,2028-08-31`;
      },
    ),
  };
  const mb = (f) => (readFileSync(f).length / 1e6).toFixed(1);
  console.log(
    `files: ${PEOPLE.toLocaleString('en')} people (${mb(files.people)} MB; OneRoster ${mb(files.oneroster)} MB), ` +
      `${DEVICES.toLocaleString('en')} devices (${mb(files.devices)} MB), made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return files;
}

// ---- Runs ----------------------------------------------------------------------------------------

/** `desk import …` in `dir`: seconds, peak resident memory (MB) and the report's second line. */
function timedImport(dir, env, mode, args) {
  const stats = join(dir, `time-${randomBytes(3).toString('hex')}.txt`);
  const command = TIME ? TIME : process.execPath;
  const argv = TIME
    ? ['-f', '%e %M', '-o', stats, process.execPath, DESK, 'import', ...args, mode]
    : [DESK, 'import', ...args, mode];
  const started = performance.now();
  const run = spawnSync(command, argv, { cwd: dir, env: { ...process.env, ...env }, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`desk import ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  const peakMb = TIME ? Number(readFileSync(stats, 'utf8').trim().split(/\s+/).at(-1)) / 1024 : NaN;
  return { seconds, peakMb, report: run.stdout.split('\n')[1]?.trim() ?? '' };
}

const fmt = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');
const verdict = (ok) => (ok ? 'met' : 'not met');

/** Exports the district's people, devices and loans over HTTP into files; rows and seconds of each. */
async function exportAll(dir, env, mode) {
  desk(
    dir,
    [
      'user',
      'create',
      'district',
      'admin@bench.example',
      '--name',
      'Admin',
      '--role',
      'school-admin',
      '--password-stdin',
      mode,
    ],
    env,
    PASSWORD,
  );
  const server = await startDesk(dir, env, mode);
  try {
    await untilReady(server);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant-slug': 'district' },
      body: JSON.stringify({ email: 'admin@bench.example', password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const { token } = await login.json();
    const results = {};
    for (const what of ['people', 'devices', 'loans']) {
      const file = join(dir, `exported-${what}.csv`);
      const out = createWriteStream(file);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/export/${what}.csv`, {
        headers: { authorization: `Bearer ${token}`, 'x-tenant-slug': 'district' },
      });
      const firstByteMs = performance.now() - started;
      if (!res.ok) throw new Error(`GET /api/export/${what}.csv: ${res.status} ${await res.text()}`);
      let lines = 0;
      for await (const chunk of res.body) {
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
        if (!out.write(chunk)) await once(out, 'drain');
      }
      const seconds = (performance.now() - started) / 1000;
      out.end();
      await once(out, 'finish');
      results[what] = { file, status: res.status, rows: lines - 1, seconds, firstByteMs };
    }
    return results;
  } finally {
    await server.stop();
  }
}

/**
 * A nightly roster made from an exported one: every 20th person moved to another class, every 100th
 * gone (a leaver), and one new person for every 100 rows.
 */
async function nightlyFrom(exported, path) {
  const out = createWriteStream(path);
  let n = 0;
  for await (const row of createReadStream(exported).pipe(parse({ bom: true }))) {
    n++;
    if (n === 1) {
      out.write(stringify([row]));
      continue;
    }
    if (n % 100 === 0) {
      out.write(stringify([[`NEW-${n}`, `New Pupil ${n}`, `new.${n}@district.example`, 'PUPIL', '7A']]));
      continue; // this row's person left
    }
    if (n % 20 === 0 && row[3] === 'PUPIL') row[4] = row[4] === '7A' ? '7B' : '7A';
    if (!out.write(stringify([row]))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return path;
}

async function benchDatabase(database, files) {
  const dir = scratchDir(`desk-bench-import-${database}-`);
  let env = {};
  let mode = '--embedded-db';
  let scratch = null;
  if (database === 'postgres') {
    scratch = await scratchDatabase(SERVER_URL);
    mode = '--from-environment';
    env = {
      DATABASE_URL: scratch.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
      DATA_DIR: join(dir, 'data'),
    };
  }
  console.log(`\n== ${database} ==`);
  try {
    for (const slug of ['district', 'fresh', 'roster'])
      desk(dir, ['tenant', 'create', slug, '--name', `${slug} tenant`, mode], env);
    for (const slug of ['district', 'fresh', 'roster'])
      desk(dir, ['module', 'enable', slug, 'people', 'assets', 'loans', mode], env);
    const seedStart = performance.now();
    desk(dir, ['seed-demo', 'district', '--size', 'district', mode], env);
    // Postgres plans by its statistics, which autovacuum refreshes after a load like this one (seed-demo
    // inserts 5,000 rows at a time, below the 10,000 after which insertMany analyzes by itself). A
    // server with autovacuum off — this machine's test server — would plan the district blind.
    if (scratch) await scratch.run('ANALYZE');
    console.log(
      `  seeded the district tenant (400,000 people, 200,000 loans) in ${fmt((performance.now() - seedStart) / 1000)} s`,
    );

    const exported = await exportAll(dir, env, mode);
    printTable(
      `exports on ${database} (HTTP, the district tenant)`,
      ['export', 'status', 'rows', 's', 'first byte ms', 'rows/s', 'target'],
      Object.entries(exported).map(([what, e]) => {
        const rate = e.rows / e.seconds;
        return [
          `GET /api/export/${what}.csv`,
          e.status,
          e.rows.toLocaleString('en'),
          fmt(e.seconds, 2),
          fmt(e.firstByteMs, 0),
          Math.round(rate).toLocaleString('en'),
          what === 'loans'
            ? `≥ ${EXPORT_ROWS_PER_SECOND.toLocaleString('en')}: ${verdict(rate >= EXPORT_ROWS_PER_SECOND)}`
            : '—',
        ];
      }),
    );
    const nightly = await nightlyFrom(exported.people.file, join(dir, 'people-nightly.csv'));

    const target = TARGET_SECONDS[database];
    const people = exported.people.rows;
    const runs = [
      [
        'district: its own export back (dry)',
        'district',
        'people',
        exported.people.file,
        ['--dry-run'],
        people,
        target / 2,
      ],
      ['district: its own export back', 'district', 'people', exported.people.file, [], people, target],
      [
        'district: nightly, --archive-missing (dry)',
        'district',
        'people',
        nightly,
        ['--dry-run', '--archive-missing'],
        people,
        target / 2,
      ],
      ['district: nightly, --archive-missing', 'district', 'people', nightly, ['--archive-missing'], people, target],
      ['empty tenant: every row created (dry)', 'fresh', 'people', files.people, ['--dry-run'], PEOPLE, target / 2],
      ['empty tenant: every row created', 'fresh', 'people', files.people, [], PEOPLE, target],
      [
        'OneRoster users.csv, empty tenant (dry)',
        'roster',
        'people',
        files.oneroster,
        ['--dry-run'],
        PEOPLE,
        target / 2,
      ],
      ['OneRoster users.csv, empty tenant', 'roster', 'people', files.oneroster, [], PEOPLE, target],
      ['stress: district, every person renamed', 'district', 'people', files.people, [], PEOPLE, target],
      ['devices: 50,000 new (dry)', 'district', 'devices', files.devices, ['--dry-run'], DEVICES, null],
      ['devices: 50,000 new', 'district', 'devices', files.devices, [], DEVICES, null],
      [
        'devices: the district export back',
        'district',
        'devices',
        exported.devices.file,
        [],
        exported.devices.rows,
        null,
      ],
    ];
    const rows = [];
    for (const [label, slug, kind, file, flags, count, seconds] of runs) {
      const r = timedImport(dir, env, mode, [slug, kind, file, ...flags]);
      console.log(`  ${label}: ${fmt(r.seconds)} s, ${fmt(r.peakMb, 0)} MB — ${r.report}`);
      rows.push([
        label,
        Math.round(count / r.seconds).toLocaleString('en'),
        fmt(r.seconds),
        seconds === null ? '—' : `< ${seconds} s: ${verdict(r.seconds < seconds)}`,
        fmt(r.peakMb, 0),
        `< ${MEMORY_MB} MB: ${verdict(r.peakMb < MEMORY_MB)}`,
      ]);
    }
    printTable(
      `imports on ${database} (district: ${people.toLocaleString('en')} people; generated: ${PEOPLE.toLocaleString('en')} people, ${DEVICES.toLocaleString('en')} devices)`,
      ['run', 'rows/s', 's', 'time target', 'peak MB', 'memory target'],
      rows,
    );
  } finally {
    await scratch?.drop();
  }
}

console.log(
  `bench:import — load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; node ${process.version}`,
);
const files = await makeFiles(scratchDir('desk-bench-files-'));
for (const database of DATABASES) {
  if (database === 'postgres' && !SERVER_URL) {
    console.log('\n== postgres == skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL to a Postgres server');
    continue;
  }
  await benchDatabase(database, files);
}
