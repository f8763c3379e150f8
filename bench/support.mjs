// Shared helpers for the benchmark scripts: prepared install directories, a running `desk serve` and
// a bare node:http server (each optionally pinned to a core), HTTP load from wrk (autocannon when wrk
// is missing) reported as requests/s and p50/p99 latency, the server's log summarised, tables; for
// bench/inventory.mjs and bench/durability.mjs also a scratch Postgres database and timed
// one-at-a-time calls. Every child process and directory made here is removed when the script exits,
// however it exits.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, constants, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { MODULES } from '../dist/domain/access/permissions.js';

/** The built CLI, as an install runs it. */
export const DESK = resolve(import.meta.dirname, '../bin/desk.js');
const BARE = resolve(import.meta.dirname, 'bare-server.mjs');

// ---------------------------------------------------------------------------------------------------
// Clean-up: children are killed and directories removed on any exit (normal end, a thrown error,
// Ctrl-C), so a failed run leaves neither a server holding a port nor a 350 MB district database.

const children = new Set();
const directories = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of directories) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});
// Without handlers these signals end the process without the 'exit' event.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => process.exit(128 + constants.signals[signal]));

/** A new directory under the system's temporary directory, removed when this process exits. */
export function scratchDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  directories.add(dir);
  return dir;
}

// ---------------------------------------------------------------------------------------------------
// Pinning: with two cores, the server under test gets one and the load generator the other, so
// neither steals the other's time and the server's figure is what one core can do.

export const LOAD_CORE = '0';
export const SERVER_CORE = '1';
const tasksetWorks = spawnSync('taskset', ['-c', SERVER_CORE, 'true']).status === 0;
/** Counted before this process pins itself (the count follows the process's own affinity). */
export const CORES = availableParallelism();
export const PINNING = tasksetWorks && CORES >= 2;

/** `[command, args]` run on `core` (under taskset) when pinning is possible, unchanged otherwise. */
const onCore = (core, command, args) =>
  PINNING && core !== undefined ? ['taskset', ['-c', core, command, ...args]] : [command, args];

/** Moves this process (every thread) to `core`, so that its children inherit it too. */
export function pinThisProcess(core) {
  if (PINNING) execFileSync('taskset', ['-a', '-p', '-c', core, String(process.pid)], { stdio: 'ignore' });
}

// ---------------------------------------------------------------------------------------------------
// Installs and servers.

