/**
 * A real Desk server for HTTP and MCP tests: the production container on a fresh SQLite file (or a
 * fresh Postgres schema), the real Koa app listening on a loopback port, and helpers to make tenants
 * and keys through the real use cases.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Container } from 'inversify';
import type { DeskConfig } from '../../src/config/index.js';
import { buildContainer } from '../../src/bootstrap/container.js';
import { loadConfig } from '../../src/bootstrap/load-config.js';
import { Readiness } from '../../src/bootstrap/readiness.js';
import { httpApp, httpAppOptions } from '../../src/bootstrap/http-app.js';
import type { RouteModule } from '../../src/adapters/http/route-module.js';
import { createHttpServer } from '../../src/adapters/http/http-server.js';
import { Logger } from '../../src/adapters/observability/logger.js';
import { ErrorReporter } from '../../src/adapters/observability/error-reporter.js';
import type { LogDestination } from '../../src/adapters/observability/logger.js';
import { MODULES, type ModuleName } from '../../src/domain/access/permissions.js';
import { SeedDemo, type DemoSize } from '../../src/domain/demo/seed-demo.js';
import { CreateApiKey } from '../../src/domain/identity/create-api-key.js';
import { ChangeModules } from '../../src/domain/tenants/change-modules.js';
import { CreateTenant } from '../../src/domain/tenants/create-tenant.js';
import { operatorActor } from '../../src/domain/tenants/operator-actor.js';
import { ResolveTenant } from '../../src/domain/tenants/resolve-tenant.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import { Database } from '../../src/ports/database.js';
import { RateLimiter } from '../../src/ports/rate-limiter.js';
import { Routes } from '../../src/adapters/http/routing/routes.js';
import { routeModules } from '../../src/adapters/http/routes/index.js';
import { observabilityOf } from '../../src/adapters/observability/observability.js';
import { resolveFrom } from '../../src/bootstrap/container.js';
import { startBackground } from '../../src/bootstrap/background.js';
import { Clock } from '../../src/ports/clock.js';
import { AccessSignal } from '../../src/ports/access-signal.js';
import { EventSignal } from '../../src/ports/event-signal.js';
import { perform } from '../../src/domain/shared/use-case.js';
import { tempInstallDir } from './cli.js';
import { createTestSchema, type TestSchema } from './postgres.js';

export interface TestApp {
  readonly url: string;
  readonly port: number;
  readonly config: DeskConfig;
  readonly container: Container;
  /** Creates a tenant with these modules (all by default) and optional demo data. */
  tenant(slug: string, o?: { modules?: readonly ModuleName[]; hosts?: string[]; seed?: DemoSize }): Promise<Tenant>;
  /** Mints a key in the tenant through the real use case; returns the key string and its id. */
  key(slug: string, scopes: readonly string[], o?: { expiresInDays?: number }): Promise<{ key: string; id: string }>;
  close(): Promise<void>;
}

const TEST_BUILD = { version: '0.20.0', commit: 'test', builtAt: '2026-01-01T00:00:00.000Z' };

/** The databases an app can run on; `postgres` needs TEST_DATABASE_URL (see support/postgres). */
export type TestDatabase = 'sqlite' | 'postgres';

/**
 * Starts the app. `env` is configuration as an operator would set it (e.g. rate limits; the log is
 * silent unless it sets LOG_LEVEL); `database: 'postgres'` runs it on a fresh schema of its own,
 * dropped on close, while `databaseUrl` names a Postgres the caller manages; `routes` replaces the
 * route modules (routes/index.ts) and `logDestination` captures the JSON log.
 */
