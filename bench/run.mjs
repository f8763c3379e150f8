// npm run bench — Desk measured from outside (CLI and HTTP only) against its targets (issue 28's where
// it names them, issue 22's elsewhere), in one run, one table per section:
//
//   throughput  GET /api/health/version, GET /api/v1/ping, MCP tools/list and tools/call loans.list
//               (on the 2025-11-25 and the 2026-07-28 lane, each with the key and with an OAuth access
//               token) on school data, each alternating with a bare node:http floor in the same run
//   startup     cold start of `desk serve` to a ready /api/health/ready (median of BENCH_STARTS, 5)
//   memory      resident memory idle and after a minute of mixed load, on school data
//   district    the console inventory (pages and filters) and the memory figures on district data
//
// `node bench/run.mjs [section...]` runs some of them (all by default).
//
// How a figure is taken. Every server under test (Desk, the bare floor, a baseline build) runs pinned
// to CPU 0 (`taskset -c 0`), the load generator (wrk, 1 thread, 10 connections; autocannon inside
// this script when wrk is missing) and this script to CPU 1; every load reads the affinity of the
// server, the generator and this script from /proc while it runs and stops the run if one is off its
// CPU, and the run prints the readings of a preflight at its top. For each case Desk and its floor —
// a bare node:http server answering a copy of Desk's own answer, so both move the same bytes — are
// both started, warmed up for a second each, then loaded in turn, BENCH_ROUNDS rounds (default 5) of
// BENCH_SECONDS each (default 2), the order reversed every other round (floor, Desk, Desk, floor,
// floor…), never both at once; the table gives the mean of each, the ratio of the means and the
// range of the per-round ratios. tools/list also alternates with a floor answering a tiny body (38
// bytes), printed beside the ratio to the same-size floor its target is held to.
//
// Pricing one build against another: BENCH_BASELINE=/path/to/other/checkout (built there with
// `npm run build`) adds that build's `desk serve`, on its own install seeded by its own CLI with the
// same data, as one more contender in every throughput case's rounds (floor, this build, baseline),
// and alternates its cold starts with this build's; the tables print its req/s, its ratio to the same
// floor and this build ÷ baseline. SQLite only; the other sections measure this build alone.
//
// Rate limits are off through configuration; the log stays at the level users run (`info`, unless
// LOG_LEVEL says otherwise), written to a file. When BENCH_DATABASE_URL or TEST_DATABASE_URL names a
// Postgres server, the throughput and district cases run a second time on `desk serve
// --from-environment` over a scratch database (dropped at the end), and their figures are printed
// beside SQLite's with no target yet. The Postgres server itself is not pinned.
//
// BENCH_QUICK=1 skips the district section (seeding 200,000 loans takes a minute or two, longer on
// Postgres); `npm run bench:inventory-tail` tells the inventory's tail apart (GC or stalls). The
// targets are reported, never enforced: this is a measurement on a machine that may be busy, not a test.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  CORES,
  LOAD_CORE,
  PINNING,
  SERVER_CORE,
  WRK,
  affinityChecks,
  alternate,
  load,
  loadCheckout,
  inventoryQueries,
  INVENTORY_PAGE_SIZE,
  loadGenerator,
  pinThisProcess,
  printAffinity,
  prepareInstall,
  printTable,
  rssMb,
  scratchDatabase,
  scratchDir,
  startBare,
  startDesk,
  summariseLog,
  untilReady,
} from './support.mjs';

const SECONDS = Math.max(1, Math.round(Number(process.env.BENCH_SECONDS ?? 2)));
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 5)));
const STARTS = Math.max(1, Math.round(Number(process.env.BENCH_STARTS ?? 5)));
const WARMUP_SECONDS = 1;
const MIXED_SECONDS = 60; // "after a minute of mixed load"
const CONNECTIONS = 10;
const QUICK = process.env.BENCH_QUICK === '1';
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'info';
const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
/** Another built checkout priced beside this one (BENCH_BASELINE), or null. */
const BASELINE = process.env.BENCH_BASELINE ? await loadCheckout(process.env.BENCH_BASELINE) : null;
/** The tiny floor's body, beside tools/list's same-size floor (the size of a health/version answer). */
const TINY_BODY = '{"version":"0.0.0","channel":"stable"}';
/**
 * Every tool's permission: with every module on, the key sees every tool of the catalogue, as the
 * OAuth token (a school administrator's consent) does.
 */
const SCOPES =
  'person.view,loan.view,loan.issue,loan.return,repair.view,repair.create,repair.assign,ticket.view,device.view,cost.view,reservation.create';
