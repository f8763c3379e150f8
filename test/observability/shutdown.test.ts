/**
 * Graceful shutdown. End to end on a real `desk serve` (the built binary, SQLite): a request still
 * sending its body when SIGTERM arrives is answered 2xx, `/api/health/ready` says 503 meanwhile, and
 * the process exits 0. In process, HttpDrain's two bounds: idle keep-alive connections do not hold the
 * stop up, and a request that never finishes is cut off when the grace period ends.
 */
import { once } from 'node:events';
import { Agent, createServer, request, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpDrain } from '../../src/adapters/http/drain.js';
import { eventually, runDesk, startServe, tempInstallDir, type RunningServer } from '../support/cli.js';

/** Collects a response's body. */
async function readBody(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) text += String(chunk);
  return text;
}

/**
 * Starts a POST whose body is held back: resolves once the server has read the headers and asked
 * for the body (`Expect: 100-continue` — Node's server emits the request to the app in the same
 * step), so the request is certainly in flight. `finish()` sends the body and resolves the answer.
 */
async function heldRequest(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ finish(): Promise<{ status: number; headers: IncomingMessage['headers']; text: string }> }> {
  const req: ClientRequest = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      expect: '100-continue',
      ...headers,
    },
  });
  const response = once(req, 'response') as Promise<[IncomingMessage]>;
  req.flushHeaders();
  await once(req, 'continue');
  return {
    async finish() {
      req.end(body);
      const [res] = await response;
      return { status: res.statusCode ?? 0, headers: res.headers, text: await readBody(res) };
    },
  };
}

describe('desk serve on SIGTERM', () => {
  const dir = tempInstallDir('desk-shutdown-');
  let key: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    for (const args of [
      ['tenant', 'create', 'closing', '--name', 'Closing School'],
      ['module', 'enable', 'closing', 'integrations', 'assets'],
    ]) {
      const r = await runDesk(args, { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
    }
    const made = await runDesk(['key', 'create', 'closing', '--name', 'probe', '--scopes', 'device.view', '--json'], {
      cwd: dir,
    });
    expect(made.code, made.stderr).toBe(0);
    key = (JSON.parse(made.stdout) as { key: string }).key;
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('turns unready, finishes the request in flight, then exits 0', async () => {
    server = await startServe(['--embedded-db'], { cwd: dir, env: { RATE_LIMIT_MCP_PER_MINUTE: '0' } });
    const ready = () => fetch(`${server!.url}/api/health/ready`);
    await eventually(async () => (await ready()).status === 200, 15_000);
    const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'devices.search', arguments: {} } };
    const held = await heldRequest(
      server.port,
      '/api/mcp',
      { authorization: `Bearer ${key}`, accept: 'application/json' },
      JSON.stringify(call),
    );
    server.child.kill('SIGTERM');

    // While the request is in flight the listener stays open, and readiness says 503.
    await eventually(async () => (await ready()).status === 503, 5_000, 50);
    const unready = await ready();
    expect(unready.status).toBe(503);
    expect(await unready.json()).toEqual({ status: 'unready', checks: { service: 'stopping' } });
    expect(unready.headers.get('connection')).toBe('close');
    expect(server.child.exitCode).toBeNull();

    const answer = await held.finish();
    expect(answer.status).toBe(200);
    const json = JSON.parse(answer.text) as { id: number; result: { structuredContent: { devices: unknown[] } } };
    expect(json.id).toBe(7);
    expect(Array.isArray(json.result.structuredContent.devices)).toBe(true);

    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('desk: SIGTERM received; stopping after 1 request(s) in flight');
    expect(server.output()).toContain('desk: stopped');
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });

  it('with nothing in flight, stops at once and exits 0', async () => {
    server = await startServe(['--embedded-db'], { cwd: dir });
    await eventually(async () => (await fetch(`${server!.url}/api/health/ready`)).status === 200, 15_000);
    const started = Date.now();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('HttpDrain', () => {
  const agents: Agent[] = [];
  afterEach(() => agents.splice(0).forEach((a) => a.destroy()));

  /** A plain Node server with a drain; `/never` is held open for good. */
  async function drained() {
    const server: Server = createServer((req, res) => {
      if (req.url !== '/never') res.end('ok');
    });
    const drain = new HttpDrain(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    /** A GET on its own keep-alive connection; resolves with the status or the socket error code. */
    const get = (path: string) => {
      const agent = new Agent({ keepAlive: true });
      agents.push(agent);
      return new Promise<number | string>((resolve) => {
        request({ host: '127.0.0.1', port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
          .on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'))
          .end();
      });
    };
    return { server, drain, get };
  }

  it('does not wait on idle keep-alive connections', async () => {
    const { server, drain, get } = await drained();
    expect(await get('/')).toBe(200); // its keep-alive connection stays open, idle
    const started = Date.now();
    expect(await drain.drain(5_000)).toEqual({ abandoned: 0 });
    expect(Date.now() - started).toBeLessThan(500);
    expect(server.listening).toBe(false);
  });

  it('ends a request still open when the grace period is over', async () => {
    const { server, drain, get } = await drained();
    const cut = get('/never');
    await eventually(async () => drain.requestsInFlight === 1, 2_000, 10);
    const started = Date.now();
    expect(await drain.drain(300)).toEqual({ abandoned: 1 });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2_000);
    expect(await cut).toBe('ECONNRESET');
    expect(server.listening).toBe(false);
  });
});
