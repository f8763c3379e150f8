/**
 * Staff in the console (issue 12, point 7) over HTTP against the real server: GET/POST /api/users,
 * PATCH /api/users/:id, POST /api/users/:id/invite, and invitations followed through POST
 * /api/auth/setup to a sign-in. Tenants kept apart first; then who may, bad input, the rows, audit
 * entries and links left behind, the last administrator (two at once on Postgres), and a deactivated
 * user's session failing on its very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { DAY } from '../../support/fakes/fixed-clock.js';
import { MovableClock } from '../../support/fakes/movable-clock.js';
import { createUser, login, signIn, startConsoleApp, type ConsoleUser } from '../../support/console.js';
import { startApp, type TestApp } from '../../support/app.js';
import { startSmtp } from '../../support/smtp.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, pointersOf } from '../../support/rest.js';
import { readTenantData, tenantBySlug } from '../../support/tenant-data.js';
import { adminClient, newestAudit, storedAdminState, tokenIn, useLink } from '../../support/admin.js';

warnIfPostgresSkipped();

const NEW_PASSWORD = 'a passphrase of my own';

let app: TestApp;
let alpha: Tenant;
let bravo: Tenant;
let admin: ConsoleUser;
let bravoAdmin: ConsoleUser;
let tech: ConsoleUser;
let groupIds: string[];

beforeAll(async () => {
  app = await startConsoleApp();
  await app.tenant('alpha', { seed: 'small' });
  await app.tenant('bravo');
  alpha = await tenantBySlug(app.container, 'alpha');
  bravo = await tenantBySlug(app.container, 'bravo');
  groupIds = (await readTenantData(app.container, 'alpha')).groups.map((g) => g.id);
  admin = await signIn(app, 'alpha', { role: 'school-admin', email: 'head@alpha.example' });
  bravoAdmin = await signIn(app, 'bravo', { role: 'school-admin', email: 'head@bravo.example' });
  tech = await signIn(app, 'alpha', { role: 'technician', email: 'tech@alpha.example' });
});
afterAll(() => app?.close());

const as = (u: ConsoleUser | undefined) => adminClient(app, u?.token);
let n = 0;
const fresh = (o: Record<string, unknown> = {}) => ({
  email: `new${++n}@alpha.example`,
  name: `New Person ${n}`,
  role: 'technician',
  ...o,
});

describe('tenants kept apart', () => {
  it("lists only the school's own users, and cannot change or invite another school's", async () => {
    const theirs = await createUser(app, 'bravo', { role: 'teacher', email: 'teacher@bravo.example' });
    const bravoBefore = await storedAdminState(app.container, bravo.id);

    const list = await as(admin).get('/api/users?pageSize=100');
    expect(list.status).toBe(200);
    expect(list.json.users.map((u: { email: string }) => u.email)).not.toContain('teacher@bravo.example');
    expect(list.text).not.toContain(theirs.user.id);
    expect(list.text).not.toContain('bravo');

    expectProblem(await as(admin).patch(`/api/users/${theirs.user.id}`, { active: false }), 404, 'not-found');
    expectProblem(await as(admin).patch(`/api/users/${theirs.user.id}`, { role: 'school-admin' }), 404, 'not-found');
    expectProblem(await as(admin).post(`/api/users/${theirs.user.id}/invite`), 404, 'not-found');
    expect(await storedAdminState(app.container, bravo.id)).toEqual(bravoBefore);
  });

  it("refuses a session used with another school's slug", async () => {
    const reply = await as(admin).get('/api/users', { headers: { 'x-tenant-slug': 'bravo' } });
    expectProblem(reply, 401, 'unauthorized');
    expect(reply.text).not.toContain('head@bravo.example');
  });

  it('creates the user in the creator’s own school only', async () => {
    const body = fresh({ email: 'shared@school.example' });
    expect((await as(bravoAdmin).post('/api/users', body)).status).toBe(201);
    expect((await as(admin).post('/api/users', body)).status).toBe(201); // the same address, another school
    const bravoUsers = await app.container
      .get(UnitOfWork)
      .read((r) => r.users.list(bravo.id, { page: 1, pageSize: 100 }));
    expect(bravoUsers.items.filter((u) => u.email === 'shared@school.example')).toHaveLength(1);
  });
});

describe('who may', () => {
  it('needs user.manage: a technician is refused, with nothing changed', async () => {
    const target = await createUser(app, 'alpha', { role: 'teacher' });
    const before = await storedAdminState(app.container, alpha.id);
    expectProblem(await as(tech).get('/api/users'), 403, 'forbidden');
    expectProblem(await as(tech).post('/api/users', fresh()), 403, 'forbidden');
    expectProblem(await as(tech).patch(`/api/users/${target.user.id}`, { name: 'X' }), 403, 'forbidden');
    expectProblem(await as(tech).post(`/api/users/${target.user.id}/invite`), 403, 'forbidden');
    // Permission first, whatever the input says.
    expectProblem(await as(tech).post('/api/users', { email: 'nope' }), 403, 'forbidden');
    expect(await storedAdminState(app.container, alpha.id)).toEqual(before);
  });

  it('is never reached with an API key, whatever its scopes, nor without signing in', async () => {
    const { key } = await app.key('alpha', ['person.view', 'audit.view']);
    for (const headers of [{ 'x-api-key': key }, { authorization: `Bearer ${key}` }, {}] as Record<string, string>[]) {
      expectProblem(await as(undefined).get('/api/users', { headers }), 401, 'unauthorized');
      expectProblem(await as(undefined).post('/api/users', fresh(), { headers }), 401, 'unauthorized');
    }
  });

  it('refuses a write from a browser page of another site', async () => {
    const reply = await as(admin).post('/api/users', fresh(), { headers: { origin: 'https://evil.example' } });
    expectProblem(reply, 403, 'forbidden');
  });
});

describe('GET /api/users', () => {
  it('lists by e-mail, paged, saying who has a password or an open invitation, never a hash', async () => {
    const invited = await as(admin).post('/api/users', fresh({ email: 'aaa-invited@alpha.example' }));
    expect(invited.status).toBe(201);
    const first = await as(admin).get('/api/users?page=1&pageSize=2');
    expect(first.status).toBe(200);
    const all = await as(admin).get('/api/users?pageSize=100');
    const emails = all.json.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(first.json).toEqual({
      users: all.json.users.slice(0, 2),
      total: all.json.total,
      page: 1,
      pageSize: 2,
      grantableRoles: ['school-admin', 'technician', 'loan-desk', 'teacher', 'read-only'],
    });
    expect(all.json.total).toBe(all.json.users.length);
    expect(all.json.users[0]).toEqual({
      id: invited.json.user.id,
      email: 'aaa-invited@alpha.example',
      name: expect.any(String),
      role: 'technician',
      loanGroupIds: [],
      active: true,
      createdAt: expect.any(String),
      hasPassword: false,
      invitation: { expiresAt: invited.json.invitation.expiresAt },
    });
    expect(all.json.users.find((u: { email: string }) => u.email === 'head@alpha.example')).toMatchObject({
      hasPassword: true,
      invitation: null,
    });
    expect(all.text).not.toMatch(/passwordHash|password_hash|scrypt/);
    expect(all.text).not.toContain(tokenIn(invited.json.invitation.url)); // a link is shown once
  });

  it('refuses bad paging, naming the parameter, and ignores unknown parameters', async () => {
    const reply = await as(admin).get('/api/users?page=0&pageSize=101&colour=blue');
    expectProblem(reply, 400, 'invalid-input');
    expect(pointersOf(reply).sort()).toEqual(['/page', '/pageSize']);
    expect((await as(admin).get('/api/users?colour=blue')).status).toBe(200);
  });
});

describe('POST /api/users and invitations', () => {
  it('creates a user without a password with a one-use link, followed to a password and a sign-in', async () => {
    const body = fresh({ email: 'Grace@Alpha.Example', role: 'teacher', loanGroupIds: [groupIds[0]] });
    const created = await as(admin).post('/api/users', body);
    expect(created.status, created.text).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { user, invitation } = created.json;
    expect(user).toMatchObject({
      email: 'grace@alpha.example',
      role: 'teacher',
      loanGroupIds: [groupIds[0]],
      active: true,
      hasPassword: false,
      invitation: { expiresAt: invitation.expiresAt },
    });
    expect(invitation.url).toMatch(new RegExp(`^${app.config.publicUrl}/setup#token=[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(invitation.expiresAt) - Date.parse(user.createdAt)).toBe(7 * DAY);
    const token = tokenIn(invitation.url);

    // Stored: the user without a password, the link as a hash only; audited without the link.
    const state = await storedAdminState(app.container, alpha.id);
    expect(state.users.find((u) => u.id === user.id)).toBeDefined();
    expect(state.withPassword).not.toContain(user.id);
    expect(JSON.stringify(state)).not.toContain(token);
    const audit = await newestAudit(app.container, alpha.id, 'user.create', 'user.invite');
    expect(audit.slice(0, 2).map((e) => [e.action, e.target, e.actor])).toEqual([
      ['user.invite', `user:${user.id}`, { type: 'user', id: admin.user.id }],
      ['user.create', `user:${user.id}`, { type: 'user', id: admin.user.id }],
    ]);
    expect(JSON.stringify(audit)).not.toContain(token);

    // Before the link is used nobody can sign in as them.
    expect((await login(app, 'alpha', { email: 'grace@alpha.example', password: NEW_PASSWORD })).status).toBe(401);
    const used = await useLink(app, token, NEW_PASSWORD);
    expect(used.status, used.text).toBe(200);
    const signedIn = await login(app, 'alpha', { email: 'grace@alpha.example', password: NEW_PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user).toMatchObject({ id: user.id, role: 'teacher', loanGroupIds: [groupIds[0]] });
    expect((await newestAudit(app.container, alpha.id, 'setup_link.use'))[0]).toMatchObject({
      actor: { type: 'user', id: user.id },
      details: { purpose: 'invitation' },
    });

    // One use.
    expectProblem(await useLink(app, token, 'another passphrase entirely'), 400, 'invalid-input');
    expect((await newestAudit(app.container, alpha.id, 'setup_link.rejected'))[0]).toMatchObject({
      details: { purpose: 'invitation', reason: 'used' },
    });
    const listed = (await as(admin).get('/api/users?pageSize=100')).json.users.find(
      (u: { id: string }) => u.id === user.id,
    );
    expect(listed).toMatchObject({ hasPassword: true, invitation: null });
  });

  it('creates a user with a password who can sign in at once, with no invitation', async () => {
    const created = await as(admin).post('/api/users', fresh({ email: 'pat@alpha.example', password: NEW_PASSWORD }));
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ user: expect.objectContaining({ hasPassword: true, invitation: null }) });
    expect((await login(app, 'alpha', { email: 'pat@alpha.example', password: NEW_PASSWORD })).status).toBe(200);
    expect(created.text).not.toContain(NEW_PASSWORD);
  });

  it('replaces the older link with the one POST /api/users/:id/invite makes', async () => {
    const created = await as(admin).post('/api/users', fresh({ email: 'twice@alpha.example' }));
    const again = await as(admin).post(`/api/users/${created.json.user.id}/invite`);
    expect(again.status, again.text).toBe(201);
    expect(again.json).toEqual({
      invitation: { url: expect.any(String), expiresAt: expect.any(String), emailed: false },
    });
    expect(again.json.invitation.url).not.toBe(created.json.invitation.url);
    expectProblem(await useLink(app, tokenIn(created.json.invitation.url), NEW_PASSWORD), 400, 'invalid-input');
    expect((await newestAudit(app.container, alpha.id, 'setup_link.rejected'))[0]).toMatchObject({
      details: { reason: 'replaced' },
    });
    expect((await useLink(app, tokenIn(again.json.invitation.url), NEW_PASSWORD)).status).toBe(200);
    expect((await login(app, 'alpha', { email: 'twice@alpha.example', password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses to invite a deactivated user (409) or an unknown one (404)', async () => {
    const created = await as(admin).post('/api/users', fresh());
    const id = created.json.user.id as string;
    expect((await as(admin).patch(`/api/users/${id}`, { active: false })).status).toBe(200);
    expectProblem(await as(admin).post(`/api/users/${id}/invite`), 409, 'conflict');
    expectProblem(await as(admin).post('/api/users/no-such-user/invite'), 404, 'not-found');
    // Deactivating replaced the open invitation: it does not work, not even after turning them back on.
    expect((await as(admin).patch(`/api/users/${id}`, { active: true })).status).toBe(200);
    expectProblem(await useLink(app, tokenIn(created.json.invitation.url), NEW_PASSWORD), 400, 'invalid-input');
  });

  it('refuses bad input naming each field, and creates nothing', async () => {
    const before = await storedAdminState(app.container, alpha.id);
    const bad = await as(admin).post('/api/users', {
      email: 'not-an-address',
      role: 'wizard',
      loanGroupIds: 'all',
      password: 'short',
      colour: 'blue',
    });
    expectProblem(bad, 400, 'invalid-input');
    expect(pointersOf(bad).sort()).toEqual(['/colour', '/email', '/loanGroupIds', '/name', '/password', '/role']);
    const unknownGroup = await as(admin).post('/api/users', fresh({ loanGroupIds: [groupIds[0], 'no-such-group'] }));
    expectProblem(unknownGroup, 400, 'invalid-input');
    expect(pointersOf(unknownGroup)).toEqual(['/loanGroupIds/1']);
    expectProblem(await as(admin).post('/api/users', [fresh()]), 400, 'invalid-input');
    const duplicate = await as(admin).post('/api/users', fresh({ email: 'head@alpha.example' }));
    expectProblem(duplicate, 409, 'conflict');
    expect(await storedAdminState(app.container, alpha.id)).toEqual(before);
  });

  it('refuses a link after seven days', async () => {
    const clock = new MovableClock();
    const own = await startApp({ env: { LOG_LEVEL: 'warn' }, clock });
    try {
      await own.tenant('delta');
      const head = await signIn(own, 'delta', { role: 'school-admin' });
      const created = await adminClient(own, head.token).post('/api/users', fresh({ email: 'late@delta.example' }));
      const onTime = await adminClient(own, head.token).post('/api/users', fresh({ email: 'ontime@delta.example' }));
      clock.advance(7 * DAY - 60_000);
      expect((await useLink(own, tokenIn(onTime.json.invitation.url), NEW_PASSWORD)).status).toBe(200);
      clock.advance(60_000);
      expectProblem(await useLink(own, tokenIn(created.json.invitation.url), NEW_PASSWORD), 400, 'invalid-input');
      const delta = await tenantBySlug(own.container, 'delta');
      expect((await newestAudit(own.container, delta.id, 'setup_link.rejected'))[0]).toMatchObject({
        details: { purpose: 'invitation', reason: 'expired' },
      });
    } finally {
      await own.close();
    }
  });
});

describe('invitations on the school’s own host, e-mailed when the deployment has mail', () => {
  it('links to the school’s first host (PUBLIC_URL’s scheme and port), and sends the link to the user only', async () => {
    const smtp = await startSmtp();
    const own = await startApp({
      env: { LOG_LEVEL: 'warn', SMTP_URL: smtp.url, PUBLIC_URL: 'https://desk.example.org:8443' },
    });
    try {
      await own.tenant('echo', { hosts: ['desk.echo.example', 'it.echo.example'] });
      await own.tenant('foxtrot');
      const head = await signIn(own, 'echo', { role: 'school-admin' });
      const made = await adminClient(own, head.token).post('/api/users', fresh({ email: 'new@echo.example' }));
      expect(made.status, made.text).toBe(201);
      expect(made.json.invitation.url).toMatch(/^https:\/\/desk\.echo\.example:8443\/setup#token=[\w-]{43}$/);
      expect(made.json.invitation.emailed).toBe(true);
      await expect.poll(() => smtp.received.length).toBe(1);
      const [mail] = smtp.received;
      expect(mail!.to).toEqual(['new@echo.example']);
      expect(mail!.raw.replace(/=\r?\n/g, '')).toContain(made.json.invitation.url.replace(/=/g, '=3D'));

      // A school without a host name: PUBLIC_URL; inviting again sends again.
      const other = await signIn(own, 'foxtrot', { role: 'school-admin' });
      const plain = await adminClient(own, other.token).post('/api/users', fresh({ email: 'new@foxtrot.example' }));
      expect(plain.json.invitation.url).toMatch(/^https:\/\/desk\.example\.org:8443\/setup#token=/);
      const again = await adminClient(own, head.token).post(`/api/users/${made.json.user.id}/invite`, {});
      expect(again.status, again.text).toBe(201);
      expect(again.json.invitation).toMatchObject({ emailed: true });
      await expect.poll(() => smtp.received.length).toBe(3);
    } finally {
      await own.close();
      await smtp.close();
    }
  });

  it('says the link was not e-mailed when the deployment has no mail', async () => {
    const made = await adminClient(app, admin.token).post('/api/users', fresh({ email: 'nomail@alpha.example' }));
    expect(made.status, made.text).toBe(201);
    expect(made.json.invitation.emailed).toBe(false);
  });
});

describe('PATCH /api/users/:id', () => {
  it('changes name, role, loan groups; audits the changes; answers the user', async () => {
    const made = await createUser(app, 'alpha', { role: 'technician', name: 'Sam Tech' });
    const reply = await as(admin).patch(`/api/users/${made.user.id}`, {
      name: 'Sam Teacher',
      role: 'teacher',
      loanGroupIds: [groupIds[1]],
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toEqual({
      user: {
        ...made.user,
        name: 'Sam Teacher',
        role: 'teacher',
        loanGroupIds: [groupIds[1]],
        hasPassword: true,
        invitation: null,
      },
    });
    const stored = await app.container.get(UnitOfWork).read((r) => r.users.findById(alpha.id, made.user.id));
    expect(stored).toMatchObject({ name: 'Sam Teacher', role: 'teacher', loanGroupIds: [groupIds[1]] });
    expect((await newestAudit(app.container, alpha.id, 'user.update'))[0]).toMatchObject({
      actor: { type: 'user', id: admin.user.id },
      target: `user:${made.user.id}`,
      details: {
        changes: {
          name: { from: 'Sam Tech', to: 'Sam Teacher' },
          role: { from: 'technician', to: 'teacher' },
          loanGroupIds: { from: [], to: [groupIds[1]] },
        },
      },
    });
  });

  it('refuses bad input naming the field, an unknown user, and changes nothing', async () => {
    const made = await createUser(app, 'alpha', { role: 'technician' });
    const before = await storedAdminState(app.container, alpha.id);
    const bad = await as(admin).patch(`/api/users/${made.user.id}`, {
      role: 'boss',
      active: 'no',
      loanGroupIds: ['no-such-group'],
      email: 'new@alpha.example',
    });
    expectProblem(bad, 400, 'invalid-input');
    expect(pointersOf(bad).sort()).toEqual(['/active', '/email', '/role']);
    const group = await as(admin).patch(`/api/users/${made.user.id}`, { loanGroupIds: ['no-such-group'] });
    expect(pointersOf(group)).toEqual(['/loanGroupIds/0']);
    expectProblem(await as(admin).patch(`/api/users/${made.user.id}`, {}), 400, 'invalid-input');
    expectProblem(await as(admin).patch('/api/users/no-such-user', { name: 'X' }), 404, 'not-found');
    expect(await storedAdminState(app.container, alpha.id)).toEqual(before);
  });

  it('stops a deactivated user’s session on its very next request; turning them back on revives nothing', async () => {
    const leaver = await signIn(app, 'alpha', { role: 'loan-desk' });
    const session = as(leaver);
    expect((await session.get('/api/loans/inventory')).status).toBe(200);
    const off = await as(admin).patch(`/api/users/${leaver.user.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.json.user.active).toBe(false);
    expectProblem(await session.get('/api/loans/inventory'), 401, 'unauthorized');
    expect((await login(app, 'alpha', { email: leaver.email, password: leaver.password })).status).toBe(401);
    expect((await newestAudit(app.container, alpha.id, 'user.update'))[0]).toMatchObject({
      details: { changes: { active: { from: true, to: false } } },
    });
    expect((await as(admin).patch(`/api/users/${leaver.user.id}`, { active: true })).status).toBe(200);
    expectProblem(await session.get('/api/loans/inventory'), 401, 'unauthorized');
    const again = await login(app, 'alpha', { email: leaver.email, password: leaver.password });
    expect(again.status).toBe(200);
    expect((await adminClient(app, again.json.token).get('/api/loans/inventory')).status).toBe(200);
  });

  it('applies a new role from the user’s next request, with the same session', async () => {
    const rising = await signIn(app, 'alpha', { role: 'technician' });
    expectProblem(await as(rising).get('/api/users'), 403, 'forbidden');
    expect((await as(admin).patch(`/api/users/${rising.user.id}`, { role: 'school-admin' })).status).toBe(200);
    expect((await as(rising).get('/api/users')).status).toBe(200);
    expect((await as(admin).patch(`/api/users/${rising.user.id}`, { role: 'read-only' })).status).toBe(200);
    expectProblem(await as(rising).get('/api/users'), 403, 'forbidden');
  });

  it('never demotes or deactivates the last active school administrator (409), and changes nothing', async () => {
    await app.tenant('echo');
    const echo = await tenantBySlug(app.container, 'echo');
    const only = await signIn(app, 'echo', { role: 'school-admin' });
    const before = await storedAdminState(app.container, echo.id);
    for (const change of [{ role: 'technician' }, { active: false }, { role: 'read-only', active: false }]) {
      const reply = await as(only).patch(`/api/users/${only.user.id}`, change);
      expectProblem(reply, 409, 'conflict');
      expect(reply.json.detail).toMatch(/last active school administrator/);
    }
    expect(await storedAdminState(app.container, echo.id)).toEqual(before);
    // With a second administrator the first may step down, and then the second is the last.
    const second = await signIn(app, 'echo', { role: 'school-admin' });
    expect((await as(only).patch(`/api/users/${only.user.id}`, { role: 'technician' })).status).toBe(200);
    expectProblem(await as(second).patch(`/api/users/${second.user.id}`, { active: false }), 409, 'conflict');
  });
});

describe.skipIf(!postgresAvailable)('two administrators demoting each other at once, on Postgres', () => {
  let pgApp: TestApp;
  beforeAll(async () => {
    pgApp = await startApp({ database: 'postgres', env: { LOG_LEVEL: 'warn' } });
  });
  afterAll(() => pgApp?.close());

  it('lets exactly one succeed, every time: one active administrator always remains', async () => {
    for (let round = 0; round < 8; round++) {
      const slug = `race-${round}`;
      await pgApp.tenant(slug, { modules: [] });
      const tenant = await tenantBySlug(pgApp.container, slug);
      const a = await signIn(pgApp, slug, { role: 'school-admin' });
      const b = await signIn(pgApp, slug, { role: 'school-admin' });
      // Demotion against deactivation on odd rounds: the rule is the same.
      const change = round % 2 === 0 ? { role: 'technician' } : { active: false };
      const [byA, byB] = await Promise.all([
        adminClient(pgApp, a.token).patch(`/api/users/${b.user.id}`, change),
        adminClient(pgApp, b.token).patch(`/api/users/${a.user.id}`, change),
      ]);
      // Exactly one wins. The loser gets 409 when both were authorised before either committed, and
      // 401/403 when its request was authorised after the winner's commit (its own session already
      // demoted or ended): either way it changed nothing.
      const statuses = [byA.status, byB.status].sort();
      expect(statuses[0], `${byA.text} ${byB.text}`).toBe(200);
      expect([401, 403, 409], `${byA.text} ${byB.text}`).toContain(statuses[1]);
      const admins = await pgApp.container
        .get(UnitOfWork)
        .read((r) => r.users.listActiveByRole(tenant.id, 'school-admin'));
      expect(admins).toHaveLength(1);
      const updates = await newestAudit(pgApp.container, tenant.id, 'user.update');
      expect(updates).toHaveLength(1);
    }
  }, 60_000);
});
