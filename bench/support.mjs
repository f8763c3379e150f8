// Shared helpers for the benchmark scripts: a prepared install directory, a running `desk serve`,
// a bare node:http baseline, and autocannon runs reported as requests/s and p50/p99 latency.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

export const DESK = resolve(import.meta.dirname, '../bin/desk.js');

/** Runs `desk <args>` synchronously in `cwd`; returns stdout. */
export const desk = (cwd, args, env = {}) =>
  execFileSync(process.execPath, [DESK, ...args], { cwd, env: { ...process.env, ...env }, encoding: 'utf8' });

/** An install directory with a tenant `bench` (every module on), demo data and a key. */
export function prepareInstall({ size = 'school', scopes }) {
  const dir = mkdtempSync(join(tmpdir(), 'desk-bench-'));
  desk(dir, ['tenant', 'create', 'bench', '--name', 'Bench School']);
  desk(dir, ['module', 'enable', 'bench', 'integrations', 'people', 'loans', 'repairs', 'servicedesk', 'assets', 'costs', 'events']);
  desk(dir, ['seed-demo', 'bench', '--size', size]);
  const { key } = JSON.parse(desk(dir, ['key', 'create', 'bench', '--name', 'bench', '--scopes', scopes, '--json']));
  return { dir, key };
}

/** Starts `desk serve` with rate limits lifted through configuration (0 = off). */
export function startDesk(dir, extraEnv = {}) {
  return new Promise((resolvePromise, reject) => {
    const env = {
      ...process.env,
      RATE_LIMIT_MCP_PER_MINUTE: '0',
      RATE_LIMIT_ACTIONS_PER_MINUTE: '0',
      RATE_LIMIT_V1_PER_MINUTE: '0',
      LOG_LEVEL: 'silent',
      ...extraEnv,
    };
    const child = spawn(process.execPath, [DESK, 'serve', '--embedded-db', '--port', '0'], { cwd: dir, env });
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
  if (bad > 0) throw new Error(`${method} ${url}: ${bad} failed responses (non-2xx ${result.non2xx}, errors ${result.errors})`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export function report(rows) {
  const pad = (s, n) => String(s).padEnd(n);
  console.log(`${pad('case', 34)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}vs bare node:http`);
  for (const r of rows) {
    const ratio = r.baseline ? `${(r.baseline.rps / r.rps).toFixed(1)}x slower (bare ${Math.round(r.baseline.rps)} req/s)` : '';
    console.log(`${pad(r.name, 34)}${pad(Math.round(r.rps), 10)}${pad(r.p50, 9)}${pad(r.p99, 9)}${ratio}`);
  }
}
