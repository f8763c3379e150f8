/**
 * `GET /api/metrics` on the real app (SQLite, loopback): the metric names and labels of SPEC §7.5,
 * route templates rather than paths, tool labels only from the catalogue, no tenant, key, user or raw
 * path in any label, the METRICS_TOKEN rule and the `commit` label of seed §4.6, and a live scrape
 * checked by `promtool check metrics` (Debian's `prometheus` package; .ci/run installs it).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.js';
import { send, type Reply } from '../support/rest.js';
import { signIn } from '../support/observability.js';
import { SIGN_IN_POLICIES } from '../../src/domain/identity/sign-in.js';

interface Sample {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

const find = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

const scrape = (app: TestApp, headers: Record<string, string> = {}): Promise<Reply> =>
  send(app.port, { path: '/api/metrics', headers });

const PROMTOOL = spawnSync('promtool', ['--version']).status === 0;
if (!PROMTOOL) {
  console.warn(
    'promtool is not installed: the `promtool check metrics` test is skipped. ' +
      "To run it, install Debian's prometheus package (apt-get install prometheus); .ci/run does.",
  );
}

describe('GET /api/metrics, open (no METRICS_TOKEN)', () => {
  const slug = `metrics-${randomUUID().slice(0, 8)}`;
  const deviceId = randomUUID();
  const submissionId = randomUUID();
  const strayPath = `/api/no-such-thing/${randomUUID()}`;
  const strayTool = `steal.${randomUUID()}`;
  let app: TestApp;
  let tenantId: string;
  let key: { key: string; id: string };
  let user: Awaited<ReturnType<typeof signIn>>;
  let text: string;
  let samples: Sample[];

  beforeAll(async () => {
    app = await startApp();
    tenantId = (await app.tenant(slug)).id;
    key = await app.key(slug, ['device.view', 'repair.view', 'loan.view']);
    user = await signIn(app, slug);
    const apiKey = { 'x-api-key': key.key };
    // Ids in paths, a query string, an unknown path, a console write, MCP calls good and bad.
    expect((await send(app.port, { path: `/api/v1/devices/${deviceId}`, headers: apiKey })).status).toBe(404);
    expect((await send(app.port, { path: `/api/v1/devices/${deviceId}`, headers: apiKey })).status).toBe(404);
    const subPath = `/api/v1/submissions/${submissionId}?secret=${key.key}`;
    expect((await send(app.port, { path: subPath, headers: apiKey })).status).toBe(404);
    expect((await send(app.port, { path: strayPath })).status).toBe(404);
    const issue = await send(app.port, {
      method: 'POST',
      path: '/api/loans/424242/issue',
      headers: { authorization: `Bearer ${user.token}` },
      body: { holderId: randomUUID() },
    });
    expect(issue.status).toBe(404);
    const mcp = (body: unknown) =>
      send(app.port, {
        method: 'POST',
        path: '/api/mcp',
        headers: { authorization: `Bearer ${key.key}`, accept: 'application/json' },
        body,
      });
    const ok = await mcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'loans.list', arguments: {} },
    });
    expect(ok.json.result.isError ?? false).toBe(false);
    const unknown = await mcp({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: strayTool, arguments: {} },
    });
    expect(unknown.json.error.code).toBe(-32602);
    const failed = await mcp({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'loans.list', arguments: { page: 0 } },
    });
    expect(failed.json.result.isError).toBe(true);

    const reply = await scrape(app);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.headers['cache-control']).toBe('no-store');
    text = reply.text;
    samples = parse(text);
  });
  afterAll(() => app?.close());

  it('desk_build_info is 1 with version and channel, and no commit label', () => {
    expect(text).toContain('desk_build_info{version="0.20.0",channel="stable"} 1\n');
    expect(samples.filter((s) => s.name === 'desk_build_info')).toHaveLength(1);
    expect(text).not.toMatch(/commit=/);
  });

  it('counts requests and latency by method, route template and status', () => {
    const labels = { method: 'GET', route: '/api/v1/devices/:id', status: '404' };
    expect(find(samples, 'desk_http_requests_total', labels)?.value).toBe(2);
    expect(find(samples, 'desk_http_request_duration_seconds_count', labels)?.value).toBe(2);
    expect(find(samples, 'desk_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })?.value).toBe(2);
    expect(
      find(samples, 'desk_http_requests_total', { route: '/api/v1/submissions/:id', status: '404' }),
    ).toBeDefined();
    expect(
      find(samples, 'desk_http_requests_total', { method: 'POST', route: '/api/loans/:number/issue', status: '404' }),
    ).toBeDefined();
    expect(
      find(samples, 'desk_http_requests_total', { method: 'POST', route: '/api/auth/login', status: '200' }),
    ).toBeDefined();
    expect(find(samples, 'desk_http_requests_total', { method: 'POST', route: '/api/mcp', status: '200' })?.value).toBe(
      3,
    );
    // An unknown path is `unmatched`, never itself.
    expect(
      find(samples, 'desk_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBeDefined();
  });

  it('every route label is a template or `unmatched`, and every label value is a bounded word', () => {
    const routes = new Set(samples.filter((s) => s.labels.route !== undefined).map((s) => s.labels.route));
    for (const route of routes) expect(route === 'unmatched' || /^\/[a-z0-9/:._-]*$/i.test(route!), route).toBe(true);
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    for (const s of samples) {
      if (s.labels.method)
        expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER']).toContain(s.labels.method);
      if (s.labels.status) expect(s.labels.status).toMatch(/^\d{3}$/);
    }
  });

  it('counts tool calls by catalogue tool and outcome; a name outside the catalogue is `unknown`', () => {
    expect(find(samples, 'desk_mcp_tool_calls_total', { tool: 'loans.list', outcome: 'ok' })?.value).toBe(1);
    expect(find(samples, 'desk_mcp_tool_calls_total', { tool: 'loans.list', outcome: 'error' })?.value).toBe(1);
    expect(find(samples, 'desk_mcp_tool_calls_total', { tool: 'unknown', outcome: 'unknown' })?.value).toBe(1);
    // Every tool of the catalogue starts at zero, so a first call is a rise rather than a new series.
    expect(find(samples, 'desk_mcp_tool_calls_total', { tool: 'costs.breakdown', outcome: 'ok' })?.value).toBe(0);
    const tools = new Set(samples.filter((s) => s.name === 'desk_mcp_tool_calls_total').map((s) => s.labels.tool));
    for (const tool of tools) expect(tool).toMatch(/^([a-z]+\.[a-zA-Z]+|unknown)$/);
  });

  it('no label holds a tenant, key, user, id from a path or the query string', () => {
    for (const secret of [
      slug,
      tenantId,
      key.key,
      key.id,
      key.key.slice(0, 13),
      user.userId,
      user.email,
      deviceId,
      submissionId,
      strayPath,
      strayTool,
      'secret=',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('declares the rate-limit and webhook counters', () => {
    for (const policy of ['mcp', 'actions', 'v1']) {
      expect(find(samples, 'desk_rate_limited_total', { policy })?.value).toBe(0);
    }
    expect(text).toContain('# TYPE desk_webhook_deliveries_total counter');
  });

  it('has the process defaults under desk_, without the three gauges promtool rejects', () => {
    for (const name of [
      'desk_process_cpu_user_seconds_total',
      'desk_process_resident_memory_bytes',
      'desk_nodejs_eventloop_lag_seconds',
      'desk_nodejs_heap_size_used_bytes',
    ]) {
      expect(
        samples.some((s) => s.name === name),
        name,
      ).toBe(true);
    }
    expect(text).not.toMatch(/nodejs_active_(handles|requests|resources)_total/);
    const declared = [...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!);
    expect(declared.length).toBeGreaterThan(10);
    for (const name of declared) expect(name.startsWith('desk_'), name).toBe(true);
  });

  it.skipIf(!PROMTOOL)('a live scrape passes `promtool check metrics`', async () => {
    const live = await scrape(app);
    const check = spawnSync('promtool', ['check', 'metrics'], { input: live.text, encoding: 'utf8' });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  const token = `metrics-token-${randomUUID()}`;
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => app?.close());

  it('refuses a missing or wrong token alike with 401, saying nothing of which', async () => {
    const missing = await scrape(app);
    const wrong = await scrape(app, { authorization: `Bearer ${token}x` });
    const notBearer = await scrape(app, { authorization: token });
    for (const reply of [missing, wrong, notBearer]) {
      expect(reply.status).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer');
      expect(reply.text).not.toContain('desk_');
      expect(reply.text).not.toContain(token);
    }
    expect(wrong.json.detail).toBe(missing.json.detail);
  });

  it('serves the metrics for the token, and desk_build_info gains the commit label', async () => {
    const reply = await scrape(app, { authorization: `Bearer ${token}` });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('desk_build_info{version="0.20.0",channel="stable",commit="test"} 1\n');
    expect(reply.text).not.toContain(token);
  });

  it('is answered on any host, like health', async () => {
    const reply = await send(app.port, {
      path: '/api/metrics',
      host: 'prometheus.internal',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(200);
  });
});

describe('desk_rate_limited_total', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ env: { RATE_LIMIT_V1_PER_MINUTE: '1' } });
    await app.tenant('limited');
  });
  afterAll(() => app?.close());

  it('counts each refusal under its policy', async () => {
    const { key } = await app.key('limited', []);
    const ping = () => send(app.port, { path: '/api/v1/ping', headers: { 'x-api-key': key } });
    expect((await ping()).status).toBe(200);
    expect((await ping()).status).toBe(429);
    expect((await ping()).status).toBe(429);
    const samples = parse((await scrape(app)).text);
    expect(find(samples, 'desk_rate_limited_total', { policy: 'v1' })?.value).toBe(2);
    expect(find(samples, 'desk_rate_limited_total', { policy: 'mcp' })?.value).toBe(0);
    expect(find(samples, 'desk_http_requests_total', { route: '/api/v1/ping', status: '429' })?.value).toBe(2);
  });

  it('counts a sign-in lockout under the policy that refused it', async () => {
    const login = () =>
      send(app.port, {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'x-tenant-slug': 'limited' },
        body: { email: 'nobody@limited.example', password: 'wrong password' },
      });
    const limit = SIGN_IN_POLICIES.account.limit;
    for (let i = 0; i < limit; i++) expect((await login()).status).toBe(401);
    expect((await login()).status).toBe(429);
    const samples = parse((await scrape(app)).text);
    expect(find(samples, 'desk_rate_limited_total', { policy: SIGN_IN_POLICIES.account.name })?.value).toBe(1);
    expect(find(samples, 'desk_rate_limited_total', { policy: SIGN_IN_POLICIES.address.name })?.value).toBe(0);
  });
});
