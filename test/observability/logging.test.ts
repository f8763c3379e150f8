/**
 * The request log on the real app: one JSON line per request with the request id, method, route
 * template, status, duration, tenant and key or user id; bugs logged with the request id; LOG_LEVEL
 * respected; and none of the secrets a request carried (an API key, a JWT in a header and a cookie,
 * a setup-link token, passwords, a query string) anywhere in what was written.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.js';
import { send, type Reply } from '../support/rest.js';
import { BOOM_PATH, captureLog, PASSWORD, routesWithBug, setupLink, signIn } from '../support/observability.js';

const NEW_PASSWORD = 'a brand new passphrase for the head';

describe('the request log', () => {
  const slug = `logs-${randomUUID().slice(0, 8)}`;
  const log = captureLog();
  let app: TestApp;
  let tenantId: string;
  let key: { key: string; id: string };
  let user: Awaited<ReturnType<typeof signIn>>;
  let setup: { link: string; token: string };
  const replies: Record<string, Reply> = {};

  /** The request line for a response, found by its X-Request-Id. */
  const lineFor = (reply: Reply) => {
    const id = reply.headers['x-request-id'] as string;
    const lines = log.json().filter((l) => l.msg === 'request' && l.requestId === id);
    expect(lines, `one request line for ${id}`).toHaveLength(1);
    return lines[0];
  };

  beforeAll(async () => {
    app = await startApp({ env: { LOG_LEVEL: 'info' }, logDestination: log.destination, routes: routesWithBug });
    tenantId = (await app.tenant(slug)).id;
    key = await app.key(slug, ['device.view']);
    user = await signIn(app, slug);
    setup = await setupLink(app, user.email);

    replies.apiKey = await send(app.port, {
      path: `/api/v1/devices/${randomUUID()}?q=${key.key}`,
      headers: { 'x-api-key': key.key },
    });
    replies.console = await send(app.port, {
      path: '/api/loans/inventory?q=hunter2',
      headers: { authorization: `Bearer ${user.token}`, cookie: user.cookie },
    });
    replies.setupPage = await send(app.port, { path: `/setup?token=${setup.token}` });
    replies.setup = await send(app.port, {
      method: 'POST',
      path: '/api/auth/setup',
      body: { token: setup.token, password: NEW_PASSWORD },
    });
    replies.login = await send(app.port, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'x-tenant-slug': slug },
      body: { email: user.email, password: NEW_PASSWORD },
    });
    replies.bug = await send(app.port, {
      path: `${BOOM_PATH}?token=${setup.token}`,
      headers: { 'x-api-key': key.key, authorization: `Bearer ${user.token}`, cookie: user.cookie },
    });
  });
  afterAll(() => app?.close());

  it('writes one JSON line per request, with level and time', () => {
    for (const line of log.lines) expect(() => JSON.parse(line), line).not.toThrow();
    const requestLines = log.json().filter((l) => l.msg === 'request');
    // signIn's login, then the six requests above.
    expect(requestLines).toHaveLength(7);
    for (const line of requestLines) {
      expect(line.level).toMatch(/^(info|error)$/);
      expect(Date.parse(line.time)).not.toBeNaN();
      expect(typeof line.durationMs).toBe('number');
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('an API-key request: route template, status, tenant and key id', () => {
    expect(replies.apiKey!.status).toBe(404);
    expect(lineFor(replies.apiKey!)).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/v1/devices/:id',
      status: 404,
      tenantId,
      keyId: key.id,
    });
    expect(lineFor(replies.apiKey!).userId).toBeUndefined();
  });

  it('a console request with a bearer JWT and the session cookie: tenant and user id', () => {
    expect(replies.console!.status).toBe(200);
    expect(lineFor(replies.console!)).toMatchObject({
      method: 'GET',
      route: '/api/loans/inventory',
      status: 200,
      tenantId,
      userId: user.userId,
    });
  });

  it('the setup page, the setup-link POST and a sign-in: route and status, nobody yet', () => {
    expect(replies.setup!.status, replies.setup!.text).toBe(200);
    expect(replies.login!.status).toBe(200);
    // The setup page is the console's (the one page of the app, served for its own addresses).
    expect(lineFor(replies.setupPage!)).toMatchObject({ method: 'GET', route: '/*', status: 200 });
    expect(lineFor(replies.setup!)).toMatchObject({ method: 'POST', route: '/api/auth/setup', status: 200 });
    expect(lineFor(replies.login!)).toMatchObject({ method: 'POST', route: '/api/auth/login', status: 200 });
    expect(lineFor(replies.setup!).tenantId).toBeUndefined();
  });

  it('a bug: the request line at level error, and the error logged with the same request id', () => {
    expect(replies.bug!.status).toBe(500);
    const id = replies.bug!.headers['x-request-id'];
    expect(lineFor(replies.bug!)).toMatchObject({ level: 'error', route: BOOM_PATH, status: 500 });
    const bug = log.json().find((l) => l.msg === 'unexpected error while handling a request');
    expect(bug).toMatchObject({ level: 'error', requestId: id, method: 'GET', route: BOOM_PATH });
    expect(bug.err.type).toBe('Error');
    // The message quoted the key, the JWT, the cookie and the token: all scrubbed, the rest kept.
    expect(bug.err.message).toBe(
      'boom while handling x-api-key=[redacted] authorization="Bearer [redacted] ' +
        'cookie desk_session=[redacted] query token=[redacted]',
    );
    expect(bug.err.stack).toContain('boom');
  });

  it('no secret appears anywhere in the log', () => {
    const text = log.text();
    for (const [what, secret] of Object.entries({
      'API key': key.key,
      JWT: user.token,
      cookie: user.cookie,
      'setup token': setup.token,
      'setup link': setup.link,
      password: PASSWORD,
      'new password': NEW_PASSWORD,
      'query string': 'hunter2',
    })) {
      expect(text.includes(secret), what).toBe(false);
    }
  });

  it('a request line holds only the chosen fields: no header, cookie, query string or body', () => {
    const allowed = ['level', 'time', 'pid', 'hostname', 'msg', 'requestId', 'method', 'route', 'status', 'durationMs'];
    const caller = ['tenantId', 'keyId', 'userId'];
    for (const line of log.json().filter((l) => l.msg === 'request')) {
      for (const field of Object.keys(line)) expect([...allowed, ...caller], field).toContain(field);
    }
  });
});

describe('LOG_LEVEL', () => {
  it('silent writes nothing, not even a bug', async () => {
    const log = captureLog();
    const app = await startApp({
      env: { LOG_LEVEL: 'silent' },
      logDestination: log.destination,
      routes: routesWithBug,
    });
    try {
      expect((await send(app.port, { path: '/api/health' })).status).toBe(200);
      expect((await send(app.port, { path: BOOM_PATH })).status).toBe(500);
      expect(log.lines).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('error keeps bugs and failed requests only', async () => {
    const log = captureLog();
    const app = await startApp({ env: { LOG_LEVEL: 'error' }, logDestination: log.destination, routes: routesWithBug });
    try {
      await send(app.port, { path: '/api/health' });
      await send(app.port, { path: BOOM_PATH });
      expect(log.json().map((l) => [l.level, l.msg, l.status])).toEqual([
        ['error', 'unexpected error while handling a request', undefined],
        ['error', 'request', 500],
      ]);
    } finally {
      await app.close();
    }
  });
});
