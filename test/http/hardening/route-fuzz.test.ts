/**
 * No request from outside produces a 5xx (issue 9, item 1). Every route the app registers — read from
 * the route modules themselves, so a new route is fuzzed without anyone remembering to add it — gets
 * hostile requests on SQLite and on Postgres: malformed and oversized bodies, bodies in encodings
 * they are not in, wrong content types, odd and overlong headers (Host, Origin, x-tenant-slug,
 * X-Request-Id, Accept, Mcp-Protocol-Version, credentials of every shape), query strings with NULs,
 * control characters and broken percent-encoding, and such path segments. With a valid key or
 * session too, so the hostile parts reach the use cases and the SQL, not only authentication.
 *
 * `test/http/v1-api/fuzz.test.ts` fuzzes what the tools do with their input; this file fuzzes HTTP itself.
 * FUZZ_RUNS raises the runs per route for a long local hunt.
 */
import fc from 'fast-check';
import { request } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../src/domain/access/permissions.js';
import {
  registeredRoutes,
  startApp,
  type RegisteredRoute,
  type TestApp,
  type TestDatabase,
} from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { readTenantData } from '../../support/tenant-data.js';
import { signIn } from '../../support/observability.js';
import { openPortalSession } from '../../../src/domain/portal/portal-sign-in.js';
import { IdGenerator } from '../../../src/ports/id-generator.js';
import { Secrets } from '../../../src/ports/secrets.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';

warnIfPostgresSkipped();

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);

type Route = RegisteredRoute;

/** Any string as percent-encoded UTF-8 bytes (lone surrogates included, which encodeURIComponent refuses). */
const percentEncoded = (s: string): string =>
  [...Buffer.from(s, 'utf8')].map((b) => '%' + b.toString(16).padStart(2, '0').toUpperCase()).join('');

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u0007', '\uD800', "' OR 1=1 --", '%', '_', '../../etc/passwd', ''),
  fc.string({ minLength: 200, maxLength: 3_000 }),
);

/** A raw query-string or path value: percent-encoded text, broken escapes, or bytes that are not UTF-8. */
const rawComponent = fc.oneof(
  hostileText.map(percentEncoded),
  fc.constantFrom('%', '%G1', '%E0%A4', '%FF%FE', '%C0%80', '%00', '1e309', '-1', '0', '999999999999', '1.5'),
  fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/),
);

const QUERY_NAMES = [
  'page',
  'pageSize',
  'q',
  'status',
  'kind',
  'groupId',
  'userGroup',
  'holderId',
  'overdue',
  'serial',
  'assigneeId',
  'token',
  // Single sign-on's start and callback.
  'school',
  'returnTo',
  'state',
  'code',
  'error',
  'iss',
  'x',
  // The OAuth authorization endpoint's and connected apps' parameters.
  'client_id',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'resource',
  'state',
  'all',
];

const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), rawComponent), rawComponent), { maxLength: 5 })
  .map((pairs) => (pairs.length ? '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&') : ''));

/** A header value Node's client will send: printable Latin-1, sometimes long, sometimes empty. */
const headerValue = fc.oneof(
  fc.stringMatching(/^[\x20-\x7e]{0,60}$/),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom(
    'caf\u00e9',
    'desk_' + 'A'.repeat(38),
    'Bearer desk_at_' + 'A'.repeat(43),
    'Bearer',
    'Bearer ',
    'null',
    'http://evil.example',
    '[::1]:99999',
  ),
  fc.constant('x'.repeat(8_000)),
);

const JSON_SAMPLE = Buffer.from(
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', input: {}, email: 'a@b.c' }),
);

