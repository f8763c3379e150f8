/** SPEC §7.1 / seed §8: 60 requests a minute per source address on /api/mcp; a batch is one request. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.js';

describe('MCP rate limit', () => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    app = await startApp({ env: { RATE_LIMIT_MCP_PER_MINUTE: '3' } });
    await app.tenant('north');
    ({ key } = await app.key('north', ['loan.view']));
  });
  afterAll(() => app.close());

  const post = (body: unknown, auth = `Bearer ${key}`) =>
    fetch(`${app.url}/api/mcp`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

  it('counts a batch as one request, refuses the fourth with 429, Retry-After and a JSON-RPC body', async () => {
    const batch = await post(Array.from({ length: 32 }, (_, i) => ping(i)));
    expect(batch.status).toBe(200);
    expect(batch.headers.get('ratelimit-policy')).toBe('"mcp";q=3;w=60');
    expect(batch.headers.get('ratelimit')).toMatch(/^"mcp";r=2;t=\d+$/);
    expect((await post(ping(1))).status).toBe(200);
    // Unauthenticated requests from the same address count too.
    expect((await post(ping(2), 'Bearer nope')).status).toBe(401);
    const refused = await post(ping(3));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit')).toMatch(/^"mcp";r=0;t=\d+$/);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32029,
        message: expect.stringMatching(
          /^Too many requests: more than 3 requests in 60 seconds; retry after \d+ seconds$/,
        ),
      },
    });
    for (const header of refused.headers.keys()) expect(header).not.toMatch(/^x-ratelimit/);
  });
});
