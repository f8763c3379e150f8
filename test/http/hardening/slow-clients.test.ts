/**
 * A slow client cannot hold the server (issue 9, item 2). A request whose headers or body stop
 * arriving is answered 408 once REQUEST_TIMEOUT_SECONDS / HEADERS_TIMEOUT_SECONDS have passed (not
 * after Node's 300 s) while other requests are served; a connection over MAX_CONNECTIONS is refused
 * at once while the open ones keep working; bytes that are not HTTP get a 400 and headers past
 * Node's limit a 431, each as problem+json and a log line, never plain text on stderr.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../support/app.js';
import { send } from '../../support/rest.js';
import { captureLog } from '../../support/observability.js';

/** Opens a raw connection, writes `bytes`, and collects what comes back until the server closes it. */
function rawExchange(port: number, bytes: string): { socket: Socket; answer: Promise<{ text: string; ms: number }> } {
  const started = Date.now();
  const socket = connect(port, '127.0.0.1');
  socket.write(bytes);
  let text = '';
  socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const answer = new Promise<{ text: string; ms: number }>((resolve) => {
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('error', () => undefined);
  });
  return { socket, answer };
}

const statusOf = (text: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
const bodyOf = (text: string): any => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe('timeouts', () => {
  let app: TestApp;
  const log = captureLog();

  beforeAll(async () => {
    app = await startApp({
      env: { REQUEST_TIMEOUT_SECONDS: '1', HEADERS_TIMEOUT_SECONDS: '1', LOG_LEVEL: 'info' },
      logDestination: log.destination,
    });
    await app.tenant('north');
  });
  afterAll(() => app?.close());

  it('answers 408 to a body shorter than its Content-Length, in time, and serves others meanwhile', async () => {
    const { answer } = rawExchange(
      app.port,
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'x-tenant-slug: north\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    const others = await Promise.all([1, 2, 3].map(() => send(app.port, { path: '/api/health' })));
    expect(others.map((r) => r.status)).toEqual([200, 200, 200]);
    const { text, ms } = await answer;
    expect(statusOf(text), text).toBe(408);
    expect(text).toMatch(/content-type: application\/problem\+json/i);
    expect(bodyOf(text)).toMatchObject({ status: 408, type: expect.stringMatching(/request-timeout$/) });
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(4_000);
    // The request's own log line says what happened to it.
    expect(log.json().some((l) => l.msg === 'request' && l.route === '/api/auth/login' && l.status === 408)).toBe(true);
  });

  it('answers 408 to headers that stop arriving', async () => {
    const { answer } = rawExchange(app.port, 'GET /api/health HTTP/1.1\r\nHost: loc');
    const { text, ms } = await answer;
    expect(statusOf(text), text).toBe(408);
    expect(bodyOf(text)).toMatchObject({ status: 408 });
    expect(ms).toBeLessThan(4_000);
  });

  it('lets a request that arrived in time take longer than the timeout to answer', async () => {
    // The timeout bounds receiving a request, not answering it: a slow query is not a slow client.
    const slow = await send(app.port, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'x-tenant-slug': 'north' },
      body: { email: 'nobody@north.example', password: 'not the password at all' },
    });
    expect(slow.status).toBe(401);
  });
});

describe('malformed HTTP', () => {
  let app: TestApp;
  const log = captureLog();

  beforeAll(async () => {
    app = await startApp({ env: { LOG_LEVEL: 'info' }, logDestination: log.destination });
  });
  afterAll(() => app?.close());

  it('answers bytes that are not HTTP with 400 problem+json and logs it as a client error', async () => {
    const { text } = await rawExchange(app.port, 'HELLO THERE\r\n\r\n').answer;
    expect(statusOf(text), text).toBe(400);
    expect(bodyOf(text)).toMatchObject({ status: 400, type: expect.stringMatching(/malformed-request$/) });
    const line = log.json().find((l) => l.msg === 'malformed request');
    expect(line).toMatchObject({ level: 'info', status: 400, code: expect.stringMatching(/^HPE_/) });
  });

  it('answers headers larger than the server accepts with 431', async () => {
    const { text } = await rawExchange(
      app.port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
    ).answer;
    expect(statusOf(text), text.slice(0, 200)).toBe(431);
  });
});

describe('MAX_CONNECTIONS', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ env: { MAX_CONNECTIONS: '4' } });
  });
  afterAll(() => app?.close());

  it('refuses a connection over the ceiling at once, keeps serving the open ones, and frees a place on close', async () => {
    const idle: Socket[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = connect(app.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      idle.push(socket);
    }
    // The fourth place: a working keep-alive connection.
    const working = rawExchange(app.port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => working.socket.once('data', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const refused = rawExchange(app.port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const { text, ms } = await refused.answer;
    expect(text).toBe('');
    expect(ms).toBeLessThan(1_000);

    // The open connection still works.
    working.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    const { text: second } = await working.answer;
    expect(second.match(/HTTP\/1\.1 200/g)).toHaveLength(2);

    // Its place, and an idle one's, are free again.
    idle.pop()!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await send(app.port, { path: '/api/health' })).status).toBe(200);
    for (const socket of idle) socket.destroy();
  });
});