interface Body {
  readonly bytes?: Buffer;
  readonly type?: string;
  readonly encoding?: string;
}

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({}),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ bytes: Buffer.from(JSON.stringify(v)), type: 'application/json' })),
  fc.uint8Array({ maxLength: 200 }).map((b) => ({ bytes: Buffer.from(b), type: 'application/json' })),
  fc.constantFrom(
    { bytes: Buffer.from('{"a":'.repeat(5_000)), type: 'application/json' },
    { bytes: Buffer.from('{"__proto__":{"x":1},"constructor":{"prototype":{}}}'), type: 'application/json' },
    { bytes: Buffer.alloc(1_100_000, 0x20), type: 'application/json' },
    { bytes: Buffer.from('not compressed'), type: 'application/json', encoding: 'gzip' },
    { bytes: Buffer.from('not compressed'), type: 'application/json', encoding: 'br' },
    { bytes: gzipSync(JSON_SAMPLE).subarray(0, 10), type: 'application/json', encoding: 'gzip' },
    { bytes: deflateSync(JSON_SAMPLE), type: 'application/json', encoding: 'deflate' },
    { bytes: brotliCompressSync(JSON_SAMPLE), type: 'application/json', encoding: 'br' },
    { bytes: gzipSync(Buffer.alloc(3_000_000, 0x20)), type: 'application/json', encoding: 'gzip' },
    { bytes: JSON_SAMPLE, type: 'application/json', encoding: 'compress' },
    { bytes: JSON_SAMPLE, type: 'application/json; charset=latin1' },
    { bytes: JSON_SAMPLE, type: 'text/plain' },
    { bytes: JSON_SAMPLE, type: 'multipart/form-data; boundary=x' },
    { bytes: JSON_SAMPLE, type: 'application/x-www-form-urlencoded' },
    { bytes: JSON_SAMPLE, type: ';;;' },
    // OAuth's forms (the token and revocation endpoints), hostile.
    {
      bytes: Buffer.from('grant_type=authorization_code&code=desk_ac_x&code_verifier=y&redirect_uri=%FF&client_id=c'),
      type: 'application/x-www-form-urlencoded',
    },
    {
      bytes: Buffer.from('grant_type=refresh_token&refresh_token=desk_rt_%00&client_id=%E0%A4'),
      type: 'application/x-www-form-urlencoded',
    },
    { bytes: Buffer.from('a[b][c]=1&token=1&token=2&__proto__[x]=1'), type: 'application/x-www-form-urlencoded' },
  ),
);

type Credential = 'none' | 'key' | 'bearer-key' | 'session' | 'cookie' | 'portal' | 'junk';

interface Case {
  readonly params: string[];
  readonly query: string;
  readonly body: Body;
  readonly credential: Credential;
  readonly headers: Record<string, string>;
}

const optionalHeaders = fc.record(
  {
    host: fc.oneof(fc.constantFrom('localhost', 'alpha.test', 'evil.example', '127.0.0.1:1', '[::1]', ''), headerValue),
    origin: headerValue,
    'x-tenant-slug': fc.oneof(fc.constantFrom('alpha', 'bravo', 'ALPHA', '-'), headerValue),
    'x-request-id': headerValue,
    accept: fc.oneof(fc.constantFrom('text/event-stream', 'application/json, text/event-stream', '*/*'), headerValue),
    'mcp-protocol-version': fc.oneof(fc.constantFrom('2025-11-25', '2024-11-05', '1999-01-01'), headerValue),
    'x-forwarded-for': headerValue,
  },
  { requiredKeys: [] },
);

const caseFor = (route: Route): fc.Arbitrary<Case> =>
  fc.record({
    params: fc.array(rawComponent, {
      minLength: (route.path.match(/:/g) ?? []).length,
      maxLength: (route.path.match(/:/g) ?? []).length,
    }),
    query: queryString,
    body,
    credential: fc.constantFrom<Credential>(
      'none',
      'key',
      'bearer-key',
      'session',
      'cookie',
      'portal',
      'junk',
      'key',
      'session',
    ),
    headers: optionalHeaders,
  });

interface Answer {
  readonly status: number;
  readonly text: string;
}

