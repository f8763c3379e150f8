// Shared helpers for the benchmark scripts: a prepared install directory, a running `desk serve`,
// a bare node:http baseline, and autocannon runs reported as requests/s and p50/p99 latency; for
// bench/inventory.mjs also a scratch Postgres database, timed one-at-a-time calls and their report.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { MODULES } from '../dist/domain/access/permissions.js';

export const DESK = resolve(import.meta.dirname, '../bin/desk.js');

/** Runs `desk <args>` synchronously in `cwd` (with `input` on stdin when given); returns stdout. */
export const desk = (cwd, args, env = {}, input = undefined) =>
  execFileSync(process.execPath, [DESK, ...args], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', input });

/** An install directory with a tenant `bench` (every module on), demo data and a key. */
export function prepareInstall({ size = 'school', scopes }) {
  const dir = mkdtempSync(join(tmpdir(), 'desk-bench-'));
  desk(dir, ['tenant', 'create', 'bench', '--name', 'Bench School']);
  desk(dir, ['module', 'enable', 'bench', ...MODULES]);
  desk(dir, ['seed-demo', 'bench', '--size', size]);
  const { key } = JSON.parse(desk(dir, ['key', 'create', 'bench', '--name', 'bench', '--scopes', scopes, '--json']));
  return { dir, key };
}

/** Starts `desk serve` with rate limits lifted through configuration (0 = off). */
export function startDesk(dir, extraEnv = {}, mode = '--embedded-db') {
  return new Promise((resolvePromise, reject) => {
    const env = {
      ...process.env,
      RATE_LIMIT_MCP_PER_MINUTE: '0',
      RATE_LIMIT_ACTIONS_PER_MINUTE: '0',
      RATE_LIMIT_V1_PER_MINUTE: '0',
      LOG_LEVEL: 'silent',
      ...extraEnv,
    };
    const child = spawn(process.execPath, [DESK, 'serve', mode, '--port', '0'], { cwd: dir, env });
    let out = '';
    const onData = (d) => {
      out += d;
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) {
        child.stdout.off('data', onData);
        resolvePromise({ url: `http://127.0.0.1:${m[1]}`, child, stop: () => child.kill('SIGTERM') });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`desk serve exited ${code}: ${out}`)));
  });
}

/** A bare node:http server answering a fixed JSON body: the floor every figure is compared with. */
export function startBaseline(body = JSON.stringify({ ok: true, version: '0.20.0', tenant: { slug: 'bench' } })) {
  return new Promise((resolvePromise) => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    server.listen(0, '127.0.0.1', () =>
      resolvePromise({ url: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() }),
    );
  });
}

/** One autocannon run; fails loudly when any response was not 2xx (a benchmark of errors is worthless). */
export async function measure({ url, method = 'GET', headers = {}, body, seconds = 5, connections = 10 }) {
  const result = await autocannon({ url, method, headers, body, duration: seconds, connections });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0)
    throw new Error(`${method} ${url}: ${bad} failed responses (non-2xx ${result.non2xx}, errors ${result.errors})`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export function report(rows) {
  const pad = (s, n) => String(s).padEnd(n);
  console.log(`${pad('case', 34)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}vs bare node:http`);
  for (const r of rows) {
    const ratio = r.baseline
      ? `${(r.baseline.rps / r.rps).toFixed(1)}x slower (bare ${Math.round(r.baseline.rps)} req/s)`
      : '';
    console.log(`${pad(r.name, 34)}${pad(Math.round(r.rps), 10)}${pad(r.p50, 9)}${pad(r.p99, 9)}${ratio}`);
  }
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
