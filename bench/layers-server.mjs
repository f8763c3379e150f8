// The HTTP app of `desk serve`, cut after its first N middleware layers (bench/layers.mjs). Run in an
// install directory (bench/support.mjs prepareInstall) with the environment `desk serve` reads:
//   node bench/layers-server.mjs <layers|all>
// Builds the real app from the compiled modules (dist/), migrates, marks itself ready, then serves a
// Koa app made of the first N layers of `app.middleware` and a last one that answers `{}` when nothing
// above did, so each added layer's cost is the difference between two runs. Prints the layers' names
// on stderr and `listening on http://127.0.0.1:<port>` on stdout.
import Koa from 'koa';
import { once } from 'node:events';
import { createServer } from 'node:http';

const dist = (path) => import(new URL(`../dist/${path}`, import.meta.url).href);
const [{ configForCommand, ensureServerSecrets }, { buildContainer }, { Readiness }, { httpApp }, { readBuildInfo }] =
  await Promise.all([
    dist('bootstrap/load-config.js'),
    dist('bootstrap/container.js'),
    dist('bootstrap/readiness.js'),
    dist('bootstrap/http-app.js'),
    dist('bootstrap/build-info.js'),
  ]);
const { Database } = await dist('ports/database.js');

const config = ensureServerSecrets(configForCommand({ embeddedDb: true }));
const container = await buildContainer(config);
await container.get(Database).migrate();
const readiness = new Readiness();
readiness.markReady();
const full = httpApp(container, config, readBuildInfo(), readiness);

const wanted = process.argv[2] ?? 'all';
const count = wanted === 'all' ? full.middleware.length : Number(wanted);
const app = new Koa({ proxy: config.trustProxy, maxIpsCount: 1 });
for (const layer of full.middleware.slice(0, count)) app.use(layer);
if (count < full.middleware.length)
  app.use((ctx) => {
    ctx.body ??= {};
  });
process.stderr.write(`${JSON.stringify(full.middleware.map((m) => m.name || 'anonymous'))}\n`);
const server = createServer(app.callback()).listen(0, '127.0.0.1');
await once(server, 'listening');
process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
