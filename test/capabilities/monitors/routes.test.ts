/**
 * The monitor routes end to end on the real app (issue 11, point 6): tenant isolation first (tenant B
 * cannot see, change or delete tenant A's monitor: 404), then each surface's CRUD, validation at the
 * edge, the private-address rule, the module switch, the permission, the audit trail; and the
 * tenant's alert addresses (`/api/settings/alerts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, ROLES } from '../../../src/domain/access/permissions.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp } from '../../support/app.js';
import { expectProblem, pointersOf, send } from '../../support/rest.js';
import { auditEntries, tenantBySlug } from '../../support/tenant-data.js';
import { signIn } from '../../support/console.js';
import { monitorClient, type MonitorClient, type Surface } from './support.js';

let app: TestApp;
/** Tenant A's and B's administrators (console) and keys with monitor.manage (v1). */
const clients: Record<'a' | 'b', Record<Surface, MonitorClient>> = {} as never;
let aAdminId: string;
let aAdminEmail: string;

// Public addresses as literals: registration judges them without DNS, and no check runs here.
const SITE = { name: 'School website', url: 'https://1.1.1.1/', intervalSeconds: 60 };

beforeAll(async () => {
  app = await startApp({ env: { LOG_LEVEL: 'warn' } });
  for (const slug of ['mon-a', 'mon-b']) await app.tenant(slug);
  const aAdmin = await signIn(app, 'mon-a', { role: 'school-admin' });
  aAdminId = aAdmin.user.id;
  aAdminEmail = aAdmin.email;
  const bAdmin = await signIn(app, 'mon-b', { role: 'school-admin' });
  clients.a = {
    console: monitorClient(app, 'console', aAdmin.token),
    v1: monitorClient(app, 'v1', (await app.key('mon-a', ['monitor.manage'])).key),
  };
  clients.b = {
    console: monitorClient(app, 'console', bAdmin.token),
    v1: monitorClient(app, 'v1', (await app.key('mon-b', ['monitor.manage'])).key),
  };
});
afterAll(() => app?.close());

describe.each(['console', 'v1'] as const)('monitors over %s', (surface) => {
  it("isolation: tenant B cannot see, change or delete tenant A's monitor (404), and A's is unchanged", async () => {
    const created = await clients.a[surface].create({ ...SITE, name: `A only (${surface})` });
    expect(created.status, created.text).toBe(201);
    const id = created.json.monitor.id as string;
    const b = clients.b[surface];
    for (const reply of [
      await b.get(id),
      await b.update(id, { name: 'taken over', url: 'https://9.9.9.9/' }),
      await b.remove(id),
    ]) {
      expectProblem(reply, 404, 'not-found');
      expect(reply.text).not.toContain('A only');
    }
    const bList = await b.list();
    expect(bList.status).toBe(200);
    expect(bList.json.monitors.map((m: { id: string }) => m.id)).not.toContain(id);
    const after = await clients.a[surface].get(id);
    expect(after.json.monitor).toEqual(created.json.monitor);
  });

  it('creates, lists, reads, changes and deletes a monitor, each change audited with the actor', async () => {
    const c = clients.a[surface];
    const created = await c.create({ ...SITE, expectStatus: 204 });
    expect(created.status, created.text).toBe(201);
    const monitor = created.json.monitor;
    expect(monitor).toMatchObject({
      name: 'School website',
      url: 'https://1.1.1.1/',
      intervalSeconds: 60,
      expectStatus: 204,
      state: 'unknown',
      since: null,
      consecutiveFailures: 0,
      lastCheck: null,
    });
    expect((await c.get(monitor.id)).json.monitor).toEqual(monitor);
    expect((await c.list()).json.monitors).toContainEqual(monitor);

    const changed = await c.update(monitor.id, { name: 'Website', intervalSeconds: 300, expectStatus: null });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.monitor).toMatchObject({
      id: monitor.id,
      name: 'Website',
      intervalSeconds: 300,
      expectStatus: null,
    });
    expect((await c.get(monitor.id)).json.monitor).toEqual(changed.json.monitor);

    const removed = await c.remove(monitor.id);
    expect(removed.status, removed.text).toBe(204);
    expectProblem(await c.get(monitor.id), 404, 'not-found');
    expectProblem(await c.remove(monitor.id), 404, 'not-found');

    const tenant = await tenantBySlug(app.container, 'mon-a');
    const actor = surface === 'console' ? { type: 'user', id: aAdminId } : { type: 'apiKey' };
    for (const action of ['monitor.create', 'monitor.update', 'monitor.delete']) {
      const entries = await auditEntries(app.container, tenant.id, action);
      const entry = entries.find((e) => e.target === `monitor:${monitor.id}`);
      expect(entry, action).toBeDefined();
      expect(entry!.actor).toMatchObject(actor);
    }
  });

  it('validates at the edge: 400 naming the field', async () => {
    const c = clients.a[surface];
    const cases: [unknown, string][] = [
      [{ ...SITE, intervalSeconds: 29 }, '/intervalSeconds'],
      [{ ...SITE, intervalSeconds: 30.5 }, '/intervalSeconds'],
      [{ ...SITE, url: 'ftp://1.1.1.1/' }, '/url'],
      [{ ...SITE, url: 'not a url' }, '/url'],
      [{ ...SITE, name: '' }, '/name'],
      [{ url: SITE.url, intervalSeconds: 60 }, '/name'],
      [{ ...SITE, expectStatus: 700 }, '/expectStatus'],
      [{ ...SITE, colour: 'red' }, '/colour'],
    ];
    for (const [body, pointer] of cases) {
      const reply = await c.create(body);
      expectProblem(reply, 400, 'invalid-input');
      expect(pointersOf(reply), JSON.stringify(body)).toContain(pointer);
    }
    const { json } = await c.create(SITE);
    expectProblem(await c.update(json.monitor.id, {}), 400, 'invalid-input');
    expect(pointersOf(await c.update(json.monitor.id, { intervalSeconds: 10 }))).toEqual(['/intervalSeconds']);
  });

  it('refuses loopback, private, link-local and metadata addresses at registration and on change', async () => {
    const c = clients.a[surface];
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://10.1.2.3/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://localhost/',
    ]) {
      const reply = await c.create({ ...SITE, url });
      expectProblem(reply, 400, 'invalid-input');
      expect(pointersOf(reply), url).toEqual(['/url']);
    }
    const { json } = await c.create(SITE);
    const reply = await c.update(json.monitor.id, { url: 'http://10.0.0.1/' });
    expect(pointersOf(reply)).toEqual(['/url']);
    expect((await c.get(json.monitor.id)).json.monitor.url).toBe(SITE.url);
  });
});

