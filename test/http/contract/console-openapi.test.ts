/**
 * The console API's document (GET /api/openapi.json): signed-in only, valid OpenAPI 3.1, and it
 * documents exactly the console routes the server registers (every route outside the other
 * surfaces: health, metrics, MCP, the OAuth protocol, the API-key surface). Its answers are checked
 * against it by every HTTP suite (CHECK_RESPONSES, contract/response-check.ts); this suite checks
 * that the check itself refuses what the document does not declare.
 */
import { readFileSync } from 'node:fs';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredApi } from '../../../src/adapters/http/declared-api.js';
import { VERSION } from '../../../src/config/index.js';
import { WEB_TYPES_FILE, webApiTypes } from '../../../scripts/console-api-types.mjs';
import { registeredRoutes, type TestApp } from '../../support/app.js';
import { send } from '../../support/rest.js';
import { consoleClient, signIn, startConsoleApp } from '../../support/console.js';

/** Routes of the other surfaces: each has its own contract (SPEC §7.2, §7.3, MCP, OAuth, health). */
const OTHER_SURFACES = [
  /^\/api\/v1\//,
  /^\/api\/health/,
  /^\/api\/metrics$/,
  /^\/api\/mcp$/,
  /^\/\.well-known\//,
  /^\/api\/oauth\/(authorize|token|register|revoke)$/,
];

const templateOf = (koaPath: string): string => koaPath.replace(/:([A-Za-z]+)/g, '{$1}');

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startConsoleApp();
  await app.tenant('north');
  ({ token } = await signIn(app, 'north', { role: 'read-only' }));
});
afterAll(() => app.close());

describe('GET /api/openapi.json', () => {
  it('answers 401 without a session, and the document to anyone signed in', async () => {
    expect((await send(app.port, { path: '/api/openapi.json' })).status).toBe(401);
    const reply = await consoleClient(app, token).get('/api/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.json.openapi).toBe('3.1.0');
    expect((reply.json.info as { version: string }).version).toBe('0.20.0');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = (await consoleClient(app, token).get('/api/openapi.json')).json;
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('documents every console route the server registers, and no other', async () => {
    const doc = (await consoleClient(app, token).get('/api/openapi.json')).json as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = registeredRoutes(app)
      .filter((r) => !OTHER_SURFACES.some((re) => re.test(r.path)))
      .map((r) => `${r.method} ${templateOf(r.path)}`);
    expect(documented.length).toBeGreaterThan(20);
    expect([...registered].sort()).toEqual([...documented].sort());
  });

  it('names who may call each operation, and the problems it may answer', async () => {
    const doc = (await consoleClient(app, token).get('/api/openapi.json')).json as {
      paths: Record<string, Record<string, { 'x-desk-required': string[]; responses: Record<string, unknown> }>>;
    };
    const create = doc.paths['/api/devices']!.post!;
    expect(create['x-desk-required']).toEqual(['module.assets', 'device.manage']);
    expect(Object.keys(create.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '503',
    ]);
  });

  it('marks the by-number loan moves deprecated, naming the one route to call, and only those', async () => {
    type Op = {
      operationId: string;
      deprecated?: boolean;
      'x-desk-alias-of'?: string;
      description?: string;
      'x-desk-required': string[];
      responses: Record<string, unknown>;
    };
    const doc = (await consoleClient(app, token).get('/api/openapi.json')).json as {
      paths: Record<string, Record<string, Op>>;
    };
    const ops = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const byId = new Map(ops.map((op) => [op.operationId, op]));
    const aliases = ops.filter((op) => op.deprecated).map((op) => [op.operationId, op['x-desk-alias-of']]);
    expect(aliases).toEqual([
      ['issueLoanByNumber', 'issueLoan'],
      ['returnLoanByNumber', 'returnLoan'],
    ]);
    expect(doc.paths['/api/loans/issue']!.post!.operationId).toBe('issueLoan');
    expect(doc.paths['/api/loans/return']!.post!.operationId).toBe('returnLoan');
    for (const [alias, of] of aliases) {
      const [a, o] = [byId.get(alias!)!, byId.get(of!)!];
      expect(a.description).toContain('Call that route instead');
      // What it requires and what it may answer are the one route's.
      expect(a['x-desk-required']).toEqual(o['x-desk-required']);
      expect(a.responses).toEqual(o.responses);
    }
  });
});

describe('the browser console’s types', () => {
  it('are generated from the current declarations (npm run gen:api rewrites them)', async () => {
    const document = declaredApi({ version: VERSION, serverUrl: 'http://localhost:3000' }).consoleDocument();
    const expected = await webApiTypes(document.document);
    expect(
      readFileSync(WEB_TYPES_FILE, 'utf8') === expected,
      'web/src/api/console-api.gen.ts is stale: run npm run gen:api',
    ).toBe(true);
  });
});
