/**
 * Helpers for the monitor suites: a client for one surface (a console session or an API key), a
 * monitored site on loopback that answers what the test says and counts its requests, a clock that
 * runs with real time plus an offset the test moves forward, and a short-lived CA + certificate made
 * with openssl for the https checks.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../../support/app.js';
import { send, type Reply } from '../../support/rest.js';
import { SystemClock } from '../../../src/adapters/system/system-clock.js';

export type Surface = 'console' | 'v1';

/** Requests to one surface's monitor routes, with the session or the key. */
export function monitorClient(app: TestApp, surface: Surface, credential: string) {
  const base = surface === 'console' ? '/api/monitors' : '/api/v1/monitors';
  const auth: Record<string, string> =
    surface === 'console' ? { authorization: `Bearer ${credential}` } : { 'x-api-key': credential };
  const call = (method: string, path: string, body?: unknown): Promise<Reply> =>
    send(app.port, { method, path, headers: auth, ...(body === undefined ? {} : { body }) });
  return {
    create: (body: unknown) => call('POST', base, body),
    list: () => call('GET', base),
    get: (id: string) => call('GET', `${base}/${encodeURIComponent(id)}`),
    update: (id: string, body: unknown) => call('PATCH', `${base}/${encodeURIComponent(id)}`, body),
    remove: (id: string) => call('DELETE', `${base}/${encodeURIComponent(id)}`),
    call,
  };
}
export type MonitorClient = ReturnType<typeof monitorClient>;

/** A site to monitor: answers `status` (changeable), counts requests per path. */
export interface TestSite {
  readonly url: string;
  status: number;
  /** Milliseconds to wait before answering. */
  delayMs: number;
  readonly hits: Map<string, number>;
  close(): Promise<void>;
}

function siteHandler(site: { status: number; delayMs: number; hits: Map<string, number> }) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    site.hits.set(path, (site.hits.get(path) ?? 0) + 1);
    setTimeout(() => {
      res.writeHead(site.status, { 'content-type': 'text/plain' });
      res.end('monitored\n');
    }, site.delayMs);
  };
}

async function listen(server: Server, scheme: 'http' | 'https', state: TestSite): Promise<TestSite> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(state, { url: `${scheme}://${scheme === 'https' ? 'localhost' : '127.0.0.1'}:${port}` });
  return state;
}

const closer = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function startSite(status = 200): Promise<TestSite> {
  const state = { url: '', status, delayMs: 0, hits: new Map<string, number>() } as TestSite;
  const server = createHttpServer(siteHandler(state));
  Object.assign(state, { close: closer(server) });
  return listen(server, 'http', state);
}

/** An https site for `localhost` with a certificate from `pki`. */
export async function startHttpsSite(pki: TestPki, status = 200): Promise<TestSite> {
  const state = { url: '', status, delayMs: 0, hits: new Map<string, number>() } as TestSite;
  const server = createHttpsServer({ key: pki.leafKey, cert: pki.leafCert }, siteHandler(state));
  Object.assign(state, { close: closer(server) });
  return listen(server, 'https', state);
}

/** A CA and a `localhost` certificate it signed, valid for `days`. */
export interface TestPki {
  readonly caCert: string;
  readonly leafKey: string;
  readonly leafCert: string;
  readonly caFile: string;
}

export function makePki(days: number): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'desk-pki-'));
  const at = (f: string) => join(dir, f);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '30',
    '-subj',
    '/CN=Desk test CA',
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    at('leaf.key'),
    '-out',
    at('leaf.csr'),
  );
  writeFileSync(at('ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
  openssl(
    'x509',
    '-req',
    '-in',
    at('leaf.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-days',
    String(days),
    '-extfile',
    at('ext.cnf'),
    '-out',
    at('leaf.pem'),
  );
  return {
    caCert: readFileSync(at('ca.pem'), 'utf8'),
    leafKey: readFileSync(at('leaf.key'), 'utf8'),
    leafCert: readFileSync(at('leaf.pem'), 'utf8'),
    caFile: at('ca.pem'),
  };
}

/** The system clock plus an offset: `advance` moves the service's "now" forward without waiting. */
export class OffsetClock extends SystemClock {
  private offsetMs = 0;
  override now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}