const TOOLS = (await import('../dist/domain/catalogue/tools.js')).TOOLS.length;
/** What a build's answers are checked against: this checkout's, or BENCH_BASELINE's. */
const THIS_BUILD = {
  version: JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version,
  tools: TOOLS,
};

/**
 * The targets, declared once: every measured case names the one it is held to, and the tables'
 * "target" and "result" columns and the closing summary are derived from here. `ratio` is Desk's
 * mean req/s over the mean of the bare node:http floor answering the same bytes, alternated with it
 * in the same run; `p50` and `p99` are latencies in ms, `tail` the most p99 may be as a multiple of
 * p50, `rssMb` resident memory, `ms` a cold start. Issue 28 set the ratios of health, ping, tools/list
 * (0.30× of the same-size floor) and tools/call, the inventory's tail and the cold start; the rest
 * are issue 22's, which issue 28 left as they were.
 */
const TARGETS = [
  { case: 'GET /api/health/version', ratio: 0.45 },
  { case: 'GET /api/v1/ping', ratio: 0.3 },
  { case: 'MCP tools/list', ratio: 0.3, p50: 1 },
  { case: 'MCP tools/call loans.list', ratio: 0.06 },
  { case: 'inventory, default page', ratio: 0.06, p99: 5, tail: 2.5 },
  { case: 'inventory, other pages and filters', p99: 5, tail: 2.5 },
  { case: 'idle RSS', rssMb: 90 },
  { case: 'RSS after a minute of mixed load', rssMb: 140 },
  { case: 'cold start', ms: 500 },
];
const target = (name) => {
  const t = TARGETS.find((x) => x.case === name);
  if (!t) throw new Error(`no target named ${name}`);
  return t;
};

const ALL_SECTIONS = ['throughput', 'startup', 'memory', 'district'];
const requested = process.argv.slice(2);
const unknown = requested.filter((s) => !ALL_SECTIONS.includes(s));
if (unknown.length) {
  console.error(`unknown section ${unknown.join(', ')}: choose from ${ALL_SECTIONS.join(', ')}`);
  process.exit(2);
}
const sections = (requested.length ? requested : ALL_SECTIONS).filter((s) => !(QUICK && s === 'district'));

const started = performance.now();
const version = THIS_BUILD.version;
pinThisProcess(LOAD_CORE); // seeding, probes and sampling stay off the server's core too
console.log(`Desk ${version} benchmark, Node ${process.version}, load from ${loadGenerator()}`);
if (!WRK)
  console.log(
    'wrk is not installed (apt-get install wrk): using autocannon inside this script, latency in whole milliseconds',
  );
console.log(
  PINNING
    ? `${CORES} cores: every server under test on CPU ${SERVER_CORE}, the load generator and this script on CPU ${LOAD_CORE}`
    : 'not pinned (no taskset or a single core): the servers share the CPU with the load generator',
);
console.log(
  `${CONNECTIONS} connections, 1 thread; each contender of a case (floor, Desk${BASELINE ? ', baseline' : ''}) warmed up ` +
    `${WARMUP_SECONDS} s, then ${ROUNDS} alternating rounds of ${SECONDS} s (BENCH_ROUNDS, BENCH_SECONDS), means reported; ` +
    `rate limits off (RATE_LIMIT_*_PER_MINUTE=0); LOG_LEVEL=${LOG_LEVEL}${process.env.LOG_LEVEL ? '' : ' (the default)'}, ` +
    'the log written to a file',
);
if (BASELINE) console.log(`baseline (BENCH_BASELINE): ${BASELINE.dir}, Desk ${BASELINE.version}, ${BASELINE.commit}`);
if (QUICK) console.log('BENCH_QUICK=1: the district section is skipped');

// ---------------------------------------------------------------------------------------------------
// Helpers.

