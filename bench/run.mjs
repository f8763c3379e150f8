// npm run bench — Desk measured from outside (CLI and HTTP only) against the targets of the
// performance issue, in one run, one table per section:
//
//   throughput  GET /api/health/version, GET /api/v1/ping, MCP tools/list and tools/call loans.list
//               (2025-11-25, then the same on 2026-07-28) on school data, each beside a bare
//               node:http server measured just before it
//   startup     cold start of `desk serve` to a ready /api/health/ready (median of 5)
//   memory      resident memory idle and after a minute of mixed load, on school data
//   district    the console inventory (every page and filter) and the memory figures on district data
//
// `node bench/run.mjs [section...]` runs some of them (all by default). Desk and the bare server run
// pinned to core 1, the load generator (wrk, 1 thread, 10 connections) and this script to core 0,
// and the two servers are never loaded at once. Rate limits are off through configuration; the log
// stays at the level users run (`info`, unless LOG_LEVEL says otherwise), written to a file.
//
// BENCH_SECONDS sets the seconds per case (default 5); BENCH_QUICK=1 skips the district section
// (seeding 200,000 loans takes about half a minute). The targets are reported, never enforced: this
// is a measurement on a machine that may be busy, not a test.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  CORES,
  LOAD_CORE,
  PINNING,
  SERVER_CORE,
  WRK,
  load,
  loadGenerator,
  pinThisProcess,
  prepareInstall,
  printTable,
  rssMb,
  scratchDir,
  startBare,
  startDesk,
  summariseLog,
  untilReady,
} from './support.mjs';

const SECONDS = Math.max(1, Math.round(Number(process.env.BENCH_SECONDS ?? 5)));
const WARMUP_SECONDS = 1;
const MIXED_SECONDS = 60; // "after a minute of mixed load"
const CONNECTIONS = 10;
const QUICK = process.env.BENCH_QUICK === '1';
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'info';
/** Every tool's permission: with every module on, the key sees all 14 tools. */
const SCOPES =
  'person.view,loan.view,loan.issue,loan.return,repair.view,repair.create,repair.assign,ticket.view,device.view,cost.view';
const TOOLS = 14;
const INVENTORY_PAGE_SIZE = 50; // the route's default page size

const ALL_SECTIONS = ['throughput', 'startup', 'memory', 'district'];
const requested = process.argv.slice(2);
const unknown = requested.filter((s) => !ALL_SECTIONS.includes(s));
if (unknown.length) {
  console.error(`unknown section ${unknown.join(', ')}: choose from ${ALL_SECTIONS.join(', ')}`);
  process.exit(2);
}
const sections = (requested.length ? requested : ALL_SECTIONS).filter((s) => !(QUICK && s === 'district'));

const started = performance.now();
const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
pinThisProcess(LOAD_CORE); // seeding, probes and sampling stay off the server's core too
console.log(`Desk ${version} benchmark, Node ${process.version}, load from ${loadGenerator()}`);
if (!WRK) console.log('wrk is not installed (apt-get install wrk): using autocannon, latency in whole milliseconds');
console.log(
  PINNING
    ? `${CORES} cores: the server under test on core ${SERVER_CORE}, the load generator and this script on core ${LOAD_CORE}`
    : 'not pinned (no taskset or a single core): the servers share the CPU with the load generator',
);
console.log(
  `${CONNECTIONS} connections, 1 thread; ${SECONDS} s per case after ${WARMUP_SECONDS} s of warm-up (BENCH_SECONDS); ` +
    `rate limits off (RATE_LIMIT_*_PER_MINUTE=0); LOG_LEVEL=${LOG_LEVEL}${process.env.LOG_LEVEL ? '' : ' (the default)'}, ` +
    'the log written to a file',
);
if (QUICK) console.log('BENCH_QUICK=1: the district section is skipped');

// ---------------------------------------------------------------------------------------------------
// Helpers.

