/**
 * The request series of Metrics (metrics.ts): an observer per method and route, resolved once,
 * recording each status under its own labels in both the counter and the histogram.
 */
import { describe, expect, it } from 'vitest';
import { Metrics, UNMATCHED_ROUTE } from '../../src/adapters/observability/metrics.js';

const metrics = () => new Metrics({ toolNames: [], rateLimitPolicies: [] });

/** The value of one request series, as the scrape shows it. */
async function sample(m: Metrics, name: string, labels: string): Promise<number | undefined> {
  const line = (await m.scrape()).split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

describe('request metrics', () => {
  it('records each status of a method and route under its own labels, through one observer', async () => {
    const m = metrics();
    const observe = m.requestObserver('GET', '/api/loans/:number');
    expect(m.requestObserver('GET', '/api/loans/:number')).toBe(observe);
    observe(200, 0.003);
    observe(200, 0.2);
    observe(404, 0.001);
    const ok = 'method="GET",route="/api/loans/:number",status="200"';
    expect(await sample(m, 'desk_http_requests_total', ok)).toBe(2);
    expect(await sample(m, 'desk_http_request_duration_seconds_count', ok)).toBe(2);
    expect(await sample(m, 'desk_http_request_duration_seconds_bucket', `le="0.005",${ok}`)).toBe(1);
    expect(await sample(m, 'desk_http_request_duration_seconds_sum', ok)).toBeCloseTo(0.203);
    const missing = 'method="GET",route="/api/loans/:number",status="404"';
    expect(await sample(m, 'desk_http_requests_total', missing)).toBe(1);
  });

  it('keeps methods and routes apart, names an unknown verb OTHER, and observeRequest shares the series', async () => {
    const m = metrics();
    m.requestObserver('POST', '/api/mcp')(200, 0.01);
    m.observeRequest('POST', '/api/mcp', 200, 0.01);
    m.observeRequest('GET', '/api/mcp', 405, 0.001);
    m.observeRequest('PROPFIND', UNMATCHED_ROUTE, 404, 0.001);
    m.observeRequest('BREW', UNMATCHED_ROUTE, 404, 0.001);
    expect(m.requestObserver('PROPFIND', UNMATCHED_ROUTE)).toBe(m.requestObserver('OTHER', UNMATCHED_ROUTE));
    expect(await sample(m, 'desk_http_requests_total', 'method="POST",route="/api/mcp",status="200"')).toBe(2);
    expect(await sample(m, 'desk_http_requests_total', 'method="GET",route="/api/mcp",status="405"')).toBe(1);
    expect(await sample(m, 'desk_http_requests_total', 'method="OTHER",route="unmatched",status="404"')).toBe(2);
  });
});
