/**
 * Tenant isolation over the API-key surfaces: tenant A's key, holding every scope, names tenant B's
 * ids, numbers, serials, slug and host on every action of the catalogue and every `/api/v1` route.
 * Nothing of B may come back (404, empty lists, or A's own records when a number exists in both), a
 * request that names B by slug or host is 401, and B's data is unchanged afterwards.
 *
 * The cases are enumerated from the catalogue and from the registered routes: a new tool or a new
 * `/api/v1` route without a case here fails this suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../src/domain/access/permissions.js';
import { ToolCatalogue } from '../../../src/domain/catalogue/catalogue.js';
import { CostBreakdown } from '../../../src/domain/costs/cost-breakdown.js';
import { operatorActor } from '../../../src/domain/tenants/operator-actor.js';
import { registeredRoutes, startApp, type TestApp } from '../../support/app.js';
import { invokeAction, restClient, type Reply } from '../../support/rest.js';
import { readTenantData, writableState, type TenantData } from '../../support/tenant-data.js';
import { perform } from '../../../src/domain/shared/use-case.js';
import { resolveFrom } from '../../../src/bootstrap/container.js';
import { CreateWebhook } from '../../../src/domain/webhooks/create-webhook.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';

/**
 * What a case expects besides "nothing of B": `not_found` (404 not-found), `empty` (a list with
 * nothing in it), `own` (a 2xx/4xx about A's own records: a number B also uses), or a custom check.
 */
type Expectation = 'not_found' | 'empty' | 'own' | ((reply: Reply) => Promise<void> | void);
interface Case {
  readonly input: unknown;
  readonly expect: Expectation;
}

let app: TestApp;
let a: TenantData;
let b: TenantData;
let aKey: string;
/** A webhook of tenant B's. */
let bWebhookId: string;
/** Strings that identify B's records: ids, B-only serials, its slug, name and id. */
let forbidden: string[];
/** B's monitor, which A's key must never reach. */
let bMonitorId: string;

/** B's records that A does not share: serials are random per tenant, so filter out coincidences. */
const only = (bValues: readonly string[], aValues: readonly string[]) => {
  const taken = new Set(aValues);
  return bValues.filter((v) => !taken.has(v));
};

const bDeviceSerial = () =>
  only(
    b.devices.map((d) => d.serial),
    [...a.devices, ...a.loans].map((d) => d.serial),
  )[0]!;
const bLoanSerial = () =>
  only(
    b.loans.map((l) => l.serial),
    [...a.devices, ...a.loans].map((d) => d.serial),
  )[0]!;
const bIssued = () => b.loans.find((l) => l.status === 'ISSUED' && l.holderId)!;
const bAssigned = () => b.submissions.find((s) => s.assigneeId !== null)!;

