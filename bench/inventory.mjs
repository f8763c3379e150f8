// npm run bench:inventory — the console loan inventory (ListLoans: one page, the pool's summary and the
// next loan number) at the `district` demo size: 200,000 loans and 400,000 people in one tenant, seeded
// through the CLI on SQLite and, when TEST_DATABASE_URL or DATABASE_URL names a server, on Postgres in
// a scratch database that is dropped afterwards.
//
// Requests are timed one at a time (p50/p99 per case). By default they go through the compiled use
// cases resolved from buildContainer (dist/), as the console route calls them; with BENCH_VIA_HTTP=1
// they go through the real routes of a running `desk serve` (GET /api/loans/inventory and the legacy
// GET /api/loans) with a signed-in session, the server pinned to CPU 0 and this script (the client)
// to CPU 1 (npm run bench:inventory-tail measures the same routes under wrk with GC and event-loop
// figures). The target (20 ms p99 on SQLite) is reported, never
// enforced: this is a measurement, not a test. BENCH_SECONDS sets the time per case (default 1.5);
// BENCH_DATABASES=sqlite or =postgres runs one of the two.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';
import {
  LOAD_CORE,
  SERVER_CORE,
  desk,
  pinThisProcess,
  reportLatency,
  scratchDatabase,
  startDesk,
  timeCalls,
} from './support.mjs';

const { buildContainer } = await import('../dist/bootstrap/container.js');
const { loadConfig } = await import('../dist/bootstrap/load-config.js');
const { ListLoans } = await import('../dist/domain/loans/list-loans.js');
const { ResolveTenant } = await import('../dist/domain/tenants/resolve-tenant.js');
const { operatorActor } = await import('../dist/domain/tenants/operator-actor.js');
const { Database } = await import('../dist/ports/database.js');
const { UnitOfWork } = await import('../dist/ports/unit-of-work.js');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const VIA_HTTP = process.env.BENCH_VIA_HTTP === '1';
const SERVER_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const TARGET_MS = 20;
const SLUG = 'big';
const PAGE_SIZE = 100;
const PASSWORD = 'bench password, long enough';
if (VIA_HTTP) pinThisProcess(LOAD_CORE); // the client stays off the server's CPU

/** The filters of seed §4.4 as the console sends them; the first four are the cases. */
const FILTERS = [
  ['no filter', {}],
  ['status=ISSUED', { status: 'ISSUED' }],
  ['overdue=true', { overdue: true }],
  ["q='Amel' (holder name)", { q: 'Amel' }],
  ["q='cart 01' (group name)", { q: 'cart 01' }],
  ["q='LT0001' (serial)", { q: 'LT0001' }],
  ["q='123456' (a number)", { q: '123456' }],
  ["q='am' (2 characters)", { q: 'am' }],
  ["q='7' (1 character)", { q: '7' }],
  ['kind=IPAD', { kind: 'IPAD' }],
];

/** Seeds the district into a fresh tenant through the CLI; returns the seconds `seed-demo` took. */
function seedDistrict(dir, mode, env) {
  desk(dir, ['tenant', 'create', SLUG, '--name', 'Big District', mode], env);
  desk(dir, ['module', 'enable', SLUG, 'loans', 'people', mode], env);
  const started = performance.now();
  const out = desk(dir, ['seed-demo', SLUG, '--size', 'district', mode], env);
  const seconds = (performance.now() - started) / 1000;
  console.log(`  ${out.trim()} (command: ${seconds.toFixed(1)} s)`);
  return seconds;
}

/** Calls through the compiled use cases, as the console's operator (the whole tenant, every permission). */
async function useCaseClient(dir, mode, env) {
  const config = loadConfig({
    embeddedDb: mode === '--embedded-db',
    fromEnvironment: mode === '--from-environment',
    installDir: dir,
    env: { ...process.env, ...env },
  });
  const container = await buildContainer(config);
  const actor = operatorActor(await container.get(ResolveTenant).bySlug(SLUG));
  const uow = container.get(UnitOfWork);
  return {
    via: 'the ListLoans use case and LoanRepository.listAll (compiled, dist/)',
    inventory: (params) => container.get(ListLoans).execute(actor, params),
    groups: () => uow.read((r) => r.loanGroups.list(actor.tenant.id)),
    /** The legacy cap as the route applies it: every match up to 1,000 rows, plus one to tell "more". */
    legacy: async (filter) => {
      const res = await uow.read((r) => r.loans.listAll(actor.tenant.id, { poolGroupIds: null, ...filter }, 1001));
      return { total: res.total, rows: res.items.length };
    },
    close: () => container.get(Database).close(),
  };
}

