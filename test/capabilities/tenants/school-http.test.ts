/**
 * The school changing itself in the console (issue 29, point 9): GET and PATCH /api/school against
 * the real server, on SQLite and Postgres. Schools kept apart first; then who may, each field judged
 * as `desk tenant update` judges it (named in the answer, nothing written), another school's host
 * name refused, and the change audited and in force from the next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { adminClient, newestAudit } from '../../support/admin.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { signIn, type ConsoleUser } from '../../support/console.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, pointersOf } from '../../support/rest.js';
import { tenantBySlug } from '../../support/tenant-data.js';

warnIfPostgresSkipped();
const DATABASES: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(DATABASES)('the school settings on %s', (database) => {
  let app: TestApp;
  let alpha: Tenant;
  let bravo: Tenant;
  let admin: ConsoleUser;
  let bravoAdmin: ConsoleUser;
  let tech: ConsoleUser;

  beforeAll(async () => {
    app = await startApp({ database, env: { LOG_LEVEL: 'warn' } });
    await app.tenant('alpha', { hosts: ['desk.alpha.example'] });
    await app.tenant('bravo', { hosts: ['desk.bravo.example'] });
    alpha = await tenantBySlug(app.container, 'alpha');
    bravo = await tenantBySlug(app.container, 'bravo');
    admin = await signIn(app, 'alpha', { role: 'school-admin', name: 'Alpha Head' });
    bravoAdmin = await signIn(app, 'bravo', { role: 'school-admin' });
    tech = await signIn(app, 'alpha', { role: 'technician' });
  });
  afterAll(() => app?.close());

  const as = (u: ConsoleUser) => adminClient(app, u.token);
  const stored = (t: Tenant) => app.container.get(UnitOfWork).read((r) => r.tenants.findById(t.id));

  it("changes only the school's own settings, and shows only its own", async () => {
    const reply = await as(bravoAdmin).patch('/api/school', { name: 'Bravo Academy' });
    expect(reply.status, reply.text).toBe(200);
    expect((await stored(alpha))?.name).toBe(alpha.name);
    expect((await as(admin).get('/api/school')).json).toEqual({
      school: {
        slug: 'alpha',
        name: alpha.name,
        timeZone: alpha.timeZone,
        currency: alpha.currency,
        hosts: ['desk.alpha.example'],
      },
    });
    const elsewhere = await as(admin).patch(
      '/api/school',
      { name: 'Taken' },
      { headers: { 'x-tenant-slug': 'bravo' } },
    );
    expectProblem(elsewhere, 401, 'unauthorized');
    expect((await stored(bravo))?.name).toBe('Bravo Academy');
  });

  it('is for school administrators only', async () => {
    expectProblem(await as(tech).get('/api/school'), 403, 'forbidden');
    expectProblem(await as(tech).patch('/api/school', { name: 'Tech School' }), 403, 'forbidden');
    expect((await stored(alpha))?.name).toBe(alpha.name);
  });

  it('names a bad field and writes nothing; refuses another school’s host name', async () => {
    for (const [body, pointer] of [
      [{ timeZone: 'Mars/Olympus' }, '/timeZone'],
      [{ currency: 'euro' }, '/currency'],
      [{ hosts: ['desk.alpha.example', 'https://x.example'] }, '/hosts/1'],
      [{ slug: 'renamed' }, '/slug'],
    ] as const) {
      const reply = await as(admin).patch('/api/school', body);
      expectProblem(reply, 400, 'invalid-input');
      expect(pointersOf(reply), JSON.stringify(body)).toContain(pointer);
    }
    expectProblem(await as(admin).patch('/api/school', { hosts: ['desk.bravo.example'] }), 409, 'conflict');
    expect(await stored(alpha)).toMatchObject({
      name: alpha.name,
      timeZone: alpha.timeZone,
      hosts: ['desk.alpha.example'],
    });
  });

  it('saves the change, audited, in force from the next request', async () => {
    const reply = await as(admin).patch('/api/school', {
      name: 'Alpha High',
      timeZone: 'Asia/Tokyo',
      currency: 'jpy',
      hosts: ['desk.alpha.example', 'alpha.example'],
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toEqual({
      school: {
        slug: 'alpha',
        name: 'Alpha High',
        timeZone: 'Asia/Tokyo',
        currency: 'JPY',
        hosts: ['alpha.example', 'desk.alpha.example'],
      },
    });
    expect((await as(admin).get('/api/auth/me')).json.tenant).toEqual({
      slug: 'alpha',
      name: 'Alpha High',
      timeZone: 'Asia/Tokyo',
      currency: 'JPY',
    });
    const [entry] = await newestAudit(app.container, alpha.id, 'tenant.update');
    expect(entry).toMatchObject({
      actor: { type: 'user', id: admin.user.id },
      target: 'tenant:alpha',
      details: { name: { from: alpha.name, to: 'Alpha High' }, currency: { from: alpha.currency, to: 'JPY' } },
    });
  });
});