const load1 = () => loadavg()[0].toFixed(2);
const fmtRps = (x) => Math.round(x).toLocaleString('en-US');
const fmtMs = (x) => x.toFixed(2);
const fmtMb = (x) => x.toFixed(1);
/** A ratio to the floor, with a third decimal below 0.1 so that 0.058× does not read as a met 0.06×. */
const fmtNumber = (x) => x.toFixed(x < 0.1 ? 3 : 2);
const fmtRatio = (x) => `${fmtNumber(x)}×`;
/** The ratio of two contenders' means. */
const ratioOf = (a, b) => a.rps / b.rps;
/** The lowest and highest of the per-round ratios of two contenders (round i of one to round i of the other). */
const roundsText = (a, b) => {
  const r = a.rounds.map((x, i) => x.rps / b.rounds[i].rps);
  return `${fmtNumber(Math.min(...r))}–${fmtRatio(Math.max(...r))}`;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What went wrong beside the figures, printed at the end: server logs, unexpected exits. */
const observations = [];

/**
 * `desk serve` on an install (SQLite or Postgres) as the benchmark runs it, pinned, with the log level
 * users run; from the baseline checkout when the install was made by it.
 */
async function serve(label, install) {
  const server = await startDesk(install.dir, { LOG_LEVEL, ...install.env }, install.mode, {
    core: SERVER_CORE,
    checkout: install.checkout,
  });
  server.label = label;
  server.exited.then((code) => {
    if (!server.stopping) observations.push(`${label}: desk serve exited on its own (code ${code})`);
  });
  return server;
}

/**
 * Serves `install`, waits until it is ready (its database too), runs `work(server, readyMs)` (the
 * milliseconds from spawn to ready) and stops the server whatever happens; returns what `work` returns.
 */
async function serving(label, install, work) {
  const server = await serve(label, install);
  try {
    return await work(server, await untilReady(server));
  } finally {
    await finish(server);
  }
}

/** Stops the server and notes what its log says about answers of 400 and more, warnings and errors. */
async function finish(server) {
  await server.stop();
  const { requests, statuses, events } = await summariseLog(server.logFile);
  statuses.delete('503 GET /api/health/ready'); // untilReady polling while the database opens
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
 * One case: Desk's answer is fetched (and checked: `c.check` throws when it is not what the case is
 * meant to time), a bare server answering a copy of it is started (the same-size floor; with
 * `c.tinyFloor`, a second one answering TINY_BODY), and the floor(s), Desk and, with `other`
 * ({server, case}: the baseline build and its own twin of the case), the baseline are loaded in
 * alternating rounds (alternate() in support.mjs). Returns each contender's figures (desk, base: the
 * same-size floor, tiny, baseline), the answers' sizes and Desk's parsed answer.
 */
async function measureCase(server, c, other) {
  const answer = await probe(server.url, c.request);
  const json = JSON.parse(answer);
  c.check?.(json);
  let baselineBytes;
  if (other) {
    const theirs = await probe(other.server.url, other.case.request);
    other.case.check?.(JSON.parse(theirs));
    baselineBytes = theirs.length;
  }
  const floor = await startBare(answer, { core: SERVER_CORE });
  const tiny = c.tinyFloor ? await startBare(TINY_BODY, { core: SERVER_CORE }) : null;
  try {
    const requests = [c.request];
    const contenders = [
      { label: 'floor', origin: floor.url, requests },
      ...(tiny ? [{ label: 'tiny', origin: tiny.url, requests }] : []),
      { label: 'desk', origin: server.url, requests },
      ...(other ? [{ label: 'baseline', origin: other.server.url, requests: [other.case.request] }] : []),
    ];
    const m = await alternate(contenders, {
      rounds: ROUNDS,
      seconds: SECONDS,
      warmup: WARMUP_SECONDS,
      connections: CONNECTIONS,
    });
    return {
      desk: m.get('desk'),
      base: m.get('floor'),
      tiny: m.get('tiny'),
      baseline: m.get('baseline'),
      bytes: answer.length,
      baselineBytes,
      json,
    };
  } finally {
    await floor.stop();
    await tiny?.stop();
  }
}

/**
 * The verdict on one case: "met", or "not met" naming each target missed; any failed request misses
 * the case. `fig` holds what was measured of {rps, floorRps (the bare server's), p50, p99, rssMb, ms}.
 */
function verdict(t, fig) {
  const misses = [];
  if (fig.httpErrors + fig.socketErrors > 0) misses.push('errors');
  if (t.ratio !== undefined && fig.rps / fig.floorRps < t.ratio) misses.push('ratio');
  if (t.p50 !== undefined && fig.p50 >= t.p50) misses.push('p50');
  if (t.p99 !== undefined && fig.p99 >= t.p99) misses.push('p99');
  if (t.tail !== undefined && fig.p99 > t.tail * fig.p50) misses.push('tail');
  if (t.rssMb !== undefined && fig.rssMb >= t.rssMb) misses.push('RSS');
  if (t.ms !== undefined && fig.ms >= t.ms) misses.push('time');
  return misses.length ? `not met (${misses.join(', ')})` : 'met';
}

