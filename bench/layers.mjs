// npm run bench:layers — what each layer of Desk's HTTP app costs a request, over HTTP. For each case
// (GET /api/health/version, GET /api/v1/ping with a key) it serves the real app cut after its first
// N middleware layers (bench/layers-server.mjs), N = 0 (bare Koa) up to all of them, pinned to one
// core, loads each with wrk from the other, and prints the microseconds a request spends per layer:
// the difference of 1/throughput between N and N-1 layers. The bare node:http floor is measured in the
// same run. Noise is a few µs: read a layer under ~3 µs as "about nothing". BENCH_SECONDS per step
// (default 3).
import { join } from 'node:path';
import {
  LOAD_CORE,
  SERVER_CORE,
  load,
  pinThisProcess,
  prepareInstall,
  printTable,
  scratchDir,
  spawnServer,
  startBare,
} from './support.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const SERVER = new URL('./layers-server.mjs', import.meta.url).pathname;
pinThisProcess(LOAD_CORE);

const { dir, key } = prepareInstall({ size: 'small', scopes: 'loan.view' });
const env = {
  ...process.env,
  RATE_LIMIT_MCP_PER_MINUTE: '0',
  RATE_LIMIT_ACTIONS_PER_MINUTE: '0',
  RATE_LIMIT_V1_PER_MINUTE: '0',
  BACKUP_INTERVAL_HOURS: '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
};
const cases = [
  { name: 'GET /api/health/version', request: { path: '/api/health/version' } },
  { name: 'GET /api/v1/ping', request: { path: '/api/v1/ping', headers: { 'x-api-key': key } } },
];

/** Requests a second through one server, after a second of warm-up. */
async function rate(server, request) {
  await load({ origin: server.url, requests: [request], seconds: 1 });
  const r = await load({ origin: server.url, requests: [request], seconds: SECONDS });
  if (r.httpErrors || r.socketErrors) throw new Error(`errors while measuring: ${JSON.stringify(r)}`);
  return r.rps;
}

async function layered(count) {
  const logs = scratchDir('desk-bench-layers-');
  return spawnServer({
    command: process.execPath,
    args: [SERVER, String(count)],
    cwd: dir,
    env,
    core: SERVER_CORE,
    logFile: join(logs, 'stderr.log'),
  });
}

/** The layers' names, as the server printed them on its first start. */
async function layerNames() {
  const probe = await layered('all');
  await probe.stop();
  const { readFileSync } = await import('node:fs');
  return JSON.parse(readFileSync(probe.logFile, 'utf8').split('\n').find((l) => l.startsWith('['))) ?? [];
}

const names = await layerNames();
const bare = await startBare('{"version":"0.0.0","channel":"stable"}', { core: SERVER_CORE });
const floor = await rate(bare, cases[0].request);
await bare.stop();
console.log(`bare node:http: ${Math.round(floor)} req/s (${(1e6 / floor).toFixed(1)} µs a request)`);

for (const { name, request } of cases) {
  const rows = [];
  let previous = null;
  for (let n = 0; n <= names.length; n++) {
    const server = await layered(n === names.length ? 'all' : n);
    const rps = await rate(server, request);
    await server.stop();
    const us = 1e6 / rps;
    rows.push([
      n === 0 ? 'bare Koa' : `+ ${n}. ${names[n - 1]}`,
      Math.round(rps).toLocaleString('en'),
      us.toFixed(1),
      previous === null ? '—' : (us - previous).toFixed(1),
      (rps / floor).toFixed(2) + '×',
    ]);
    previous = us;
  }
  printTable(name, ['layers', 'req/s', 'µs/request', 'µs this layer', 'ratio to node:http'], rows);
}
