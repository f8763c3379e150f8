/**
 * The API-key surface's document (GET /api/v1/openapi.json): for a key only, valid OpenAPI 3.1, and it
 * documents exactly the `/api/v1` routes the server registers — the routes only keys call (ping, the
 * register and repairs, the action surface, the event stream) and the `/api/v1` twins of the console
 * routes keys may call too — each with the key's security scheme and the problems a key may meet.
 */
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../src/domain/access/permissions.js';
import { registeredRoutes, startApp, type TestApp } from '../../support/app.js';
import { restClient, send } from '../../support/rest.js';

const templateOf = (koaPath: string): string => koaPath.replace(/:([A-Za-z]+)/g, '{$1}');

interface Document {
  openapi: string;
  paths: Record<
    string,
    Record<string, { security: unknown[]; responses: Record<string, unknown>; 'x-desk-required': string[] }>
  >;
  components: { securitySchemes: Record<string, unknown> };
}

let app: TestApp;
let doc: Document;

beforeAll(async () => {
  app = await startApp();
  await app.tenant('north');
  const { key } = await app.key('north', []);
  const reply = await restClient(app.port, key).get('/api/v1/openapi.json');
  expect(reply.status).toBe(200);
  doc = reply.json as Document;
});
afterAll(() => app?.close());

describe('GET /api/v1/openapi.json', () => {
  it('answers 401 without a key, whatever session comes with it', async () => {
    expect((await send(app.port, { path: '/api/v1/openapi.json' })).status).toBe(401);
  });

  it('is a valid OpenAPI 3.1 document, every operation behind the key', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['apiKey']);
    for (const ops of Object.values(doc.paths))
      for (const op of Object.values(ops)) expect(op.security).toEqual([{ apiKey: [] }]);
  });

  it('documents every /api/v1 route the server registers, and no other', async () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = registeredRoutes(app)
      .filter((r) => r.path.startsWith('/api/v1/'))
      .map((r) => `${r.method} ${templateOf(r.path)}`);
    expect(registered.length).toBeGreaterThan(20);
    expect([...documented].sort()).toEqual([...registered].sort());
  });

  it('shows the tool-twin routes as their tools, and what a key may meet on each', async () => {
    const devices = doc.paths['/api/v1/devices']!.get!;
    expect(devices['x-desk-required']).toEqual(['module.assets', 'device.view']);
    // 401 no key, 404 module off, 403 scope, 400 a bad filter, 429 the key's limit, 503 no database.
    expect(Object.keys(devices.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429', '503']);
    const webhook = doc.paths['/api/v1/webhooks']!.post!;
    expect(webhook['x-desk-required']).toContain('webhook.manage');
  });

  it('lists the same operations whatever the key’s scopes (it describes the surface, not the key)', async () => {
    const { key } = await app.key('north', [...PERMISSIONS]);
    const full = (await restClient(app.port, key).get('/api/v1/openapi.json')).json as Document;
    expect(Object.keys(full.paths).sort()).toEqual(Object.keys(doc.paths).sort());
  });
});
