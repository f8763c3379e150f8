/**
 * The compiled route table (routing/routes.ts): what a method and path lead to, as the router before
 * it answered — a path without parameters by one map lookup, any case and a trailing slash alike; a
 * path with parameters, decoded; a method a static path lacks tried on the parametric routes before a
 * 405; `all` answering every other method; and a layer that does nothing left out of the pipeline.
 */
import type { Context, Middleware } from 'koa';
import { describe, expect, it } from 'vitest';
import { passThrough, RouteMap, Routes } from '../../src/adapters/http/routing/routes.js';

/** A handler that records its name in the context's trail. */
const says =
  (name: string): Middleware =>
  (ctx) => {
    (ctx.state.trail as string[]).push(name);
  };

async function run(map: RouteMap, method: string, path: string) {
  const found = map.find(method, path);
  if (found?.kind !== 'route') return found;
  const ctx = { state: { trail: [] as string[] } } as unknown as Context;
  await found.route.run(ctx);
  return { template: found.route.template, ungated: found.route.ungated, params: found.params, trail: ctx.state.trail };
}

const table = () =>
  new RouteMap(
    new Routes()
      .get('/api/health/version', says('version'))
      .get('/api/v1/actions/openapi.json', says('document'))
      .post('/api/v1/actions/:name', says('action'))
      .get('/api/devices/:id', says('device'))
      .patch('/api/devices/:id', says('patch device'))
      .get('/api/mcp', says('discovery'))
      .post('/api/mcp', says('message'))
      .all('/api/mcp', says('refusal'))
      .get('/api/limited', passThrough, says('limited')),
  );

describe('RouteMap', () => {
  it('finds a path without parameters, whatever its case or a trailing slash, and HEAD by its GET', async () => {
    const map = table();
    for (const path of ['/api/health/version', '/API/Health/Version', '/api/health/version/'])
      expect(await run(map, 'GET', path)).toMatchObject({ template: '/api/health/version', trail: ['version'] });
    expect(await run(map, 'HEAD', '/api/health/version')).toMatchObject({ trail: ['version'] });
  });

  it('marks health and metrics routes as ungated, and nothing else', async () => {
    const map = table();
    expect(await run(map, 'GET', '/api/health/version')).toMatchObject({ ungated: true });
    expect(await run(map, 'GET', '/api/devices/d1')).toMatchObject({ ungated: false });
  });

  it('decodes parameters, keeps their case, and takes one longer than a hundred characters', async () => {
    const map = table();
    expect(await run(map, 'GET', '/api/devices/Lab%20A')).toMatchObject({ params: { id: 'Lab A' }, trail: ['device'] });
    const long = 'x'.repeat(300);
    expect(await run(map, 'PATCH', `/api/devices/${long}`)).toMatchObject({ params: { id: long } });
  });

  it('tries a method a static path lacks on the parametric routes before calling it a 405', async () => {
    const map = table();
    expect(await run(map, 'POST', '/api/v1/actions/openapi.json')).toMatchObject({
      template: '/api/v1/actions/:name',
      params: { name: 'openapi.json' },
      trail: ['action'],
    });
    expect(map.find('DELETE', '/api/v1/actions/openapi.json')).toEqual({
      kind: 'other-methods',
      template: '/api/v1/actions/openapi.json',
      allow: 'GET, HEAD, POST',
    });
    expect(map.find('DELETE', '/api/devices/d1')).toEqual({
      kind: 'other-methods',
      template: '/api/devices/:id',
      allow: 'GET, PATCH, HEAD',
    });
  });

  it('answers every other method of an `all` path with its own route', async () => {
    const map = table();
    expect(await run(map, 'POST', '/api/mcp')).toMatchObject({ trail: ['message'] });
    for (const method of ['DELETE', 'PUT', 'OPTIONS'])
      expect(await run(map, method, '/api/mcp')).toMatchObject({ trail: ['refusal'] });
  });

  it('finds nothing for an unknown path', () => {
    expect(table().find('GET', '/api/nothing/here')).toBeNull();
  });

  it('leaves a layer that does nothing out of the pipeline', async () => {
    const found = table().find('GET', '/api/limited');
    expect(found?.kind === 'route' && found.route.layers).toBe(1);
    expect(await run(table(), 'GET', '/api/limited')).toMatchObject({ trail: ['limited'] });
  });

  it('refuses a route declared twice', () => {
    expect(() => new Routes().get('/a', says('one')).get('/a', says('two'))).toThrow('GET /a is declared twice');
  });
});