/** Calls the real routes of `desk serve`, signed in as a school administrator with a bearer session. */
async function httpClient(dir, mode, env) {
  desk(
    dir,
    [
      'user',
      'create',
      SLUG,
      'bench@district.example',
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
  const server = await startDesk(dir, { LOG_LEVEL: 'silent', ...env }, mode, { core: SERVER_CORE });
  const headers = { 'x-tenant-slug': SLUG, 'content-type': 'application/json' };
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'bench@district.example', password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const { token } = await login.json();
  const get = async (path, params, ok = [200]) => {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const res = await fetch(`${server.url}${path}?${query}`, {
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    const body = await res.json();
    if (!ok.includes(res.status))
      throw new Error(`GET ${path}?${query} answered ${res.status}: ${JSON.stringify(body)}`);
    return { status: res.status, body };
  };
  const probe = await fetch(`${server.url}/api/loans/inventory`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  if (probe.status === 404) {
    server.stop();
    throw new Error('GET /api/loans/inventory is not served by this build: run without BENCH_VIA_HTTP');
  }
  return {
    via: `GET /api/loans/inventory and GET /api/loans on desk serve ${mode} (bearer session)`,
    inventory: async (params) => (await get('/api/loans/inventory', params)).body,
    groups: async () => {
      const { body } = await get('/api/loans/inventory', { pageSize: 1 });
      return body.loans.length ? [{ id: body.loans[0].groupId }] : [];
    },
    // The route answers 400 when more than 1,000 match: that answer is the case being timed.
    legacy: async (filter) => {
      const { status, body } = await get('/api/loans', filter, [200, 400]);
      return { total: status === 200 ? body.length : '>1000', rows: status === 200 ? body.length : 0 };
    },
    close: async () => server.stop(),
  };
}

/** Every case against one database; returns the report rows. */
async function measure(client) {
  const rows = [];
  for (const [name, filter] of FILTERS) {
    const first = await client.inventory({ ...filter, page: 1, pageSize: PAGE_SIZE });
    const last = Math.max(1, Math.ceil(first.total / PAGE_SIZE));
    for (const [which, page] of [
      ['first', 1],
      ['middle', Math.max(1, Math.ceil(last / 2))],
      ['last', last],
    ]) {
      const t = await timeCalls(() => client.inventory({ ...filter, page, pageSize: PAGE_SIZE }), { seconds: SECONDS });
      rows.push({ name: `${name}, ${which} page (${page})`, total: first.total, ...t });
    }
  }
  // The legacy list: a loan group (at most 1,000 loans) and the whole tenant (more: 400 on the route).
  const groups = await client.groups();
  for (const [name, filter] of [
    ['legacy list, one group (<= 1,000)', { groupId: groups[0].id }],
    ['legacy list, whole tenant (> 1,000)', {}],
  ]) {
    const { total } = await client.legacy(filter);
    rows.push({ name, total, ...(await timeCalls(() => client.legacy(filter), { seconds: SECONDS })) });
  }
  return rows;
}

/** Seeds a fresh install, runs `prepare` (if any), measures every case and prints the table. */
async function run(label, mode, env, prepare) {
  const dir = mkdtempSync(join(tmpdir(), 'desk-bench-inventory-'));
  try {
    console.log(`\n${label}: seeding the district in ${dir}`);
    const seeded = seedDistrict(dir, mode, env);
    if (prepare) await prepare();
    const client = VIA_HTTP ? await httpClient(dir, mode, env) : await useCaseClient(dir, mode, env);
    try {
      const load = loadavg()[0].toFixed(2);
      const rows = await measure(client);
      reportLatency(
        `${label} via ${client.via}; seeding ${seeded.toFixed(1)} s; load average ${load} -> ${loadavg()[0].toFixed(2)}`,
        rows,
        TARGET_MS,
      );
    } finally {
      await client.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `desk inventory benchmark: pageSize ${PAGE_SIZE}, about ${SECONDS} s per case, target p99 ${TARGET_MS} ms on SQLite`,
);
/** Postgres in a scratch database on the server, dropped afterwards. */
async function runPostgres() {
  const db = await scratchDatabase(SERVER_URL);
  try {
    const [{ autovacuum }] = await db.run('SHOW autovacuum');
    const env = {
      DATABASE_URL: db.url,
      JWT_SECRET: 'bench-only-secret-bench-only-secret-bench-only',
      ENCRYPTION_KEY: 'bench-only-key'.padEnd(43, 'b'),
    };
    // Autovacuum would get here on its own shortly after the load; run it now so that every run
    // measures the same settled state (index-only scans need the visibility map VACUUM sets).
    const prepare = async () => {
      await db.run('VACUUM (ANALYZE)');
      console.log(`  VACUUM (ANALYZE) after seeding (server autovacuum: ${autovacuum})`);
    };
    await run(`Postgres (scratch database ${db.name})`, '--from-environment', env, prepare);
  } finally {
    await db.drop();
  }
}

if (DATABASES.includes('sqlite')) await run('SQLite', '--embedded-db', {});
if (DATABASES.includes('postgres')) {
  if (SERVER_URL) await runPostgres();
  else console.log('\nPostgres: skipped (set TEST_DATABASE_URL or DATABASE_URL to a server to include it)');
}