const targetText = (t) =>
  [
    t.ratio !== undefined && `≥ ${t.ratio.toFixed(2)}× floor`,
    t.p50 !== undefined && `p50 < ${t.p50} ms`,
    t.p99 !== undefined && `p99 < ${t.p99} ms`,
    t.tail !== undefined && `p99 ≤ ${t.tail}× p50`,
    t.rssMb !== undefined && `< ${t.rssMb} MB`,
    t.ms !== undefined && `< ${t.ms} ms`,
  ]
    .filter(Boolean)
    .join(', ');

/** Every verdict of the run, by target, for the closing summary: {target, name, result}. */
const outcomes = [];

/** Judges a measured case against its target, remembers the outcome and returns the verdict. */
function judge(targetName, name, fig) {
  const result = verdict(target(targetName), fig);
  outcomes.push({ target: targetName, name, result });
  return result;
}

const errorsText = (fig) =>
  fig.httpErrors + fig.socketErrors === 0 ? '0' : `${fig.httpErrors} HTTP ≥400, ${fig.socketErrors} socket`;

/** Load figures beside their floor (from measureCase) in the shape verdict() reads. */
const loadFigures = ({ desk, base }) => ({ ...desk, floorRps: base.rps });

/** The Postgres cell of a case: its figures in one line, judged against nothing. */
const postgresCell = ({ desk, base }) =>
  `${fmtRps(desk.rps)} req/s, p50 ${fmtMs(desk.p50)}, p99 ${fmtMs(desk.p99)} ms, ${fmtRatio(desk.rps / base.rps)}` +
  (desk.httpErrors + desk.socketErrors ? `, errors ${errorsText(desk)}` : '');

/**
 * Prints the cases of a section: SQLite's figures judged against each case's target and, when
 * Postgres ran, its figures in a column beside them. `sqlite` and `postgres` map a case's name to
 * what measureCase measured; `extra` adds leading columns ({header, cells(case, figures)}). Columns
 * for the tiny floor and for the baseline appear when some case has them; `tail` adds p99 ÷ p50.
 */
function printCases(title, cases, sqlite, postgres, extra = { header: [], cells: () => [] }, { tail = false } = {}) {
  const figures = cases.map((c) => sqlite.get(c.name));
  const tiny = figures.some((f) => f.tiny);
  const baseline = figures.some((f) => f.baseline);
  const rows = cases.map((c) => {
    const fig = sqlite.get(c.name);
    return [
      c.name,
      ...extra.cells(c, fig),
      fig.bytes.toLocaleString('en-US'),
      fmtRps(fig.desk.rps),
      fmtMs(fig.desk.p50),
      fmtMs(fig.desk.p99),
      ...(tail ? [`${(fig.desk.p99 / fig.desk.p50).toFixed(1)}×`] : []),
      errorsText(fig.desk),
      fmtRps(fig.base.rps),
      fmtRatio(ratioOf(fig.desk, fig.base)),
      roundsText(fig.desk, fig.base),
      ...(tiny ? [fig.tiny ? `${fmtRps(fig.tiny.rps)}: ${fmtRatio(ratioOf(fig.desk, fig.tiny))}` : ''] : []),
      targetText(target(c.target)),
      judge(c.target, c.name, loadFigures(fig)),
      ...(baseline
        ? [
            fmtRps(fig.baseline.rps),
            fmtRatio(ratioOf(fig.baseline, fig.base)),
            `${ratioOf(fig.desk, fig.baseline).toFixed(3)} (${roundsText(fig.desk, fig.baseline)})`,
          ]
        : []),
      ...(postgres ? [postgresCell(postgres.get(c.name))] : []),
    ];
  });
  printTable(
    title,
    [
      'case',
      ...extra.header,
      'bytes',
      'req/s',
      'p50 ms',
      'p99 ms',
      ...(tail ? ['p99/p50'] : []),
      'errors',
      'floor req/s',
      'ratio',
      'per round',
      ...(tiny ? [`${TINY_BODY.length} B floor req/s: ratio`] : []),
      'target',
      'result',
      ...(baseline ? ['baseline req/s', 'baseline ratio', 'this ÷ baseline (per round)'] : []),
      ...(postgres ? ['Postgres (no target)'] : []),
    ],
    rows,
  );
  if (!postgres) console.log(POSTGRES_SKIPPED);
}

const databasesText = (postgres) => (postgres ? 'SQLite, and Postgres in the last column' : 'SQLite');
const POSTGRES_SKIPPED =
  'Postgres: not run (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a server to add its figures)';

/**
 * Every case beside its floor on `server` (and, with `other` = {server, cases}, beside the baseline's
 * twin of each case: the same list built for the other build, paired by position): a Map from each
 * case's name to its figures.
 */
