/**
 * Modules, the audit log and `/api/auth/me` in the console (issue 12, point 7) over HTTP against the
 * real server: GET/PUT /api/modules, GET /api/audit, GET /api/auth/me. Tenants kept apart first; then
 * who may, bad input naming the field, a module change taking effect on the next request, the audit
 * search's filters and date ranges, and what the console learns about the signed-in user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES, ROLE_PERMISSIONS } from '../../../src/domain/access/permissions.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { signIn, startConsoleApp, type ConsoleUser } from '../../support/console.js';
import type { TestApp } from '../../support/app.js';
import { expectProblem, pointersOf, restClient } from '../../support/rest.js';
import { readTenantData, tenantBySlug } from '../../support/tenant-data.js';
import { adminClient, newestAudit, storedAdminState } from '../../support/admin.js';

let app: TestApp;
let alpha: Tenant;
let bravo: Tenant;
let admin: ConsoleUser;
let bravoAdmin: ConsoleUser;
let tech: ConsoleUser;
let teacher: ConsoleUser;
let reader: ConsoleUser;
let group: string;

beforeAll(async () => {
  app = await startConsoleApp();
  await app.tenant('alpha', { seed: 'small' });
  await app.tenant('bravo', { modules: ['loans', 'people'] });
  alpha = await tenantBySlug(app.container, 'alpha');
  bravo = await tenantBySlug(app.container, 'bravo');
  group = (await readTenantData(app.container, 'alpha')).groups[0]!.id;
  admin = await signIn(app, 'alpha', { role: 'school-admin', name: 'Alpha Head' });
  bravoAdmin = await signIn(app, 'bravo', { role: 'school-admin' });
  tech = await signIn(app, 'alpha', { role: 'technician' });
  teacher = await signIn(app, 'alpha', { role: 'teacher', loanGroupIds: [group] });
  reader = await signIn(app, 'alpha', { role: 'read-only' });
});
afterAll(() => app?.close());

const as = (u: ConsoleUser | undefined) => adminClient(app, u?.token);
const enabledIn = (reply: { json: { modules: { name: string; enabled: boolean }[] } }) =>
  reply.json.modules.filter((m) => m.enabled).map((m) => m.name);
const storedModules = async (t: Tenant) =>
  (await app.container.get(UnitOfWork).read((r) => r.tenants.findById(t.id)))?.modules;

describe('tenants kept apart', () => {
  it("switches only the school's own modules, and shows only its own", async () => {
    const put = await as(bravoAdmin).put('/api/modules', { enabled: ['loans'] });
    expect(put.status, put.text).toBe(200);
    expect(await storedModules(alpha)).toEqual([...MODULES]);
    expect(enabledIn(await as(admin).get('/api/modules'))).toEqual([...MODULES]);
    expect(enabledIn(await as(bravoAdmin).get('/api/modules'))).toEqual(['loans']);
    const elsewhere = await as(admin).put('/api/modules', { enabled: [] }, { headers: { 'x-tenant-slug': 'bravo' } });
    expectProblem(elsewhere, 401, 'unauthorized');
    expect(await storedModules(bravo)).toEqual(['loans']);
    expect((await as(bravoAdmin).put('/api/modules', { enabled: ['loans', 'people'] })).status).toBe(200);
  });

  it("never shows another school's audit entries, whatever the filters name", async () => {
    await as(bravoAdmin).post('/api/users', { email: 'only@bravo.example', name: 'Only Bravo', role: 'teacher' });
    const [theirs] = await newestAudit(app.container, bravo.id, 'user.create');
    for (const query of ['', `?target=${encodeURIComponent(theirs!.target)}`, `?actor=${bravoAdmin.user.id}`]) {
      const reply = await as(admin).get(`/api/audit${query}`);
      expect(reply.status).toBe(200);
      expect(reply.text).not.toContain(bravoAdmin.user.id);
      expect(reply.text).not.toContain('only@bravo.example');
      if (query !== '') expect(reply.json).toMatchObject({ entries: [], total: 0 });
    }
  });
});

describe('GET /api/modules', () => {
  it('answers every module, on or off, to any signed-in user; not to keys or strangers', async () => {
    for (const user of [admin, tech, teacher, reader]) {
      const reply = await as(user).get('/api/modules');
      expect(reply.status).toBe(200);
      // `changeable` tells the console whether to offer the switches: school administrators only.
      expect(reply.json).toEqual({
        modules: MODULES.map((name) => ({ name, enabled: true })),
        changeable: user === admin,
      });
    }
    const { key } = await app.key('alpha', ['loan.view']);
    expectProblem(await as(undefined).get('/api/modules', { headers: { 'x-api-key': key } }), 401, 'unauthorized');
    expectProblem(await as(undefined).get('/api/modules'), 401, 'unauthorized');
  });
});

describe('PUT /api/modules', () => {
  it('is for school administrators only: any other role is refused first, whatever the body', async () => {
    const { key } = await app.key('alpha', ['loan.view', 'audit.view']);
    const before = await storedAdminState(app.container, alpha.id);
    for (const user of [tech, teacher, reader]) {
      for (const body of [{ enabled: ['loans'] }, { enabled: 'nonsense' }, ['loans']]) {
        expectProblem(await as(user).put('/api/modules', body), 403, 'forbidden');
      }
    }
    const byKey = await as(undefined).put('/api/modules', { enabled: [] }, { headers: { 'x-api-key': key } });
    expectProblem(byKey, 401, 'unauthorized');
    expect(await storedAdminState(app.container, alpha.id)).toEqual(before);
  });

  it('refuses an unknown module or a malformed body, naming it, and changes nothing', async () => {
    const before = await storedAdminState(app.container, alpha.id);
    const unknown = await as(admin).put('/api/modules', { enabled: ['loans', 'chess', 'module.people'] });
    expectProblem(unknown, 400, 'invalid-input');
    expect(pointersOf(unknown)).toEqual(['/enabled/1', '/enabled/2']);
    expect(unknown.json.detail).toContain('"chess"');
    const shapes = [
      [{ enabled: 'loans' }, ['/enabled']],
      [{}, ['/enabled']],
      [{ enabled: [], also: 1 }, ['/also']],
      [{ enabled: [1] }, ['/enabled/0']],
      [['loans'], ['/body']],
    ] as const;
    for (const [body, pointers] of shapes) {
      const reply = await as(admin).put('/api/modules', body);
      expectProblem(reply, 400, 'invalid-input');
      expect(pointersOf(reply)).toEqual(pointers);
    }
    expect(await storedAdminState(app.container, alpha.id)).toEqual(before);
  });

  it('takes effect on the next request, is audited, and shows in /api/auth/me', async () => {
    const inventory = () => as(teacher).get('/api/loans/inventory');
    expect((await inventory()).status).toBe(200);
    const wanted = MODULES.filter((m) => m !== 'loans');
    const put = await as(admin).put('/api/modules', { enabled: wanted });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toEqual({
      modules: MODULES.map((name) => ({ name, enabled: name !== 'loans' })),
      changeable: true,
    });
    expect(await storedModules(alpha)).toEqual(wanted);
    expectProblem(await inventory(), 404, 'module-disabled');
    expect((await as(teacher).get('/api/auth/me')).json.modules).toEqual(wanted);
    expect((await newestAudit(app.container, alpha.id, 'module.change'))[0]).toMatchObject({
      actor: { type: 'user', id: admin.user.id },
      target: 'tenant:alpha',
      details: { enabled: [], disabled: ['loans'], modules: wanted },
    });

    const back = await as(admin).put('/api/modules', { enabled: [...MODULES] });
    expect(back.status).toBe(200);
    expect((await inventory()).status).toBe(200);
    // The same list again: nothing to change, nothing audited.
    const count = (await newestAudit(app.container, alpha.id, 'module.change')).length;
    expect((await as(admin).put('/api/modules', { enabled: [...MODULES].reverse() })).status).toBe(200);
    expect(await newestAudit(app.container, alpha.id, 'module.change')).toHaveLength(count);
  });

  it('turning integrations off stops the school’s keys at once', async () => {
    const { key } = await app.key('alpha', ['loan.view']);
    expect((await restClient(app.port, key).get('/api/v1/ping')).status).toBe(200);
    expect((await as(admin).put('/api/modules', { enabled: MODULES.filter((m) => m !== 'integrations') })).status).toBe(
      200,
    );
    expect((await restClient(app.port, key).get('/api/v1/ping')).status).toBe(404);
    expect((await as(admin).put('/api/modules', { enabled: [...MODULES] })).status).toBe(200);
    expect((await restClient(app.port, key).get('/api/v1/ping')).status).toBe(200);
  });
});

type NamedEntry = { names: Record<string, string>; actor: { name: string; type: string; id: string } };

describe('GET /api/audit', () => {
  it('needs audit.view: a teacher is refused, a reader answered', async () => {
    expectProblem(await as(teacher).get('/api/audit'), 403, 'forbidden');
    expectProblem(await as(teacher).get('/api/audit?from=garbage'), 403, 'forbidden');
    expect((await as(reader).get('/api/audit')).status).toBe(200);
    const { key } = await app.key('alpha', ['audit.view']);
    expectProblem(await as(undefined).get('/api/audit', { headers: { 'x-api-key': key } }), 401, 'unauthorized');
  });

  it('answers newest first, paged, filtered by actor, action and target', async () => {
    const made = await as(admin).post('/api/users', {
      email: 'audited@alpha.example',
      name: 'Audited',
      role: 'teacher',
    });
    const target = `user:${made.json.user.id}`;
    await as(admin).patch(`/api/users/${made.json.user.id}`, { name: 'Audited Twice' });

    const all = await as(reader).get('/api/audit?pageSize=100');
    expect(all.status).toBe(200);
    const stored = await newestAudit(app.container, alpha.id);
    // Each entry is the stored one with the words beside it (who, by name; the records it names).
    const unnamed = ({ names: _names, actor: { name: _name, ...actor }, ...e }: NamedEntry) => ({ ...e, actor });
    expect({ ...all.json, entries: all.json.entries.map(unnamed) }).toEqual({
      entries: stored.slice(0, 100),
      total: stored.length,
      page: 1,
      pageSize: 100,
    });
    const mine = all.json.entries.filter((e: NamedEntry) => e.actor.id === admin.user.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e: NamedEntry) => e.actor.name === admin.user.name)).toBe(true);

    const byTarget = await as(reader).get(`/api/audit?target=${encodeURIComponent(target)}`);
    expect(byTarget.json.entries.map((e: { action: string }) => e.action)).toEqual([
      'user.update',
      'user.invite',
      'user.create',
    ]);
    const byAction = await as(reader).get(`/api/audit?action=user.update&target=${encodeURIComponent(target)}`);
    expect(byAction.json).toMatchObject({ total: 1, entries: [{ action: 'user.update', target }] });
    const byActor = await as(reader).get(`/api/audit?actor=${admin.user.id}&pageSize=1&page=2`);
    expect(byActor.json.entries.map(unnamed)).toEqual([stored.filter((e) => e.actor.id === admin.user.id)[1]]);
    expect(byActor.json.total).toBe(stored.filter((e) => e.actor.id === admin.user.id).length);
    expect(all.text).not.toMatch(/#token=|desk_[A-Za-z0-9]{38}/);
  });

  it('reads a date as a whole day in the school’s time zone and an instant as itself', async () => {
    // Europe/Amsterdam (the test tenants' zone) is UTC+1 in January.
    const entry = (id: string, at: string) => ({
      id,
      actor: { type: 'user' as const, id: 'dated-actor' },
      action: 'test.dated',
      target: 'test:dated',
      at,
      details: {},
    });
    await app.container.get(UnitOfWork).transaction(async (r) => {
      await r.audit.record(alpha.id, entry('late-14th', '2026-01-14T22:59:59.999Z'));
      await r.audit.record(alpha.id, entry('early-15th', '2026-01-14T23:00:00.000Z'));
      await r.audit.record(alpha.id, entry('late-15th', '2026-01-15T22:59:59.999Z'));
      await r.audit.record(alpha.id, entry('early-16th', '2026-01-15T23:00:00.000Z'));
    });
    const ids = async (query: string) =>
      (await as(reader).get(`/api/audit?action=test.dated&${query}`)).json.entries.map((e: { id: string }) => e.id);
    expect(await ids('from=2026-01-15&to=2026-01-15')).toEqual(['late-15th', 'early-15th']);
    expect(await ids('to=2026-01-14')).toEqual(['late-14th']);
    expect(await ids('from=2026-01-16')).toEqual(['early-16th']);
    expect(await ids(`from=${encodeURIComponent('2026-01-15T00:00:00+01:00')}&to=2026-01-15T12:00Z`)).toEqual([
      'early-15th',
    ]);
  });

  it('refuses bad parameters naming each, and ignores unknown ones', async () => {
    const bad = await as(reader).get('/api/audit?from=yesterday&to=2026-02-30&page=0&pageSize=1000');
    expectProblem(bad, 400, 'invalid-input');
    expect(pointersOf(bad).sort()).toEqual(['/from', '/page', '/pageSize', '/to']);
    const noOffset = await as(reader).get('/api/audit?from=2026-01-15T10:00:00');
    expect(pointersOf(noOffset)).toEqual(['/from']);
    const reversed = await as(reader).get('/api/audit?from=2026-01-16&to=2026-01-15');
    expectProblem(reversed, 400, 'invalid-input');
    expect(pointersOf(reversed)).toEqual(['/to']);
    const twice = await as(reader).get('/api/audit?action=a&action=b');
    expect(pointersOf(twice)).toEqual(['/action']);
    expect((await as(reader).get('/api/audit?colour=blue')).status).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('tells the console who is signed in, in which school, with the permissions the server checks', async () => {
    const reply = await as(teacher).get('/api/auth/me');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.json).toEqual({
      user: {
        id: teacher.user.id,
        email: teacher.email,
        name: teacher.user.name,
        role: 'teacher',
        loanGroupIds: [group],
      },
      tenant: { slug: 'alpha', name: alpha.name, timeZone: 'Europe/Amsterdam', currency: 'EUR' },
      permissions: [...ROLE_PERMISSIONS.teacher, ...MODULES.map((m) => `module.${m}`)],
      modules: [...MODULES],
    });
    const head = await as(admin).get('/api/auth/me');
    expect(head.json.permissions).toEqual(expect.arrayContaining(['user.manage', 'role.manage', 'apikey.manage']));
    expect(head.json.user).toMatchObject({ id: admin.user.id, name: 'Alpha Head', role: 'school-admin' });
    expect(JSON.stringify(head.json)).not.toMatch(/passwordHash|scrypt|hasPassword/);
  });

  it('follows a change of role at once, and is not for keys or strangers', async () => {
    const changing = await signIn(app, 'alpha', { role: 'read-only' });
    expect((await as(changing).get('/api/auth/me')).json.permissions).not.toContain('ticket.create');
    await as(admin).patch(`/api/users/${changing.user.id}`, { role: 'loan-desk' });
    const after = await as(changing).get('/api/auth/me');
    expect(after.json.user.role).toBe('loan-desk');
    expect(after.json.permissions).toContain('ticket.create');
    const { key } = await app.key('alpha', ['loan.view']);
    expectProblem(
      await as(undefined).get('/api/auth/me', { headers: { authorization: `Bearer ${key}` } }),
      401,
      'unauthorized',
    );
    expectProblem(await as(undefined).get('/api/auth/me'), 401, 'unauthorized');
  });
});
