import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Container } from 'inversify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BuildInfo, DeskConfig } from '../../src/config/index.js';
import { jsonBody, MAX_BODY_BYTES } from '../../src/adapters/http/json-body.js';
import { Readiness } from '../../src/bootstrap/readiness.js';
import { httpAppOptions } from '../../src/bootstrap/http-app.js';
import type { RouteModule } from '../../src/adapters/http/route-module.js';
import { routeModules } from '../../src/adapters/http/routes/index.js';
import { createServer } from '../../src/adapters/http/server.js';
import { Logger, PinoLogger } from '../../src/adapters/observability/logger.js';
import { NodeSecrets } from '../../src/adapters/system/node-secrets.js';
import { DomainError, invalid, notFound } from '../../src/domain/shared/errors.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import { ResolveTenant } from '../../src/domain/tenants/resolve-tenant.js';
import { Database } from '../../src/ports/database.js';
import { Secrets } from '../../src/ports/secrets.js';
import { DatabaseUnavailableError } from '../../src/ports/unit-of-work.js';
import { aConfig } from '../support/builders.js';
import { expectProblem, send } from '../support/rest.js';

const BUILD_TOKEN = 'build-info-token-0123456789abcdefghijklmnopqrstuv';
const build: BuildInfo = { version: '0.20.0', commit: 'abc1234', builtAt: '2025-01-02T03:04:05.000Z' };

const baseConfig = aConfig({ buildInfoToken: BUILD_TOKEN });

/** As the adapters report a database that cannot be reached (the driver's text stays in `cause`). */
const unreachable = () =>
  new DatabaseUnavailableError({
    reason: 'ECONNREFUSED',
    cause: new Error('connect ECONNREFUSED postgres://u:hunter2@db'),
  });

/** A database whose ping the test steers: answer, fail (unreachable, or oddly), or never answer. */
class FakeDatabase extends Database {
  readonly dialect = 'sqlite' as const;
  pingMode: 'ok' | 'fail' | 'odd' | 'hang' = 'ok';
  async migrate() {
    return { applied: [] };
  }
  ping(): Promise<void> {
    if (this.pingMode === 'ok') return Promise.resolve();
    if (this.pingMode === 'fail') return Promise.reject(unreachable());
    if (this.pingMode === 'odd')
      return Promise.reject(new Error('relation "x" does not exist at postgres://u:hunter2@db'));
    return new Promise<void>(() => undefined);
  }
  async close() {}
}

const tenant = { id: 't1', slug: 'school', name: 'School', hosts: ['school.example'] } as unknown as Tenant;

/** Test-only routes, added through the same route-module mechanism as the real surfaces. */
const testRoutes: RouteModule = {
  name: 'test',
  register(router) {
    router.post('/api/test/echo', jsonBody(), (ctx) => {
      ctx.body = { received: ctx.request.body };
    });
    router.get('/api/test/invalid', () => {
      throw invalid([
        { path: 'dueDate', message: 'must be a date' },
        { path: 'scopes.1', message: 'unknown scope' },
      ]);
    });
    router.get('/api/test/missing', () => {
      throw notFound('loan', 42);
    });
    router.get('/api/test/module-off', () => {
      throw new DomainError('module_disabled', 'the loans module is not enabled');
    });
    router.get('/api/test/bug', () => {
      throw new Error('SELECT secret FROM keys -- boom');
    });
  },
};

