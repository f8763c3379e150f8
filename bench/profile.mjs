// npm run bench:profile -- [case] — where a request's time goes. Starts `desk serve` (school data,
// rate limits off) under `node --cpu-prof`, pinned to CPU 0, puts it under load (wrk, or autocannon
// in this script, which runs on CPU 1 like the generator) for BENCH_SECONDS (default 10), checks
// that the server, the generator and this script stayed on their CPUs, stops the server, and prints
// the top entries of the CPU profile by self time:
// per function, and summed per package or source folder. Cases: ping (default), tools-list,
// tools-call, version, inventory (the console's default page, signed in). BENCH_SIZE=district
// profiles on district data (200,000 loans; seeding takes about half a minute).
//
// It runs the compiled modules (dist/main.js), not the bundle bin/desk.js runs: the same code, but
// each function's file names its package or folder, which is what the second table sums by.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LOAD_CORE,
  SERVER_CORE,
  checkAffinity,
  load as loadWith,
  onCore,
  pinThisProcess,
  prepareInstall,
  printAffinity,
} from './support.mjs';

const CASE = process.argv[2] ?? 'ping';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TOP = Number(process.env.BENCH_TOP ?? 25);

const MAIN = new URL('../dist/main.js', import.meta.url).pathname;
pinThisProcess(LOAD_CORE); // this script (seeding, and autocannon when wrk is missing) stays off the server's CPU
const { dir, key, admin } = prepareInstall({
  size: process.env.BENCH_SIZE ?? 'school',
  admin: CASE === 'inventory',
  scopes:
    'person.view,loan.view,loan.issue,loan.return,repair.view,repair.create,repair.assign,ticket.view,device.view,cost.view',
});
const profiles = mkdtempSync(join(tmpdir(), 'desk-prof-'));

const child = spawn(
  ...onCore(SERVER_CORE, process.execPath, [
    '--cpu-prof',
    `--cpu-prof-dir=${profiles}`,
    MAIN,
    'serve',
    '--embedded-db',
    '--port',
    '0',
  ]),
  {
    cwd: dir,
    env: {
      ...process.env,
      RATE_LIMIT_MCP_PER_MINUTE: '0',
      RATE_LIMIT_ACTIONS_PER_MINUTE: '0',
      RATE_LIMIT_V1_PER_MINUTE: '0',
    },
    // The log goes to a pipe that is read, as under systemd or a container runtime: writing it has
    // the real cost of a pipe, not of /dev/null.
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let logBytes = 0;
child.stderr.on('data', (d) => (logBytes += d.length));
const url = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    const m = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
    if (m) resolve(`http://127.0.0.1:${m[1]}`);
  });
  child.on('exit', (code) => reject(new Error(`desk serve exited ${code}`)));
});
for (let i = 0; i < 100 && (await fetch(`${url}/api/health/ready`)).status !== 200; i++)
  await new Promise((r) => setTimeout(r, 50));

const rpc = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const mcp = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
const CASES = {
  ping: { path: '/api/v1/ping', headers: { 'x-api-key': key } },
  version: { path: '/api/health/version' },
  'tools-list': { path: '/api/mcp', method: 'POST', headers: mcp, body: rpc('tools/list', {}) },
  'tools-call': {
    path: '/api/mcp',
    method: 'POST',
    headers: mcp,
    body: rpc('tools/call', { name: 'loans.list', arguments: { pageSize: 50 } }),
  },
};
if (CASE === 'inventory') {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'x-tenant-slug': admin.slug, 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  const { token } = await res.json();
  CASES.inventory = { path: '/api/loans/inventory', headers: { authorization: `Bearer ${token}` } };
}
const request = CASES[CASE];
if (!request) throw new Error(`unknown case ${CASE}: ${Object.keys(CASES).join(', ')}`);
const result = await loadWith({ origin: url, requests: [request], seconds: SECONDS, connections: 10 });
checkAffinity('desk serve (profiled)', child.pid, SERVER_CORE);
printAffinity();
console.log(
  `\n${CASE}: ${Math.round(result.rps)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, ` +
    `errors ${result.httpErrors + result.socketErrors}, log ${Math.round(logBytes / 1024)} KiB`,
);

await new Promise((resolve) => {
  child.once('exit', resolve);
  child.kill('SIGTERM');
});
const file = readdirSync(profiles).find((f) => f.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(profiles, file), 'utf8'));

// Self time per node: the samples that landed in it, times the mean interval.
const interval = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const where = (frame) => {
  const u = frame.url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u)?.[1];
  if (pkg) return pkg;
  const own = /\/dist\/(.+)\/[^/]+\.js$/.exec(u)?.[1];
  if (own) return `desk: ${own}`;
  return u === '' ? `(${frame.functionName || 'native'})` : u.startsWith('node:') ? u : 'other';
};
const byFunction = new Map();
const byPlace = new Map();
let busy = 0;
for (const node of profile.nodes) {
  const ms = (hits.get(node.id) ?? 0) * interval;
  if (ms === 0 || node.callFrame.functionName === '(idle)') continue;
  busy += ms;
  const f = node.callFrame;
  const name = `${f.functionName || '(anonymous)'}  ${where(f)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  byPlace.set(where(f), (byPlace.get(where(f)) ?? 0) + ms);
}
const print = (title, map) => {
  console.log(`\n${title} (share of busy time, ${Math.round(busy)} ms busy)`);
  for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
};
print('Top functions by self time', byFunction);
print('By package or folder', byPlace);