/** Every tool's cases, built from B's data. A tool missing here fails the suite. */
const TOOL_CASES: Record<string, () => Case[]> = {
  'people.search': () => [
    { input: { q: b.people[0]!.id }, expect: 'empty' },
    { input: { q: b.people[0]!.email!.toUpperCase(), limit: 50 }, expect: 'own' },
    { input: { q: b.people[1]!.externalId!, limit: 50 }, expect: 'own' },
  ],
  'people.profile': () => [
    { input: { personId: b.pupils[0]!.id }, expect: 'not_found' },
    { input: { personId: bIssued().holderId! }, expect: 'not_found' },
    { input: { personId: b.staff[0]!.id }, expect: 'not_found' },
  ],
  'loans.list': () => [
    { input: { holderId: bIssued().holderId! }, expect: 'empty' },
    { input: { groupId: b.groups[0]!.id }, expect: 'empty' },
    { input: { q: bLoanSerial() }, expect: 'empty' },
    { input: { q: String(b.loans[0]!.number), pageSize: 100 }, expect: 'own' },
  ],
  'loans.issue': () => [
    { input: { serial: bLoanSerial(), holderId: a.pupils[0]!.id }, expect: 'not_found' },
    {
      input: { number: b.loans.find((l) => l.status === 'AVAILABLE')!.number, holderId: b.pupils[0]!.id },
      expect: 'not_found',
    },
  ],
  'loans.return': () => [
    { input: { serial: bLoanSerial() }, expect: 'not_found' },
    { input: { serial: bIssued().serial }, expect: 'not_found' },
    // The number exists in A too: A's own loan answers (returned, or a conflict), never B's.
    { input: { number: bIssued().number }, expect: 'own' },
  ],
  'submissions.list': () => [
    { input: { serial: bDeviceSerial() }, expect: 'empty' },
    { input: { assigneeId: bAssigned().assigneeId! }, expect: 'empty' },
    {
      input: { q: bAssigned().serial },
      expect: (r) =>
        expectNoneOf(
          r,
          b.submissions.map((s) => s.id),
        ),
    },
  ],
  'submissions.get': () => [
    { input: { id: b.submissions[0]!.id }, expect: 'not_found' },
    { input: { number: b.submissions[0]!.number }, expect: 'own' },
  ],
  'submissions.create': () => [
    { input: { serial: bDeviceSerial(), description: 'isolation probe' }, expect: 'not_found' },
    { input: { serial: bLoanSerial(), description: 'isolation probe' }, expect: 'not_found' },
    {
      input: { serial: a.devices[0]!.serial, description: 'isolation probe', reporterId: b.pupils[0]!.id },
      expect: 'not_found',
    },
  ],
  'submissions.assign': () => [
    { input: { id: b.submissions[0]!.id, assigneeId: a.staff[0]!.id }, expect: 'not_found' },
    { input: { number: b.submissions[0]!.number, assigneeId: b.staff[0]!.id }, expect: 'not_found' },
  ],
  'tickets.list': () => [{ input: { q: b.tickets[0]!.id }, expect: 'empty' }],
  'tickets.get': () => [{ input: { id: b.tickets[0]!.id }, expect: 'not_found' }],
  'tickets.byNumber': () => [{ input: { number: b.tickets[0]!.number }, expect: 'own' }],
  'devices.search': () => [
    { input: { q: bDeviceSerial() }, expect: 'empty' },
    { input: { q: b.devices[0]!.id }, expect: 'empty' },
  ],
  'reservations.list': () => [
    { input: { groupId: b.groups[0]!.id }, expect: 'empty' },
    { input: { personId: b.pupils[0]!.id }, expect: 'empty' },
  ],
  'reservations.create': () => {
    const from = Date.now() + 48 * 3_600_000;
    const window = { from: new Date(from).toISOString(), to: new Date(from + 3_600_000).toISOString() };
    return [
      { input: { groupId: b.groups[0]!.id, quantity: 1, ...window }, expect: 'not_found' },
      { input: { groupId: a.groups[0]!.id, quantity: 1, personId: b.pupils[0]!.id, ...window }, expect: 'not_found' },
    ];
  },
  'costs.breakdown': () => [
    {
      input: { by: 'type' },
      // A's sums alone: exactly what the use case computes for A.
      expect: async (r) =>
        expect(r.json.result).toEqual(
          await perform(resolveFrom(app.container), CostBreakdown, operatorActor(a.tenant), { by: 'type' }),
        ),
    },
  ],
};

/** Every `/api/v1` route (method and path template) with its cases. A route missing here fails the suite. */
const ROUTE_CASES: Record<string, () => { path: string; expect: Expectation }[]> = {
  'GET /api/v1/ping': () => [{ path: '/api/v1/ping', expect: (r) => expect(r.json.tenant.slug).toBe('iso-alpha') }],
  'GET /api/v1/devices': () => [
    { path: `/api/v1/devices?q=${encodeURIComponent(bDeviceSerial())}`, expect: 'empty' },
    { path: `/api/v1/devices?q=${b.devices[0]!.id}`, expect: 'empty' },
    { path: '/api/v1/devices?pageSize=100&page=1', expect: 'own' },
    { path: '/api/v1/devices?pageSize=100&page=2', expect: 'own' },
  ],
  'GET /api/v1/devices/:id': () => [
    { path: `/api/v1/devices/${b.devices[0]!.id}`, expect: 'not_found' },
    { path: `/api/v1/devices/${encodeURIComponent(bDeviceSerial())}`, expect: 'not_found' },
  ],
  'GET /api/v1/submissions': () => [
    { path: `/api/v1/submissions?serial=${encodeURIComponent(bDeviceSerial())}`, expect: 'empty' },
    { path: `/api/v1/submissions?assigneeId=${bAssigned().assigneeId}`, expect: 'empty' },
    { path: '/api/v1/submissions?pageSize=100', expect: 'own' },
  ],
  'GET /api/v1/submissions/:id': () => [
    { path: `/api/v1/submissions/${b.submissions[0]!.id}`, expect: 'not_found' },
    { path: `/api/v1/submissions/${b.submissions[0]!.number}`, expect: 'not_found' },
  ],
  // Monitors: B's monitor id names nothing for A (also as PATCH/DELETE: test/capabilities/monitors/routes.test.ts).
  'GET /api/v1/monitors': () => [{ path: '/api/v1/monitors', expect: 'empty' }],
  'GET /api/v1/monitors/:id': () => [{ path: `/api/v1/monitors/${bMonitorId}`, expect: 'not_found' }],
  'POST /api/v1/monitors': () => [],
  'PATCH /api/v1/monitors/:id': () => [],
  'DELETE /api/v1/monitors/:id': () => [],
  // Imports (CSV bodies): what an import through A's key names of B finds nothing of B (below).
  'POST /api/v1/import/people': () => [],
  'POST /api/v1/import/devices': () => [],
  'POST /api/v1/import/loans': () => [],
  'GET /api/v1/actions': () => [{ path: '/api/v1/actions', expect: 'own' }],
  'GET /api/v1/actions/openapi.json': () => [{ path: '/api/v1/actions/openapi.json', expect: 'own' }],
  // The surface's document describes routes, never a school's records.
  'GET /api/v1/openapi.json': () => [{ path: '/api/v1/openapi.json', expect: 'own' }],
  'POST /api/v1/actions/:name': () => [], // every action, below
  'GET /api/v1/webhooks': () => [{ path: '/api/v1/webhooks', expect: 'empty' }],
  'GET /api/v1/webhooks/:id': () => [{ path: `/api/v1/webhooks/${bWebhookId}`, expect: 'not_found' }],
  'GET /api/v1/webhooks/:id/deliveries': () => [
    { path: `/api/v1/webhooks/${bWebhookId}/deliveries`, expect: 'not_found' },
  ],
  // Writes: the webhook writes test below. The stream never ends, so it is not read here: the events
  // suite shows a tenant's stream carries its own events only (test/capabilities/events/stream.test.ts).
  'POST /api/v1/webhooks': () => [],
  'PATCH /api/v1/webhooks/:id': () => [],
  'DELETE /api/v1/webhooks/:id': () => [],
  'POST /api/v1/webhooks/:id/rotate-secret': () => [],
  'POST /api/v1/webhooks/:id/test': () => [],
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/resend': () => [],
  'GET /api/v1/events': () => [],
};

