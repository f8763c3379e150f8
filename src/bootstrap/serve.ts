/**
 * The `serve` lifecycle, loaded only when that command runs (the HTTP stack, observability and the
 * database are not needed by `desk --version` or `desk key list`): the container, the HTTP server
 * listening, the database connected and migrated in the background (retrying while it cannot be
 * reached), demo seeding, and a graceful stop on SIGTERM or SIGINT.
 */
import { once } from 'node:events';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Container } from 'inversify';
import { CliError } from '../adapters/cli/command.js';
import type { ServeOptions } from '../adapters/cli/program.js';
import { HttpDrain } from '../adapters/http/drain.js';
import { createHttpServer } from '../adapters/http/http-server.js';
import { ErrorReporter, Logger } from '../adapters/observability/index.js';
import type { DeskConfig } from '../config/index.js';
import { CreateDemoSchool } from '../domain/demo/create-demo-school.js';
import { Database } from '../ports/database.js';
import { ServeLock } from '../ports/database-backup.js';
import { AccessSignal } from '../ports/access-signal.js';
import { EventSignal } from '../ports/event-signal.js';
import { Mailer } from '../ports/mailer.js';
import { RateLimiter } from '../ports/rate-limiter.js';
import { DatabaseUnavailableError } from '../ports/unit-of-work.js';
import { startBackground, type Background } from './background.js';
import { readBuildInfo } from './build-info.js';
import { buildContainer, sqliteFile } from './container.js';
import { httpApp } from './http-app.js';
import { configForCommand, ensureServerSecrets } from './load-config.js';
import { Readiness } from './readiness.js';
import { limitYoungGeneration } from './young-generation.js';
import { resolveFrom } from './container.js';

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 5_000;
/** How long a stopping server waits for requests in flight before closing their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** How long a stopping server waits for queued error reports to reach the tracker. */
const ERROR_FLUSH_MS = 2_000;

