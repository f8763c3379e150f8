// One step of the ladder bench/layers.mjs measures: Desk's HTTP app built from the compiled modules
// (dist/) with only some of its parts real. Run in an install directory (bench/support.mjs
// prepareInstall) with the environment `desk serve` reads:
//   node bench/layers-server.mjs <step>
// Steps, each adding one part to the one before:
//   koa      bare Koa answering a fixed body (no Desk code)
//   frame    Desk's request frame (routing/dispatch.ts) around a table of one route answering the
//            fixed body: request id, security headers, lookup, error rendering; log and metrics off
//   observe  + the request log line and the metrics observation, as `desk serve` writes them
//   gated    + readiness and the host rule: the one route under /api/v1 (health skips them)
//   keyed    + the API-key guard (authentication, tenant, module) in front of the fixed answer
//   desk     the app of `desk serve`, every route module (the real handler answers)
// Prints `listening on http://127.0.0.1:<port>` on stdout.
import Koa from 'koa';
import { once } from 'node:events';
import { createServer } from 'node:http';

const dist = (path) => import(new URL(`../dist/${path}`, import.meta.url).href);
const [{ configForCommand, ensureServerSecrets }, { buildContainer }, { Readiness }, { httpAppOptions }, build] =
  await Promise.all([
    dist('bootstrap/load-config.js'),
    dist('bootstrap/container.js'),
    dist('bootstrap/readiness.js'),
    dist('bootstrap/http-app.js'),
    dist('bootstrap/build-info.js'),
  ]);
const [{ createServer: createApp }, { observabilityOf }, { apiKeyGuard }, { Database }] =
  await Promise.all([
    dist('adapters/http/server.js'),
    dist('adapters/observability/observability.js'),
    dist('adapters/http/auth/api-key.js'),
    dist('ports/database.js'),
  ]);

const step = process.argv[2] ?? 'desk';
const BODY = '{"version":"0.0.0","channel":"stable"}';
const config = ensureServerSecrets(configForCommand({ embeddedDb: true }));
const container = await buildContainer(config);
await container.get(Database).migrate();
const readiness = new Readiness();
readiness.markReady();
const options = httpAppOptions(container, config, build.readBuildInfo(), readiness);

/** Log and metrics that do nothing: the frame's own cost, without them. */
const quiet = {
  log: { request() {}, error() {}, warn() {}, info() {} },
  metrics: { observeRequest() {}, recordBuild() {} },
  errors: { report() {} },
};
const fixed = (ctx) => {
  ctx.type = 'application/json';
  ctx.body = BODY;
};
/** A table of one route at `path`, with `guard` in front of the fixed answer. */
const oneRoute = (path, guard = []) => [
  { name: 'bench', register: (routes, deps) => routes.get(path, ...guard(deps), fixed) },
];

let app;
if (step === 'koa') {
  app = new Koa();
  app.use(fixed);
} else if (step === 'frame') {
  app = createApp({ ...options, observability: quiet, routes: oneRoute('/api/health/version', () => []) });
} else if (step === 'observe') {
  app = createApp({ ...options, routes: oneRoute('/api/health/version', () => []) });
} else if (step === 'gated') {
  app = createApp({ ...options, routes: oneRoute('/api/v1/ping', () => []) });
} else if (step === 'keyed') {
  app = createApp({ ...options, routes: oneRoute('/api/v1/ping', (deps) => apiKeyGuard(deps, 'v1')) });
} else if (step === 'desk') {
  app = createApp({ ...options, observability: observabilityOf(container, config.logLevel) });
} else {
  throw new Error(`unknown step ${step}`);
}
const server = createServer(app.callback()).listen(0, '127.0.0.1');
await once(server, 'listening');
process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
