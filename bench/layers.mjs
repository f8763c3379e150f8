// npm run bench:layers — what each layer of Desk's HTTP app costs a request, over HTTP. For each case
// (GET /api/health/version, GET /api/v1/ping with a key) it serves a ladder of apps, each adding one
// real part to the one before (bench/layers-server.mjs: bare Koa, the request frame, the log and
// metrics, readiness and the host rule, the key guard, the real handler), pinned to CPU 0, loads
// each with wrk from CPU 1 (this script too), and prints the microseconds a request spends in each part: the
// difference of 1/throughput between a step and the one before. The bare node:http floor is measured
// in the same run. Each step is measured BENCH_ROUNDS times (default 3), the rounds taken in turn over
// every step so that a busy moment hits them alike, and its best round counts. Noise is still a few
// µs: read a part under ~3 µs as "about nothing". BENCH_SECONDS per round (default 3).
import { join } from 'node:path';
import {
  LOAD_CORE,
  SERVER_CORE,
  load,
  pinThisProcess,
  prepareInstall,
  printAffinity,
  printTable,
  scratchDir,
  spawnServer,
  startBare,
} from './support.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
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

/** Requests a second through one server, after a second of warm-up. */
async function rate(server, request) {
  await load({ origin: server.url, requests: [request], seconds: 1 });
  const r = await load({ origin: server.url, requests: [request], seconds: SECONDS });
  if (r.httpErrors || r.socketErrors) throw new Error(`errors while measuring: ${JSON.stringify(r)}`);
  return r.rps;
}

async function layered(step) {
  const logs = scratchDir('desk-bench-layers-');
  return spawnServer({
    command: process.execPath,
    args: [SERVER, step],
    cwd: dir,
    env,
    core: SERVER_CORE,
    logFile: join(logs, 'stderr.log'),
    what: 'layers-server step',
  });
}

const version = { path: '/api/health/version' };
const ping = { path: '/api/v1/ping', headers: { 'x-api-key': key } };
const ladders = [
  {
    name: 'GET /api/health/version',
    steps: [
      ['bare Koa', 'koa', version],
      ['+ request frame (id, headers, lookup, errors)', 'frame', version],
      ['+ log line and metrics', 'observe', version],
      ["+ Desk's route table and the real handler", 'desk', version],
    ],
  },
  {
    name: 'GET /api/v1/ping',
    steps: [
      ['bare Koa', 'koa', version],
      ['+ request frame (id, headers, lookup, errors)', 'frame', version],
      ['+ log line and metrics', 'observe', version],
      ['+ readiness and the host rule', 'gated', ping],
      ['+ API-key guard (key, tenant, module)', 'keyed', ping],
      ["+ Desk's route table and the real handler", 'desk', ping],
    ],
  },
];

/** The best of ROUNDS rounds of each measurement, the rounds taken in turn over all of them. */
async function bestOf(measurements) {
  const best = measurements.map(() => 0);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, measure] of measurements.entries()) best[i] = Math.max(best[i], await measure());
  return best;
}

const floorOnce = async () => {
  const bare = await startBare('{"version":"0.0.0","channel":"stable"}', { core: SERVER_CORE });
  const rps = await rate(bare, version);
  await bare.stop();
  return rps;
};
const stepOnce = (step, request) => async () => {
  const server = await layered(step);
  const rps = await rate(server, request);
  await server.stop();
  return rps;
};
const measurements = [
  floorOnce,
  ...ladders.flatMap(({ steps }) => steps.map(([, step, request]) => stepOnce(step, request))),
];
const [floor, ...rates] = await bestOf(measurements);
printAffinity(); // the first reading of each process kind; every load checked its own
console.log(`bare node:http: ${Math.round(floor)} req/s (${(1e6 / floor).toFixed(1)} µs a request), best of ${ROUNDS}`);

let next = 0;
for (const { name, steps } of ladders) {
  const rows = [];
  let previous = null;
  for (const [label] of steps) {
    const rps = rates[next++];
    const us = 1e6 / rps;
    rows.push([
      label,
      Math.round(rps).toLocaleString('en'),
      us.toFixed(1),
      previous === null ? '—' : (us - previous).toFixed(1),
      (rps / floor).toFixed(2) + '×',
    ]);
    previous = us;
  }
  printTable(name, ['step', 'req/s', 'µs/request', 'µs this part', 'ratio to node:http'], rows);
}
