// npm run bench:events — events from commit to receipt on one `desk serve` (embedded SQLite, pinned
// to CPU 0 when taskset works, this script with its writer, receiver, subscribers and the load
// generator on CPU 1), as a webhook receiver and a stream subscriber see them:
//
// 1. Delay: loans are issued and returned through the action surface at BENCH_EVENTS_RATE writes a
//    second (default 200) for BENCH_SECONDS (default 10); each write is one event. The delay of an
//    event is measured from the moment its write request was sent (so it includes the write's own
//    answer time: an upper bound on commit → receipt) to its arrival at a webhook receiver and at an
//    SSE subscriber in this process. Reported: events/s received, p50/p99 delay, and anything lost.
// 2. Idle streams: BENCH_IDLE_STREAMS (default 5,000) idle SSE subscribers are opened, and the p99 of
//    `GET /api/v1/ping` under load is measured before and after, with the server's memory.
//
// Targets (issue 11), reported, never enforced: p99 commit → SSE < 50 ms and → webhook < 100 ms at 200
// events/s; 5,000 idle subscribers adding < 1 ms to the ping p99.
import { createServer, request } from 'node:http';
import { loadavg } from 'node:os';
import {
  LOAD_CORE,
  PINNING,
  SERVER_CORE,
  load,
  loadGenerator,
  prepareInstall,
  pinThisProcess,
  printTable,
  rssMb,
  startDesk,
  untilReady,
} from './support.mjs';

pinThisProcess(LOAD_CORE); // the writer, receiver and subscribers stay off the server's CPU

const RATE = Number(process.env.BENCH_EVENTS_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const IDLE = Number(process.env.BENCH_IDLE_STREAMS ?? 5_000);
const SCOPES = 'webhook.manage,event.subscribe,loan.view,loan.issue,loan.return,person.view';

const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : '—');

/** A JSON call to the server with the bench key. */
function call(origin, key, path, body) {
  return fetch(`${origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, json: await r.json().catch(() => null) }));
}

/** Opens an SSE stream; `onEvent(kind, json)` per event. Resolves once the headers arrived. */
function openStream(origin, key, onEvent) {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/api/v1/events`, { headers: { 'x-api-key': key, accept: 'text/event-stream' } });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let pending = '';
      if (onEvent)
        res.on('data', (chunk) => {
          pending += chunk.toString('utf8');
          let at;
          while ((at = pending.indexOf('\n\n')) >= 0) {
            const block = pending.slice(0, at);
            pending = pending.slice(at + 2);
            const kind = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (kind && data) onEvent(kind, JSON.parse(data));
          }
        });
      resolve({ close: () => req.destroy() });
    });
    req.end();
  });
}

const install = prepareInstall({ size: 'school', scopes: SCOPES });
const server = await startDesk(
  install.dir,
  { WEBHOOK_ALLOW_PRIVATE: 'true', BACKUP_INTERVAL_HOURS: '0' },
  '--embedded-db',
  {
    core: SERVER_CORE,
  },
);
await untilReady(server);
const origin = server.url;
const key = install.key;
console.log(
  `Events on one desk serve (SQLite), ${PINNING ? `server pinned to CPU ${SERVER_CORE}, this script and the load generator to CPU ${LOAD_CORE}` : 'not pinned'}; load generator: ${loadGenerator()}`,
);

// The loans to cycle through: each write issues or returns one, so each is one event.
const listed = await call(origin, key, '/api/v1/actions/loans.list', { status: 'AVAILABLE', pageSize: 100 });
const holder = (await call(origin, key, '/api/v1/actions/people.search', { q: 'a', kind: 'PUPIL', limit: 1 })).json
  .result.people[0].id;
const loans = listed.json.result.loans.map((l) => l.number);

