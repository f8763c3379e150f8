/**
 * Single sign-ons started are limited per source address (RATE_LIMIT_SSO_PER_MINUTE), refused ones
 * included: a script cannot make Desk fill its table of sign-ins in progress, or hammer a school's
 * provider, from one address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.js';
import { send } from '../support/rest.js';

describe('single sign-on start limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ env: { RATE_LIMIT_SSO_PER_MINUTE: '2', PUBLIC_URL: 'http://localhost' } });
    await app.tenant('north');
  });
  afterAll(() => app?.close());

  const start = () => send(app.port, { path: '/api/auth/sso/start?school=north&returnTo=/loans' });

  it('answers two starts a minute from an address, then 429 with Retry-After', async () => {
    for (let i = 0; i < 2; i++) {
      const allowed = await start();
      expect(allowed.status).toBe(303);
      expect(allowed.headers.location).toBe('/loans?sso=not_configured');
      expect(allowed.headers['ratelimit-policy']).toBe('"sso-start";q=2;w=60');
    }
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