async function measureCases(server, cases, other) {
  const figures = new Map();
  for (const [i, c] of cases.entries())
    figures.set(c.name, await measureCase(server, c, other && { server: other.server, case: other.cases[i] }));
  return figures;
}

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
const LOANS_LIST = { name: 'loans.list', arguments: { pageSize: 50 } };
const loansListCall = (key) => mcpRequest(LEGACY, key, 'tools/call', LOANS_LIST);

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

const LEGACY = '2025-11-25';
/** An MCP request on `lane` with `bearer` (an API key or an OAuth access token). */
const mcpRequest = (lane, bearer, method, params) =>
  lane === MODERN
    ? modernRequest(bearer, method, params)
    : { method: 'POST', path: '/api/mcp', headers: mcpHeaders(bearer), body: rpc(method, params) };

/** Rounds per lane in the paired comparison of the two MCP lanes. */
const LANE_ROUNDS = 5;

/** Two requests on one server loaded in turn, 1 s each, LANE_ROUNDS times: their mean req/s (a and b). */
async function alternating(server, a, b) {
  const m = await alternate(
    [
      { label: 'a', origin: server.url, requests: [a] },
      { label: 'b', origin: server.url, requests: [b] },
    ],
    { rounds: LANE_ROUNDS, seconds: 1, warmup: 0, connections: CONNECTIONS },
  );
  return { a: m.get('a').rps, b: m.get('b').rps };
}

// ---------------------------------------------------------------------------------------------------
// Sections.

/**
 * The throughput cases on one install: health, ping, and MCP tools/list and tools/call loans.list on
 * both lanes, each with the install's key and with `token` (an OAuth access token), all four held to
 * the same targets. `check` throws when the answer is not what the case is meant to time, judged by
 * `build` ({version, tools}: this checkout's, or the baseline's). tools/list also has a tiny floor.
 */
function throughputCases(install, token, build = THIS_BUILD) {
  const { version, tools: TOOLS } = build;
  const cases = [
    {
      name: 'GET /api/health/version',
      target: 'GET /api/health/version',
      request: { path: '/api/health/version' },
      check: (j) => {
        if (j.version !== version) throw new Error(`/api/health/version says ${JSON.stringify(j)}`);
      },
    },
    {
      name: 'GET /api/v1/ping (x-api-key)',
      target: 'GET /api/v1/ping',
      request: { path: '/api/v1/ping', headers: { 'x-api-key': install.key } },
      check: (j) => {
        if (j.ok !== true) throw new Error(`/api/v1/ping says ${JSON.stringify(j)}`);
      },
    },
  ];
  for (const [credential, bearer] of [
    ['key', install.key],
    ['OAuth token', token],
  ]) {
    for (const lane of [LEGACY, MODERN]) {
      // The 2026-07-28 lane says the result is complete, and a list's cache scope (per caller).
      const complete = (r) => lane !== MODERN || r?.resultType === 'complete';
      const privateList = (r) => lane !== MODERN || r?.cacheScope === 'private';
      const fail = (what, j) =>
        new Error(`${lane} ${what} (${credential}) answered ${JSON.stringify(j).slice(0, 500)}`);
      cases.push(
        {
          name: `MCP ${lane} tools/list (${credential}, ${TOOLS} tools)`,
          target: 'MCP tools/list',
          lane,
          credential,
          request: mcpRequest(lane, bearer, 'tools/list', {}),
          tinyFloor: true,
          check: (j) => {
            if (j.result?.tools?.length !== TOOLS || !complete(j.result) || !privateList(j.result))
              throw fail('tools/list', j);
          },
        },
        {
          name: `MCP ${lane} tools/call loans.list (${credential}, pageSize 50)`,
          target: 'MCP tools/call loans.list',
          lane,
          credential,
          request: mcpRequest(lane, bearer, 'tools/call', LOANS_LIST),
          check: (j) => {
            if (j.result?.isError || j.result?.structuredContent?.loans?.length !== 50 || !complete(j.result))
              throw fail('loans.list', j);
          },
        },
      );
    }
  }
  return cases;
}

/**
 * Paired comparisons on one server, loaded in alternating rounds since a busy machine moves figures
 * measured seconds apart: the 2026-07-28 lane against the 2025-11-25 one (no slower), and an OAuth
 * token against the key (at 95 % or better).
 */
