// npm run bench:router — the route table's lookup alone, this build's against another build's, on
// the same table in the same run: the price of matching a request's path and method, without the
// rest of a request around it (`npm run bench` prices whole requests over HTTP).
//
//   BENCH_BASELINE=/path/to/other/checkout npm run bench:router
//
// Both tables hold every route `desk serve` registers (this build's route modules, their pipelines
// never run): this build's RouteMap (an exact map, then one @koa/router per area) and the other
// build's (for 0.20, an exact map, then find-my-way's radix tree). Each looks up the same list of
// requests: every template once with its parameters filled in (a loan number, an id), every exact
// path once, and a few paths that match nothing; ROUNDS rounds, the two tables in turn, the order
// reversed every other round. Printed: ns a lookup (the mean over the list), for paths with
// parameters, paths without, and misses. This process runs pinned to CPU 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pinThisProcess, printTable, SERVER_CORE } from './support.mjs';

const ROUNDS = Math.max(2, Math.round(Number(process.env.BENCH_ROUNDS ?? 6)));
const PASSES = 2_000; // passes over the request list per round and table
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;
if (!BASELINE) {
  console.error('set BENCH_BASELINE to a built checkout to price its route table against this one');
  process.exit(2);
}
pinThisProcess(SERVER_CORE);

const dir = mkdtempSync(join(tmpdir(), 'desk-router-'));
process.env.DATA_DIR = dir;
process.env.LOG_LEVEL = 'silent';
const dist = (root, path) => import(new URL(`dist/${path}`, `file://${root}/`).href);
const here = resolve(import.meta.dirname, '..');
const [{ configForCommand, ensureServerSecrets }, { buildContainer }, { Readiness }, { httpAppOptions }, build] =
  await Promise.all([
    dist(here, 'bootstrap/load-config.js'),
    dist(here, 'bootstrap/container.js'),
    dist(here, 'bootstrap/readiness.js'),
    dist(here, 'bootstrap/http-app.js'),
    dist(here, 'bootstrap/build-info.js'),
  ]);
const [mine, theirs, { routeModules }, { observabilityOf }] = await Promise.all([
  dist(here, 'adapters/http/routing/routes.js'),
  dist(BASELINE, 'adapters/http/routing/routes.js'),
  dist(here, 'adapters/http/routes/index.js'),
  dist(here, 'adapters/observability/observability.js'),
]);

const config = ensureServerSecrets(configForCommand({ embeddedDb: true }));
const container = await buildContainer(config);
const { webAssets: _, ...options } = httpAppOptions(container, config, build.readBuildInfo(), new Readiness());
const deps = { ...options, observability: observabilityOf(container, 'silent') };
const table = new mine.Routes();
for (const module of routeModules) module.register(table, deps);

/** The same registrations on the other build's table. */
const copy = new theirs.Routes();
for (const e of table.entries) {
  if (e.method === '*') copy.all(e.path, ...e.middleware);
  else copy[e.method.toLowerCase()](e.path, ...e.middleware);
}
const maps = { 'this build': new mine.RouteMap(table), baseline: new theirs.RouteMap(copy) };

const ID = '3f1c2a9e-7b4d-4c1e-9a2b-5d6e7f8a9b0c';
const fill = (template) => template.replace(/:([A-Za-z]+)/g, (_, name) => (/number/i.test(name) ? '42' : ID));
const requests = {
  'with parameters': table.entries.filter((e) => e.path.includes(':')).map((e) => [method(e), fill(e.path)]),
  'without parameters': table.entries.filter((e) => !e.path.includes(':')).map((e) => [method(e), e.path]),
  'matching nothing': [
    ['GET', '/api/nothing-here'],
    ['GET', `/api/loans/42/nothing/${ID}`],
    ['POST', '/api/v1/nothing'],
    ['GET', '/not-an-api-path/at/all'],
  ],
};
function method(entry) {
  return entry.method === '*' ? 'OPTIONS' : entry.method;
}

// Both tables must find the same routes, or the comparison means nothing.
for (const [kind, list] of Object.entries(requests)) {
  for (const [m, path] of list) {
    const [a, b] = Object.values(maps).map((map) => map.find(m, path));
    const label = (f) => (f === null ? 'none' : f.kind === 'route' ? `route ${f.route.template}` : f.kind);
    if (label(a) !== label(b)) throw new Error(`${kind} ${m} ${path}: this build ${label(a)}, baseline ${label(b)}`);
  }
}

let sink = 0;
function timeLookups(map, list) {
  const started = process.hrtime.bigint();
  for (let pass = 0; pass < PASSES; pass++) {
    for (let i = 0; i < list.length; i++) {
      const found = map.find(list[i][0], list[i][1]);
      if (found) sink++;
    }
  }
  return Number(process.hrtime.bigint() - started) / (PASSES * list.length);
}

const names = Object.keys(maps);
const totals = Object.fromEntries(Object.keys(requests).map((k) => [k, Object.fromEntries(names.map((n) => [n, []]))]));
for (const list of Object.values(requests)) for (const name of names) timeLookups(maps[name], list); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const [kind, list] of Object.entries(requests)) {
    for (const name of order) totals[kind][name].push(timeLookups(maps[name], list));
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`Route table lookups, ${table.entries.length} registrations; baseline ${BASELINE}; ${ROUNDS} rounds`);
printTable(
  'ns a lookup (median of the rounds)',
  ['requests', 'how many', 'this build', 'baseline', 'this ÷ baseline'],
  Object.entries(requests).map(([kind, list]) => {
    const a = median(totals[kind]['this build']);
    const b = median(totals[kind].baseline);
    return [kind, String(list.length), a.toFixed(0), b.toFixed(0), `${(a / b).toFixed(2)}×`];
  }),
);
if (sink < 0) console.log(sink);
rmSync(dir, { recursive: true, force: true });
process.exit(0);
