/**
 * A school's settings declared in the domain (issue 23), through their derived routes, on both
 * databases: the defaults until saved, a PUT that sets the whole value (a field left out takes its
 * default) and is audited, a problem naming the field for bad input with nothing written, the
 * administrator's permission, and another school that neither sees nor changes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { schoolYearNamed, schoolYearOf } from '../../../src/domain/settings/school-year.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, pointersOf, send } from '../../support/rest.js';
import { auditEntries, tenantBySlug } from '../../support/tenant-data.js';
import { signIn } from '../../support/console.js';

warnIfPostgresSkipped();

describe('the school year', () => {
  const august = { startMonth: 8, startDay: 1 };
  it('names the year a date falls in by its two calendar years, from the school’s start', () => {
    expect(schoolYearOf('2026-07-31', august)).toEqual({ name: '2025-2026', starts: '2025-08-01', ends: '2026-08-01' });
    expect(schoolYearOf('2026-08-01', august)).toEqual({ name: '2026-2027', starts: '2026-08-01', ends: '2027-08-01' });
    expect(schoolYearOf('2027-01-15', { startMonth: 1, startDay: 1 }).name).toBe('2027-2028');
    expect(schoolYearOf('2027-03-01', { startMonth: 2, startDay: 29 }).starts).toBe('2027-03-01');
    expect(schoolYearNamed('2026-2027', { startMonth: 9, startDay: 3 })).toEqual({
      name: '2026-2027',
      starts: '2026-09-03',
      ends: '2027-09-03',
    });
  });
});

describe.each<TestDatabase>(['sqlite', 'postgres'])('school settings on %s', (database) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('through /api/settings/school-year', () => {
    let app: TestApp;
    let admin: { token: string; user: { id: string } };
    let otherAdmin: { token: string };
    let technician: { token: string };
    const call = (token: string, method = 'GET', body?: unknown) =>
      send(app.port, {
        method,
        path: '/api/settings/school-year',
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { body }),
      });

    beforeAll(async () => {
      app = await startApp({ database, env: { LOG_LEVEL: 'warn' } });
      await app.tenant('set-a');
      await app.tenant('set-b');
      admin = await signIn(app, 'set-a', { role: 'school-admin' });
      otherAdmin = await signIn(app, 'set-b', { role: 'school-admin' });
      technician = await signIn(app, 'set-a', { role: 'technician' });
    });
    afterAll(() => app?.close());

    it('reads the defaults, sets the whole value (audited), and a field left out goes back to its default', async () => {
      expect((await call(admin.token)).json).toEqual({ startMonth: 8, startDay: 1 });
      const set = await call(admin.token, 'PUT', { startMonth: 9, startDay: 3 });
      expect(set.status, set.text).toBe(200);
      expect(set.json).toEqual({ startMonth: 9, startDay: 3 });
      expect((await call(admin.token)).json).toEqual({ startMonth: 9, startDay: 3 });

      const tenant = await tenantBySlug(app.container, 'set-a');
      const stored = await app.container.get(UnitOfWork).read((r) => r.schoolSettings.get(tenant.id, 'school-year'));
      expect(stored).toEqual({ startMonth: 9, startDay: 3 });
      const [entry] = await auditEntries(app.container, tenant.id, 'settings.school-year.set');
      expect(entry).toMatchObject({
        actor: { type: 'user', id: admin.user.id },
        target: 'tenant:set-a',
        details: { from: { startMonth: 8, startDay: 1 }, to: { startMonth: 9, startDay: 3 } },
      });

      expect((await call(admin.token, 'PUT', { startMonth: 1 })).json).toEqual({ startMonth: 1, startDay: 1 });
    });

    it('refuses bad input naming the field, and writes nothing', async () => {
      await call(admin.token, 'PUT', { startMonth: 8, startDay: 1 });
      for (const [body, field] of [
        [{ startMonth: 13 }, 'startMonth'],
        [{ startMonth: 2, startDay: 30 }, 'startDay'],
        [{ startMonth: '8' }, 'startMonth'],
        [{ startMonth: 8, colour: 'blue' }, 'colour'],
      ] as const) {
        const reply = await call(admin.token, 'PUT', body);
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply)).toContain(`/${field}`);
      }
      expect((await call(admin.token)).json).toEqual({ startMonth: 8, startDay: 1 });
    });

    it('is the school administrator’s: a technician is refused', async () => {
      expectProblem(await call(technician.token), 403, 'forbidden');
      expectProblem(await call(technician.token, 'PUT', { startMonth: 9 }), 403, 'forbidden');
    });

    it('is per school: another school reads its own defaults and its change does not reach this one', async () => {
      await call(admin.token, 'PUT', { startMonth: 9, startDay: 1 });
      expect((await call(otherAdmin.token)).json).toEqual({ startMonth: 8, startDay: 1 });
      await call(otherAdmin.token, 'PUT', { startMonth: 1, startDay: 1 });
      expect((await call(admin.token)).json).toEqual({ startMonth: 9, startDay: 1 });
    });
  });
});
