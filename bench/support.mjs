// Shared helpers for the benchmark scripts: prepared install directories, a running `desk serve` and
// a bare node:http server (each optionally pinned to a core), HTTP load from wrk (autocannon when wrk
// is missing) reported as requests/s and p50/p99 latency, the server's log summarised, tables; for
// bench/inventory.mjs and bench/durability.mjs also a scratch Postgres database and timed
// one-at-a-time calls. Every child process and directory made here is removed when the script exits,
// however it exits.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, constants, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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
// Pinning: with two cores, every server under test (Desk, the bare floor, a baseline build) runs on
// CPU 0 and the load generator (wrk, or autocannon inside this process) and the script itself on
// CPU 1, so neither steals the other's time and the server's figure is what one core can do. Each
// load() reads the affinity of the three from /proc while it runs and throws when one is off its core
// (a figure taken so would be wrong, not noisy); the first reading of each kind of process is kept
// for printAffinity(), which a report prints at its top.

export const SERVER_CORE = '0';
export const LOAD_CORE = '1';
const tasksetWorks = spawnSync('taskset', ['-c', SERVER_CORE, 'true']).status === 0;
/** Counted before this process pins itself (the count follows the process's own affinity). */
export const CORES = availableParallelism();
export const PINNING = tasksetWorks && CORES >= 2;

/** `[command, args]` run on `core` (under taskset, which execs it: same pid) when pinning is possible. */
export const onCore = (core, command, args) =>
  PINNING && core !== undefined ? ['taskset', ['-c', core, command, ...args]] : [command, args];

/** Whether this process moved itself to the load core (pinThisProcess), so that load() checks it too. */
let selfPinned = false;

/** Moves this process (every thread) to `core`, so that its children inherit it too. */
export function pinThisProcess(core) {
  if (!PINNING) return;
  execFileSync('taskset', ['-a', '-p', '-c', core, String(process.pid)], { stdio: 'ignore' });
  selfPinned = true;
}

/**
 * Every thread of `pid` as /proc says: the CPUs it may run on (Cpus_allowed_list) and the one it last
 * ran on (field 39 of its stat, what `ps -o psr` shows). A thread that ends while being read is skipped.
 */
export function threadsOf(pid) {
  const threads = [];
  let tids;
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const allowed = /Cpus_allowed_list:\s+(\S+)/.exec(status)[1];
      const ran = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[36];
      threads.push({ tid, allowed, ran });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return threads;
}

/** The first affinity reading of each kind of process in this run, for printAffinity(). */
const affinities = new Map();
let checks = 0;
/** How many affinity readings have been taken (each passed, or the run would have stopped). */
export const affinityChecks = () => checks;

/**
 * Reads the threads of `pid` (called `what`, meant for CPU `core`), remembers the first reading of
 * each `what`, and throws when a thread may run anywhere but `core`.
 */
export function checkAffinity(what, pid, core) {
  const threads = threadsOf(pid);
  if (threads.length === 0) return null; // it has already exited: nothing left to check
  const count = (key) => {
    const n = new Map();
    for (const t of threads) n.set(t[key], (n.get(t[key]) ?? 0) + 1);
    return [...n].map(([k, v]) => `${k} (${v})`).join(', ');
  };
  const reading = {
    what,
    pid,
    command: readFileSync(`/proc/${pid}/comm`, 'utf8').trim(),
    threads: threads.length,
    allowed: count('allowed'),
    ran: count('ran'),
    expected: core,
    ok: threads.every((t) => t.allowed === core),
  };
  checks++;
  if (!affinities.has(what)) affinities.set(what, reading);
  if (!reading.ok)
    throw new Error(
      `${what} (pid ${pid}) is not pinned to CPU ${core}: its threads may run on ${reading.allowed}; no figure of this run would mean anything`,
    );
  return reading;
}

/** Prints the affinity readings taken so far: each process kind, its threads' CPUs, and where they ran. */
export function printAffinity() {
  if (!PINNING) {
    console.log('\nnot pinned (no taskset or a single core): the servers share the CPU with the load generator');
    return;
  }
  printTable(
    'Affinity, read from /proc/<pid>/task/*/{status,stat} while each was under load (threads by CPU)',
    ['process', 'pid', 'command', 'threads', 'may run on CPU', 'last ran on CPU', 'meant for', 'ok'],
    [...affinities.values()].map((a) => [
      a.what,
      a.pid,
      a.command,
      a.threads,
      a.allowed,
      a.ran,
      `CPU ${a.expected}`,
      a.ok ? 'yes' : 'NO',
    ]),
  );
  console.log(
    '"may run on" is what counts; "last ran on" is where each thread last ran, which for a thread idle since its process was pinned is still the CPU it ran on before',
  );
}

/** Servers started by spawnServer, by the origin load() is given, so that load() can check their pinning. */
const servers = new Map();

// ---------------------------------------------------------------------------------------------------
// Installs and servers.

