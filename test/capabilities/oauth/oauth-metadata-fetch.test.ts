/**
 * Fetching an app's client ID metadata document from a server that answers slowly (issue 28): a real
 * `desk serve` (the built binary, trusting the test CA through NODE_EXTRA_CA_CERTS, private addresses
 * allowed so it may call loopback) and a real HTTPS server on loopback that sends a 200 and then one
 * byte a second, which an idle timeout alone never ends. The whole fetch has one deadline (5 s), and
 * it ends as soon as the browser request that caused it goes away.
 */
import { request } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, tempInstallDir, type RunningServer } from '../../support/cli.js';
import { pkce, REDIRECT_URI, soundRequest } from '../../support/oauth.js';
import { send } from '../../support/rest.js';
import { testTls } from '../../support/tls.js';

/** How long the server trickles before it gives up itself: far past Desk's deadline. */
const TRICKLE_MS = 15_000;

interface Trickler {
  readonly server: Server;
  readonly port: number;
  /** When Desk's connection for this path closed (ms since the epoch), once it has. */
  closedAt(path: string): number | undefined;
  /** When Desk's request for this path arrived. */
  askedAt(path: string): number | undefined;
}

/** An HTTPS server that answers 200 at once and then sends one space a second, for TRICKLE_MS. */
async function startTrickler(): Promise<Trickler> {
  const tls = testTls();
  const asked = new Map<string, number>();
  const closed = new Map<string, number>();
  const server = createServer({ cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) }, (req, res) => {
    const path = req.url ?? '';
    asked.set(path, Date.now());
    res.writeHead(200, { 'content-type': 'application/json' });
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > TRICKLE_MS) {
        clearInterval(timer);
        res.end('not json');
        return;
      }
      res.write(' ');
    }, 1_000);
    req.socket.once('close', () => {
      clearInterval(timer);
      closed.set(path, Date.now());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    closedAt: (path) => closed.get(path),
    askedAt: (path) => asked.get(path),
  };
}

describe('a client metadata document that trickles', () => {
  let desk: RunningServer;
  let slow: Trickler;

  beforeAll(async () => {
    slow = await startTrickler();
    desk = await startServe(['--embedded-db'], {
      cwd: tempInstallDir('desk-cimd-'),
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', NODE_EXTRA_CA_CERTS: testTls().caFile, LOG_LEVEL: 'warn' },
      timeoutMs: 30_000,
    });
  });
  afterAll(async () => {
    await desk?.stop();
    slow?.server.closeAllConnections();
    slow?.server.close();
  });

  const authorizePath = (documentPath: string) => {
    const clientId = `https://localhost:${slow.port}${documentPath}`;
    const query = new URLSearchParams(
      soundRequest(clientId, pkce().challenge, { redirect_uri: REDIRECT_URI }) as never,
    );
    return `/api/oauth/authorize?${query}`;
  };

  it('gives up on the document after 5 s in all, and shows the person the app cannot be used', async () => {
    const started = Date.now();
    const reply = await send(desk.port, { path: authorizePath('/deadline.json') });
    const took = Date.now() - started;
    expect(reply.status).toBe(302);
    const location = new URL(String(reply.headers.location), desk.url);
    expect(location.pathname).toBe('/authorize');
    expect(location.searchParams.get('error')).toBe('invalid_client');
    // One deadline for the whole fetch, not an idle timeout that each byte restarts.
    expect(took).toBeGreaterThanOrEqual(4_500);
    expect(took).toBeLessThan(8_000);
    // And Desk hung up on the document's server, rather than reading on in the background.
    await expect.poll(() => slow.closedAt('/deadline.json'), { timeout: 2_000 }).toBeDefined();
    expect(slow.closedAt('/deadline.json')! - started).toBeLessThan(8_000);
  }, 30_000);

  it('stops fetching the document as soon as the browser that asked goes away', async () => {
    const path = '/gone.json';
    const asking = request({
      host: '127.0.0.1',
      port: desk.port,
      path: authorizePath(path),
      headers: { host: 'localhost' },
    });
    asking.on('error', () => undefined);
    asking.end();
    await expect.poll(() => slow.askedAt(path), { timeout: 5_000 }).toBeDefined();
    const leftAt = Date.now();
    asking.destroy();
    // Well within the 5 s deadline: the fetch ended because its request did.
    await expect.poll(() => slow.closedAt(path), { timeout: 2_500 }).toBeDefined();
    expect(slow.closedAt(path)! - leftAt).toBeLessThan(2_500);
  }, 30_000);
});
