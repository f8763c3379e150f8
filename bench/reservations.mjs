// npm run bench:reservations — the availability check of a booking (issue 23: under 5 ms p99 with 2,000
// bookings in the group's year), over HTTP against a real `desk serve` with a signed-in session.
//
// One loan group of 40 units, then 2,000 bookings of it through POST /api/reservations over the next
// 250 school days (eight one-hour slots a day, three units each). Then, one request at a time:
// - POST /api/reservations refused (409) for a one-hour window on a busy day,
// - the same for a window of the whole year (all 2,000 bookings overlap it: the sweep's worst case),
// - GET /api/reservations/availability for a week (the dry run the week view reads).
// A refused POST runs the whole check inside its transaction (the group locked) and writes nothing.
// The target is reported, never enforced: a measurement, not a test. BENCH_SECONDS sets the time per
// case (default 1.5; BENCH_QUICK=1: 0.5); BENCH_DATABASES=sqlite or =postgres runs one of the two
// (Postgres when TEST_DATABASE_URL or DATABASE_URL names a server, in a scratch database dropped after).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { desk, postgresEnv, reportLatency, scratchDatabase, startDesk, timeCalls, untilReady } from './support.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? (process.env.BENCH_QUICK === '1' ? 0.5 : 1.5));
const SERVER_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const TARGET_MS = 5;
const SLUG = 'bench';
const PASSWORD = 'bench password, long enough';
const UNITS = 40;
const BOOKINGS = 2_000;
const SLOTS = 8; // one-hour slots a day, from 08:00

const addDays = (date, days) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const hh = (h) => String(h).padStart(2, '0');

async function client(url) {
  const headers = { 'x-tenant-slug': SLUG, 'content-type': 'application/json' };
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'admin@bench.example', password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const { token } = await login.json();
  const auth = { ...headers, authorization: `Bearer ${token}` };
  return async (method, path, body, ok = [200, 201]) => {
    const res = await fetch(url + path, { method, headers: auth, body: body && JSON.stringify(body) });
    const json = await res.json();
    if (!ok.includes(res.status)) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
}

async function run(label, mode, env) {
  const dir = mkdtempSync(join(tmpdir(), 'desk-bench-reservations-'));
  let server;
  try {
    desk(dir, ['tenant', 'create', SLUG, '--name', 'Bench School', mode], env);
    desk(dir, ['module', 'enable', SLUG, 'loans', 'people', mode], env);
    desk(
      dir,
      [
        'user',
        'create',
        SLUG,
        'admin@bench.example',
        '--name',
        'Bench',
        '--role',
        'school-admin',
        '--password-stdin',
        mode,
      ],
      env,
      PASSWORD,
    );
    server = await startDesk(dir, env, mode);
    await untilReady(server);
    const call = await client(server.url);
    const { loanGroup } = await call('POST', '/api/loan-groups', { name: 'Class set A' });
    for (let i = 0; i < UNITS; i++) {
      await call('POST', '/api/loans', { groupId: loanGroup.id, kind: 'LAPTOP', serial: `RB-${i}` });
    }
    const first = addDays(new Date().toISOString().slice(0, 10), 2);
    const started = performance.now();
    for (let i = 0; i < BOOKINGS; i++) {
      const day = addDays(first, Math.floor(i / SLOTS));
      const hour = 8 + (i % SLOTS);
      await call('POST', '/api/reservations', {
        groupId: loanGroup.id,
        quantity: 3,
        from: `${day}T${hh(hour)}:00`,
        to: `${day}T${hh(hour + 1)}:00`,
        note: `lesson ${i}`,
      });
    }
    const seedSeconds = (performance.now() - started) / 1000;
    const last = addDays(first, Math.ceil(BOOKINGS / SLOTS));
    const busy = addDays(first, 100);
    const refused = (from, to) => () =>
      call('POST', '/api/reservations', { groupId: loanGroup.id, quantity: UNITS - 2, from, to }, [409]);
    const cases = [
      ['POST refused (409), one hour of a busy day', refused(`${busy}T10:00`, `${busy}T11:00`), 1],
      ['POST refused (409), the whole year', refused(`${first}T00:00`, `${last}T00:00`), BOOKINGS],
      [
        'GET availability, one week (dry run, per day)',
        () =>
          call(
            'GET',
            `/api/reservations/availability?groupId=${loanGroup.id}&from=${busy}T00:00&to=${addDays(busy, 7)}T00:00`,
          ),
        7 * SLOTS,
      ],
    ];
    const load = loadavg()[0].toFixed(2);
    const rows = [];
    for (const [name, fn, total] of cases) rows.push({ name, total, ...(await timeCalls(fn, { seconds: SECONDS })) });
    reportLatency(
      `${label}: ${BOOKINGS} bookings of one group (${UNITS} units) made over HTTP in ${seedSeconds.toFixed(1)} s; ` +
        `load average ${load} -> ${loadavg()[0].toFixed(2)}`,
      rows,
      TARGET_MS,
    );
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`desk reservations benchmark: about ${SECONDS} s per case, target p99 ${TARGET_MS} ms`);
if (DATABASES.includes('sqlite')) await run('SQLite', '--embedded-db', {});
if (DATABASES.includes('postgres')) {
  if (!SERVER_URL) console.log('\nPostgres: skipped (set TEST_DATABASE_URL or DATABASE_URL to a server to include it)');
  else {
    const db = await scratchDatabase(SERVER_URL);
    try {
      await run(`Postgres (scratch database ${db.name})`, '--from-environment', postgresEnv(db.url));
    } finally {
      await db.drop();
    }
  }
}
