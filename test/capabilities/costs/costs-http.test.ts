/**
 * Costs in the console (issue 12, point 6) over HTTP, on SQLite and on Postgres: `POST /api/costs`
 * (cost.manage), `GET /api/costs` and `GET /api/costs/breakdown` (cost.view). Each entry is checked
 * in the database, the audit trail (the signed-in user as the actor) and the outbox; each refusal
 * leaves all of that as it was. Tenant isolation comes first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../../src/domain/access/permissions.js';
import { periodKey } from '../../../src/domain/costs/cost-entry.js';
import { addDays, addMonths } from '../../../src/domain/shared/dates.js';
import type { TestApp } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, invokeAction, pointersOf, type Reply } from '../../support/rest.js';
import { readTenantData, type TenantData } from '../../support/tenant-data.js';
import { consoleClient, signIn, todayOf, type ConsoleClient, type ConsoleUser } from '../../support/console.js';
import {
  auditTrail,
  DATABASES,
  eventsAfter,
  expectedRows,
  newestEventId,
  recordsState,
  startRecordsApp,
} from '../../support/repairs.js';

warnIfPostgresSkipped();

describe.each(DATABASES)('on %s', (database) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('costs in the console', () => {
    let app: TestApp;
    let a: TenantData;
    let b: TenantData;
    let off: TenantData;
    let tech: ConsoleUser;
    let admin: ConsoleUser;
    let desk: ConsoleUser;
    let teacher: ConsoleUser;
    let reader: ConsoleUser;
    let bTech: ConsoleUser;
    let offAdmin: ConsoleUser;
    let today: string;

    beforeAll(async () => {
      app = await startRecordsApp(database);
      await app.tenant('cost-a', { seed: 'small' });
      await app.tenant('cost-b', { seed: 'small' });
      await app.tenant('cost-off', { seed: 'small', modules: MODULES.filter((m) => m !== 'costs') });
      a = await readTenantData(app.container, 'cost-a');
      b = await readTenantData(app.container, 'cost-b');
      off = await readTenantData(app.container, 'cost-off');
      today = todayOf(a.tenant);
      tech = await signIn(app, 'cost-a', { role: 'technician' });
      admin = await signIn(app, 'cost-a', { role: 'school-admin' });
      desk = await signIn(app, 'cost-a', { role: 'loan-desk' });
      teacher = await signIn(app, 'cost-a', { role: 'teacher' });
      reader = await signIn(app, 'cost-a', { role: 'read-only' });
      bTech = await signIn(app, 'cost-b', { role: 'technician' });
      offAdmin = await signIn(app, 'cost-off', { role: 'school-admin' });
    }, 120_000);
    afterAll(() => app?.close());

    const as = (u: ConsoleUser): ConsoleClient => consoleClient(app, u.token);
    const state = (t: TenantData) => recordsState(app.container, t.tenant.id);

    async function expectRefused(t: TenantData, write: () => Promise<Reply>, status: number, type: string) {
      const before = await state(t);
      const reply = await write();
      expectProblem(reply, status, type);
      expect(await state(t)).toEqual(before);
      return reply;
    }

    /** Every page of the cost list as `user` sees it. */
    async function allListed(user: ConsoleUser, query = '') {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const reply = await as(user).get(`/api/costs?pageSize=100&page=${page}${query}`);
        expect(reply.status, reply.text).toBe(200);
        ids.push(...reply.json.costs.map((c: { id: string }) => c.id));
        if (page * 100 >= reply.json.total) return { ids, total: reply.json.total as number };
      }
    }

    describe('tenant isolation', () => {
      it('lists, sums and records only the school’s own costs, leaving the other school unchanged', async () => {
        // B records a cost nobody else has: a large, odd amount.
        const bCost = await as(bTech).post('/api/costs', {
          type: 'OTHER',
          amountMinor: 987_654_321,
          date: today,
          note: 'B only',
        });
        expect(bCost.status, bCost.text).toBe(201);
        const bBefore = await state(b);
        const bIds = new Set(bBefore.costs.map((c) => c.id));

        // A's list is exactly A's entries.
        const listed = await allListed(reader);
        const own = (await state(a)).costs.map((c) => c.id);
        expect(listed.total).toBe(own.length);
        expect(listed.ids).toEqual(own);
        expect(listed.ids.some((id) => bIds.has(id))).toBe(false);
        expect((await as(reader).get('/api/costs?type=OTHER')).json.costs).toEqual([]);

        // A's breakdown sums A's entries only, on the console and through the tool.
        const from = '2000-01-01';
        const reply = await as(reader).get(`/api/costs/breakdown?by=type&from=${from}&to=${today}`);
        expect(reply.status, reply.text).toBe(200);
        expect(reply.json.rows).toEqual(await expectedRows(app.container, a.tenant.id, (c) => c.type, from, today));
        expect(reply.json.rows.find((r: { key: string }) => r.key === 'OTHER')).toBeUndefined();
        const { key } = await app.key('cost-a', ['cost.view']);
        const tool = await invokeAction(app.port, key, 'costs.breakdown', { by: 'type', from, to: today });
        expect(tool.json.result).toEqual(reply.json);

        // A records; B is unchanged, and B's session cannot be pointed at A, nor A's at B.
        const aCost = await as(tech).post('/api/costs', { type: 'PARTS', amountMinor: 1_500, date: today });
        expect(aCost.status, aCost.text).toBe(201);
        expectProblem(
          await as(tech).get('/api/costs', { headers: { 'x-tenant-slug': 'cost-b' } }),
          401,
          'unauthorized',
        );
        await expectRefused(
          b,
          () =>
            as(tech).post(
              '/api/costs',
              { type: 'PARTS', amountMinor: 1, date: today },
              { headers: { 'x-tenant-slug': 'cost-b' } },
            ),
          401,
          'unauthorized',
        );
        expect(await state(b)).toEqual(bBefore);
        expect((await allListed(bTech)).ids).not.toContain(aCost.json.cost.id);
      });
    });

    describe('recording a cost', () => {
      it('records a purchase by hand: 201 with the entry, stored, audited with the user and announced thinly', async () => {
        const firstEvent = await newestEventId(app.container, a.tenant.id);
        const reply = await as(tech).post('/api/costs', {
          type: 'PURCHASE',
          coverage: 'SCHOOL',
          amountMinor: 64_900,
          date: addDays(today, -3),
          note: 'INV-4471, two chargers for Ms Jones',
        });
        expect(reply.status, reply.text).toBe(201);
        expect(Object.keys(reply.json)).toEqual(['cost']);
        const cost = reply.json.cost;
        expect(cost).toEqual({
          id: expect.any(String),
          type: 'PURCHASE',
          coverage: 'SCHOOL',
          amountMinor: 64_900,
          date: addDays(today, -3),
          source: 'manual',
          note: 'INV-4471, two chargers for Ms Jones',
        });
        expect((await state(a)).costs).toContainEqual(cost);
        expect((await auditTrail(app.container, a.tenant.id, 1))[0]).toMatchObject({
          actor: { type: 'user', id: tech.user.id },
          action: 'cost.record',
          target: `cost:${cost.id}`,
          details: {
            type: 'PURCHASE',
            coverage: 'SCHOOL',
            amountMinor: 64_900,
            date: addDays(today, -3),
            source: 'manual',
            note: 'INV-4471, two chargers for Ms Jones',
          },
        });
        const events = await eventsAfter(app.container, a.tenant.id, firstEvent);
        expect(events.map((e) => ({ kind: e.kind, payload: e.payload }))).toEqual([
          {
            kind: 'cost.recorded',
            payload: {
              cost: {
                id: cost.id,
                type: 'PURCHASE',
                coverage: 'SCHOOL',
                amountMinor: 64_900,
                date: addDays(today, -3),
                source: 'manual',
              },
            },
          },
        ]);
        expect(JSON.stringify(events)).not.toMatch(/INV-4471|Jones/);
      });

      it('takes a refund as a negative amount with a note, and the breakdown nets it', async () => {
        const month = periodKey(today, 'month');
        const breakdown = async () =>
          (await as(reader).get(`/api/costs/breakdown?by=period&period=month&from=${today}&to=${today}`)).json;
        const before = await breakdown();
        const noNote = await expectRefused(
          a,
          () => as(admin).post('/api/costs', { type: 'LICENSE', amountMinor: -10_000, date: today }),
          400,
          'invalid-input',
        );
        expect(pointersOf(noNote)).toEqual(['/note']);
        const refund = await as(admin).post('/api/costs', {
          type: 'LICENSE',
          amountMinor: -10_000,
          date: today,
          note: 'Credit note: 4 seats cancelled',
        });
        expect(refund.status, refund.text).toBe(201);
        expect(refund.json.cost).toMatchObject({ amountMinor: -10_000, source: 'manual' });
        const after = await breakdown();
        const row = (x: { rows: { key: string; amountMinor: number; count: number }[] }) =>
          x.rows.find((r) => r.key === month) ?? { key: month, amountMinor: 0, count: 0 };
        expect(row(after)).toEqual({
          key: month,
          count: row(before).count + 1,
          amountMinor: row(before).amountMinor - 10_000,
        });
        expect(after.totalMinor).toBe(before.totalMinor - 10_000);
      });

      it('refuses bad input naming each field, writing nothing', async () => {
        const good = { type: 'PARTS', amountMinor: 2_500, date: today };
        const cases: [unknown, string[]][] = [
          [{}, ['/type', '/amountMinor', '/date']],
          [{ ...good, type: 'SNACKS' }, ['/type']],
          [{ ...good, coverage: 'NONE' }, ['/coverage']],
          [{ ...good, amountMinor: 0 }, ['/amountMinor']],
          [{ ...good, amountMinor: '25.00' }, ['/amountMinor']],
          [{ ...good, amountMinor: 25.5 }, ['/amountMinor']],
          [{ ...good, amountMinor: 1e15 }, ['/amountMinor']],
          [{ ...good, date: '2026-02-29' }, ['/date']],
          [{ ...good, date: addDays(today, 1) }, ['/date']],
          [{ ...good, date: `${today}T00:00:00Z` }, ['/date']],
          [{ ...good, note: '' }, ['/note']],
          [{ ...good, note: 'x'.repeat(501) }, ['/note']],
          [{ ...good, source: 'submission:1' }, ['/source']],
          [[good], ['/body']],
        ];
        for (const [body, pointers] of cases) {
          const reply = await expectRefused(a, () => as(tech).post('/api/costs', body), 400, 'invalid-input');
          expect(pointersOf(reply), JSON.stringify(body)).toEqual(pointers);
        }
        await expectRefused(
          a,
          () => as(tech).post('/api/costs', '{"type":"PARTS",', { headers: { 'content-type': 'application/json' } }),
          400,
          'malformed-body',
        );
        await expectRefused(
          a,
          () =>
            as(tech).post('/api/costs', 'type=PARTS', {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            }),
          415,
          'unsupported-media-type',
        );
        await expectRefused(
          a,
          () => as(tech).post('/api/costs', good, { headers: { origin: 'https://evil.example' } }),
          403,
          'forbidden',
        );
        await expectRefused(a, () => consoleClient(app, undefined).post('/api/costs', good), 401, 'unauthorized');
      });
    });

    describe('the list and the breakdown', () => {
      it('lists newest first, paged, with filters and the currency; unknown parameters ignored', async () => {
        const stored = (await state(a)).costs; // newest first, as the repository orders them
        const first = await as(reader).get('/api/costs?pageSize=3&colour=blue');
        expect(first.status, first.text).toBe(200);
        expect(first.json).toEqual({
          costs: stored.slice(0, 3),
          total: stored.length,
          page: 1,
          pageSize: 3,
          currency: 'EUR',
        });
        const second = await as(reader).get('/api/costs?pageSize=3&page=2');
        expect(second.json.costs).toEqual(stored.slice(3, 6));
        const dates = stored.map((c) => c.date);
        expect(dates).toEqual([...dates].sort().reverse());

        const from = addMonths(today, -2);
        const filters: [string, (c: (typeof stored)[number]) => boolean][] = [
          ['type=LICENSE', (c) => c.type === 'LICENSE'],
          ['coverage=NONE', (c) => c.coverage === null],
          ['coverage=WARRANTY&type=REPAIR', (c) => c.coverage === 'WARRANTY' && c.type === 'REPAIR'],
          [`from=${from}`, (c) => c.date >= from],
          [`from=${from}&to=${from}`, (c) => c.date === from],
          [`to=${from}`, (c) => c.date <= from],
        ];
        for (const [query, keep] of filters) {
          const expected = stored.filter(keep);
          const listed = await allListed(reader, `&${query}`);
          expect(listed.total, query).toBe(expected.length);
          expect(listed.ids, query).toEqual(expected.map((c) => c.id));
        }
        expect((await allListed(reader, '&coverage=NONE')).total).toBeGreaterThan(0);
      });

      it('refuses bad list and breakdown parameters naming each one', async () => {
        const cases: [string, string[]][] = [
          ['/api/costs?type=repair', ['/type']],
          ['/api/costs?coverage=nobody', ['/coverage']],
          ['/api/costs?from=2026-13-01', ['/from']],
          [`/api/costs?from=${today}&to=${addDays(today, -1)}`, ['/from']],
          ['/api/costs?page=0', ['/page']],
          ['/api/costs?pageSize=101', ['/pageSize']],
          ['/api/costs?type=REPAIR&type=PARTS', ['/type']],
          ['/api/costs/breakdown', ['/by']],
          ['/api/costs/breakdown?by=colour', ['/by']],
          ['/api/costs/breakdown?by=period&period=week', ['/period']],
          [`/api/costs/breakdown?by=type&from=${today}&to=${addDays(today, -1)}`, ['/from']],
        ];
        for (const [path, pointers] of cases) {
          const reply = await as(reader).get(path);
          expectProblem(reply, 400, 'invalid-input');
          expect(pointersOf(reply), path).toEqual(pointers);
        }
      });

      it('answers the breakdown as the costs.breakdown tool does, by type, coverage and period', async () => {
        const { key } = await app.key('cost-a', ['cost.view']);
        const queries: Record<string, string>[] = [
          { by: 'type' },
          { by: 'coverage' },
          { by: 'period', period: 'quarter', from: addMonths(today, -24), to: today },
          { by: 'period', period: 'year' },
        ];
        for (const query of queries) {
          const search = new URLSearchParams(query).toString();
          const route = await as(reader).get(`/api/costs/breakdown?${search}`);
          expect(route.status, route.text).toBe(200);
          const tool = await invokeAction(app.port, key, 'costs.breakdown', query);
          expect(route.json, search).toEqual(tool.json.result);
          expect(route.json.rows.length).toBeGreaterThan(0);
        }
      });
    });

    describe('roles and the module', () => {
      it('lets technicians and school administrators record, read-only users read, and neither the loan desk nor teachers', async () => {
        const body = { type: 'OTHER', amountMinor: 100, date: today };
        for (const user of [tech, admin]) expect((await as(user).post('/api/costs', body)).status).toBe(201);
        for (const user of [reader, desk, teacher]) {
          await expectRefused(a, () => as(user).post('/api/costs', body), 403, 'forbidden');
          // Permission before input.
          await expectRefused(a, () => as(user).post('/api/costs', { type: 'NOPE' }), 403, 'forbidden');
        }
        expect((await as(reader).get('/api/costs')).status).toBe(200);
        expect((await as(reader).get('/api/costs/breakdown?by=type')).status).toBe(200);
        for (const user of [desk, teacher]) {
          expectProblem(await as(user).get('/api/costs'), 403, 'forbidden');
          expectProblem(await as(user).get('/api/costs/breakdown?by=type'), 403, 'forbidden');
        }
      });

      it('answers 404 on every route while the costs module is off, whatever the input, changing nothing', async () => {
        const client = as(offAdmin);
        for (const write of [
          () => client.get('/api/costs'),
          () => client.get('/api/costs?pageSize=1000'),
          () => client.get('/api/costs/breakdown?by=type'),
          () => client.get('/api/costs/breakdown'),
          () => client.post('/api/costs', { type: 'OTHER', amountMinor: 100, date: today }),
          () => client.post('/api/costs', { type: 'NOPE' }),
        ]) {
          await expectRefused(off, write, 404, 'module-disabled');
        }
      });
    });
  });
});
