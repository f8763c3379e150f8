/**
 * Audit and logs keep their promises (issue 9, item 4). Every refused use of a setup link is audited,
 * the ones that lost a race included. A client's X-Request-Id is echoed and logged only when it is a
 * short id of a safe shape; a live API key sent there is replaced, and no key-shaped value reaches a
 * log line through any field, whoever wrote it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinoLogger } from '../../../src/adapters/observability/logger.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { send } from '../../support/rest.js';
import { auditEntries, tenantBySlug } from '../../support/tenant-data.js';
import { captureLog, setupLink, signIn } from '../../support/observability.js';

warnIfPostgresSkipped();

describe.each(['sqlite', 'postgres'] as const)(
  'a setup link used 20 times at once, on %s',
  (database: TestDatabase) => {
    describe.skipIf(database === 'postgres' && !postgresAvailable)('every use', () => {
      let app: TestApp;
      beforeAll(async () => {
        app = await startApp({ database });
        await app.tenant('north');
      });
      afterAll(() => app?.close());

      it('is answered once with 200 and nineteen times with 400, and each refusal is audited', async () => {
        const admin = await signIn(app, 'north');
        const { token } = await setupLink(app, admin.email);
        const replies = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            send(app.port, {
              method: 'POST',
              path: '/api/auth/setup',
              body: { token, password: `a brand new password ${i}` },
            }),
          ),
        );
        expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(400)]);
        const tenant = await tenantBySlug(app.container, 'north');
        expect(await auditEntries(app.container, tenant.id, 'setup_link.use')).toHaveLength(1);
        const rejected = await auditEntries(app.container, tenant.id, 'setup_link.rejected');
        expect(rejected).toHaveLength(19);
        expect(rejected.every((e) => e.details.reason === 'used')).toBe(true);
      });
    });
  },
);

describe('X-Request-Id', () => {
  let app: TestApp;
  let key: string;
  const log = captureLog();

  beforeAll(async () => {
    app = await startApp({ env: { LOG_LEVEL: 'info' }, logDestination: log.destination });
    await app.tenant('north');
    key = (await app.key('north', ['loan.view'])).key;
  });
  afterAll(() => app?.close());

  const ping = (requestId: string) =>
    send(app.port, { path: '/api/v1/ping', headers: { 'x-api-key': key, 'x-request-id': requestId } });

  it('echoes and logs a short id of a safe shape as is', async () => {
    for (const id of ['req-123', 'Root=1-5759e988', '0b8a4c8e-6b3f-4a8e-9d42-6f1c2b7e9a10', 'abc.DEF_9:z']) {
      const reply = await ping(id);
      expect(reply.headers['x-request-id']).toBe(id);
      expect(log.json().some((l) => l.requestId === id)).toBe(true);
    }
  });

  it('replaces a live API key, a JWT, or a long opaque value with an id of its own', async () => {
    const session = await signIn(app, 'north');
    for (const secret of [key, session.token, 'A'.repeat(48), 'x'.repeat(200)]) {
      const reply = await ping(secret);
      expect(reply.status).toBe(200);
      expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(log.text()).not.toContain(key);
    expect(log.text()).not.toContain(session.token);
  });
});

describe('the logger', () => {
  it('scrubs key-shaped values from every field and the message, not only from errors', () => {
    const log = captureLog();
    const logger = new PinoLogger('info', { destination: log.destination });
    const key = 'desk_' + 'k'.repeat(32) + 'ABCDEF';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiIxMjMifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    logger.info({ requestId: key, nested: { note: `Bearer ${jwt}`, list: [key] } }, `saw ${key}`);
    logger.warn({ secret: 'whsec_' + 'w'.repeat(32) }, 'webhook');
    expect(log.text()).not.toContain(key);
    expect(log.text()).not.toContain(jwt);
    expect(log.text()).not.toContain('w'.repeat(32));
    expect(log.json()[0]).toMatchObject({ msg: 'saw desk_[redacted]', requestId: 'desk_[redacted]' });
  });
});
