/**
 * Error tracking (SPEC §9, seed §4.7) against a stand-in for Sentry's ingest on loopback: with
 * SENTRY_DSN set, a real 500 and a tool that fails unexpectedly arrive as error events carrying the
 * route template, request id or tool — and none of the key, JWT, cookie, setup link or query string
 * the request carried. With SENTRY_DSN unset nothing is initialised and nothing arrives.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorReporter, NoErrorReporter } from '../../src/adapters/observability/error-reporter.js';
import { SentryErrorReporter } from '../../src/adapters/observability/sentry-error-reporter.js';
import { SearchDevices } from '../../src/domain/devices/search-devices.js';
import { startApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/cli.js';
import { send, type Reply } from '../support/rest.js';
import {
  BOOM_PATH,
  errorEvents,
  PASSWORD,
  routesWithBug,
  setupLink,
  signIn,
  startCollector,
} from '../support/observability.js';

/** Drives one failing request of each kind, carrying every secret a client could send. */
async function failEverywhere(app: TestApp, slug: string) {
  const key = await app.key(slug, ['device.view']);
  const user = await signIn(app, slug);
  const setup = await setupLink(app, user.email);
  // The tool's use case fails like a bug (a driver error quoting what it was given).
  app.container.rebind(SearchDevices).toConstantValue({
    execute: async () => {
      throw new TypeError(`device index failed for key ${key.key} (session ${user.token})`);
    },
  } as unknown as SearchDevices);

  const bug: Reply = await send(app.port, {
    path: `${BOOM_PATH}?token=${setup.token}&password=${encodeURIComponent(PASSWORD)}`,
    headers: { 'x-api-key': key.key, authorization: `Bearer ${user.token}`, cookie: user.cookie },
  });
  expect(bug.status).toBe(500);
  const tool: Reply = await send(app.port, {
    method: 'POST',
    path: '/api/mcp',
    headers: { authorization: `Bearer ${key.key}`, accept: 'application/json', cookie: user.cookie },
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'devices.search', arguments: { q: setup.link } },
    },
  });
  expect(tool.status).toBe(200);
  expect(tool.json.result.isError).toBe(true);
  const secrets = {
    'API key': key.key,
    'key prefix': key.key.slice(0, 13),
    JWT: user.token,
    cookie: user.cookie,
    'setup token': setup.token,
    'setup link': setup.link,
    password: PASSWORD,
  };
  return { bug, tool, secrets };
}

describe('with SENTRY_DSN set', () => {
  const slug = `errors-${randomUUID().slice(0, 8)}`;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let app: TestApp;
  let sent: Awaited<ReturnType<typeof failEverywhere>>;

  beforeAll(async () => {
    collector = await startCollector();
    app = await startApp({ env: { SENTRY_DSN: collector.dsn, DESK_CHANNEL: 'beta' }, routes: routesWithBug });
    await app.tenant(slug);
    sent = await failEverywhere(app, slug);
    await eventually(async () => errorEvents(collector.envelopes).length >= 2, 15_000);
  });
  afterAll(async () => {
    await app?.close();
    await collector?.close();
  });

  it('uses the Sentry client of its own, not a global one', () => {
    expect(app.container.get(ErrorReporter)).toBeInstanceOf(SentryErrorReporter);
  });

  it('reports the 500 with its route template, method and request id', () => {
    const event = errorEvents(collector.envelopes).find((e) => e.tags?.surface === 'http');
    expect(event).toBeDefined();
    expect(event.tags).toEqual({
      surface: 'http',
      requestId: sent.bug.headers['x-request-id'],
      method: 'GET',
      route: BOOM_PATH,
    });
    expect(event.release).toBe('desk@0.20.0');
    expect(event.environment).toBe('beta');
    expect(event.exception.values[0].type).toBe('Error');
    expect(event.exception.values[0].value).toMatch(/^boom while handling x-api-key=\[redacted\]/);
    expect(event.exception.values[0].stacktrace.frames.length).toBeGreaterThan(0);
    // Nothing about the request but those tags: no headers, cookies, body, query or user.
    expect(event.request).toBeUndefined();
    expect(event.user).toBeUndefined();
    expect(event.breadcrumbs).toBeUndefined();
  });

  it('reports an unexpected tool failure with the tool name', () => {
    const event = errorEvents(collector.envelopes).find((e) => e.tags?.surface === 'mcp');
    expect(event).toBeDefined();
    expect(event.tags).toMatchObject({ surface: 'mcp', tool: 'devices.search', route: '/api/mcp' });
    expect(event.tags.requestId).toBe(sent.tool.headers['x-request-id']);
    expect(event.exception.values[0]).toMatchObject({
      type: 'TypeError',
      value: 'device index failed for key desk_[redacted] (session [redacted])',
    });
  });

  it('sends no key, token, cookie, setup link or password', () => {
    const everything = collector.envelopes.map((e) => e.text + e.url).join('\n');
    for (const [what, secret] of Object.entries(sent.secrets)) expect(everything.includes(secret), what).toBe(false);
    expect(everything).not.toMatch(/desk_[A-Za-z0-9]{16}/);
    expect(everything).not.toMatch(/eyJ[A-Za-z0-9_-]+\.eyJ/);
  });
});

describe('with SENTRY_DSN unset', () => {
  it('initialises nothing and sends nothing', async () => {
    const collector = await startCollector();
    const app = await startApp({ routes: routesWithBug });
    try {
      expect(app.container.get(ErrorReporter)).toBeInstanceOf(NoErrorReporter);
      await app.tenant('quiet');
      await failEverywhere(app, 'quiet');
      await sleep(500);
      expect(collector.envelopes).toEqual([]);
    } finally {
      await app.close();
      await collector.close();
    }
  });
});