function expectNoneOf(reply: Reply, strings: readonly string[]): void {
  const leaked = strings.filter((s) => reply.text.includes(s));
  expect(leaked, `leaked ${leaked.slice(0, 3).join(', ')} in ${reply.text.slice(0, 300)}`).toEqual([]);
}

/** The list in a result or a v1 list body, whatever its key. */
const listOf = (body: Record<string, unknown>): unknown[] => {
  const list = Object.values(body).find(Array.isArray);
  expect(list, JSON.stringify(body).slice(0, 200)).toBeDefined();
  return list as unknown[];
};

/**
 * `sent` is what the request itself carried: a 404 may quote the id or serial the caller gave
 * ("device <id> was not found"), which tells the caller nothing it did not already send.
 */
async function check(reply: Reply, expectation: Expectation, what: string, sent: string): Promise<void> {
  expect(reply.status, `${what}: ${reply.text.slice(0, 300)}`).toBeLessThan(500);
  expectNoneOf(
    reply,
    forbidden.filter((s) => !sent.includes(s)),
  );
  if (expectation === 'not_found') {
    expect(reply.status, what).toBe(404);
    expect(reply.json.type, what).toMatch(/\/not-found$/);
  } else if (expectation === 'empty') {
    expect(reply.status, `${what}: ${reply.text.slice(0, 300)}`).toBe(200);
    const body = reply.json.result ?? reply.json;
    expect(listOf(body), what).toEqual([]);
    if ('total' in body) expect(body.total, what).toBe(0);
  } else if (expectation === 'own') {
    expect([200, 404, 409], what).toContain(reply.status);
  } else {
    expect(reply.status, `${what}: ${reply.text.slice(0, 300)}`).toBe(200);
    await expectation(reply);
  }
}

/** Names tenant B by slug or by host while authenticating as A: always 401. */
const namingB = [{ headers: { 'x-tenant-slug': 'iso-beta' } }, { host: 'beta.example' }, { host: 'BETA.example.' }];

beforeAll(async () => {
  app = await startApp();
  await app.tenant('iso-alpha', { hosts: ['alpha.example'], seed: 'small' });
  await app.tenant('iso-beta', { hosts: ['beta.example'], seed: 'small' });
  a = await readTenantData(app.container, 'iso-alpha');
  b = await readTenantData(app.container, 'iso-beta');
  aKey = (await app.key('iso-alpha', [...PERMISSIONS])).key;
  const made = await perform(resolveFrom(app.container), CreateWebhook, operatorActor(b.tenant), {
    url: 'https://8.8.8.8/beta-hook',
    events: ['loan.issued'],
  });
  bWebhookId = made.webhook.id;
  const bKey = (await app.key('iso-beta', ['monitor.manage'])).key;
  const bMonitor = await restClient(app.port, bKey).post('/api/v1/monitors', {
    name: 'beta website',
    url: 'https://1.1.1.1/',
    intervalSeconds: 60,
  });
  expect(bMonitor.status, bMonitor.text).toBe(201);
  bMonitorId = bMonitor.json.monitor.id;
  const aSerials = [...a.devices, ...a.loans].map((d) => d.serial);
  forbidden = [
    bMonitorId,
    'beta website',
    b.tenant.id,
    'iso-beta',
    bWebhookId,
    'beta-hook',
    'beta.example',
    ...[b.people, b.groups, b.loans, b.devices, b.submissions, b.tickets].flatMap((rows) => rows.map((r) => r.id)),
    ...only(
      [...b.devices, ...b.loans].map((d) => d.serial),
      aSerials,
    ),
  ];
});
afterAll(() => app?.close());

