/** SPEC §7.2/§7.3: per-key limits on /api/v1 and on the action surface, with the draft-10 headers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../support/app.js';

describe('REST rate limits', () => {
  let app: TestApp;
  let first: string;
  let second: string;
  beforeAll(async () => {
    app = await startApp({ env: { RATE_LIMIT_V1_PER_MINUTE: '2', RATE_LIMIT_ACTIONS_PER_MINUTE: '1' } });
    await app.tenant('north');
    first = (await app.key('north', ['loan.view'])).key;
    second = (await app.key('north', ['loan.view'])).key;
  });
  afterAll(() => app.close());

  const ping = (key: string) => fetch(`${app.url}/api/v1/ping`, { headers: { 'x-api-key': key } });

  it('refuses a key over its v1 limit with 429 problem+json, leaving other keys alone', async () => {
    const ok = await ping(first);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-policy')).toBe('"v1";q=2;w=60');
    expect(ok.headers.get('ratelimit')).toMatch(/^"v1";r=1;t=\d+$/);
    expect((await ping(first)).status).toBe(200);
    const refused = await ping(first);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ status: 429, type: expect.stringMatching(/rate-limited$/) });
    expect((await ping(second)).status).toBe(200);
  });

  it('counts the action surface under its own policy', async () => {
    const list = () => fetch(`${app.url}/api/v1/actions`, { headers: { 'x-api-key': second } });
    const ok = await list();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-policy')).toBe('"actions";q=1;w=60');
    expect((await list()).status).toBe(429);
  });

  it('does not count requests without a valid key', async () => {
    for (let i = 0; i < 3; i++) expect((await ping('desk_not-a-key')).status).toBe(401);
  });
});
