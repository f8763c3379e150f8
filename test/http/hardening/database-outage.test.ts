/**
 * An unreachable database is an outage, not a bug (issue 9, items 1, 4 and 5): every route but
 * health answers 503 `unavailable` with Retry-After (a JSON-RPC error on MCP), the log says so at
 * warning level, nothing goes to the error tracker, `/api/health/ready` names the database as what is
 * down, and every line the server writes on standard error is JSON. The same when Postgres goes away
 * under a running server (and it recovers by itself), and when the SQLite file cannot be opened.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../support/app.js';
import { eventually, startServe, tempInstallDir, type RunningServer } from '../../support/cli.js';
import { createTestSchema, postgresAvailable, warnIfPostgresSkipped, type TestSchema } from '../../support/postgres.js';
import { expectProblem, send, type Reply } from '../../support/rest.js';
import { tcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';
import { captureLog, errorEvents, signIn, startCollector } from '../../support/observability.js';

warnIfPostgresSkipped();

/** A key-shaped value and a token-shaped one: the database is needed before either can be judged. */
const SOME_KEY = 'desk_' + 'A'.repeat(32) + 'AAAAAA';
const MCP_PING = { jsonrpc: '2.0', id: 1, method: 'ping' };

function expectUnavailable(reply: Reply, what: string): void {
  expectProblem(reply, 503, 'unavailable');
  expect(Number(reply.headers['retry-after']), what).toBeGreaterThan(0);
}

function expectMcpUnavailable(reply: Reply): void {
  expect(reply.status, reply.text).toBe(503);
  expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
  expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32053 } });
}

/** Every route family that needs the database, as an outsider would call it. */
async function callEverything(port: number, o: { key: string; token: string }) {
  return {
    ping: await send(port, { path: '/api/v1/ping', headers: { 'x-api-key': o.key } }),
    actions: await send(port, { path: '/api/v1/actions', headers: { 'x-api-key': o.key } }),
    login: await send(port, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'x-tenant-slug': 'north' },
      body: { email: 'head@north.example', password: 'a password of some length' },
    }),
    inventory: await send(port, { path: '/api/loans/inventory', headers: { authorization: `Bearer ${o.token}` } }),
    mcp: await send(port, {
      method: 'POST',
      path: '/api/mcp',
      headers: { authorization: `Bearer ${o.key}`, accept: 'application/json' },
      body: MCP_PING,
    }),
  };
}

function expectAllUnavailable(replies: Awaited<ReturnType<typeof callEverything>>): void {
  const { mcp, ...rest } = replies;
  for (const [what, reply] of Object.entries(rest)) expectUnavailable(reply, what);
  expectMcpUnavailable(mcp);
}

/** Standard error of a server: JSON lines only, none at error level or above. */
function expectJsonWarningsOnly(stderr: string): any[] {
  const lines = stderr.split('\n').filter(Boolean);
  const parsed = lines.map((line) => {
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`a line on standard error is not JSON: ${line}`);
    }
  });
  expect(parsed.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
  return parsed;
}

describe.skipIf(!postgresAvailable)('Postgres unreachable when desk serve starts', () => {
  let server: RunningServer;
  let collector: Awaited<ReturnType<typeof startCollector>>;

  beforeAll(async () => {
    collector = await startCollector();
    server = await startServe(['--from-environment'], {
      cwd: tempInstallDir(),
      // Port 1 on loopback: nothing listens there, so every connection is refused.
      env: {
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test',
        JWT_SECRET: 'outage-secret-'.padEnd(40, 'x'),
        ENCRYPTION_KEY: 'outage-key-'.padEnd(43, 'x'),
        SENTRY_DSN: collector.dsn,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await collector?.close();
  });

  it('answers health, and says on /ready that the database is unreachable', async () => {
    expect((await send(server.port, { path: '/api/health' })).status).toBe(200);
    const ready = await send(server.port, { path: '/api/health/ready' });
    expect(ready.status).toBe(503);
    expect(ready.json).toEqual({ status: 'unready', checks: { database: 'unreachable' } });
  });

  it('answers every other route 503 unavailable with Retry-After', async () => {
    expectAllUnavailable(await callEverything(server.port, { key: SOME_KEY, token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' }));
  });

  it('logs warnings, all as JSON, and reports nothing', async () => {
    await sleep(1_500); // at least one more connection attempt has failed and been logged
    const lines = expectJsonWarningsOnly(server.stderr());
    expect(lines.some((l) => l.level === 'warn' && /database/.test(l.msg))).toBe(true);
    expect(lines.filter((l) => l.msg === 'request' && l.status === 503).every((l) => l.level === 'warn')).toBe(true);
    expect(errorEvents(collector.envelopes)).toEqual([]);
  });
});

describe.skipIf(!postgresAvailable)('Postgres going away under a running server', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let app: TestApp;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  const log = captureLog();
  let key: string;
  let token: string;

  beforeAll(async () => {
    schema = await createTestSchema();
    const target = new URL(schema.url);
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.up();
    const viaProxy = new URL(schema.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    collector = await startCollector();
    app = await startApp({
      databaseUrl: viaProxy.href,
      env: { SENTRY_DSN: collector.dsn, LOG_LEVEL: 'info' },
      logDestination: log.destination,
    });
    await app.tenant('north', { seed: 'small' });
    key = (await app.key('north', ['loan.view'])).key;
    token = (await signIn(app, 'north')).token;
  });
  afterAll(async () => {
    await proxy?.up();
    await app?.close();
    await schema?.drop();
    await collector?.close();
  });

  it('answers 503 while it is away, and serves again once it is back', async () => {
    expect((await send(app.port, { path: '/api/v1/ping', headers: { 'x-api-key': key } })).status).toBe(200);
    await proxy.down();
    // What authentication remembers is used only while the listener that hears of access changes is
    // connected; its connection went down with the others (a moment for the socket to close), and
    // from then on every route that needs the database (a ping needs only authentication) says it is
    // unavailable.
    await sleep(200);
    expectAllUnavailable(await callEverything(app.port, { key, token }));
    const ready = await send(app.port, { path: '/api/health/ready' });
    expect(ready.status).toBe(503);
    expect(ready.json).toEqual({ status: 'unready', checks: { database: 'unreachable' } });

    await proxy.up();
    await eventually(
      async () => (await send(app.port, { path: '/api/v1/ping', headers: { 'x-api-key': key } })).status === 200,
    );
    const again = await callEverything(app.port, { key, token });
    expect(again.inventory.status).toBe(200);
    expect(again.mcp.status).toBe(200);
  });

  it('logged the outage as warnings and reported nothing', async () => {
    await sleep(300);
    const lines = log.json();
    expect(lines.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
    expect(lines.some((l) => l.level === 'warn' && l.msg === 'database unavailable')).toBe(true);
    expect(errorEvents(collector.envelopes)).toEqual([]);
  });
});

describe('a SQLite file that cannot be opened', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const cwd = tempInstallDir();
    // The data directory would have to be created inside a plain file: it cannot be.
    writeFileSync(join(cwd, 'not-a-directory'), 'x');
    server = await startServe(['--embedded-db', '--data-dir', join(cwd, 'not-a-directory', 'data')], { cwd });
  });
  afterAll(() => server?.stop());

  it('is an outage too: 503 everywhere but health, warnings only', async () => {
    const ready = await send(server.port, { path: '/api/health/ready' });
    expect(ready.json).toEqual({ status: 'unready', checks: { database: 'unreachable' } });
    expectAllUnavailable(await callEverything(server.port, { key: SOME_KEY, token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' }));
    expectJsonWarningsOnly(server.stderr());
  });
});