/** One raw request; a connection the server closes early (after a 413, say) counts as no 5xx. */
function sendRaw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  bytes?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, timeout: 20_000 }, (res) => {
      // An event stream that opened is an answer (it never ends by itself): take its status and hang up.
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        resolve({ status: res.statusCode ?? 0, text: '' });
        req.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, text: '' }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${path}`)));
    req.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve({ status: 0, text: '' }) : reject(e),
    );
    req.end(bytes);
  });
}

describe.each(['sqlite', 'postgres'] as const)('every route on %s', (database: TestDatabase) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('hostile requests', () => {
    let app: TestApp;
    let routes: Route[];
    const credentials = {} as Record<Credential, Record<string, string>>;
    let actionName: string;
    let loanNumber: string;

    beforeAll(async () => {
      app = await startApp({ database });
      await app.tenant('alpha', { hosts: ['alpha.test'], seed: 'small' });
      await app.tenant('bravo', { hosts: ['bravo.test'] });
      const key = (await app.key('alpha', [...PERMISSIONS])).key;
      const session = await signIn(app, 'alpha');
      const data = await readTenantData(app.container, 'alpha');
      actionName = 'loans.list';
      loanNumber = String(data.loans[0]!.number);
      // A requester of the portal (a pupil with an address), so its routes are fuzzed signed in too.
      const pupil = data.pupils.find((p) => p.email !== null && p.archivedAt === null)!;
      const deps = { ids: app.container.get(IdGenerator), secrets: app.container.get(Secrets) };
      const portal = await app.container
        .get(UnitOfWork)
        .transaction((r) => openPortalSession(r, deps, data.tenant.id, pupil.id, 'link', new Date()));
      Object.assign(credentials, {
        none: {},
        key: { 'x-api-key': key },
        'bearer-key': { authorization: `Bearer ${key}` },
        session: { authorization: `Bearer ${session.token}` },
        cookie: { cookie: session.cookie },
        portal: { cookie: `desk_portal=${portal.token}` },
        junk: { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.', 'x-api-key': 'desk_x', cookie: 'desk_session=%%%' },
      });
      routes = registeredRoutes(app);
    });
    afterAll(() => app?.close());

    it('lists the routes it fuzzes', () => {
      const names = routes.map((r) => `${r.method} ${r.path}`);
      for (const expected of [
        'POST /api/mcp',
        'GET /api/v1/devices/:id',
        'POST /api/auth/login',
        'GET /api/loans/inventory',
        'GET /api/auth/sso/start',
        'GET /api/auth/sso/callback',
        'PUT /api/settings/sso',
        'GET /api/portal/tickets/:id',
        'POST /api/portal/tickets/:id/attachments',
      ]) {
        expect(names).toContain(expected);
      }
    });

    it('answers no request on any route with a 5xx', async () => {
      const failures: string[] = [];
      for (const route of routes) {
        await fc
          .assert(
            fc.asyncProperty(caseFor(route), async (c) => {
              // Signing out would end the session the other cases use: it gets every credential but that one.
              const signsOut = route.path === '/api/auth/logout' || route.path === '/api/portal/sign-out';
              const credential = signsOut && c.credential !== 'junk' ? 'none' : c.credential;
              // Path parameters: hostile, or now and then a real action name or loan number.
              let i = 0;
              const path =
                route.path.replace(/:(\w+)/g, (_, name: string) => {
                  const raw = c.params[i++]!;
                  if (raw.length % 3 === 0) return name === 'name' ? actionName : name === 'number' ? loanNumber : raw;
                  return raw;
                }) + c.query;
              const headers: Record<string, string> = { ...c.headers, ...credentials[credential] };
              if (headers.host === undefined || headers.host === '') headers.host = 'localhost';
              if (c.body.type) headers['content-type'] = c.body.type;
              // Framed, so that a GET's body reaches the route too (Node's client sends it unframed).
              if (c.body.bytes) headers['content-length'] = String(c.body.bytes.length);
              if (c.body.encoding) headers['content-encoding'] = c.body.encoding;
              const answer = await sendRaw(app.port, route.method, path, headers, c.body.bytes);
              if (answer.status >= 500)
                failures.push(`${route.method} ${path} → ${answer.status} ${answer.text.slice(0, 200)}`);
              return answer.status < 500;
            }),
            { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
          )
          .catch(() => undefined); // collected below, so one report names every route that failed
      }
      expect(failures).toEqual([]);
    }, 180_000);
  });
});
