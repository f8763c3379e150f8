/**
 * Helpers for the operations suites: a captured log, a route that fails like a bug, a console user
 * signed in over HTTP, a setup link made through the real use case, and a stand-in for an error
 * collector (Sentry's ingest) listening on loopback.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import type { RouteModule } from '../../src/adapters/http/route-module.js';
import { routeModules } from '../../src/adapters/http/routes/index.js';
import type { LogDestination } from '../../src/adapters/observability/logger.js';
import type { Role } from '../../src/domain/access/permissions.js';
import { CreateSetupLink } from '../../src/domain/identity/create-setup-link.js';
import { CreateUser } from '../../src/domain/identity/create-user.js';
import { operatorActor } from '../../src/domain/tenants/operator-actor.js';
import { ResolveTenant } from '../../src/domain/tenants/resolve-tenant.js';
import type { TestApp } from './app.js';
import { send } from './rest.js';
import { perform } from '../../src/domain/shared/use-case.js';
import { resolveFrom } from '../../src/bootstrap/container.js';

/** A log destination that keeps every line. */
export function captureLog(): { destination: LogDestination; lines: string[]; text: () => string; json: () => any[] } {
  const lines: string[] = [];
  return {
    destination: { write: (line: string) => void lines.push(line) },
    lines,
    text: () => lines.join(''),
    json: () => lines.map((l) => JSON.parse(l)),
  };
}

export const BOOM_PATH = '/api/test/boom';

/**
 * The production routes plus `GET /api/test/boom`, which throws a plain Error (a bug, not a
 * DomainError) whose message quotes whatever the request carried: the worst case for scrubbing.
 */
export const routesWithBug: readonly RouteModule[] = [
  ...routeModules,
  {
    name: 'test-bug',
    register(router) {
      router.get(BOOM_PATH, (ctx) => {
        throw new Error(
          `boom while handling x-api-key=${ctx.get('x-api-key')} authorization="${ctx.get('authorization')}" ` +
            `cookie ${ctx.get('cookie')} query ${ctx.querystring}`,
        );
      });
    },
  },
];

export const PASSWORD = 'correct horse battery staple';

/** A user with a password, signed in with POST /api/auth/login: the JWT and the session cookie. */
export async function signIn(
  app: TestApp,
  slug: string,
  role: Role = 'school-admin',
): Promise<{ userId: string; email: string; token: string; cookie: string }> {
  const tenant = await resolveFrom(app.container)(ResolveTenant).bySlug(slug);
  const email = `${role}@${slug}.example`;
  const { user } = await perform(resolveFrom(app.container), CreateUser, operatorActor(tenant), {
    email,
    name: `${role} user`,
    role,
    loanGroupIds: [],
    password: PASSWORD,
  });
  const reply = await send(app.port, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'x-tenant-slug': slug },
    body: { email, password: PASSWORD },
  });
  expect(reply.status, reply.text).toBe(200);
  const setCookie = String(reply.headers['set-cookie'] ?? '');
  const cookie = /desk_session=[^;]+/.exec(setCookie)?.[0] ?? '';
  expect(cookie).not.toBe('');
  return { userId: user.id, email, token: reply.json.token as string, cookie };
}

/** A setup link for an administrator, made through the real use case; returns the link and its token. */
export async function setupLink(app: TestApp, email: string): Promise<{ link: string; token: string }> {
  const { path } = await resolveFrom(app.container)(CreateSetupLink).execute({ email });
  const html = readFileSync(path, 'utf8');
  const link = /href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const token = /#token=([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? '';
  expect(token.length).toBeGreaterThan(20);
  return { link, token };
}

export interface Envelope {
  readonly url: string;
  readonly text: string;
  /** Each newline-separated JSON document of the envelope (header, item header, payload...). */
  readonly parts: any[];
}

/** An HTTP server on loopback standing in for Sentry's ingest: it keeps every envelope posted. */
export async function startCollector(): Promise<{
  dsn: string;
  envelopes: Envelope[];
  close(): Promise<void>;
}> {
  const envelopes: Envelope[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const text = body.toString('utf8');
      const parts = text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          try {
            return JSON.parse(line);
          } catch {
            return line;
          }
        });
      envelopes.push({ url: req.url ?? '', text, parts });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The error events among the envelopes received (the payload that follows an `event` item header). */
export function errorEvents(envelopes: readonly Envelope[]): any[] {
  const events: any[] = [];
  for (const { parts } of envelopes) {
    for (let i = 1; i < parts.length - 1; i++) if (parts[i]?.type === 'event') events.push(parts[i + 1]);
  }
  return events;
}
