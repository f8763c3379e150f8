/**
 * The Origin check belongs to the caller's tenant (issue 9, item 3). A browser request may act only
 * from the PUBLIC_URL origin, an ALLOWED_ORIGINS origin, the request's own origin (same host and port
 * as its accepted Host), or a host of the caller's *own* school: a page on another school's host is
 * as foreign as any other site. And the official MCP conformance scenario `dns-rebinding-protection`
 * passes against Desk.
 */
import { execFile } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../support/app.js';
import { expectProblem, send, type Reply } from '../../support/rest.js';
import { readTenantData } from '../../support/tenant-data.js';
import { PASSWORD, signIn } from '../../support/observability.js';

let app: TestApp;
let alphaKey: string;
let admin: { cookie: string; email: string };
let loanNumber: number;

beforeAll(async () => {
  app = await startApp();
  await app.tenant('alpha', { hosts: ['alpha.test'], seed: 'small' });
  await app.tenant('bravo', { hosts: ['bravo.test'] });
  alphaKey = (await app.key('alpha', ['loan.view'])).key;
  admin = await signIn(app, 'alpha');
  const data = await readTenantData(app.container, 'alpha');
  loanNumber = data.loans.find((l) => l.status === 'AVAILABLE')!.number;
});
afterAll(() => app?.close());

const own = () => `127.0.0.1:${app.port}`;

describe('console writes', () => {
  const withdraw = (origin: string, host?: string) =>
    send(app.port, {
      method: 'POST',
      path: `/api/loans/${loanNumber}/withdraw`,
      ...(host ? { host } : {}),
      headers: { cookie: admin.cookie, origin },
    });
  const restore = () =>
    send(app.port, { method: 'POST', path: `/api/loans/${loanNumber}/restore`, headers: { cookie: admin.cookie } });

  it("refuses a write from another school's host, and changes nothing", async () => {
    const refused = await withdraw('http://bravo.test');
    expectProblem(refused, 403, 'forbidden');
    const inventory = await send(app.port, {
      path: `/api/loans/inventory?q=${loanNumber}`,
      headers: { cookie: admin.cookie },
    });
    expect(inventory.json.loans.find((l: { number: number }) => l.number === loanNumber).status).toBe('AVAILABLE');
  });

  it("accepts the user's own school's host, PUBLIC_URL, and the request's own origin", async () => {
    for (const [origin, host] of [
      ['http://alpha.test', undefined],
      ['https://alpha.test', undefined],
      [app.config.publicUrl, undefined],
      [`http://${own()}`, own()],
    ] as const) {
      const reply = await withdraw(origin, host);
      expect(reply.status, `${origin}: ${reply.text}`).toBe(200);
      expect((await restore()).status).toBe(200);
    }
  });

  it('refuses an origin on the same host name but another port', async () => {
    expectProblem(await withdraw(`http://127.0.0.1:${app.port + 1}`, own()), 403, 'forbidden');
  });

  it("refuses a sign-in posted from another school's host", async () => {
    const login = (origin: string) =>
      send(app.port, {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'x-tenant-slug': 'alpha', origin },
        body: { email: admin.email, password: PASSWORD },
      });
    expectProblem(await login('http://bravo.test'), 403, 'forbidden');
    expect((await login('http://alpha.test')).status).toBe(200);
  });
});

describe('MCP', () => {
  const ping = (origin: string, host?: string): Promise<Reply> =>
    send(app.port, {
      method: 'POST',
      path: '/api/mcp',
      ...(host ? { host } : {}),
      headers: { authorization: `Bearer ${alphaKey}`, origin },
      body: { jsonrpc: '2.0', id: 1, method: 'ping' },
    });

  it("refuses another school's host with 403 -32003", async () => {
    const reply = await ping('http://bravo.test');
    expect(reply.status).toBe(403);
    expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32003 } });
  });

  it('accepts a same-origin request on 127.0.0.1 though PUBLIC_URL names localhost', async () => {
    expect(app.config.publicUrl).toMatch(/localhost/);
    const reply = await ping(`http://${own()}`, own());
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('refuses a rebound name: its host is not one this deployment answers to', async () => {
    const reply = await ping('http://evil.example', 'evil.example');
    expect(reply.status).toBe(404);
    expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });
});

describe('with PUBLIC_HOSTS=* (the host gate accepts any name)', () => {
  let open: TestApp;
  let key: string;
  beforeAll(async () => {
    open = await startApp({ env: { PUBLIC_HOSTS: '*' } });
    await open.tenant('alpha', { hosts: ['alpha.test'] });
    key = (await open.key('alpha', ['loan.view'])).key;
  });
  afterAll(() => open?.close());

  it("no longer trusts a request's own origin: a rebound name is refused, the PUBLIC_URL and school hosts are not", async () => {
    const ping = (origin: string, host: string) =>
      send(open.port, {
        method: 'POST',
        path: '/api/mcp',
        host,
        headers: { authorization: `Bearer ${key}`, origin },
        body: { jsonrpc: '2.0', id: 1, method: 'ping' },
      });
    expect((await ping('http://evil.example', 'evil.example')).status).toBe(403);
    expect((await ping(open.config.publicUrl, 'evil.example')).status).toBe(200);
    expect((await ping('http://alpha.test', 'alpha.test')).status).toBe(200);
  });
});

/**
 * The official conformance runner sends `initialize` with no credential, and Desk asks every MCP
 * request for a key. This proxy on loopback adds the bearer key, as every real client does, and
 * passes everything else (Host and Origin included) through untouched, so what is judged is Desk's
 * own Host and Origin handling.
 */
async function keyAddingProxy(target: number, key: string): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((incoming, outgoing) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, authorization: `Bearer ${key}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe('the MCP conformance scenario dns-rebinding-protection', () => {
  it('passes against Desk', async () => {
    const proxy = await keyAddingProxy(app.port, alphaKey);
    try {
      const bin = resolve(import.meta.dirname, '../../../node_modules/.bin/conformance');
      const url = `http://127.0.0.1:${proxy.port}/api/mcp`;
      const run = await promisify(execFile)(bin, ['server', '--url', url, '--scenario', 'dns-rebinding-protection'], {
        timeout: 30_000,
      }).catch((e: { code?: number; stdout?: string; stderr?: string }) => e);
      const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
      expect('code' in run ? run.code : 0, output).toBe(0);
      expect(output).toMatch(/localhost-host-rebinding-rejected/);
      expect(output).toMatch(/localhost-host-valid-accepted/);
      expect(output).toMatch(/Passed: 2\/2, 0 failed/);
    } finally {
      await proxy.close();
    }
  });
});