async function compareLanesAndCredentials(server, cases, figures) {
  const find = (tool, lane, credential) =>
    cases.find((c) => c.target === tool && c.lane === lane && c.credential === credential);
  const ratio = (c) => figures.get(c.name).desk.rps / figures.get(c.name).base.rps;
  for (const tool of ['MCP tools/list', 'MCP tools/call loans.list']) {
    const [old, modern] = [find(tool, LEGACY, 'key'), find(tool, MODERN, 'key')];
    const paired = await alternating(server, old.request, modern.request);
    observations.push(
      `${modern.name}: ${fmtRatio(ratio(modern))} of its floor against ${fmtRatio(ratio(old))} on ${LEGACY} (${((ratio(modern) / ratio(old)) * 100).toFixed(0)}% of the ${LEGACY} lane); ` +
        `in ${LANE_ROUNDS} alternating 1 s rounds each, ${fmtRps(paired.b)} against ${fmtRps(paired.a)} req/s (${((paired.b / paired.a) * 100).toFixed(0)}%)`,
    );
  }
  for (const tool of ['MCP tools/list', 'MCP tools/call loans.list']) {
    const [key, token] = [find(tool, LEGACY, 'key'), find(tool, LEGACY, 'OAuth token')];
    const paired = await alternating(server, key.request, token.request);
    const share = paired.b / paired.a;
    observations.push(
      `${token.name}: in ${LANE_ROUNDS} alternating 1 s rounds each, ${fmtRps(paired.b)} against ${fmtRps(paired.a)} req/s ` +
        `with the key (${(share * 100).toFixed(0)}%; target ≥ 95 %: ${share >= 0.95 ? 'met' : 'not met'})`,
    );
  }
}

/**
 * The throughput section: every case on SQLite (and the paired comparisons), beside the baseline
 * build's twin of each case when BENCH_BASELINE names one (`baseline`: its school install), then on
 * Postgres if given.
 */
async function throughput(school, schoolOnPostgres, baseline) {
  const load0 = load1();
  let cases;
  const sqlite = await serving('SQLite school data, throughput', school, async (server) => {
    cases = throughputCases(school, await oauthToken(server, school.admin));
    const measure = async (other) => {
      const figures = await measureCases(server, cases, other);
      await compareLanesAndCredentials(server, cases, figures);
      return figures;
    };
    if (!baseline) return measure(null);
    return serving('baseline, SQLite school data, throughput', baseline, async (other) =>
      measure({ server: other, cases: throughputCases(baseline, await oauthToken(other, baseline.admin), BASELINE) }),
    );
  });
  const postgres =
    schoolOnPostgres &&
    (await serving('Postgres school data, throughput', schoolOnPostgres, async (server) =>
      measureCases(server, throughputCases(schoolOnPostgres, await oauthToken(server, schoolOnPostgres.admin))),
    ));
  printCases(
    `Throughput on school data (${databasesText(postgres)}), each alternating with a bare node:http floor answering the same bytes` +
      `${baseline ? ' and with the baseline build' : ''} (load average ${load0} -> ${load1()})`,
    cases,
    sqlite,
    postgres,
  );
}

/**
 * Cold start: `desk serve` (pinned to CPU 0) spawned on the school install, timed until GET
 * /api/health/ready answers 200, STARTS times, the median reported; with the baseline, its starts
 * alternate with this build's (this, baseline, baseline, this…). Plus one start of a new install.
 */
