/**
 * Every text that comes from outside — sign-in and setup bodies, headers used as data, query strings,
 * path segments — passes the one well-formedness rule (no control characters but tab and line breaks,
 * no lone surrogates) before it can reach a database (issue 9, item 1). Postgres refuses a NUL in
 * text with an error of its own; before this rule that surfaced as a 500. On both databases the
 * answer is a 4xx naming what was wrong, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, pointersOf, send } from '../../support/rest.js';
import { signIn } from '../../support/observability.js';

warnIfPostgresSkipped();

const ILL_FORMED = {
  nul: 'a\u0000b',
  bell: 'a\u0007b',
  'lone surrogate': 'a\uD800b',
} as const;

describe.each(['sqlite', 'postgres'] as const)('on %s', (database: TestDatabase) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('text from outside', () => {
    let app: TestApp;
    let key: string;
    let token: string;

    beforeAll(async () => {
      app = await startApp({ database });
      await app.tenant('north', { seed: 'small' });
      key = (await app.key('north', ['device.view', 'repair.view', 'loan.view'])).key;
      token = (await signIn(app, 'north')).token;
    });
    afterAll(() => app?.close());

    it.each(Object.entries(ILL_FORMED))('sign-in refuses a %s in the e-mail or password, naming it', async (_, bad) => {
      for (const [field, body] of [
        ['/email', { email: `head${bad}@north.example`, password: 'whatever it is' }],
        ['/password', { email: 'head@north.example', password: `pass${bad}word-long-enough` }],
      ] as const) {
        const reply = await send(app.port, {
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'x-tenant-slug': 'north' },
          body,
        });
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply)).toEqual([field]);
      }
    });

    it.each(Object.entries(ILL_FORMED))('setup refuses a %s in the token or password', async (_, bad) => {
      const token = await send(app.port, {
        method: 'POST',
        path: '/api/auth/setup',
        body: { token: `tok${bad}en`, password: 'a long enough password' },
      });
      expectProblem(token, 400, 'invalid-input');
      const password = await send(app.port, {
        method: 'POST',
        path: '/api/auth/setup',
        body: { token: 'x'.repeat(43), password: `a long enough${bad} password` },
      });
      expectProblem(password, 400, 'invalid-input');
      expect(pointersOf(password)).toEqual(['/password']);
    });

    it('query strings: a NUL or control character in any parameter is 400 naming it', async () => {
      const cases: { path: string; headers: Record<string, string>; pointer: string }[] = [
        { path: '/api/v1/devices?q=%00', headers: { 'x-api-key': key }, pointer: '/q' },
        { path: '/api/v1/devices?kind=%07', headers: { 'x-api-key': key }, pointer: '/kind' },
        { path: '/api/v1/submissions?serial=ab%00', headers: { 'x-api-key': key }, pointer: '/serial' },
        { path: '/api/v1/submissions?q=%00', headers: { 'x-api-key': key }, pointer: '/q' },
        { path: '/api/loans/inventory?q=%00', headers: { authorization: `Bearer ${token}` }, pointer: '/q' },
        {
          path: '/api/loans/inventory?groupId=%00',
          headers: { authorization: `Bearer ${token}` },
          pointer: '/groupId',
        },
        {
          path: '/api/loans/inventory?userGroup=x%1Fy',
          headers: { authorization: `Bearer ${token}` },
          pointer: '/userGroup',
        },
        {
          path: '/api/loans/inventory?holderId=%00',
          headers: { authorization: `Bearer ${token}` },
          pointer: '/holderId',
        },
        { path: '/api/loans?q=%00', headers: { authorization: `Bearer ${token}` }, pointer: '/q' },
      ];
      for (const c of cases) {
        const reply = await send(app.port, { path: c.path, headers: c.headers });
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply), c.path).toEqual([c.pointer]);
      }
    });

    it('path segments: a NUL in a record id is a 4xx, never a 500', async () => {
      for (const path of ['/api/v1/devices/%00', '/api/v1/submissions/a%00b', '/api/v1/devices/%ED%A0%80']) {
        const reply = await send(app.port, { path, headers: { 'x-api-key': key } });
        expect(reply.status, `${path}: ${reply.text}`).toBeGreaterThanOrEqual(400);
        expect(reply.status, `${path}: ${reply.text}`).toBeLessThan(500);
      }
    });

    it('headers used as data: a slug or host that cannot be one answers as unknown, without a database error', async () => {
      const slug = await send(app.port, {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'x-tenant-slug': "caf\u00e9 ' or 1=1 --".padEnd(300, 'x') },
        body: { email: 'head@north.example', password: 'whatever it is' },
      });
      expectProblem(slug, 401, 'unauthorized');
      const host = await send(app.port, {
        path: '/api/v1/ping',
        host: 'caf\u00e9.example',
        headers: { 'x-api-key': key },
      });
      expectProblem(host, 404, 'unknown-host');
    });
  });
});
