import { once } from 'node:events';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Container } from 'inversify';
import type { CommandModule } from 'yargs';
import { readBuildInfo } from '../../../bootstrap/build-info.js';
import type { DeskConfig } from '../../../bootstrap/config.js';
import { buildContainer, sqliteFile } from '../../../bootstrap/container.js';
import { ensureJwtSecret } from '../../../bootstrap/load-config.js';
import { CreateDemoSchool } from '../../../domain/demo/create-demo-school.js';
import { Database } from '../../../ports/database.js';
import { RateLimiter } from '../../../ports/rate-limiter.js';
import { Readiness } from '../../http/readiness.js';
import { createServer } from '../../http/server.js';
import { CliError, configFor, describeDatabaseError, fail, type GlobalOptions } from '../context.js';

interface ServeArgs extends GlobalOptions {
  port?: number;
  host?: string;
  demo: boolean;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 5_000;

export const serveCommand: CommandModule<GlobalOptions, ServeArgs> = {
  command: 'serve',
  describe: 'Run the HTTP service',
  builder: (y) =>
    y
      .option('port', { type: 'number', describe: 'Port to listen on (PORT, default 3000)' })
      .option('host', { type: 'string', describe: 'Address to listen on (HOST, default 127.0.0.1)' })
      .option('demo', {
        type: 'boolean',
        default: false,
        describe: 'Seed a demo school into an empty database',
      }) as never,
  handler: async (argv) => {
    try {
      await serve(argv);
    } catch (e) {
      fail(e);
    }
  },
};

async function serve(argv: ServeArgs): Promise<void> {
  const config = ensureJwtSecret(configFor(argv));
  const container = buildContainer(config);
  const readiness = container.get(Readiness);
  const app = createServer(container, config, readBuildInfo());
  const server = app.listen(config.port, config.host);
  try {
    await once(server, 'listening');
  } catch (e) {
    throw new CliError(`cannot listen on ${config.host}:${config.port}: ${(e as NodeJS.ErrnoException).code ?? e}`, 1);
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'Postgres' : `SQLite ${sqliteFile(config)}`;
  process.stdout.write(`desk ${readBuildInfo().version} listening on http://${config.host}:${port} (${where})\n`);
  handleSignals(server, container, readiness);
  // The database may not answer yet: keep serving health and retry in the background.
  void connect(container, readiness).then(async () => {
    if (argv.demo) await startDemo(container, config);
  });
}

/** Connects and migrates, retrying with backoff until the database answers; then marks ready. */
async function connect(container: Container, readiness: Readiness): Promise<void> {
  const database = container.get(Database);
  let delay = RETRY_MIN_MS;
  for (;;) {
    try {
      readiness.markUnready('migrating');
      const { applied } = await database.migrate();
      if (applied.length) process.stdout.write(`applied migrations ${applied.join(', ')}\n`);
      readiness.markReady();
      return;
    } catch (e) {
      readiness.markUnready('connecting');
      process.stderr.write(`desk: database unavailable (${describeDatabaseError(e)}); retrying in ${delay / 1000}s\n`);
      await sleep(delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    }
  }
}

async function startDemo(container: Container, config: DeskConfig): Promise<void> {
  try {
    const result = await container.get(CreateDemoSchool).execute();
    if (!result.created) {
      process.stdout.write('demo: the database already holds a tenant; nothing seeded\n');
      return;
    }
    mkdirSync(config.dataDir, { recursive: true });
    const keyFile = join(config.dataDir, 'demo-api-key.txt');
    writeFileSync(keyFile, `${result.readOnlyKey}\n`, { mode: 0o600 });
    chmodSync(keyFile, 0o600);
    // Paths only: the setup link and the key stay in their owner-only files.
    process.stdout.write(
      `demo: tenant "demo" (Demo School) is ready at ${config.publicUrl}\n` +
        `demo: administrator admin@demo.school; open the setup link in ${result.setupLinkPath}\n` +
        `demo: a read-only API key is in ${keyFile}\n`,
    );
  } catch (e) {
    process.stderr.write(`desk: demo seeding failed: ${describeDatabaseError(e)}\n`);
  }
}

function handleSignals(server: Server, container: Container, readiness: Readiness): void {
  const stop = async () => {
    readiness.markUnready('stopping');
    server.close();
    server.closeIdleConnections();
    await once(server, 'close').catch(() => undefined);
    await container.get(RateLimiter).close().catch(() => undefined);
    await container.get(Database).close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}