describe('tenant isolation over the API-key surfaces', () => {
  let bBefore: Awaited<ReturnType<typeof writableState>>;
  beforeAll(async () => {
    bBefore = await writableState(app.container, b.tenant.id);
  });

  describe.each(new ToolCatalogue().all().map((t) => t.name))('action %s', (name) => {
    it("never reaches tenant B's records", async () => {
      const cases = TOOL_CASES[name];
      expect(cases, `add isolation cases for the new tool ${name}`).toBeDefined();
      const built = cases!();
      expect(built.length, name).toBeGreaterThan(0);
      for (const [i, c] of built.entries()) {
        await check(
          await invokeAction(app.port, aKey, name, c.input),
          c.expect,
          `${name} case ${i}`,
          JSON.stringify(c.input),
        );
      }
    });

    it("is 401 when the request names tenant B's slug or host", async () => {
      const input = TOOL_CASES[name]?.()[0]?.input ?? {};
      for (const o of namingB) {
        const reply = await invokeAction(app.port, aKey, name, input, o);
        expect(reply.status, JSON.stringify(o)).toBe(401);
        expectNoneOf(reply, forbidden);
      }
    });
  });

  it('covers every /api/v1 route that is registered', () => {
    const routes = registeredRoutes(app)
      .filter((r) => r.path.includes('/api/v1'))
      .map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(ROUTE_CASES[route], `add isolation cases for ${route}`).toBeDefined();
  });

  it.each(Object.keys(ROUTE_CASES).filter((r) => r.startsWith('GET')))('%s never answers with B', async (route) => {
    const client = restClient(app.port, aKey);
    for (const c of ROUTE_CASES[route]!()) {
      await check(await client.get(c.path), c.expect, c.path, decodeURIComponent(c.path));
      for (const o of namingB) {
        const reply = await client.get(c.path, o);
        expect(reply.status, `${c.path} ${JSON.stringify(o)}`).toBe(401);
        expectNoneOf(reply, forbidden);
      }
    }
  });

  it("cannot change, test or delete tenant B's webhook", async () => {
    const client = restClient(app.port, aKey);
    const base = `/api/v1/webhooks/${bWebhookId}`;
    for (const [method, path, body] of [
      ['PATCH', base, { enabled: false, url: 'https://8.8.4.4/a-hook' }],
      ['DELETE', base, undefined],
      ['POST', `${base}/rotate-secret`, {}],
      ['POST', `${base}/test`, {}],
      ['POST', `${base}/deliveries/x/resend`, {}],
    ] as const) {
      const reply = await client.send({ method, path, body });
      await check(reply, 'not_found', `${method} ${path}`, path);
    }
    const stored = await app.container.get(UnitOfWork).read((r) => r.webhooks.findById(b.tenant.id, bWebhookId));
    expect(stored).toMatchObject({ url: 'https://8.8.8.8/beta-hook', enabled: true });
  });

  it("an import through A's key finds nothing of B: not a person by id or external id, not a loan by serial", async () => {
    const client = restClient(app.port, aKey);
    const csv = (path: string, body: string) =>
      client.send({ method: 'POST', path, body, headers: { 'content-type': 'text/csv' } });
    const device = await csv(
      '/api/v1/import/devices?dryRun=true',
      `serial,kind,assignedTo\nISO-DEV,LAPTOP,${b.pupils[0]!.id}\n`,
    );
    expect(device.status, device.text).toBe(400);
    expect(device.json.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/rows/2/assignedTo']);
    expectNoneOf(device, forbidden);
    const loans = await csv(
      '/api/v1/import/loans?dryRun=true',
      `serial,kind,group\n${bLoanSerial()},LAPTOP,Isolation cart\n`,
    );
    expect(loans.status, loans.text).toBe(200);
    expect(loans.json.import).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    const onlyB = b.people.find((p) => p.externalId && !a.people.some((x) => x.externalId === p.externalId));
    if (onlyB) {
      const people = await csv(
        '/api/v1/import/people?dryRun=true',
        `externalId,name,kind\n${onlyB.externalId},Probe,PUPIL\n`,
      );
      expect(people.json.import).toMatchObject({ created: 1, updated: 0 });
    }
  });

  it("leaves tenant B's loans, submissions, audit log and outbox unchanged", async () => {
    expect(await writableState(app.container, b.tenant.id)).toEqual(bBefore);
  });
});