export async function startApp(
  o: {
    env?: Record<string, string>;
    database?: TestDatabase;
    databaseUrl?: string;
    routes?: readonly RouteModule[];
    logDestination?: LogDestination;
    /** Runs what `desk serve` runs besides requests: webhook deliveries and the event hub (not monitor checks). */
    background?: boolean;
    /** Replaces the system clock (webhook retry schedules, expiry). */
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  const dir = tempInstallDir('desk-app-');
  const schema: TestSchema | null = o.database === 'postgres' ? await createTestSchema() : null;
  const databaseUrl = schema?.url ?? o.databaseUrl;
  const config = loadConfig({
    installDir: dir,
    fromEnvironment: true,
    dataDir: join(dir, 'data'),
    env: {
      JWT_SECRET: 'test-secret-'.padEnd(40, 'x'),
      ENCRYPTION_KEY: 'test-encryption-key-'.padEnd(43, 'x'),
      // Tests send many requests; each test that is about limits sets its own.
      RATE_LIMIT_MCP_PER_MINUTE: '0',
      RATE_LIMIT_ACTIONS_PER_MINUTE: '0',
      RATE_LIMIT_V1_PER_MINUTE: '0',
      RATE_LIMIT_SSO_PER_MINUTE: '0',
      // One JSON line per request would bury the test output; the logging suite turns it on.
      LOG_LEVEL: 'silent',
      // Every console answer is checked against the console API's document (contract/response-check.ts).
      CHECK_RESPONSES: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...o.env,
    },
  });
  const container = await buildContainer(config, { logDestination: o.logDestination });
  if (o.clock) container.rebind(Clock).toConstantValue(o.clock);
  await container.get(Database).migrate();
  // Monitor checks (and the data disk's) stay off: the monitor suites run their rounds themselves.
  const background = o.background ? startBackground(container, { monitors: false }) : null;
  const readiness = new Readiness();
  readiness.markReady();
  const app = httpApp(container, config, TEST_BUILD, readiness, o.routes);
  // The production HTTP server (timeouts, connection ceiling), as desk serve listens with it.
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer(app, config.http, container.get(Logger)).listen(0, '127.0.0.1', () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    config,
    container,
    async tenant(slug, t = {}) {
      const created = await resolveFrom(container)(CreateTenant).execute({
        slug,
        name: `${slug} school`,
        hosts: t.hosts ?? [],
        timeZone: 'Europe/Amsterdam',
        currency: 'EUR',
      });
      const { modules } = await perform(resolveFrom(container), ChangeModules, operatorActor(created), {
        enable: [...(t.modules ?? MODULES)],
      });
      const tenant = { ...created, modules };
      if (t.seed) await perform(resolveFrom(container), SeedDemo, operatorActor(tenant), { size: t.seed });
      return tenant;
    },
    async key(slug, scopes, k = {}) {
      const tenant = await resolveFrom(container)(ResolveTenant).bySlug(slug);
      const { apiKey, key } = await perform(resolveFrom(container), CreateApiKey, operatorActor(tenant), {
        name: `test key`,
        scopes: [...scopes],
        expiresInDays: k.expiresInDays,
      });
      return { key, id: apiKey.id };
    },
    async close() {
      await background?.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await container.get(RateLimiter).close();
      await container.get(EventSignal).close();
      await container.get(AccessSignal).close();
      await container.get(Database).close();
      await container.get(ErrorReporter).close();
      await schema?.drop();
    },
  };
}

export interface RegisteredRoute {
  readonly method: string;
  readonly path: string;
}

/**
 * Every (method, path template) the production route modules register, read off the table they are
 * registered on, as the app does: tests that must cover every route (isolation, fuzzing) list them
 * from here, so a new route is covered without anyone adding it. `routes.all` routes, which answer
 * every other method, stand for three (PUT, DELETE, PATCH); HEAD is left out.
 */
export function registeredRoutes(app: TestApp): RegisteredRoute[] {
  const table = new Routes();
  const readiness = new Readiness();
  const deps = {
    ...httpAppOptions(app.container, app.config, TEST_BUILD, readiness),
    observability: observabilityOf(app.container, 'silent'),
  };
  for (const module of routeModules) module.register(table, deps);
  const routes = new Map<string, RegisteredRoute>();
  for (const { method, path } of table.entries) {
    // `all` stands for what a path's other methods would be asked.
    for (const m of method === '*' ? ['PUT', 'DELETE', 'PATCH'] : [method])
      routes.set(`${m} ${path}`, { method: m, path });
  }
  return [...routes.values()];
}