// --- 1. Delay at RATE events/s -----------------------------------------------------------------------
const sentAt = new Map(); // `${number}:${type}:${n}` -> ms, when the write request was sent
const answeredAt = new Map(); // the same key -> ms, when its answer arrived (the commit was before)
const seenCount = { webhook: new Map(), sse: new Map() };
const delays = { webhook: [], sse: [] };
const arrivals = { webhook: new Map(), sse: new Map() };
const keyOf = (channel, type, number) => {
  const k = `${number}:${type}`;
  const n = (seenCount[channel].get(k) ?? 0) + 1;
  seenCount[channel].set(k, n);
  return `${k}:${n}`;
};
const arrived = (channel, body) => {
  const at = performance.now();
  const key = keyOf(channel, body.type, body.data.loan.number);
  const sent = sentAt.get(key);
  if (sent !== undefined) delays[channel].push(at - sent);
  arrivals[channel].set(key, at);
};
const receiver = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    res.writeHead(204).end();
    arrived('webhook', JSON.parse(Buffer.concat(chunks).toString('utf8')));
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${receiver.address().port}/hook`;
const made = await call(origin, key, '/api/v1/webhooks', { url: hookUrl, events: ['loan.issued', 'loan.returned'] });
if (made.status !== 201) throw new Error(`webhook: ${made.status} ${JSON.stringify(made.json)}`);
const stream = await openStream(origin, key, (kind, body) => kind.startsWith('loan.') && arrived('sse', body));

const issuedCount = new Map();
let writes = 0;
let failed = 0;
const total = Math.round(RATE * SECONDS);
const started = performance.now();
const inFlight = [];
for (let i = 0; i < total; i++) {
  // Paced by the clock, not by answers: writes overlap when the server is slower than the rate.
  const due = started + (i * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const number = loans[i % loans.length];
  const round = Math.floor(i / loans.length);
  const type = round % 2 === 0 ? 'loan.issued' : 'loan.returned';
  const n = (issuedCount.get(`${number}:${type}`) ?? 0) + 1;
  issuedCount.set(`${number}:${type}`, n);
  const writeKey = `${number}:${type}:${n}`;
  sentAt.set(writeKey, performance.now());
  const action = type === 'loan.issued' ? 'loans.issue' : 'loans.return';
  const input = type === 'loan.issued' ? { number, holderId: holder, dueDate: '2999-01-31' } : { number };
  inFlight.push(
    call(origin, key, `/api/v1/actions/${action}`, input).then((r) => {
      answeredAt.set(writeKey, performance.now());
      writes++;
      if (r.status !== 200) failed++;
    }),
  );
}
await Promise.all(inFlight);
const writeSeconds = (performance.now() - started) / 1000;
const deadline = performance.now() + 10_000;
while ((delays.webhook.length < writes - failed || delays.sse.length < writes - failed) && performance.now() < deadline)
  await new Promise((r) => setTimeout(r, 50));
stream.close();
receiver.close();

// The commit happens between a write's request and its answer: the delay from the request is an
// upper bound on commit → receipt, the delay from the answer (0 when the event came first) a lower one.
const rows = [];
for (const channel of ['sse', 'webhook']) {
  const upper = [...delays[channel]].sort((a, b) => a - b);
  const lower = [...arrivals[channel]]
    .map(([k, at]) => Math.max(0, at - (answeredAt.get(k) ?? at)))
    .sort((a, b) => a - b);
  const target = channel === 'sse' ? 50 : 100;
  const p99 = quantile(upper, 0.99);
  rows.push([
    channel === 'sse' ? 'commit → SSE' : 'commit → webhook',
    `${upper.length}/${writes - failed}`,
    (upper.length / writeSeconds).toFixed(0),
    `${ms(quantile(lower, 0.5))} – ${ms(quantile(upper, 0.5))}`,
    `${ms(quantile(lower, 0.99))} – ${ms(p99)}`,
    ms(upper.at(-1)),
    `p99 < ${target} ms`,
    quantile(lower, 0.99) >= target ? 'NOT met' : p99 < target ? 'met' : 'between the bounds',
  ]);
}
const writeTimes = [...answeredAt].map(([k, at]) => at - sentAt.get(k)).sort((a, b) => a - b);
printTable(
  `${writes} writes at ${RATE}/s over ${writeSeconds.toFixed(1)} s (${failed} refused; the writes themselves: p50 ${ms(quantile(writeTimes, 0.5))} ms, p99 ${ms(quantile(writeTimes, 0.99))} ms). Delay: from the write's answer – from its request`,
  ['path', 'received', 'events/s', 'p50 ms', 'p99 ms', 'max ms', 'target', 'result'],
  rows,
);

// --- 2. Idle streams ------------------------------------------------------------------------------------
const ping = [{ method: 'GET', path: '/api/v1/ping', headers: { 'x-api-key': key } }];
await load({ origin, requests: ping, seconds: 2 });
const before = await load({ origin, requests: ping, seconds: 5 });
const rssBefore = rssMb(server.pid);
const idle = [];
for (let i = 0; i < IDLE; i += 100) {
  const batch = await Promise.all(Array.from({ length: Math.min(100, IDLE - i) }, () => openStream(origin, key, null)));
  idle.push(...batch);
}
await new Promise((r) => setTimeout(r, 1_000));
const after = await load({ origin, requests: ping, seconds: 5 });
const rssAfter = rssMb(server.pid);
idle.forEach((s) => s.close());
printTable(
  `GET /api/v1/ping with and without ${IDLE} idle event streams (load average ${loadavg()[0].toFixed(2)})`,
  ['idle streams', 'req/s', 'p50 ms', 'p99 ms', 'server MB'],
  [
    [0, before.rps.toFixed(0), before.p50.toFixed(2), before.p99.toFixed(2), rssBefore],
    [IDLE, after.rps.toFixed(0), after.p50.toFixed(2), after.p99.toFixed(2), rssAfter],
  ],
);
const added = after.p99 - before.p99;
console.log(
  `p99 added by ${IDLE} idle streams: ${added.toFixed(2)} ms (target < 1 ms: ${added < 1 ? 'met' : 'NOT met'})`,
);
await server.stop();
process.exit(0);