/** Runs `desk <args>` synchronously in `cwd` (with `input` on stdin when given); returns stdout. */
export const desk = (cwd, args, env = {}, input = undefined) =>
  execFileSync(process.execPath, [DESK, ...args], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', input });

/**
 * An install directory with a tenant `bench` (every module on), demo data of `size`, a key with
 * `scopes` and, with `admin`, a school administrator who can sign in to the console. The data go to
 * the install's SQLite database, or with `postgres` (a database URL, see `postgresEnv`) to Postgres.
 * Returns the directory, how `desk` reaches the data (`mode`, `env`: for startDesk too), the key, the
 * administrator and how long `seed-demo` took.
 */
export function prepareInstall({ size = 'school', scopes, admin = false, postgres = null }) {
  const dir = scratchDir('desk-bench-');
  const mode = postgres ? '--from-environment' : '--embedded-db';
  const env = postgres ? postgresEnv(postgres) : {};
  const run = (args, input) => desk(dir, [...args, mode], env, input);
  run(['tenant', 'create', 'bench', '--name', 'Bench School']);
  run(['module', 'enable', 'bench', ...MODULES]);
  const started = performance.now();
  run(['seed-demo', 'bench', '--size', size]);
  const seedSeconds = (performance.now() - started) / 1000;
  const { key } = JSON.parse(run(['key', 'create', 'bench', '--name', 'bench', '--scopes', scopes, '--json']));
  const user = admin ? { slug: 'bench', email: 'admin@bench.example', password: 'bench password, long enough' } : null;
  if (user)
    run(
      ['user', 'create', 'bench', user.email, '--name', 'Bench Admin', '--role', 'school-admin', '--password-stdin'],
      user.password,
    );
  return { dir, mode, env, key, admin: user, seedSeconds };
}

/**
 * What `desk --from-environment` needs to run on the Postgres database at `url`: the URL and the
 * secrets a Postgres deployment must set (fixed here, so every command and server of a run shares them).
 */
export const postgresEnv = (url) => ({
  DATABASE_URL: url,
  JWT_SECRET: 'bench-only-secret-bench-only-secret-bench-only',
  ENCRYPTION_KEY: 'bench-only-key'.padEnd(43, 'b'),
});

/**
 * Spawns a server that prints `listening on http://host:port` on stdout, with its stderr going to
 * `logFile` (a file rather than a pipe, so that no reader in this process competes with the load
 * generator and a long log is never held in memory). Resolves once the line appears.
 */
export function spawnServer({ command, args, cwd, env, core, logFile }) {
  const [cmd, argv] = onCore(core, command, args);
  const log = openSync(logFile, 'a');
  const spawnedAt = performance.now();
  const child = spawn(cmd, argv, { cwd, env, stdio: ['ignore', 'pipe', log] });
  closeSync(log);
  children.add(child);
  const exited = new Promise((done) => child.on('exit', done));
  const server = {
    child,
    pid: child.pid,
    logFile,
    spawnedAt,
    exited,
    stopping: false,
    /** SIGTERM, then SIGKILL if it has not exited after 15 s (Desk drains for up to 10 s). */
    async stop() {
      server.stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return new Promise((resolvePromise, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      if (server.url) return; // later output is read and dropped, so the pipe never fills
      out += d;
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) {
        server.url = `http://127.0.0.1:${m[1]}`;
        resolvePromise(server);
      }
    });
    child.on('exit', (code) => {
      if (!server.url) reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${out}${tail(logFile)}`));
    });
  });
}

const tail = (file) => {
  try {
    return readFileSync(file, 'utf8').slice(-2000);
  } catch {
    return '';
  }
};

/**
 * Starts `desk serve` in `dir` with rate limits lifted through configuration (0 = off) and resolves
 * once it listens. LOG_LEVEL is `silent` unless `extraEnv` says otherwise; the log goes to a new file
 * in `dir` (`server.logFile`). With `core`, the server runs pinned to that core.
 */
let serveCount = 0;
export function startDesk(dir, extraEnv = {}, mode = '--embedded-db', { core } = {}) {
  const env = {
    ...process.env,
    RATE_LIMIT_MCP_PER_MINUTE: '0',
    RATE_LIMIT_ACTIONS_PER_MINUTE: '0',
    RATE_LIMIT_V1_PER_MINUTE: '0',
    LOG_LEVEL: 'silent',
    // A scheduled backup at start would copy the database while the figures are taken.
    BACKUP_INTERVAL_HOURS: '0',
    ...extraEnv,
  };
  const logFile = join(dir, `serve-${++serveCount}.log`);
  return spawnServer({
    command: process.execPath,
    args: [DESK, 'serve', mode, '--port', '0'],
    cwd: dir,
    env,
    core,
    logFile,
  });
}

/** Polls `/api/health/ready` until it answers 200; resolves with the milliseconds since the spawn. */
export async function untilReady(server) {
  for (;;) {
    const ok = await fetch(`${server.url}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return performance.now() - server.spawnedAt;
    if (server.child.exitCode !== null) throw new Error(`desk serve exited: ${tail(server.logFile)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * A bare node:http server in its own process answering `body` (a Buffer or string) to every request:
 * the floor each Desk figure is divided by. Its body is usually a copy of Desk's answer, so that
 * both move the same bytes.
 */
export function startBare(body, { core } = {}) {
  const dir = scratchDir('desk-bench-bare-');
  const file = join(dir, 'body');
  writeFileSync(file, body);
  return spawnServer({
    command: process.execPath,
    args: [BARE, file],
    cwd: dir,
    env: process.env,
    core,
    logFile: join(dir, 'stderr.log'),
  });
}

/** Resident memory of a process in MB (VmRSS in /proc/<pid>/status). */
export function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

/**
 * What Desk's JSON log says about a run: request lines answered with a status of 400 or more (by
 * status and route) and every line at `warn` or above (by message). Nothing here is a failure by
 * itself; the caller decides what to print.
 */
export async function summariseLog(file) {
  const statuses = new Map();
  const events = new Map();
  let requests = 0;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      const what = `(not JSON) ${line.slice(0, 120)}`;
      events.set(what, (events.get(what) ?? 0) + 1);
      continue;
    }
    if (entry.msg === 'request') {
      requests++;
      if (entry.status >= 400) {
        const what = `${entry.status} ${entry.method} ${entry.route}`;
        statuses.set(what, (statuses.get(what) ?? 0) + 1);
      }
    } else if (entry.level !== 'info' && entry.level !== 'debug' && entry.level !== 'trace') {
      const what = `${entry.level}: ${entry.msg}`;
      events.set(what, (events.get(what) ?? 0) + 1);
    }
  }
  return { requests, statuses, events };
}

// ---------------------------------------------------------------------------------------------------
// Load generation.

export const WRK = spawnSync('wrk', ['-v']).error === undefined;

/**
 * Keeps `connections` connections busy for `seconds` (whole seconds: wrk takes no fractions) with
 * `requests` ({method, path, headers, body}; several are sent in turn) against `origin`. Returns
 * requests/s, p50 and p99 in milliseconds, and the failures: `httpErrors` (answers of 400 or more)
 * and `socketErrors` (connect, read, write errors and timeouts).
 */
export async function load({ origin, requests, seconds, connections = 10 }) {
  const whole = Math.max(1, Math.round(seconds));
  return WRK ? wrk(origin, requests, whole, connections) : cannon(origin, requests, whole, connections);
}

/** A Lua long string holding `text` exactly, at a level whose closing bracket `text` does not contain. */
function luaString(text) {
  let level = '';
  while (text.includes(`]${level}]`)) level += '=';
  return `[${level}[${text}]${level}]`;
}

/** The wrk script: the request(s), and a `done` hook printing the figures as one JSON line. */
function wrkScript(requests) {
  const table = (headers) =>
    `{ ${Object.entries(headers ?? {})
      .map(([k, v]) => `[ ${luaString(k)} ] = ${luaString(v)}`)
      .join(', ')} }`;
  const send =
    requests.length === 1
      ? // One request: wrk formats it once and sends the same bytes every time (its fastest path).
        [
          `wrk.method = ${luaString(requests[0].method ?? 'GET')}`,
          `wrk.path = ${luaString(requests[0].path)}`,
          `for k, v in pairs(${table(requests[0].headers)}) do wrk.headers[k] = v end`,
          requests[0].body === undefined ? '' : `wrk.body = ${luaString(requests[0].body)}`,
        ]
      : // Several: formatted once in init (where the Host header is known), then sent in turn.
        [
          'local requests, turn = {}, 0',
          'function init(args)',
          ...requests.map(
            (r) =>
              `  requests[#requests + 1] = wrk.format(${luaString(r.method ?? 'GET')}, ${luaString(r.path)}, ${table(r.headers)}, ${r.body === undefined ? 'nil' : luaString(r.body)})`,
          ),
          'end',
          'function request()',
          '  turn = turn % #requests + 1',
          '  return requests[turn]',
          'end',
        ];
  return [
    ...send,
    'function done(summary, latency)',
    '  local e = summary.errors',
    '  io.write(string.format(\'BENCH {"requests":%d,"us":%d,"status":%d,"socket":%d,"p50":%d,"p99":%d}\\n\',',
    '    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,',
    '    latency:percentile(50), latency:percentile(99)))',
    'end',
    '',
  ].join('\n');
}

async function wrk(origin, requests, seconds, connections) {
  const dir = scratchDir('desk-bench-wrk-');
  const script = join(dir, 'script.lua');
  writeFileSync(script, wrkScript(requests));
  const [cmd, args] = onCore(LOAD_CORE, 'wrk', [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    '-s',
    script,
    `${origin}${requests[0].path}`,
  ]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  // 'close', not 'exit': the last of the output (the BENCH line) may still be in the pipe at exit.
  const code = await new Promise((done) => child.on('close', done));
  rmSync(dir, { recursive: true, force: true });
  const line = /^BENCH (\{.*\})$/m.exec(out)?.[1];
  if (code !== 0 || !line) throw new Error(`wrk exited ${code}: ${out}`);
  const r = JSON.parse(line);
  return {
    rps: r.requests / (r.us / 1e6),
    p50: r.p50 / 1000,
    p99: r.p99 / 1000,
    httpErrors: r.status,
    socketErrors: r.socket,
  };
}

/** The same measurement with autocannon, in this process (latency in whole milliseconds only). */
async function cannon(origin, requests, seconds, connections) {
  const result = await autocannon({
    url: `${origin}${requests[0].path}`,
    connections,
    duration: seconds,
    requests: requests.map(({ method = 'GET', path, headers, body }) => ({ method, path, headers, body })),
  });
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts every status outside 2xx; wrk only those of 400 and above (Desk redirects nothing).
    httpErrors: result.non2xx,
    socketErrors: result.errors + result.timeouts,
  };
}

/** The load generator, for report headers. */
export const loadGenerator = () =>
  WRK ? `wrk (${/wrk (\S+)/.exec(spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout)?.[1] ?? '?'})` : 'autocannon';

// ---------------------------------------------------------------------------------------------------
// Reports.

/** Prints `rows` (arrays of cells) under `header` as aligned columns, after a title line. */
export function printTable(title, header, rows) {
  const cells = [header, ...rows].map((row) => row.map((c) => String(c ?? '')));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => [...row[i]].length)));
  const line = (row) =>
    row
      .map((c, i) => c + ' '.repeat(widths[i] - [...c].length))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(cells[0]));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of cells.slice(1)) console.log(line(row));
}

