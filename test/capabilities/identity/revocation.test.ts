/**
 * Every revocation takes effect on the very next request, in every process (issue 20, point 3):
 * a key revoked or a module switched off from another process (the CLI on the same SQLite file),
 * and on Postgres a key revoked, a session signed out, a user deactivated, a role changed and a
 * module switched off, and an app's grant disconnected on one instance, each refused by the other
 * instance on the next request, which had just used (and remembered) the same credential. No
 * polling, no waiting: the next request.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../support/app.js';
import { runDesk } from '../../support/cli.js';
import { createTestSchema, postgresAvailable, warnIfPostgresSkipped, type TestSchema } from '../../support/postgres.js';
import { send } from '../../support/rest.js';
import { consoleClient, signIn, type ConsoleUser } from '../../support/console.js';
import { connectApp, mcpAs, toolNames, toolsList } from '../../support/oauth.js';

warnIfPostgresSkipped();

const SLUG = 'north';
const MCP_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

const ping = (app: TestApp, key: string) => send(app.port, { path: '/api/v1/ping', headers: { 'x-api-key': key } });
const mcp = (app: TestApp, key: string) =>
  send(app.port, {
    method: 'POST',
    path: '/api/mcp',
    headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
    body: MCP_LIST,
  });
const inventory = (app: TestApp, user: Pick<ConsoleUser, 'token'>) =>
  consoleClient(app, user.token).get('/api/loans/inventory?pageSize=1');

describe('SQLite: a change made by another process applies to the next request', () => {
  let app: TestApp;
  let desk: (...args: string[]) => Promise<void>;

  beforeAll(async () => {
    app = await startApp();
    await app.tenant(SLUG, { seed: 'small' });
    // The CLI on the server's own file, as an operator at the same install would run it.
    desk = async (...args) => {
      const cwd = app.config.installDir;
      const run = await runDesk([...args, '--embedded-db', '--data-dir', join(cwd, 'data')], { cwd });
      expect(run.code, run.stderr).toBe(0);
    };
  });
  afterAll(() => app?.close());

  it('refuses a key revoked with `desk key revoke` on the next request, REST and MCP alike', async () => {
    const { key, id } = await app.key(SLUG, ['loan.view']);
    expect((await ping(app, key)).status).toBe(200);
    expect((await mcp(app, key)).status).toBe(200);
    await desk('key', 'revoke', SLUG, id);
    expect((await ping(app, key)).status).toBe(401);
    expect((await mcp(app, key)).status).toBe(401);
  });

  it('applies `desk module disable` to the next request, and `enable` to the one after', async () => {
    const { key } = await app.key(SLUG, ['loan.view']);
    const user = await signIn(app, SLUG, { role: 'loan-desk' });
    expect((await ping(app, key)).status).toBe(200);
    expect((await inventory(app, user)).status).toBe(200);
    await desk('module', 'disable', SLUG, 'integrations', 'loans');
    expect((await ping(app, key)).status).toBe(404);
    expect((await inventory(app, user)).status).toBe(404);
    await desk('module', 'enable', SLUG, 'integrations', 'loans');
    expect((await ping(app, key)).status).toBe(200);
    expect((await inventory(app, user)).status).toBe(200);
  });
});

describe.skipIf(!postgresAvailable)('Postgres: a change made on one instance applies on the other at once', () => {
  let schema: TestSchema;
  let a: TestApp;
  let b: TestApp;
  let admin: ConsoleUser;

  beforeAll(async () => {
    schema = await createTestSchema();
    a = await startApp({ databaseUrl: schema.url });
    b = await startApp({ databaseUrl: schema.url });
    await a.tenant(SLUG, { seed: 'small' });
    admin = await signIn(a, SLUG, { role: 'school-admin' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await schema?.drop();
  });

  it('refuses a key revoked in the console of one instance on the other, REST and MCP alike', async () => {
    const { key, id } = await a.key(SLUG, ['loan.view']);
    for (const app of [a, b]) expect((await ping(app, key)).status).toBe(200);
    expect((await mcp(b, key)).status).toBe(200);
    const revoked = await consoleClient(a, admin.token).send({ method: 'DELETE', path: `/api/keys/${id}` });
    expect(revoked.status, revoked.text).toBe(204);
    expect((await ping(b, key)).status).toBe(401);
    expect((await mcp(b, key)).status).toBe(401);
    expect((await ping(a, key)).status).toBe(401);
  });

  it('refuses a key revoked with `desk key revoke` (another process) on both instances', async () => {
    const { key, id } = await a.key(SLUG, ['loan.view']);
    for (const app of [a, b]) expect((await ping(app, key)).status).toBe(200);
    const run = await runDesk(['key', 'revoke', SLUG, id, '--from-environment'], {
      cwd: a.config.installDir,
      env: { DATABASE_URL: schema.url },
    });
    expect(run.code, run.stderr).toBe(0);
    for (const app of [a, b]) expect((await ping(app, key)).status).toBe(401);
  });

  it('ends a session signed out on one instance on the other', async () => {
    const user = await signIn(a, SLUG, { role: 'read-only' });
    for (const app of [a, b]) expect((await inventory(app, user)).status).toBe(200);
    expect((await consoleClient(a, user.token).post('/api/auth/logout')).status).toBe(204);
    expect((await inventory(b, user)).status).toBe(401);
  });

  it('refuses a user deactivated on one instance on the other', async () => {
    const user = await signIn(a, SLUG, { role: 'loan-desk' });
    expect((await inventory(b, user)).status).toBe(200);
    const changed = await consoleClient(a, admin.token).patch(`/api/users/${user.user.id}`, { active: false });
    expect(changed.status, changed.text).toBe(200);
    expect((await inventory(b, user)).status).toBe(401);
  });

  it('applies a changed role on the other instance from the next request', async () => {
    const user = await signIn(a, SLUG, { role: 'loan-desk' });
    const me = () => consoleClient(b, user.token).get('/api/auth/me');
    expect((await me()).json.permissions).toContain('loan.issue');
    const changed = await consoleClient(a, admin.token).patch(`/api/users/${user.user.id}`, { role: 'read-only' });
    expect(changed.status, changed.text).toBe(200);
    const after = await me();
    expect(after.json.user.role).toBe('read-only');
    expect(after.json.permissions).not.toContain('loan.issue');
    // And what the server checks, not only what it reports: an issue is now forbidden there.
    const issue = await consoleClient(b, user.token).post('/api/loans/1/issue', { holderId: 'anyone' });
    expect(issue.status).toBe(403);
  });

  it('ends an app disconnected on one instance on the other, and its role change too', async () => {
    const person = await signIn(a, SLUG, { role: 'loan-desk' });
    const { tokens } = await connectApp(a, person.token, { scope: 'loan.view loan.issue' });
    expect(toolNames(await mcpAs(b, tokens.access_token, toolsList))).toEqual(['loans.issue', 'loans.list']);
    const changed = await consoleClient(a, admin.token).patch(`/api/users/${person.user.id}`, { role: 'read-only' });
    expect(changed.status, changed.text).toBe(200);
    expect(toolNames(await mcpAs(b, tokens.access_token, toolsList))).toEqual(['loans.list']);
    const grant = (await consoleClient(b, person.token).get('/api/oauth/grants')).json.grants[0].id;
    const revoked = await consoleClient(a, person.token).send({ method: 'DELETE', path: `/api/oauth/grants/${grant}` });
    expect(revoked.status, revoked.text).toBe(204);
    expect((await mcpAs(b, tokens.access_token, toolsList)).status).toBe(401);
  });

  it('applies a module switched off on one instance to the other', async () => {
    const { key } = await a.key(SLUG, ['loan.view']);
    expect((await ping(b, key)).status).toBe(200);
    const off = await consoleClient(a, admin.token).send({
      method: 'PUT',
      path: '/api/modules',
      body: { enabled: ['people', 'loans', 'repairs', 'servicedesk', 'assets', 'costs', 'events'] },
    });
    expect(off.status, off.text).toBe(200);
    try {
      expect((await ping(b, key)).status).toBe(404);
    } finally {
      const on = await consoleClient(a, admin.token).send({
        method: 'PUT',
        path: '/api/modules',
        body: { enabled: ['integrations', 'people', 'loans', 'repairs', 'servicedesk', 'assets', 'costs', 'events'] },
      });
      expect(on.status).toBe(200);
    }
    expect((await ping(b, key)).status).toBe(200);
  });
});
