/**
 * A body that does not decode is the client's mistake, not ours (issue 9, item 1): on every route
 * that reads a body, `Content-Encoding: gzip | deflate | br` over bytes that are not in that encoding
 * (or are cut short) answers 400 (problem+json; a JSON-RPC parse error on MCP), is logged as a client
 * error, and is never reported to the error tracker. A body that does decode still works.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../support/app.js';
import { expectProblem, send, type Reply } from '../../support/rest.js';
import { captureLog, errorEvents, signIn, startCollector } from '../../support/observability.js';

let app: TestApp;
let collector: Awaited<ReturnType<typeof startCollector>>;
const log = captureLog();
let key: string;
let session: { token: string };

beforeAll(async () => {
  collector = await startCollector();
  app = await startApp({ env: { SENTRY_DSN: collector.dsn, LOG_LEVEL: 'info' }, logDestination: log.destination });
  await app.tenant('north', { seed: 'small' });
  key = (await app.key('north', ['loan.view', 'loan.issue'])).key;
  session = await signIn(app, 'north');
});
afterAll(async () => {
  await app?.close();
  await collector?.close();
});

const JSON_BODY = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));

/** Bytes that claim an encoding they are not in, and a real stream of it cut in half. */
const UNDECODABLE: readonly [string, Buffer][] = [
  ['gzip', Buffer.from('not gzip at all')],
  ['gzip', gzipSync(JSON_BODY).subarray(0, 12)],
  ['deflate', Buffer.from('not deflate either')],
  ['br', Buffer.from('not brotli, not anything')],
  ['br', brotliCompressSync(JSON_BODY).subarray(0, 5)],
];

interface BodyRoute {
  readonly path: string;
  readonly headers: () => Record<string, string>;
}

const BODY_ROUTES: readonly BodyRoute[] = [
  { path: '/api/auth/login', headers: () => ({ 'x-tenant-slug': 'north' }) },
  { path: '/api/auth/setup', headers: () => ({}) },
  { path: '/api/v1/actions/loans.list', headers: () => ({ 'x-api-key': key }) },
  { path: '/api/loans/1/return', headers: () => ({ authorization: `Bearer ${session.token}` }) },
  { path: '/api/assistant/tools/loans.list', headers: () => ({ authorization: `Bearer ${session.token}` }) },
];

const post = (path: string, encoding: string, body: Buffer, headers: Record<string, string>): Promise<Reply> =>
  send(app.port, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', 'content-encoding': encoding, ...headers },
    body,
  });

describe('a body that does not decode', () => {
  it.each(BODY_ROUTES.map((r) => [r.path, r] as const))('%s answers 400 malformed-body', async (_path, route) => {
    for (const [encoding, bytes] of UNDECODABLE) {
      const reply = await post(route.path, encoding, bytes, route.headers());
      expectProblem(reply, 400, 'malformed-body');
      expect(reply.json.detail).toContain(encoding);
    }
  });

  it('/api/mcp answers 400 with a JSON-RPC parse error', async () => {
    for (const [encoding, bytes] of UNDECODABLE) {
      const reply = await post('/api/mcp', encoding, bytes, { authorization: `Bearer ${key}` });
      expect(reply.status, `${encoding}: ${reply.text}`).toBe(400);
      expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    }
  });

  it('is logged as a client error and never reported', async () => {
    // Everything above has run; give the reporter time to send anything it (wrongly) queued.
    await sleep(300);
    const lines = log.json();
    expect(lines.filter((l) => l.msg === 'request' && l.status === 400).length).toBeGreaterThanOrEqual(
      UNDECODABLE.length * (BODY_ROUTES.length + 1),
    );
    expect(lines.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
    expect(errorEvents(collector.envelopes)).toEqual([]);
  });
});

describe('a body that does decode', () => {
  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('%s works on the action surface and on MCP', async (encoding, compress) => {
    const action = await post(
      '/api/v1/actions/loans.list',
      encoding,
      compress(Buffer.from(JSON.stringify({ pageSize: 1 }))),
      { 'x-api-key': key },
    );
    expect(action.status, action.text).toBe(200);
    expect(action.json.result.loans).toHaveLength(1);
    const mcp = await post('/api/mcp', encoding, compress(JSON_BODY), { authorization: `Bearer ${key}` });
    expect(mcp.status, mcp.text).toBe(200);
    expect(mcp.json).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
