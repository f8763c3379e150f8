/**
 * REST `/api/v1` against the real server (SQLite, loopback): the key and tenant rules, the module
 * switches, ping, devices and submissions with their paging and filters, and query-string parsing at
 * the edge. Every error is problem+json with a type per kind of problem.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../../src/adapters/http/server.js';
import { RateLimiter, type RateLimitDecision, type RateLimitPolicy } from '../../../src/ports/rate-limiter.js';
import { MODULES, PERMISSIONS } from '../../../src/domain/access/permissions.js';
import { PROBLEM_TYPE_BASE } from '../../../src/adapters/http/problems.js';
import { startApp, type TestApp } from '../../support/app.js';
import { expectProblem, pointersOf, restClient, type Reply } from '../../support/rest.js';
import { expiredKey, readTenantData, revokedKey, type TenantData } from '../../support/tenant-data.js';
import { Readiness } from '../../../src/bootstrap/readiness.js';
import { httpAppOptions } from '../../../src/bootstrap/http-app.js';

const VIEW_SCOPES = ['device.view', 'repair.view', 'loan.view'];

let app: TestApp;
let north: TenantData;
let northKey: { key: string; id: string };
let southKey: { key: string; id: string };
let api: ReturnType<typeof restClient>;

beforeAll(async () => {
  app = await startApp();
  await app.tenant('north', { hosts: ['north.example'], seed: 'small' });
  await app.tenant('south', { hosts: ['south.example'] });
  await app.tenant('no-assets', { modules: MODULES.filter((m) => m !== 'assets') });
  await app.tenant('no-integrations', { modules: MODULES.filter((m) => m !== 'integrations') });
  north = await readTenantData(app.container, 'north');
  northKey = await app.key('north', VIEW_SCOPES);
  southKey = await app.key('south', [...PERMISSIONS]);
  api = restClient(app.port, northKey.key);
});
afterAll(() => app?.close());

describe('GET /api/v1/ping', () => {
  it('confirms the key, its tenant, its scopes and the enabled modules', async () => {
    const before = Date.now();
    const reply = await api.get('/api/v1/ping');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.json).toEqual({
      ok: true,
      version: '0.20.0',
      tenant: { slug: 'north', name: 'north school' },
      key: { id: northKey.id, name: 'test key', scopes: VIEW_SCOPES },
      modules: [...MODULES],
      features: ['actions'],
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Date.parse(reply.json.time)).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('needs no particular scope', async () => {
    const { key } = await app.key('north', []);
    const reply = await restClient(app.port, key).get('/api/v1/ping');
    expect(reply.status).toBe(200);
    expect(reply.json.key.scopes).toEqual([]);
  });
});

describe('authentication (x-api-key only)', () => {
  const routes = [
    '/api/v1/ping',
    '/api/v1/devices',
    '/api/v1/submissions',
    '/api/v1/devices/x',
    '/api/v1/submissions/x',
  ];

  it('answers 401 without a key, on every route', async () => {
    for (const path of routes) expectProblem(await restClient(app.port).get(path), 401, 'unauthorized');
  });

  it('answers 401 for a malformed key and for a well-formed key nobody issued', async () => {
    const forged = northKey.key.slice(0, -7) + (northKey.key.at(-7) === 'A' ? 'B' : 'A') + northKey.key.slice(-6);
    for (const key of ['nope', 'desk_' + 'x'.repeat(38), forged]) {
      expectProblem(await restClient(app.port, key).get('/api/v1/ping'), 401, 'unauthorized');
    }
  });

  it('answers 401 for a revoked and for an expired key', async () => {
    const revoked = await revokedKey(app, 'north', VIEW_SCOPES);
    const expired = await expiredKey(app, 'north', VIEW_SCOPES);
    for (const { key } of [revoked, expired]) {
      for (const path of routes) expectProblem(await restClient(app.port, key).get(path), 401, 'unauthorized');
    }
  });

  it('ignores a bearer key: the header is x-api-key', async () => {
    const reply = await restClient(app.port).get('/api/v1/ping', {
      headers: { authorization: `Bearer ${northKey.key}`, cookie: 'desk_session=whatever' },
    });
    expectProblem(reply, 401, 'unauthorized');
  });

  it("refuses a key sent with another tenant's x-tenant-slug, accepts its own", async () => {
    expectProblem(await api.get('/api/v1/ping', { headers: { 'x-tenant-slug': 'south' } }), 401, 'unauthorized');
    expectProblem(await api.get('/api/v1/devices', { headers: { 'x-tenant-slug': 'south' } }), 401, 'unauthorized');
    expect((await api.get('/api/v1/ping', { headers: { 'x-tenant-slug': 'north' } })).status).toBe(200);
  });

  it("refuses a key sent to another tenant's host, accepts its own host and public hosts", async () => {
    expectProblem(await api.get('/api/v1/ping', { host: 'south.example' }), 401, 'unauthorized');
    expectProblem(
      await restClient(app.port, southKey.key).get('/api/v1/devices', { host: 'north.example' }),
      401,
      'unauthorized',
    );
    expect((await api.get('/api/v1/ping', { host: 'north.example' })).status).toBe(200);
    expect((await api.get('/api/v1/ping', { host: 'north.example:8080' })).status).toBe(200);
    expect((await api.get('/api/v1/ping', { host: '127.0.0.1' })).status).toBe(200);
    expect(
      (await restClient(app.port, southKey.key).get('/api/v1/ping', { host: 'south.example' })).json.tenant,
    ).toEqual({
      slug: 'south',
      name: 'south school',
    });
  });
});

describe('modules and permissions', () => {
  it('answers 404 module-disabled on every route when integrations are off', async () => {
    const { key } = await app.key('no-integrations', [...PERMISSIONS]);
    for (const path of ['/api/v1/ping', '/api/v1/devices', '/api/v1/submissions/x', '/api/v1/actions']) {
      expectProblem(await restClient(app.port, key).get(path), 404, 'module-disabled');
    }
  });

  it('answers 404 module-disabled for devices when the assets module is off', async () => {
    const { key } = await app.key('no-assets', [...PERMISSIONS]);
    const client = restClient(app.port, key);
    expectProblem(await client.get('/api/v1/devices'), 404, 'module-disabled');
    expectProblem(await client.get('/api/v1/devices/x'), 404, 'module-disabled');
    // ...even when the query is malformed: the module answers first.
    expectProblem(await client.get('/api/v1/devices?page=abc'), 404, 'module-disabled');
    expect((await client.get('/api/v1/submissions')).status).toBe(200);
  });

  it('answers 403 without device.view or repair.view', async () => {
    const { key } = await app.key('north', ['loan.view']);
    const client = restClient(app.port, key);
    expectProblem(await client.get('/api/v1/devices'), 403, 'forbidden');
    expectProblem(await client.get('/api/v1/devices?page=abc'), 403, 'forbidden');
    expectProblem(await client.get(`/api/v1/devices/${north.devices[0]!.id}`), 403, 'forbidden');
    expectProblem(await client.get('/api/v1/submissions'), 403, 'forbidden');
    expectProblem(await client.get(`/api/v1/submissions/${north.submissions[0]!.id}`), 403, 'forbidden');
  });
});

describe('GET /api/v1/devices', () => {
  it('pages the asset register ordered by serial, 50 by default', async () => {
    const reply = await api.get('/api/v1/devices');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ total: north.devices.length, page: 1, pageSize: 50 });
    expect(reply.json.devices).toEqual(north.devices.slice(0, 50));

    const page3 = await api.get('/api/v1/devices?page=3&pageSize=7');
    expect(page3.json).toMatchObject({ total: north.devices.length, page: 3, pageSize: 7 });
    expect(page3.json.devices).toEqual(north.devices.slice(14, 21));

    const beyond = await api.get('/api/v1/devices?page=1000000&pageSize=100');
    expect(beyond.json).toMatchObject({ devices: [], total: north.devices.length, page: 1_000_000, pageSize: 100 });
  });

  it('filters by kind, status and text', async () => {
    const laptops = await api.get('/api/v1/devices?kind=LAPTOP&pageSize=100');
    const expected = north.devices.filter((d) => d.kind === 'LAPTOP');
    expect(expected.length).toBeGreaterThan(0);
    expect(laptops.json.total).toBe(expected.length);
    expect(laptops.json.devices.every((d: { kind: string }) => d.kind === 'LAPTOP')).toBe(true);

    const inStock = await api.get('/api/v1/devices?status=IN_STOCK&pageSize=100');
    expect(inStock.json.total).toBe(north.devices.filter((d) => d.status === 'IN_STOCK').length);

    const one = north.devices[17]!;
    const bySerial = await api.get(`/api/v1/devices?q=${encodeURIComponent(one.serial.toLowerCase())}`);
    expect(bySerial.json.devices).toEqual([one]);

    // `%` and `_` are literal, not wildcards.
    expect((await api.get('/api/v1/devices?q=%25')).json.total).toBe(0);
    expect((await api.get('/api/v1/devices?q=_')).json.total).toBe(0);
  });

  it('treats an empty parameter as not given and ignores unknown parameters', async () => {
    const reply = await api.get('/api/v1/devices?q=&kind=&sort=serial&page=&limit=abc&pageSize=5&x[y]=1');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ total: north.devices.length, page: 1, pageSize: 5 });
  });

  it('GET /api/v1/devices/:id answers {device}, or 404 not-found', async () => {
    const device = north.devices[3]!;
    const reply = await api.get(`/api/v1/devices/${device.id}`);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ device });
    expectProblem(await api.get('/api/v1/devices/00000000-0000-0000-0000-000000000000'), 404, 'not-found');
    // The serial is not the id.
    expectProblem(await api.get(`/api/v1/devices/${device.serial}`), 404, 'not-found');
  });
});

describe('GET /api/v1/submissions', () => {
  it('pages submissions newest first', async () => {
    const reply = await api.get('/api/v1/submissions?pageSize=10&page=2');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ total: north.submissions.length, page: 2, pageSize: 10 });
    const numbers = reply.json.submissions.map((s: { number: number }) => s.number);
    expect(numbers).toEqual(north.submissions.slice(10, 20).map((s) => s.number));
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
  });

  it('filters by status, serial, assignee and text', async () => {
    const sample = north.submissions.find((s) => s.assigneeId !== null)!;
    const cases: [string, (s: TenantData['submissions'][number]) => boolean][] = [
      [`status=${sample.status}`, (s) => s.status === sample.status],
      [`serial=${encodeURIComponent(sample.serial)}`, (s) => s.serial === sample.serial],
      [`assigneeId=${sample.assigneeId}`, (s) => s.assigneeId === sample.assigneeId],
      [
        `q=${encodeURIComponent(sample.description.slice(2, 9).toUpperCase())}`,
        (s) =>
          s.description.toLowerCase().includes(sample.description.slice(2, 9).toLowerCase()) ||
          s.serial.toLowerCase().includes(sample.description.slice(2, 9).toLowerCase()),
      ],
    ];
    for (const [query, matches] of cases) {
      const reply = await api.get(`/api/v1/submissions?${query}&pageSize=100`);
      expect(reply.status, query).toBe(200);
      const expected = north.submissions.filter(matches).map((s) => s.id);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(
        reply.json.submissions.map((s: { id: string }) => s.id),
        query,
      ).toEqual(expected);
      expect(reply.json.total, query).toBe(expected.length);
    }
  });

  it('GET /api/v1/submissions/:id answers {submission} without internal fields, or 404 not-found', async () => {
    const { version: _v, ...view } = north.submissions[5]!;
    const reply = await api.get(`/api/v1/submissions/${view.id}`);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ submission: view });
    expectProblem(await api.get('/api/v1/submissions/no-such-submission'), 404, 'not-found');
    expectProblem(await api.get(`/api/v1/submissions/${'x'.repeat(101)}`), 400, 'invalid-input');
  });
});

describe('query parameters are parsed at the edge', () => {
  const bad: [string, string][] = [
    ['/api/v1/devices?page=abc', '/page'],
    ['/api/v1/devices?page=0', '/page'],
    ['/api/v1/devices?page=1.5', '/page'],
    ['/api/v1/devices?page=-1', '/page'],
    ['/api/v1/devices?page=1e3', '/page'],
    ['/api/v1/devices?page=%201', '/page'],
    ['/api/v1/devices?page=1000001', '/page'],
    ['/api/v1/devices?page=99999999999999999999999', '/page'],
    ['/api/v1/devices?pageSize=101', '/pageSize'],
    ['/api/v1/devices?pageSize=0', '/pageSize'],
    ['/api/v1/devices?pageSize=0x10', '/pageSize'],
    ['/api/v1/devices?status=BROKEN', '/status'],
    ['/api/v1/devices?q=' + 'a'.repeat(201), '/q'],
    ['/api/v1/devices?kind=%00', '/kind'],
    ['/api/v1/devices?page=1&page=2', '/page'],
    ['/api/v1/submissions?page=abc', '/page'],
    ['/api/v1/submissions?pageSize=101', '/pageSize'],
    ['/api/v1/submissions?status=OPEN', '/status'],
    ['/api/v1/submissions?serial=a%07b', '/serial'],
    ['/api/v1/submissions?assigneeId=' + 'x'.repeat(101), '/assigneeId'],
    ['/api/v1/submissions?q=%20%20', '/q'],
    ['/api/v1/submissions?status=NEW&status=CLOSED', '/status'],
  ];

  it.each(bad)('%s → 400 naming %s', async (path, pointer) => {
    const reply = await api.get(path);
    expectProblem(reply, 400, 'invalid-input');
    expect(new Set(pointersOf(reply))).toEqual(new Set([pointer]));
    expect(reply.json.errors[0].detail).toEqual(expect.any(String));
  });

  it('names every malformed parameter at once', async () => {
    const reply = await api.get('/api/v1/devices?page=x&pageSize=y&q=ok');
    expectProblem(reply, 400, 'invalid-input');
    expect(pointersOf(reply).sort()).toEqual(['/page', '/pageSize']);
  });

  it('ignores unknown parameters on every route, even repeated or malformed', async () => {
    for (const path of [
      '/api/v1/ping',
      '/api/v1/devices',
      '/api/v1/submissions',
      `/api/v1/devices/${north.devices[0]!.id}`,
    ]) {
      const reply = await api.get(`${path}?foo=1&foo=2&bar=%ZZ&pageNumber=abc&status[]=x`);
      expect(reply.status, path).toBe(200);
    }
  });
});

describe('problem details', () => {
  it('gives each kind of problem its own type', async () => {
    const { key: noDevices } = await app.key('north', ['repair.view']);
    const { key: offKey } = await app.key('no-assets', ['device.view']);
    const replies: Reply[] = [
      await restClient(app.port).get('/api/v1/devices'),
      await restClient(app.port, noDevices).get('/api/v1/devices'),
      await restClient(app.port, offKey).get('/api/v1/devices'),
      await api.get('/api/v1/devices/none'),
      await api.get('/api/v1/devices?page=0'),
      await api.get('/api/v1/nothing-here'),
      await api.send({ method: 'DELETE', path: '/api/v1/devices' }),
    ];
    const types = replies.map((r) => {
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Object.keys(r.json).sort()).toEqual(
        r.status === 400 ? ['detail', 'errors', 'status', 'title', 'type'] : ['detail', 'status', 'title', 'type'],
      );
      expect(r.json.status).toBe(r.status);
      expect(r.text).not.toMatch(/at .*\.ts|SELECT|sqlite/i);
      return r.json.type as string;
    });
    expect(replies.map((r) => r.status)).toEqual([401, 403, 404, 404, 400, 404, 405]);
    expect(new Set(types).size).toBe(types.length);
    for (const type of types) expect(type.startsWith(PROBLEM_TYPE_BASE)).toBe(true);
  });
});

/** The rate limiter as the key guard uses it, recording what it is asked to count; refusing on demand. */
class RecordingLimiter extends RateLimiter {
  readonly seen: { policy: string; subject: string }[] = [];
  refuse = false;
  async consume(policy: RateLimitPolicy, subject: string): Promise<RateLimitDecision> {
    this.seen.push({ policy: policy.name, subject });
    return {
      allowed: !this.refuse,
      limit: policy.limit,
      remaining: this.refuse ? 0 : 1,
      resetSeconds: 60,
      counted: true,
    };
  }
  async refund(): Promise<void> {}
  async close(): Promise<void> {}
}