export async function serve(options: ServeOptions): Promise<void> {
  // A server's young generation stays small: start-up's survivors would otherwise grow it for good.
  const youngGeneration = limitYoungGeneration();
  const config = ensureServerSecrets(configForCommand(options));
  const container = await buildContainer(config);
  const readiness = new Readiness();
  logProcessFailures(container);
  const build = readBuildInfo();
  const app = httpApp(container, config, build, readiness);
  const server = createHttpServer(app, config.http, container.get(Logger)).listen(config.port, config.host);
  const drain = new HttpDrain(server);
  try {
    await once(server, 'listening');
  } catch (e) {
    throw new CliError(`cannot listen on ${config.host}:${config.port}: ${(e as NodeJS.ErrnoException).code ?? e}`, 1);
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'Postgres' : `SQLite ${sqliteFile(config)}`;
  process.stdout.write(`desk ${build.version} listening on http://${config.host}:${port} (${where})\n`);
  // Work beside requests (webhooks, streams, monitor checks), started once the database is ready.
  let background: Background | null = null;
  handleSignals(drain, container, readiness, () => background);
  // The database may not answer yet: keep serving health and retry in the background.
  void connect(container, readiness).then(async () => {
    if (!readiness.ready) return;
    // `desk restore` refuses while this is held; losing it (a dropped connection) only weakens that check.
    await container
      .get(ServeLock)
      .hold()
      .catch((err: unknown) => container.get(Logger).warn({ err }, 'could not mark the database as served'));
    background = startBackground(container, { backups: config.backups, reminderHour: config.reminderHour });
    if (options.demo) await startDemo(container, config);
    youngGeneration.allowGrowth();
  });
}

/**
 * Standard error carries the JSON log and nothing else: Node's own warnings, and an error nothing
 * caught (which ends the process, as it would anyway), are written as log lines too, and a bug is
 * reported to the error tracker before the process exits.
 */
function logProcessFailures(container: Container): void {
  const log = container.get(Logger);
  process.removeAllListeners('warning');
  process.on('warning', (warning) => log.warn({ err: warning }, 'process warning'));
  const fatal = (err: unknown, what: string) => {
    log.error({ err }, `${what}; exiting`);
    log.flush(); // the line must be out even if the tracker hangs
    container.get(ErrorReporter).report(err, { surface: 'process' });
    void container
      .get(ErrorReporter)
      .close(ERROR_FLUSH_MS)
      .finally(() => process.exit(1));
  };
  process.on('uncaughtException', (err) => fatal(err, 'uncaught exception'));
  process.on('unhandledRejection', (err) => fatal(err, 'unhandled promise rejection'));
}

/**
 * Connects and migrates, retrying with backoff until the database answers; then marks ready. While
 * it cannot, readiness names the database as what is down (`unreachable`, or `migration-failed` when
 * it answers but a migration fails: a bug or a permission to fix, logged as an error and reported
 * once). Once a signal has turned readiness to `stopping` it stays there and the retrying ends.
 */
async function connect(container: Container, readiness: Readiness): Promise<void> {
  const database = container.get(Database);
  const log = container.get(Logger);
  let delay = RETRY_MIN_MS;
  let reported = false;
  for (;;) {
    if (readiness.stopping) return;
    try {
      readiness.markDatabase('migrating');
      const { applied } = await database.migrate();
      if (applied.length) log.info({ applied }, 'applied migrations');
      if (!readiness.stopping) readiness.markReady();
      return;
    } catch (e) {
      if (readiness.stopping) return;
      if (e instanceof DatabaseUnavailableError) {
        readiness.markDatabase('unreachable');
        log.warn({ reason: e.reason, retryInSeconds: delay / 1000 }, 'database unavailable; retrying');
      } else {
        readiness.markDatabase('migration-failed');
        log.error({ err: e, retryInSeconds: delay / 1000 }, 'migrations failed; retrying');
        if (!reported) container.get(ErrorReporter).report(e, { surface: 'migrate' });
        reported = true;
      }
      await sleep(delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    }
  }
}

async function startDemo(container: Container, config: DeskConfig): Promise<void> {
  try {
    const result = await resolveFrom(container)(CreateDemoSchool).execute();
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
    container.get(Logger).error({ err: e }, 'demo seeding failed');
  }
}

/**
 * SIGTERM (or SIGINT) stops the service without dropping a request:
 * 1. readiness turns `stopping` at once, so `/api/health/ready` answers 503 and load balancers stop
 *    sending traffic; event streams are ended and webhook deliveries stop being claimed;
 * 2. requests in flight finish, for up to SHUTDOWN_GRACE_MS: the listener stays open meanwhile (the
 *    503 has to reach the probes), idle keep-alive connections are closed, and every response closes
 *    its connection (HttpDrain);
 * 3. then the listener closes and any connection still open is closed;
 * 4. scheduled work (monitor checks), which stopped starting rounds at step 1, finishes a round
 *    under way (up to 10 s);
 * 5. queued error reports are flushed, the rate limiter and the database closed, and the process
 *    exits 0. A second signal during all this ends the process at once, with exit code 1.
 */
function handleSignals(
  drain: HttpDrain,
  container: Container,
  readiness: Readiness,
  background: () => Background | null,
): void {
  const log = container.get(Logger);
  const stop = async (signal: NodeJS.Signals) => {
    readiness.markStopping();
    const inFlight = drain.requestsInFlight;
    process.stdout.write(`desk: ${signal} received; stopping after ${inFlight} request(s) in flight\n`);
    log.info({ signal, inFlight, graceMs: SHUTDOWN_GRACE_MS }, 'stopping');
    // Event streams end now (clients reconnect elsewhere with Last-Event-ID); deliveries under way
    // finish or are retried by whichever instance claims them next; no scheduled round starts, and
    // one under way may finish while requests drain.
    const stopping = background()?.stop();
    const { abandoned } = await drain.drain(SHUTDOWN_GRACE_MS);
    if (abandoned > 0) log.warn({ abandoned }, 'grace period over: closed connections of unfinished requests');
    // Each is closed whatever the one before did: a failure here must not keep the process up.
    const quietly = (closing: Promise<unknown>) => closing.catch(() => undefined);
    if (stopping) await quietly(stopping);
    await quietly(container.get(ErrorReporter).close(ERROR_FLUSH_MS));
    await quietly(container.get(RateLimiter).close());
    await quietly(container.get(EventSignal).close());
    await quietly(container.get(AccessSignal).close());
    await quietly(container.get(Mailer).close());
    await quietly(container.get(ServeLock).release());
    await quietly(container.get(Database).close());
    process.stdout.write('desk: stopped\n');
    log.flush();
    process.exit(0);
  };
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stdout.write(`desk: ${signal} received again; exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    void stop(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