async function startup(school, baseline) {
  const load0 = load1();
  // A new install: the first start creates the database and applies every migration.
  const empty = { dir: scratchDir('desk-bench-fresh-'), mode: '--embedded-db', env: {} };
  const freshMs = await serving('new install, cold start', empty, (_, ms) => ms);
  const builds = [{ label: 'school data', install: school, runs: [] }];
  if (baseline) builds.push({ label: 'baseline, school data', install: baseline, runs: [] });
  for (let i = 0; i < STARTS; i++)
    for (const build of i % 2 === 0 ? builds : [...builds].reverse())
      build.runs.push(await serving(`${build.label}, cold start`, build.install, (_, ms) => ms));
  const median = (runs) => {
    const sorted = [...runs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const [mine, theirs] = builds.map((b) => median(b.runs));
  const name = `school data, median of ${STARTS}`;
  const rows = [
    [
      name,
      mine.toFixed(0),
      builds[0].runs.map((ms) => ms.toFixed(0)).join(', '),
      targetText(target('cold start')),
      judge('cold start', name, { ms: mine, httpErrors: 0, socketErrors: 0 }),
    ],
  ];
  if (baseline)
    rows.push([
      `baseline, median of ${STARTS} (this ÷ baseline ${(mine / theirs).toFixed(2)})`,
      theirs.toFixed(0),
      builds[1].runs.map((ms) => ms.toFixed(0)).join(', '),
      '(not judged)',
      '',
    ]);
  rows.push(['new install (creates the database), 1 run', freshMs.toFixed(0), '', '(none)', '']);
  printTable(
    `Cold start: spawning desk serve${PINNING ? ` (on CPU ${SERVER_CORE})` : ''} until GET /api/health/ready answers 200 (load average ${load0} -> ${load1()})`,
    ['case', 'ms', 'runs (ms)', 'target', 'result'],
    rows,
  );
}

/**
 * Resident memory of a fresh `desk serve`: idle after start, then after a minute of mixed load
 * (ping, MCP tools/call loans.list and the console inventory in turn on the 10 connections).
 */
async function memory(label, install) {
  const load0 = load1();
  const { idle, after, peak, fig } = await serving(`${label}, memory`, install, async (server) => {
    await sleep(2000); // let start-up's garbage be collected, as it would be on an idle server
    const idle = rssMb(server.pid);
    const token = await signIn(server, install.admin);
    const mixed = [
      { path: '/api/v1/ping', headers: { 'x-api-key': install.key } },
      loansListCall(install.key),
      { path: '/api/loans/inventory', headers: { authorization: `Bearer ${token}` } },
    ];
    for (const request of mixed) await probe(server.url, request);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 250);
    let fig;
    try {
      fig = await load({ origin: server.url, requests: mixed, seconds: MIXED_SECONDS, connections: CONNECTIONS });
    } finally {
      clearInterval(sampler);
    }
    return { idle, after: rssMb(server.pid), peak, fig };
  });
  const mixedNote = `${MIXED_SECONDS} s: ${fmtRps(fig.rps)} req/s, p99 ${fmtMs(fig.p99)} ms, errors ${errorsText(fig)}; peak ${fmtMb(peak)} MB`;
  const row = (name, targetName, mb, note, errors = { httpErrors: 0, socketErrors: 0 }) => [
    name,
    fmtMb(mb),
    targetText(target(targetName)),
    judge(targetName, `${label}, ${name}`, { rssMb: mb, ...errors }),
    note,
  ];
  printTable(
    `Resident memory (VmRSS), ${label} (load average ${load0} -> ${load1()})`,
    ['case', 'MB', 'target', 'result', 'load'],
    [
      row('idle after start', 'idle RSS', idle, ''),
      row('after a minute of mixed load', 'RSS after a minute of mixed load', after, mixedNote, fig),
    ],
  );
}

/**
 * The inventory's cases (inventoryQueries in support.mjs), each held to its target: the default
 * page to the default page's, the rest to the other pages' and filters'.
 */
const inventoryCases = (first) =>
  inventoryQueries(first).map((c) => ({
    ...c,
    target: c.name === 'default page' ? 'inventory, default page' : 'inventory, other pages and filters',
  }));

const INVENTORY = '/api/loans/inventory';

/** The inventory's cases on `server` (signed in there): each query as a request beside its floor. */
async function measureInventory(server, install, queries) {
  const headers = { authorization: `Bearer ${await signIn(server, install.admin)}` };
  queries ??= inventoryCases(JSON.parse(await probe(server.url, { path: INVENTORY, headers })));
  const cases = queries.map((c) => ({
    ...c,
    request: { path: `${INVENTORY}${c.query ? `?${c.query}` : ''}`, headers },
    check: (j) => {
      if (!Array.isArray(j.loans) || j.loans.length === 0) throw new Error(`${INVENTORY}?${c.query} found no loans`);
    },
  }));
  return { cases, figures: await measureCases(server, cases) };
}

/** The inventory section: every case on SQLite, then the same queries on Postgres if given. */
async function inventory(district, districtOnPostgres) {
  const load0 = load1();
  const sqlite = await serving('SQLite district data, inventory', district, (server) =>
    measureInventory(server, district),
  );
  // The seed is deterministic, so SQLite's queries (last page, search fragments) fit Postgres's data too.
  const postgres =
    districtOnPostgres &&
    (await serving('Postgres district data, inventory', districtOnPostgres, (server) =>
      measureInventory(server, districtOnPostgres, sqlite.cases),
    ));
  printCases(
    `Console GET ${INVENTORY} on district data (${databasesText(postgres)}; ${INVENTORY_PAGE_SIZE} a page unless the query says), signed in as a school administrator (load average ${load0} -> ${load1()})`,
    sqlite.cases,
    sqlite.figures,
    postgres?.figures,
    {
      header: ['query', 'matches'],
      cells: (c, fig) => [c.query ? `?${c.query}` : '', fig.json.total.toLocaleString('en-US')],
    },
    { tail: true },
  );
  console.log('Where the tail comes from (GC pauses or other stalls of the event loop): npm run bench:inventory-tail');
}

/** Every target with how many of the cases held to it met it (on SQLite), and one line per case that did not. */
function printSummary() {
  const rows = TARGETS.flatMap((t) => {
    const held = outcomes.filter((o) => o.target === t.case);
    const missed = held.filter((o) => o.result !== 'met');
    const met = held.length === 0 ? 'not measured' : `${held.length - missed.length} of ${held.length}`;
    const lines = missed.map((o) => `${o.name}: ${o.result}`);
    return [[t.case, targetText(t), met, lines[0] ?? ''], ...lines.slice(1).map((line) => ['', '', '', line])];
  });
  printTable(
    'Targets, on SQLite (every case under a target is held to it)',
    ['target', 'is', 'cases met', 'not met'],
    rows,
  );
}

// ---------------------------------------------------------------------------------------------------
// The run.

/** Scratch Postgres databases of this run, dropped at its end. */
const databases = [];

/**
 * An install of `size` on SQLite and, with `onPostgres` when a Postgres server is given, the same on a
 * scratch database of it (vacuumed and analysed after seeding: the settled state autovacuum reaches soon).
 */
async function prepare(size, onPostgres, withBaseline = false) {
  const sqlite = prepareInstall({ size, scopes: SCOPES, admin: true });
  console.log(`${size} data seeded on SQLite in ${sqlite.seedSeconds.toFixed(1)} s`);
  const baseline = withBaseline ? prepareInstall({ size, scopes: SCOPES, admin: true, checkout: BASELINE }) : null;
  if (baseline)
    console.log(`${size} data seeded on SQLite by the baseline's CLI in ${baseline.seedSeconds.toFixed(1)} s`);
  if (!onPostgres || !POSTGRES_SERVER) return { sqlite, postgres: null, baseline };
  const db = await scratchDatabase(POSTGRES_SERVER);
  databases.push(db);
  const postgres = prepareInstall({ size, scopes: SCOPES, admin: true, postgres: db.url });
  await db.run('VACUUM (ANALYZE)');
  console.log(`${size} data seeded on Postgres (database ${db.name}) in ${postgres.seedSeconds.toFixed(1)} s`);
  return { sqlite, postgres, baseline };
}

/**
 * Before any figure: each kind of process the run loads — `desk serve` (and the baseline's) on a new
 * empty install, a bare floor — is started pinned and loaded for a second, and the affinity of it,
 * of the load generator and of this script, read from /proc while the load runs, is printed. Every
 * later load reads them again and stops the run if one has left its CPU.
 */
async function preflight() {
  const kinds = [{ label: 'preflight', checkout: null }];
  if (BASELINE) kinds.push({ label: 'baseline preflight', checkout: BASELINE });
  for (const { label, checkout } of kinds) {
    const install = { dir: scratchDir('desk-bench-preflight-'), mode: '--embedded-db', env: {}, checkout };
    await serving(label, install, (server) =>
      load({ origin: server.url, requests: [{ path: '/api/health/version' }], seconds: 1, connections: CONNECTIONS }),
    );
  }
  const bare = await startBare(TINY_BODY, { core: SERVER_CORE });
  try {
    await load({ origin: bare.url, requests: [{ path: '/' }], seconds: 1, connections: CONNECTIONS });
  } finally {
    await bare.stop();
  }
  printAffinity();
}

try {
  await preflight();
  if (sections.some((s) => s !== 'district')) {
    console.log('');
    const withBaseline = Boolean(BASELINE) && (sections.includes('throughput') || sections.includes('startup'));
    const school = await prepare('school', sections.includes('throughput'), withBaseline);
    if (sections.includes('throughput')) await throughput(school.sqlite, school.postgres, school.baseline);
    if (sections.includes('startup')) await startup(school.sqlite, school.baseline);
    if (sections.includes('memory')) await memory('school data', school.sqlite);
  }
  if (sections.includes('district')) {
    console.log('\nseeding district data (200,000 loans, 400,000 people) ...');
    const district = await prepare('district', true);
    await inventory(district.sqlite, district.postgres);
    await memory('district data', district.sqlite);
  }
} finally {
  for (const db of databases) await db.drop();
}

printSummary();
if (PINNING)
  console.log(
    `\nAffinity: read ${affinityChecks()} times during the run's loads (server, load generator, this script), every time on its CPU`,
  );
console.log('\nObservations (server logs: answers of 400 and more, warnings, errors; unexpected exits)');
if (observations.length === 0) console.log('none');
for (const line of observations) console.log(`- ${line}`);
console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(0)} s`);