const load1 = () => loadavg()[0].toFixed(2);
const fmtRps = (x) => Math.round(x).toLocaleString('en-US');
const fmtMs = (x) => x.toFixed(2);
const fmtMb = (x) => x.toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What went wrong beside the figures, printed at the end: server logs, unexpected exits. */
const observations = [];

/** `desk serve` on `dir` as the benchmark runs it, pinned, with the log level users run. */
async function serve(label, dir) {
  const server = await startDesk(dir, { LOG_LEVEL }, '--embedded-db', { core: SERVER_CORE });
  server.label = label;
  server.exited.then((code) => {
    if (!server.stopping) observations.push(`${label}: desk serve exited on its own (code ${code})`);
  });
  return server;
}

/** Stops the server and notes what its log says about answers of 400 and more, warnings and errors. */
async function finish(server) {
  await server.stop();
  const { requests, statuses, events } = await summariseLog(server.logFile);
  for (const [what, n] of statuses) observations.push(`${server.label}: ${n} × ${what} (of ${requests} requests)`);
  for (const [what, n] of events) observations.push(`${server.label}: ${n} × log ${what}`);
}

/** One request as given to load(); fetches it once and returns the answer's bytes (which must be 200). */
async function probe(origin, { method = 'GET', path, headers, body }) {
  const res = await fetch(`${origin}${path}`, { method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200)
    throw new Error(`${method} ${path} answered ${res.status}: ${bytes.toString().slice(0, 500)}`);
  return bytes;
}

/**
 * One case beside its floor: Desk is warmed up, then a bare server answering a copy of Desk's own
 * answer (so both move the same bytes) is warmed up, measured and stopped, then Desk is measured.
 * `check` sees Desk's parsed answer first and throws when it is not what the case is meant to time.
 */
async function besideBare(server, request, check) {
  const answer = await probe(server.url, request);
  const json = JSON.parse(answer);
  check?.(json);
  const requests = [request];
  await load({ origin: server.url, requests, seconds: WARMUP_SECONDS, connections: CONNECTIONS });
  const bare = await startBare(answer, { core: SERVER_CORE });
  let base;
  try {
    await load({ origin: bare.url, requests, seconds: WARMUP_SECONDS, connections: CONNECTIONS });
    base = await load({ origin: bare.url, requests, seconds: SECONDS, connections: CONNECTIONS });
  } finally {
    await bare.stop();
  }
  const desk = await load({ origin: server.url, requests, seconds: SECONDS, connections: CONNECTIONS });
  return { desk, base, bytes: answer.length, json };
}

/** "met", or "not met" naming each target missed; any failed request misses the case. */
function verdict(fig, target, base) {
  const misses = [];
  if (fig.httpErrors + fig.socketErrors > 0) misses.push('errors');
  if (target.ratio !== undefined && fig.rps / base.rps < target.ratio) misses.push('ratio');
  if (target.p50 !== undefined && fig.p50 >= target.p50) misses.push('p50');
  if (target.p99 !== undefined && fig.p99 >= target.p99) misses.push('p99');
  return misses.length ? `not met (${misses.join(', ')})` : 'met';
}

const targetText = (t) =>
  [
    t.ratio !== undefined && `≥ ${t.ratio.toFixed(2)}× bare`,
    t.p50 !== undefined && `p50 < ${t.p50} ms`,
    t.p99 !== undefined && `p99 < ${t.p99} ms`,
  ]
    .filter(Boolean)
    .join(', ');

const errorsText = (fig) =>
  fig.httpErrors + fig.socketErrors === 0 ? '0' : `${fig.httpErrors} HTTP ≥400, ${fig.socketErrors} socket`;

/** A row of the throughput and inventory tables. */
const caseRow = (name, { desk, base, bytes }, target, extra = []) => [
  name,
  ...extra,
  bytes.toLocaleString('en-US'),
  fmtRps(desk.rps),
  fmtMs(desk.p50),
  fmtMs(desk.p99),
  errorsText(desk),
  fmtRps(base.rps),
  `${(desk.rps / base.rps).toFixed(2)}×`,
  targetText(target),
  verdict(desk, target, base),
];
const CASE_HEADER = ['bytes', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'bare req/s', 'ratio', 'target', 'result'];

async function signIn(server, admin) {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'x-tenant-slug': admin.slug, 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return (await res.json()).token;
}

const mcpHeaders = (key) => ({
  authorization: `Bearer ${key}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
});
const rpc = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const loansListCall = (key) => ({
  method: 'POST',
  path: '/api/mcp',
  headers: mcpHeaders(key),
  body: rpc('tools/call', { name: 'loans.list', arguments: { pageSize: 50 } }),
});

/**
 * An OAuth access token for the school's administrator, obtained as an app would: registered
 * dynamically, the authorization request sent, the consent answered through the console's API with
 * the administrator's session, the code exchanged with its PKCE verifier.
 */
async function oauthToken(server, admin) {
  const session = await signIn(server, admin);
  const redirect = 'http://127.0.0.1:9/callback';
  const registered = await fetch(`${server.url}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Bench assistant', redirect_uris: [redirect] }),
  });
  const { client_id } = await registered.json();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id,
    redirect_uri: redirect,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const asked = await fetch(`${server.url}/api/oauth/authorize?${query}`, { redirect: 'manual' });
  const request = new URL(asked.headers.get('location'), server.url).searchParams.get('request');
  const decided = await fetch(`${server.url}/api/oauth/authorizations/${request}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session}`, 'x-tenant-slug': admin.slug, 'content-type': 'application/json' },
    body: JSON.stringify({ decision: 'allow' }),
  });
  const code = new URL((await decided.json()).redirectTo).searchParams.get('code');
  const exchanged = await fetch(`${server.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirect,
      client_id,
    }).toString(),
  });
  if (exchanged.status !== 200)
    throw new Error(`the token exchange answered ${exchanged.status}: ${await exchanged.text()}`);
  return (await exchanged.json()).access_token;
}

/** A 2026-07-28 request as the v2 client sends it: the `_meta` envelope and the mirrored headers. */
const MODERN = '2026-07-28';
const modernRequest = (key, method, params) => ({
  method: 'POST',
  path: '/api/mcp',
  headers: {
    ...mcpHeaders(key),
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...(params.name ? { 'mcp-name': params.name } : {}),
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
      },
    },
  }),
});

/** Rounds per lane in the paired comparison of the two MCP lanes. */
const LANE_ROUNDS = 5;

/** Two requests loaded in turn, 1 s each, LANE_ROUNDS times: their mean req/s (a and b). */
async function alternating(server, a, b) {
  const sums = { a: 0, b: 0 };
  for (let round = 0; round < LANE_ROUNDS; round++) {
    for (const [side, request] of round % 2 === 0
      ? [
          ['a', a],
          ['b', b],
        ]
      : [
          ['b', b],
          ['a', a],
        ]) {
      sums[side] += (await load({ origin: server.url, requests: [request], seconds: 1, connections: CONNECTIONS })).rps;
    }
  }
  return { a: sums.a / LANE_ROUNDS, b: sums.b / LANE_ROUNDS };
}

// ---------------------------------------------------------------------------------------------------
// Sections.

async function throughput(school) {
  const server = await serve('school data, throughput', school.dir);
  const rows = [];
  const load0 = load1();
  try {
    const cases = [
      {
        name: 'GET /api/health/version',
        request: { path: '/api/health/version' },
        target: { ratio: 0.6 },
        check: (j) => {
          if (j.version !== version) throw new Error(`/api/health/version says ${JSON.stringify(j)}`);
        },
      },
      {
        name: 'GET /api/v1/ping (x-api-key)',
        request: { path: '/api/v1/ping', headers: { 'x-api-key': school.key } },
        target: { ratio: 0.4 },
        check: (j) => {
          if (j.ok !== true) throw new Error(`/api/v1/ping says ${JSON.stringify(j)}`);
        },
      },
      {
        name: `MCP tools/list (${TOOLS} tools)`,
        request: { method: 'POST', path: '/api/mcp', headers: mcpHeaders(school.key), body: rpc('tools/list', {}) },
        target: { ratio: 0.2, p50: 1 },
        check: (j) => {
          const names = j.result?.tools?.map((t) => t.name) ?? [];
          if (names.length !== TOOLS)
            throw new Error(`tools/list shows ${names.length} tools, not ${TOOLS}: ${names.join(', ')}`);
        },
      },
      {
        name: 'MCP tools/call loans.list (pageSize 50)',
        request: loansListCall(school.key),
        target: { ratio: 0.08 },
        check: (j) => {
          if (j.result?.isError || j.result?.structuredContent?.loans?.length !== 50)
            throw new Error(`loans.list answered ${JSON.stringify(j).slice(0, 500)}`);
        },
      },
      // The same two on the 2026-07-28 lane, held to the same targets (and compared below).
      {
        name: `MCP ${MODERN} tools/list (${TOOLS} tools)`,
        request: modernRequest(school.key, 'tools/list', {}),
        target: { ratio: 0.2, p50: 1 },
        check: (j) => {
          const names = j.result?.tools?.map((t) => t.name) ?? [];
          if (j.result?.resultType !== 'complete' || j.result?.cacheScope !== 'private' || names.length !== TOOLS)
            throw new Error(`${MODERN} tools/list answered ${JSON.stringify(j).slice(0, 500)}`);
        },
      },
      {
        name: `MCP ${MODERN} tools/call loans.list (pageSize 50)`,
        request: modernRequest(school.key, 'tools/call', { name: 'loans.list', arguments: { pageSize: 50 } }),
        target: { ratio: 0.08 },
        check: (j) => {
          if (j.result?.resultType !== 'complete' || j.result?.structuredContent?.loans?.length !== 50)
            throw new Error(`${MODERN} loans.list answered ${JSON.stringify(j).slice(0, 500)}`);
        },
      },
    ];
    // The same two with an OAuth access token instead of the key, held to the same targets (and
    // compared below): a token is looked up as a key is, with no database round trip once known.
    const token = await oauthToken(server, school.admin);
    cases.push(
      {
        name: `MCP tools/list (OAuth token, ${TOOLS} tools)`,
        request: { method: 'POST', path: '/api/mcp', headers: mcpHeaders(token), body: rpc('tools/list', {}) },
        target: { ratio: 0.2, p50: 1 },
        check: (j) => {
          if ((j.result?.tools?.length ?? 0) !== TOOLS)
            throw new Error(`tools/list answered ${JSON.stringify(j).slice(0, 500)}`);
        },
      },
      {
        name: 'MCP tools/call loans.list (OAuth token, pageSize 50)',
        request: loansListCall(token),
        target: { ratio: 0.08 },
        check: (j) => {
          if (j.result?.isError || j.result?.structuredContent?.loans?.length !== 50)
            throw new Error(`loans.list answered ${JSON.stringify(j).slice(0, 500)}`);
        },
      },
    );
    const ratios = new Map();
    for (const c of cases) {
      const figures = await besideBare(server, c.request, c.check);
      ratios.set(c.name, figures.desk.rps / figures.base.rps);
      rows.push(caseRow(c.name, figures, c.target));
    }
    // The 2026 lane must be no slower than the 2025 one: its ratio to bare beside the 2025 ratio, and,
    // since a busy machine moves figures measured seconds apart, the two lanes in alternating rounds.
    const byName = new Map(cases.map((c) => [c.name, c.request]));
    for (const [old, modern] of [
      [`MCP tools/list (${TOOLS} tools)`, `MCP ${MODERN} tools/list (${TOOLS} tools)`],
      ['MCP tools/call loans.list (pageSize 50)', `MCP ${MODERN} tools/call loans.list (pageSize 50)`],
    ]) {
      const [a, b] = [ratios.get(old), ratios.get(modern)];
      const paired = await alternating(server, byName.get(old), byName.get(modern));
      observations.push(
        `${modern}: ${b.toFixed(2)}× bare against ${a.toFixed(2)}× on 2025-11-25 (${((b / a) * 100).toFixed(0)}% of the 2025 lane); ` +
          `in ${LANE_ROUNDS} alternating 1 s rounds each, ${fmtRps(paired.b)} against ${fmtRps(paired.a)} req/s (${((paired.b / paired.a) * 100).toFixed(0)}%)`,
      );
    }
    // An OAuth token must run at 95 % of a key or better, the two loaded in alternating rounds.
    for (const [keyCase, tokenCase] of [
      [`MCP tools/list (${TOOLS} tools)`, `MCP tools/list (OAuth token, ${TOOLS} tools)`],
      ['MCP tools/call loans.list (pageSize 50)', 'MCP tools/call loans.list (OAuth token, pageSize 50)'],
    ]) {
      const paired = await alternating(server, byName.get(keyCase), byName.get(tokenCase));
      const share = paired.b / paired.a;
      observations.push(
        `${tokenCase}: in ${LANE_ROUNDS} alternating 1 s rounds each, ${fmtRps(paired.b)} against ${fmtRps(paired.a)} req/s ` +
          `with the key (${(share * 100).toFixed(0)}%; target ≥ 95 %: ${share >= 0.95 ? 'met' : 'not met'})`,
      );
    }
  } finally {
    await finish(server);
  }
  printTable(
    `Throughput on school data, each beside a bare node:http server answering the same bytes (load average ${load0} -> ${load1()})`,
    ['case', ...CASE_HEADER],
    rows,
  );
}

async function startup(school) {
  const load0 = load1();
  // A new install: the first start creates the database and applies every migration.
  const fresh = await serve('new install, cold start', scratchDir('desk-bench-fresh-'));
  const freshMs = await untilReady(fresh);
  await finish(fresh);
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const server = await serve('school data, cold start', school.dir);
    runs.push(await untilReady(server));
    await finish(server);
  }
  const median = [...runs].sort((a, b) => a - b)[2];
  printTable(
    `Cold start: spawning desk serve${PINNING ? ` (on core ${SERVER_CORE})` : ''} until GET /api/health/ready answers 200 (load average ${load0} -> ${load1()})`,
    ['case', 'ms', 'runs (ms)', 'target', 'result'],
    [
      [
        'school data, median of 5',
        median.toFixed(0),
        runs.map((ms) => ms.toFixed(0)).join(', '),
        '< 500 ms',
        median < 500 ? 'met' : 'not met',
      ],
      ['new install (creates the database), 1 run', freshMs.toFixed(0), '', '(none)', ''],
    ],
  );
}

/**
 * Resident memory of a fresh `desk serve`: idle after start, then after a minute of mixed load
 * (ping, MCP tools/call loans.list and the console inventory in turn on the 10 connections).
 */
async function memory(label, install) {
  const server = await serve(`${label}, memory`, install.dir);
  const load0 = load1();
  let idle, after, peak, fig;
  try {
    await untilReady(server);
    await sleep(2000); // let start-up's garbage be collected, as it would be on an idle server
    idle = rssMb(server.pid);
    const token = await signIn(server, install.admin);
    const mixed = [
      { path: '/api/v1/ping', headers: { 'x-api-key': install.key } },
      loansListCall(install.key),
      { path: '/api/loans/inventory', headers: { authorization: `Bearer ${token}` } },
    ];
    for (const request of mixed) await probe(server.url, request);
    peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 250);
    try {
      fig = await load({ origin: server.url, requests: mixed, seconds: MIXED_SECONDS, connections: CONNECTIONS });
    } finally {
      clearInterval(sampler);
    }
    after = rssMb(server.pid);
  } finally {
    await finish(server);
  }
  const mixedNote = `${MIXED_SECONDS} s: ${fmtRps(fig.rps)} req/s, p99 ${fmtMs(fig.p99)} ms, errors ${errorsText(fig)}; peak ${fmtMb(peak)} MB`;
  printTable(
    `Resident memory (VmRSS), ${label} (load average ${load0} -> ${load1()})`,
    ['case', 'MB', 'target', 'result', 'load'],
    [
      ['idle after start', fmtMb(idle), '< 100 MB', idle < 100 ? 'met' : 'not met', ''],
      [
        'after a minute of mixed load',
        fmtMb(after),
        '< 150 MB',
        after < 150 && fig.httpErrors + fig.socketErrors === 0 ? 'met' : 'not met',
        mixedNote,
      ],
    ],
  );
}

async function inventory(district) {
  const server = await serve('district data, inventory', district.dir);
  const rows = [];
  const load0 = load1();
  try {
    const headers = { authorization: `Bearer ${await signIn(server, district.admin)}` };
    const first = JSON.parse(await probe(server.url, { path: '/api/loans/inventory', headers }));
    const lastPage = Math.ceil(first.total / INVENTORY_PAGE_SIZE);
    // Fragments as someone would type them, taken from the data so that they match something.
    const holder = first.loans
      .find((l) => l.holder)
      ?.holder.name.split(' ')
      .at(-1)
      .slice(0, 4)
      .toLowerCase();
    const serial = first.loans.at(-1).serial.slice(0, 6);
    const p99 = 5;
    const cases = [
      ['default page', {}, { ratio: 0.1, p99 }],
      [`last page (${lastPage})`, { page: lastPage }, { p99 }],
      ['status=ISSUED', { status: 'ISSUED' }, { p99 }],
      ['overdue=true', { overdue: 'true' }, { p99 }],
      [`q=${holder} (holder name)`, { q: holder }, { p99 }],
      [`q=${serial} (serial)`, { q: serial }, { p99 }],
    ];
    for (const [name, params, target] of cases) {
      const query = new URLSearchParams(params).toString();
      const request = { path: `/api/loans/inventory${query ? `?${query}` : ''}`, headers };
      const result = await besideBare(server, request, (j) => {
        if (!Array.isArray(j.loans) || j.loans.length === 0) throw new Error(`${request.path} found no loans`);
      });
      rows.push(caseRow(name, result, target, [result.json.total.toLocaleString('en-US')]));
    }
  } finally {
    await finish(server);
  }
  printTable(
    `Console GET /api/loans/inventory on district data (${INVENTORY_PAGE_SIZE} a page), signed in as a school administrator (load average ${load0} -> ${load1()})`,
    ['case', 'matches', ...CASE_HEADER],
    rows,
  );
}

// ---------------------------------------------------------------------------------------------------
// The run.

if (sections.some((s) => s !== 'district')) {
  const school = prepareInstall({ size: 'school', scopes: SCOPES, admin: true });
  console.log(`\nschool data seeded in ${school.seedSeconds.toFixed(1)} s`);
  if (sections.includes('throughput')) await throughput(school);
  if (sections.includes('startup')) await startup(school);
  if (sections.includes('memory')) await memory('school data', school);
}
if (sections.includes('district')) {
  console.log('\nseeding district data (200,000 loans, 400,000 people) ...');
  const district = prepareInstall({ size: 'district', scopes: SCOPES, admin: true });
  console.log(`district data seeded in ${district.seedSeconds.toFixed(1)} s`);
  await inventory(district);
  await memory('district data', district);
}

console.log('\nObservations (server logs: answers of 400 and more, warnings, errors; unexpected exits)');
if (observations.length === 0) console.log('none');
for (const line of observations) console.log(`- ${line}`);
console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(0)} s`);