describe('the rate limit of the key surface', () => {
  it('runs per policy after authentication, with the key id, before the module check and the handler', async () => {
    const limiter = new RecordingLimiter();
    const readiness = new Readiness();
    readiness.markReady();
    const options = httpAppOptions(
      app.container,
      app.config,
      { version: '0.20.0', commit: null, builtAt: null },
      readiness,
    );
    const previous = app.container.get(RateLimiter);
    app.container.rebind(RateLimiter).toConstantValue(limiter);
    const koa = createServer({
      ...options,
      rateLimits: {
        ...options.rateLimits,
        v1: { ...options.rateLimits.v1, limit: 100 },
        actions: { ...options.rateLimits.actions, limit: 100 },
      },
    });
    const server: Server = await new Promise((resolve) => {
      const s = koa.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const port = (server.address() as AddressInfo).port;
      const client = restClient(port, northKey.key);
      expect((await client.get('/api/v1/devices')).status).toBe(200);
      expect((await client.get('/api/v1/actions')).status).toBe(200);
      expect((await client.post('/api/v1/actions/devices.search', {})).status).toBe(200);
      // No key: 401 before the limiter, which never sees the request.
      expectProblem(await restClient(port).get('/api/v1/ping'), 401, 'unauthorized');
      expect(limiter.seen).toEqual([
        { policy: 'v1', subject: northKey.id },
        { policy: 'actions', subject: northKey.id },
        { policy: 'actions', subject: northKey.id },
      ]);
      // A throttled key gets 429 even where the module or the permission would refuse it.
      limiter.refuse = true;
      const { key: offKey } = await app.key('no-integrations', [...PERMISSIONS]);
      expectProblem(await restClient(port, offKey).get('/api/v1/devices'), 429, 'rate-limited');
      expectProblem(await client.post('/api/v1/actions/loans.issue', {}), 429, 'rate-limited');
    } finally {
      app.container.rebind(RateLimiter).toConstantValue(previous);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