describe('who may manage monitors', () => {
  it('answers 404 when the events module is off, on both surfaces', async () => {
    await app.tenant('mon-off', { modules: ['integrations', 'loans'] });
    const admin = await signIn(app, 'mon-off', { role: 'school-admin' });
    const key = (await app.key('mon-off', ['monitor.manage'])).key;
    for (const c of [monitorClient(app, 'console', admin.token), monitorClient(app, 'v1', key)]) {
      expectProblem(await c.list(), 404, 'module-disabled');
      expectProblem(await c.create(SITE), 404, 'module-disabled');
    }
  });

  it('follows the role table in the console (monitor.manage: school administrators and technicians)', async () => {
    expect(ROLES.filter((r) => (ROLE_PERMISSIONS[r] as readonly string[]).includes('monitor.manage'))).toEqual([
      'school-admin',
      'technician',
    ]);
    for (const role of ROLES) {
      const user = await signIn(app, 'mon-a', { role });
      const c = monitorClient(app, 'console', user.token);
      const allowed = role === 'school-admin' || role === 'technician';
      if (allowed) {
        expect((await c.list()).status, role).toBe(200);
        expect((await c.create(SITE)).status, role).toBe(201);
      } else {
        expectProblem(await c.list(), 403, 'forbidden');
        expectProblem(await c.create(SITE), 403, 'forbidden');
      }
    }
  });

  it('needs the monitor.manage scope on a key (403) and the integrations module (404)', async () => {
    const c = monitorClient(app, 'v1', (await app.key('mon-a', ['loan.view', 'event.subscribe'])).key);
    expectProblem(await c.list(), 403, 'forbidden');
    expectProblem(await c.create(SITE), 403, 'forbidden');
    await app.tenant('mon-noint', { modules: ['events'] });
    const n = monitorClient(app, 'v1', (await app.key('mon-noint', ['monitor.manage'])).key);
    expectProblem(await n.list(), 404, 'module-disabled');
  });

  it('accepts private addresses when the operator sets WEBHOOK_ALLOW_PRIVATE=true', async () => {
    const open = await startApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    try {
      await open.tenant('mon-private');
      const c = monitorClient(open, 'v1', (await open.key('mon-private', ['monitor.manage'])).key);
      const reply = await c.create({ ...SITE, url: 'http://127.0.0.1:8080/health' });
      expect(reply.status, reply.text).toBe(201);
      expectProblem(await c.create({ ...SITE, url: 'file:///etc/passwd' }), 400, 'invalid-input');
    } finally {
      await open.close();
    }
  });
});

describe('alert addresses (/api/settings/alerts)', () => {
  const settings = (token: string, method = 'GET', body?: unknown) =>
    send(app.port, {
      method,
      path: '/api/settings/alerts',
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body }),
    });

  it('shows the school administrators by default, sets addresses (audited), and goes back with null', async () => {
    await app.tenant('mon-alerts');
    const admin = await signIn(app, 'mon-alerts', { role: 'school-admin' });
    const first = await settings(admin.token);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ emails: null, recipients: [admin.email] });

    const set = await settings(admin.token, 'PUT', { emails: [' IT@School.example ', 'head@school.example'] });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toEqual({
      emails: ['it@school.example', 'head@school.example'],
      recipients: ['it@school.example', 'head@school.example'],
    });
    const tenant = await tenantBySlug(app.container, 'mon-alerts');
    expect(await app.container.get(UnitOfWork).read((r) => r.tenants.alertEmails(tenant.id))).toEqual([
      'it@school.example',
      'head@school.example',
    ]);
    const [entry] = await auditEntries(app.container, tenant.id, 'tenant.alerts.set');
    expect(entry).toMatchObject({ actor: { type: 'user', id: admin.user.id } });

    expect((await settings(admin.token, 'PUT', { emails: null })).json).toEqual({
      emails: null,
      recipients: [admin.email],
    });
  });

  it('validates the addresses and is for school administrators only', async () => {
    const admin = await signIn(app, 'mon-a', { role: 'school-admin' });
    for (const [body, pointer] of [
      [{ emails: ['not-an-address'] }, '/emails/0'],
      [{ emails: [] }, '/emails'],
      [{}, '/emails'],
    ] as const) {
      const reply = await settings(admin.token, 'PUT', body);
      expectProblem(reply, 400, 'invalid-input');
      expect(pointersOf(reply)).toEqual([pointer]);
    }
    const tech = await signIn(app, 'mon-a', { role: 'technician' });
    expectProblem(await settings(tech.token), 403, 'forbidden');
    expectProblem(await settings(tech.token, 'PUT', { emails: ['x@school.example'] }), 403, 'forbidden');
    expect((await settings(admin.token)).json.recipients).toContain(aAdminEmail);
  });
});