/**
 * Runs `desk <args>` synchronously in `cwd` (with `input` on stdin when given), from this checkout or
 * from `bin` (another checkout's bin/desk.js); returns stdout.
 */
export const desk = (cwd, args, env = {}, input = undefined, bin = DESK) =>
  execFileSync(process.execPath, [bin, ...args], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', input });

/**
 * Another checkout of Desk, already built (`npm run build` there), to be measured beside this one:
 * its bin/desk.js, version, module list and tool count read from its own dist/. Throws when it is not
 * built. Used by `BENCH_BASELINE=<dir> npm run bench`.
 */
export async function loadCheckout(root) {
  const dir = resolve(root);
  const bin = join(dir, 'bin/desk.js');
  const bundle = join(dir, 'dist/bundle/desk.mjs');
  for (const file of [bin, bundle])
    if (!existsSync(file))
      throw new Error(`${dir} is not a built checkout of Desk (no ${file}): run npm run build there`);
  const dist = (path) => import(pathToFileURL(join(dir, 'dist', path)).href);
  const { MODULES: modules } = await dist('domain/access/permissions.js');
  const { TOOLS: tools } = await dist('domain/catalogue/tools.js');
  const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  const commit = spawnSync('git', ['-C', dir, 'log', '-1', '--format=%h %<(72,trunc)%s'], {
    encoding: 'utf8',
  }).stdout.trim();
  return { dir, bin, modules, tools: tools.length, version, commit };
}

/**
 * An install directory with a tenant `bench` (every module on), demo data of `size`, a key with
 * `scopes` and, with `admin`, a school administrator who can sign in to the console. The data go to
 * the install's SQLite database, or with `postgres` (a database URL, see `postgresEnv`) to Postgres.
 * Returns the directory, how `desk` reaches the data (`mode`, `env`: for startDesk too), the key, the
 * administrator and how long `seed-demo` took.
 */
export function prepareInstall({ size = 'school', scopes, admin = false, postgres = null, checkout = null }) {
  const dir = scratchDir('desk-bench-');
  const mode = postgres ? '--from-environment' : '--embedded-db';
  const env = postgres ? postgresEnv(postgres) : {};
  const run = (args, input) => desk(dir, [...args, mode], env, input, checkout?.bin);
  run(['tenant', 'create', 'bench', '--name', 'Bench School']);
  run(['module', 'enable', 'bench', ...(checkout?.modules ?? MODULES)]);
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
  return { dir, mode, env, key, admin: user, seedSeconds, checkout };
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
 * generator and a long log is never held in memory). Resolves once the line appears. `what` names the
 * server in the affinity readings (load() checks it is on `core` while it is loaded).
 */
export function spawnServer({ command, args, cwd, env, core, logFile, what = 'server' }) {
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
    what,
    core,
    stopping: false,
    /** SIGTERM, then SIGKILL if it has not exited after 15 s (Desk drains for up to 10 s). */
    async stop() {
      server.stopping = true;
      servers.delete(server.url);
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
        servers.set(server.url, server);
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
 * in `dir` (`server.logFile`). With `core`, the server runs pinned to that core; with `checkout`
 * (from loadCheckout) it is that checkout's build; with `probe`, bench/server-probe.mjs is preloaded
 * (`--import`) and `server.sample()` returns its GC and event-loop figures since the last sample.
 */
let serveCount = 0;
export async function startDesk(dir, extraEnv = {}, mode = '--embedded-db', { core, checkout, probe = false } = {}) {
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
  const n = ++serveCount;
  const logFile = join(dir, `serve-${n}.log`);
  const probeFile = join(dir, `probe-${n}.jsonl`);
  if (probe) {
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(PROBE).href}`.trim();
    env.BENCH_PROBE_FILE = probeFile;
  }
  const server = await spawnServer({
    command: process.execPath,
    args: [checkout?.bin ?? DESK, 'serve', mode, '--port', '0'],
    cwd: dir,
    env,
    core,
    logFile,
    what: checkout ? 'desk serve (baseline)' : 'desk serve',
  });
  if (probe) server.sample = () => sampleProbe(server, probeFile);
  return server;
}

const PROBE = resolve(import.meta.dirname, 'server-probe.mjs');

/**
 * Asks the probe in `server` (SIGUSR2) for its figures since the last sample and waits for the line
 * it appends to `file`: {seq, wallMs, gc: {count, minor, major, totalMs, maxMs}, eld: {p50, p99, max}}.
 */
async function sampleProbe(server, file) {
  const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
  const before = lines().length;
  server.child.kill('SIGUSR2');
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline) {
    const now = lines();
    if (now.length > before) return JSON.parse(now.at(-1));
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`the probe in pid ${server.pid} did not answer SIGUSR2 within 5 s`);
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
export function startBare(body, { core, what = 'bare node:http' } = {}) {
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
    what,
  });
}

/**
 * What the kernel counted for a process so far: CPU seconds of all its threads (utime + stime) and
 * how often its main thread (the event loop) was taken off the CPU while it still wanted to run
 * (nonvoluntary_ctxt_switches: preempted by another process on its CPU).
 */
export function processCounters(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return {
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS,
    preempted: Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(status)[1]),
  };
}
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

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

/**
 * Halfway through a load, when every thread of the server and of the generator exists and is busy:
 * the affinity of the server behind `origin` (if spawnServer started it with a core), of the load
 * generator (`generator`, a pid, or null when it runs in this process) and of this process (if it
 * pinned itself). Returns a function that throws what the check found, to call once the load is over.
 */
function checkDuringLoad(origin, generator, seconds) {
  if (!PINNING) return () => {};
  let failure = null;
  const timer = setTimeout(() => {
    try {
      const server = servers.get(origin);
      if (server?.core !== undefined) checkAffinity(server.what, server.pid, server.core);
      if (generator !== null) checkAffinity('load generator (wrk)', generator, LOAD_CORE);
      if (selfPinned)
        checkAffinity(
          generator === null ? 'this script and its load generator (autocannon)' : 'this script',
          process.pid,
          LOAD_CORE,
        );
    } catch (e) {
      failure = e;
    }
  }, seconds * 500);
  return () => {
    clearTimeout(timer);
    if (failure) throw failure;
  };
}

/**
 * Several contenders ({label, origin, requests}: Desk, its floor, a baseline build…) loaded in turn,
 * `rounds` rounds of `seconds` each after `warmup` seconds of each, the order reversed every other
 * round (A B C, C B A, A B C…) so that neither a drift of the machine nor going first favours one.
 * Never two at once. Returns a Map from each label to {rounds (every round's figures), rps, p50, p99
 * (the means of the rounds), httpErrors, socketErrors (summed)}.
 */
export async function alternate(contenders, { rounds, seconds, warmup = 1, connections = 10 }) {
  if (warmup > 0)
    for (const c of contenders) await load({ origin: c.origin, requests: c.requests, seconds: warmup, connections });
  const figures = new Map(contenders.map((c) => [c.label, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const c of order)
      figures.get(c.label).push(await load({ origin: c.origin, requests: c.requests, seconds, connections }));
  }
  const mean = (list, key) => list.reduce((sum, r) => sum + r[key], 0) / list.length;
  const sum = (list, key) => list.reduce((total, r) => total + r[key], 0);
  return new Map(
    [...figures].map(([label, list]) => [
      label,
      {
        rounds: list,
        rps: mean(list, 'rps'),
        p50: mean(list, 'p50'),
        p99: mean(list, 'p99'),
        httpErrors: sum(list, 'httpErrors'),
        socketErrors: sum(list, 'socketErrors'),
      },
    ]),
  );
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
  const checked = checkDuringLoad(origin, child.pid, seconds);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  // 'close', not 'exit': the last of the output (the BENCH line) may still be in the pipe at exit.
  const code = await new Promise((done) => child.on('close', done));
  rmSync(dir, { recursive: true, force: true });
  checked();
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
  const checked = checkDuringLoad(origin, null, seconds);
  const result = await autocannon({
    url: `${origin}${requests[0].path}`,
    connections,
    duration: seconds,
    requests: requests.map(({ method = 'GET', path, headers, body }) => ({ method, path, headers, body })),
  });
  checked();
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
// The console inventory's cases, shared by bench/run.mjs and bench/inventory-tail.mjs.

export const INVENTORY_PAGE_SIZE = 50; // the route's default page size
export const INVENTORY_LARGE_PAGE = 100; // the largest page size the route takes

/**
 * The inventory's cases, as a signed-in administrator's console asks: the default page, page 1 and
 * the last page at the largest page size, and the filters at the default page size. `first` is the
 * default page, from which the last page and the search fragments are taken (so that they match).
 * Each is {name, params, query}.
 */
export function inventoryQueries(first) {
  const lastPage = Math.ceil(first.total / INVENTORY_LARGE_PAGE);
  // Fragments as someone would type them.
  const holder = first.loans
    .find((l) => l.holder)
    ?.holder.name.split(' ')
    .at(-1)
    .slice(0, 4)
    .toLowerCase();
  const serial = first.loans.at(-1).serial.slice(0, 6);
  return [
    { name: 'default page', params: {} },
    { name: `page 1, pageSize ${INVENTORY_LARGE_PAGE}`, params: { page: 1, pageSize: INVENTORY_LARGE_PAGE } },
    { name: `last page, pageSize ${INVENTORY_LARGE_PAGE}`, params: { page: lastPage, pageSize: INVENTORY_LARGE_PAGE } },
    { name: 'status', params: { status: 'ISSUED' } },
    { name: 'overdue', params: { overdue: 'true' } },
    ...(holder ? [{ name: 'q, holder name', params: { q: holder } }] : []),
    { name: 'q, serial', params: { q: serial } },
  ].map((c) => ({ ...c, query: new URLSearchParams(c.params).toString() }));
}

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