/**
 * A new, empty Postgres database on the server of `serverUrl` (for example TEST_DATABASE_URL), for a
 * benchmark that seeds through the CLI. `drop()` removes it, closing any connection left to it.
 */
export async function scratchDatabase(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `desk_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  return { name, url: url.toString(), run, drop };
}

/**
 * Calls `fn` one at a time (after a few warm-up calls) for about `seconds`, at least `min` and at most
 * `max` times, and returns the count and the p50/p99 latency in milliseconds.
 */
export async function timeCalls(fn, { seconds = 1.5, min = 20, max = 2000, warmup = 3 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples = [];
  const until = performance.now() + seconds * 1000;
  while (samples.length < max && (samples.length < min || performance.now() < until)) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (p) => samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)];
  return { n: samples.length, p50: at(0.5), p99: at(0.99) };
}

/** Prints rows of {name, total, n, p50, p99} as a table, flagging p99 over `targetMs`. */
export function reportLatency(title, rows, targetMs) {
  const pad = (s, n) => String(s).padEnd(n);
  const num = (x) => x.toFixed(2).padStart(8);
  console.log(`\n${title}`);
  console.log(`${pad('case', 44)}${pad('matches', 9)}${pad('calls', 7)}  p50 ms   p99 ms`);
  for (const r of rows) {
    const flag = targetMs !== undefined && r.p99 > targetMs ? `  over ${targetMs} ms` : '';
    console.log(`${pad(r.name, 44)}${pad(r.total ?? '', 9)}${pad(r.n, 7)}${num(r.p50)} ${num(r.p99)}${flag}`);
  }
}