async function boot(config: Partial<DeskConfig> = {}) {
  const database = new FakeDatabase();
  const readiness = new Readiness();
  readiness.markReady();
  const container = new Container();
  container.bind(Database).toConstantValue(database);
  container.bind(Secrets).toConstantValue(new NodeSecrets());
  const byHost = vi.fn(async (host: string) => (host === 'school.example' ? tenant : null));
  container.bind(ResolveTenant).toConstantValue({ byHost } as unknown as ResolveTenant);
  const logLines: string[] = [];
  container.bind(Logger).toConstantValue(new PinoLogger('info', { destination: { write: (l) => logLines.push(l) } }));
  const app = createServer({
    ...httpAppOptions(container, { ...baseConfig, ...config }, build, readiness),
    routes: [...routeModules, testRoutes],
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  return {
    database,
    readiness,
    byHost,
    logLines,
    get: (path: string, opts: Parameters<typeof send>[1] extends infer O ? Partial<O> : never = {}) =>
      send(port, { ...opts, path }),
    send: (opts: Parameters<typeof send>[1]) => send(port, opts),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Booted = Awaited<ReturnType<typeof boot>>;

describe('health routes', () => {
  let app: Booted;
  beforeAll(async () => {
    app = await boot();
  });
  afterAll(() => app.close());
  afterEach(() => {
    app.database.pingMode = 'ok';
    app.readiness.markReady();
  });

  it('GET /api/health reports liveness and build', async () => {
    const reply = await app.get('/api/health');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      status: 'ok',
      version: '0.20.0',
      channel: 'stable',
      uptimeSeconds: expect.any(Number),
    });
    expect(Number.isInteger(reply.json.uptimeSeconds)).toBe(true);
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes a well-formed request id and replaces a hostile one', async () => {
    expect((await app.get('/api/health', { headers: { 'x-request-id': 'lb-123.abc' } })).headers['x-request-id']).toBe(
      'lb-123.abc',
    );
    const replaced = await app.get('/api/health', { headers: { 'x-request-id': 'a b"<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /api/health answers while the database is down', async () => {
    app.database.pingMode = 'fail';
    expect((await app.get('/api/health')).status).toBe(200);
    expect((await app.get('/api/health/version')).status).toBe(200);
  });

  it('GET /api/health/ready is 200 when the database answers', async () => {
    const reply = await app.get('/api/health/ready');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/health/ready is 503 naming the database unreachable, without the driver text', async () => {
    app.database.pingMode = 'fail';
    const reply = await app.get('/api/health/ready');
    expect(reply.status).toBe(503);
    expect(reply.json).toEqual({ status: 'unready', checks: { database: 'unreachable' } });
    expect(reply.text).not.toMatch(/ECONNREFUSED|hunter2/);
  });

  it('GET /api/health/ready is 503 `failing` when the ping fails some other way', async () => {
    app.database.pingMode = 'odd';
    const reply = await app.get('/api/health/ready');
    expect(reply.status).toBe(503);
    expect(reply.json).toEqual({ status: 'unready', checks: { database: 'failing' } });
    expect(reply.text).not.toMatch(/relation|hunter2/);
  });

  it('GET /api/health/ready is 503 when the ping does not answer in about 2 s', async () => {
    app.database.pingMode = 'hang';
    const started = Date.now();
    const reply = await app.get('/api/health/ready');
    expect(reply.status).toBe(503);
    expect(reply.json).toEqual({ status: 'unready', checks: { database: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('GET /api/health/ready is 503 naming what is not ready yet, whatever the ping says', async () => {
    expect(new Readiness().failingCheck).toEqual({ service: 'starting' });
    const states = [
      [() => app.readiness.markDatabase('unreachable'), { database: 'unreachable' }],
      [() => app.readiness.markDatabase('migrating'), { database: 'migrating' }],
      [() => app.readiness.markDatabase('migration-failed'), { database: 'migration-failed' }],
      [() => app.readiness.markStopping(), { service: 'stopping' }],
    ] as const;
    for (const [mark, checks] of states) {
      mark();
      const reply = await app.get('/api/health/ready');
      expect(reply.status).toBe(503);
      expect(reply.json).toEqual({ status: 'unready', checks });
    }
    app.readiness.markReady();
    expect((await app.get('/api/health/ready')).status).toBe(200);
  });

  it('answers 503 at once, but health, while the database is not connected and migrated', async () => {
    app.readiness.markDatabase('migrating');
    try {
      const reply = await app.get('/api/test/missing');
      expectProblem(reply, 503, 'unavailable');
      expect(reply.headers['retry-after']).toBe('5');
      expect((await app.get('/api/health')).status).toBe(200);
      app.readiness.markStopping(); // a stopping service still finishes what it is sent
      expectProblem(await app.get('/api/test/missing'), 404, 'not-found');
    } finally {
      app.readiness.markReady();
    }
  });

  it('GET /api/health/version gives the short form without a token', async () => {
    const reply = await app.get('/api/health/version');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ version: '0.20.0', channel: 'stable' });
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['vary']).toMatch(/Authorization/i);
  });

  it('GET /api/health/version gives the short form, never an error, with a wrong token', async () => {
    for (const authorization of [`Bearer ${BUILD_TOKEN}x`, 'Bearer short', `Basic ${BUILD_TOKEN}`, 'Bearer', '']) {
      const reply = await app.get('/api/health/version', { headers: { authorization } });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ version: '0.20.0', channel: 'stable' });
    }
  });

  it('GET /api/health/version gives commit and builtAt with the right token', async () => {
    const reply = await app.get('/api/health/version', { headers: { authorization: `Bearer ${BUILD_TOKEN}` } });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      version: '0.20.0',
      channel: 'stable',
      commit: 'abc1234',
      builtAt: '2025-01-02T03:04:05.000Z',
    });
  });
});

describe('build-info token not configured', () => {
  it('nobody gets commit, whatever they present', async () => {
    const app = await boot({ buildInfoToken: null });
    try {
      for (const authorization of ['', `Bearer ${BUILD_TOKEN}`, 'Bearer null', 'Bearer ']) {
        const reply = await app.get('/api/health/version', { headers: { authorization } });
        expect(reply.status).toBe(200);
        expect(reply.json).toEqual({ version: '0.20.0', channel: 'stable' });
      }
    } finally {
      await app.close();
    }
  });
});

describe('host gate', () => {
  let app: Booted;
  beforeAll(async () => {
    app = await boot();
  });
  afterAll(() => app.close());

  it('an unknown host gets 404 on every route but health', async () => {
    const reply = await app.get('/api/test/missing', { host: 'evil.example' });
    expectProblem(reply, 404, 'unknown-host');
    expect((await app.get('/api/no-such-thing', { host: 'evil.example:8080' })).status).toBe(404);
    expect((await app.get('/api/health', { host: 'evil.example' })).status).toBe(200);
    expect((await app.get('/api/health/ready', { host: 'evil.example' })).status).toBe(200);
    expect((await app.get('/api/health/version', { host: 'evil.example' })).status).toBe(200);
  });

  it('public hosts are allowed, with or without port and in any case', async () => {
    expectProblem(await app.get('/api/test/missing', { host: 'LOCALHOST:3000' }), 404, 'not-found');
    expectProblem(await app.get('/api/test/missing', { host: '127.0.0.1' }), 404, 'not-found');
    expectProblem(await app.get('/api/test/missing', { host: '[::1]:3000' }), 404, 'not-found');
  });

  it("a tenant's host is allowed", async () => {
    expectProblem(await app.get('/api/test/missing', { host: 'School.Example:443' }), 404, 'not-found');
    expect(app.byHost).toHaveBeenCalledWith('school.example');
  });

  it('ignores X-Forwarded-Host unless the proxy is trusted', async () => {
    const reply = await app.get('/api/test/missing', {
      host: 'evil.example',
      headers: { 'x-forwarded-host': 'localhost' },
    });
    expectProblem(reply, 404, 'unknown-host');
  });

  it('honours X-Forwarded-Host behind a trusted proxy', async () => {
    const proxied = await boot({ trustProxy: true });
    try {
      const reply = await proxied.get('/api/test/missing', {
        host: '10.0.0.5',
        headers: { 'x-forwarded-host': 'school.example' },
      });
      expectProblem(reply, 404, 'not-found');
    } finally {
      await proxied.close();
    }
  });

  it('answers 503, not 404 or 500, when the database cannot say whose host it is', async () => {
    app.byHost.mockRejectedValueOnce(unreachable());
    expectProblem(await app.get('/api/test/missing', { host: 'unlisted.example' }), 503, 'unavailable');
    expect((await app.get('/api/health', { host: 'unlisted.example' })).status).toBe(200);
  });

  it("publicHosts '*' allows any host, resolving each host's tenant once for a while", async () => {
    const open = await boot({ publicHosts: '*' });
    try {
      expectProblem(await open.get('/api/test/missing', { host: 'anything.example' }), 404, 'not-found');
      expectProblem(await open.get('/api/test/missing', { host: 'anything.example' }), 404, 'not-found');
      expect(open.byHost).toHaveBeenCalledTimes(1);
    } finally {
      await open.close();
    }
  });
});

describe('errors and bodies', () => {
  let app: Booted;
  beforeAll(async () => {
    app = await boot();
  });
  afterAll(() => app.close());

  it('an unknown route is 404 no-such-route, distinct from a missing record', async () => {
    const route = await app.get('/api/nope');
    expectProblem(route, 404, 'no-such-route');
    expect(route.headers['referrer-policy']).toBe('no-referrer');
    expect(route.headers['x-content-type-options']).toBe('nosniff');
    const record = await app.get('/api/test/missing');
    expectProblem(record, 404, 'not-found');
    expect(record.json.detail).toBe('loan 42 was not found');
    expect(record.json.type).not.toBe(route.json.type);
  });

  it('a disabled module is 404 with its own type', async () => {
    expectProblem(await app.get('/api/test/module-off'), 404, 'module-disabled');
  });

  it('a wrong method on a known path is 405 with Allow', async () => {
    const reply = await app.send({ method: 'DELETE', path: '/api/health' });
    expectProblem(reply, 405, 'method-not-allowed');
    expect(reply.headers['allow']).toMatch(/GET/);
  });

  it('invalid input lists each field as a JSON pointer', async () => {
    const reply = await app.get('/api/test/invalid');
    expectProblem(reply, 400, 'invalid-input');
    expect(reply.json.errors).toEqual([
      { pointer: '/dueDate', detail: 'must be a date' },
      { pointer: '/scopes/1', detail: 'unknown scope' },
    ]);
  });

  it('a bug is a generic 500: logged once, no stack or message in the response', async () => {
    app.logLines.length = 0;
    const reply = await app.get('/api/test/bug?token=supersecret');
    expectProblem(reply, 500, 'internal-error');
    expect(reply.text).not.toContain('SELECT');
    expect(reply.text).not.toContain('at ');
    const bugs = app.logLines.filter((l) => l.includes('unexpected error'));
    expect(bugs).toHaveLength(1);
    expect(bugs[0]).toContain('SELECT secret FROM keys');
    expect(bugs[0]).toContain(reply.headers['x-request-id'] as string);
    expect(app.logLines.join('')).not.toContain('supersecret');
  });

  it('parses a JSON body', async () => {
    const reply = await app.send({
      method: 'POST',
      path: '/api/test/echo',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ serial: 'ABC', n: 1 }),
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ received: { serial: 'ABC', n: 1 } });
  });

  it('an empty body reads as {} whatever its type', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { 'content-type': 'application/json' },
      { 'content-type': 'text/plain' },
    ]) {
      const reply = await app.send({
        method: 'POST',
        path: '/api/test/echo',
        headers: { ...headers, 'content-length': '0' },
      });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ received: {} });
    }
  });

  it('malformed JSON is 400', async () => {
    const reply = await app.send({
      method: 'POST',
      path: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      body: '{"serial": ',
    });
    expectProblem(reply, 400, 'malformed-body');
  });

  it('a wrong content type is 415', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const reply = await app.send({
        method: 'POST',
        path: '/api/test/echo',
        headers: contentType ? { 'content-type': contentType } : {}, // '' = no Content-Type at all
        body: 'serial=ABC',
      });
      expectProblem(reply, 415, 'unsupported-media-type');
    }
  });

  it('a body over 1 MiB is 413, declared or streamed', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES) });
    const declared = await app.send({
      method: 'POST',
      path: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
      body: big,
    });
    expectProblem(declared, 413, 'payload-too-large');
    const streamed = await app.send({
      method: 'POST',
      path: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: big,
    });
    expectProblem(streamed, 413, 'payload-too-large');
  });

  it('a body of exactly 1 MiB is accepted', async () => {
    const prefix = '{"pad":"';
    const suffix = '"}';
    const body = prefix + 'x'.repeat(MAX_BODY_BYTES - prefix.length - suffix.length) + suffix;
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    const reply = await app.send({
      method: 'POST',
      path: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(reply.status).toBe(200);
  });
});
