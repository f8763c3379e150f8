/**
 * The development-mode answer check (CHECK_RESPONSES, on in every test): a route that answers more,
 * or other, than its declaration says fails as a 500, whatever the test that meets it was about;
 * with the check off (production) the same answer goes out as it is.
 */
import { injectable } from 'inversify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { compileRoutes } from '../../../src/adapters/http/contract/compile.js';
import { apiDocument } from '../../../src/adapters/http/contract/openapi.js';
import { registerRoutes } from '../../../src/adapters/http/contract/register.js';
import { routeGroup, useCaseRoute } from '../../../src/adapters/http/contract/route.js';
import { conflict } from '../../../src/domain/shared/errors.js';
import type { RouteModule } from '../../../src/adapters/http/route-module.js';
import { startApp, type TestApp } from '../../support/app.js';
import { consoleClient, signIn } from '../../support/console.js';

const echoInput = z
  .object({ say: z.string().optional(), extra: z.boolean().optional(), clash: z.boolean().optional() })
  .strict();

/** Answers what it is told: with a field the declaration lacks, or a conflict it does not name. */
@injectable()
class Echo {
  static readonly required = [] as const;
  static readonly input = echoInput;
  async execute(_: unknown, input: z.output<typeof echoInput>): Promise<{ said: string }> {
    if (input.clash) throw conflict('never declared');
    const said = { said: input.say ?? 'nothing' };
    // What a careless change to a use case does: answer a field the document does not have.
    return input.extra ? ({ ...said, secret: 'leaked' } as { said: string }) : said;
  }
}

const echoRoutes = routeGroup('echo', 'A route for this suite.', [
  useCaseRoute({
    method: 'post',
    path: '/api/echo',
    summary: 'Echo',
    useCase: Echo,
    output: z.object({ said: z.string() }),
  }),
]);

const echoModule: RouteModule = {
  name: 'echo',
  register(router, deps) {
    const routes = compileRoutes([echoRoutes]);
    const document = apiDocument(routes, [echoRoutes], {
      title: 'echo',
      description: 'A document for this suite.',
      version: '0',
      serverUrl: 'http://x',
      securitySchemes: {},
      security: [],
    });
    registerRoutes(router, deps, routes, () => document);
  },
};

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  vi.restoreAllMocks();
});

async function start(check: boolean) {
  const { routeModules } = await import('../../../src/adapters/http/routes/index.js');
  app = await startApp({ env: { CHECK_RESPONSES: String(check) }, routes: [...routeModules, echoModule] });
  await app.tenant('north');
  const { token } = await signIn(app, 'north', { role: 'read-only' });
  return consoleClient(app, token);
}

describe('the answer check', () => {
  it('passes an answer its declaration allows', async () => {
    const client = await start(true);
    const reply = await client.post('/api/echo', { say: 'hi' });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ said: 'hi' });
  });

  it('fails a body with a field the declaration lacks, and a problem it does not name, as 500', async () => {
    const client = await start(true);
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await client.post('/api/echo', { extra: true })).status).toBe(500);
    expect((await client.post('/api/echo', { clash: true })).status).toBe(500);
    const said = stderr.mock.calls.map((c) => String(c[0]));
    expect(said.some((s) => s.includes('POST /api/echo answered 200 with a body its declaration does not allow'))).toBe(
      true,
    );
    expect(said.some((s) => s.includes('POST /api/echo answered 409 (conflict)'))).toBe(true);
  });

  it('is off in production: the same answers go out as they are', async () => {
    const client = await start(false);
    expect((await client.post('/api/echo', { extra: true })).json).toEqual({ said: 'nothing', secret: 'leaked' });
    expect((await client.post('/api/echo', { clash: true })).status).toBe(409);
  });
});
