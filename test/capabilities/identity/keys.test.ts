/**
 * API keys in the console (issue 12, point 7) over HTTP against the real server: GET/POST /api/keys
 * and DELETE /api/keys/:id. Tenants kept apart first; then who may, bad input naming the field, a key
 * shown once with its MCP client configuration and working on /api/v1 with exactly its scopes, and
 * revocation taking effect on the key's very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../src/domain/access/permissions.js';
import { isWellFormedKey, mcpClientConfig } from '../../../src/domain/identity/api-key.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { signIn, startConsoleApp, type ConsoleUser } from '../../support/console.js';
import { startApp, type TestApp } from '../../support/app.js';
import { captureLog } from '../../support/observability.js';
import { expectProblem, pointersOf, restClient } from '../../support/rest.js';
import { tenantBySlug } from '../../support/tenant-data.js';
import { adminClient, newestAudit, storedAdminState, tokenIn, useLink } from '../../support/admin.js';

let app: TestApp;
let alpha: Tenant;
let bravo: Tenant;
let admin: ConsoleUser;
let tech: ConsoleUser;
let reader: ConsoleUser;

beforeAll(async () => {
  app = await startConsoleApp();
  await app.tenant('alpha', { seed: 'small' });
  await app.tenant('bravo', { seed: 'small' });
  alpha = await tenantBySlug(app.container, 'alpha');
  bravo = await tenantBySlug(app.container, 'bravo');
  admin = await signIn(app, 'alpha', { role: 'school-admin' });
  tech = await signIn(app, 'alpha', { role: 'technician' });
  reader = await signIn(app, 'alpha', { role: 'read-only' });
});
afterAll(() => app?.close());

const as = (u: ConsoleUser | undefined) => adminClient(app, u?.token);
const ping = (key: string) => restClient(app.port, key).get('/api/v1/ping');

describe('tenants kept apart', () => {
  it("lists only the school's own keys, and cannot revoke another school's", async () => {
    const theirs = await app.key('bravo', ['loan.view']);
    const bravoBefore = await storedAdminState(app.container, bravo.id);
    const list = await as(admin).get('/api/keys');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(theirs.id);
    expectProblem(await as(admin).delete(`/api/keys/${theirs.id}`), 404, 'not-found');
    expect(await storedAdminState(app.container, bravo.id)).toEqual(bravoBefore);
    expect((await ping(theirs.key)).status).toBe(200);
  });

  it('mints a key that works in its own school only', async () => {
    const created = await as(admin).post('/api/keys', { name: 'Alpha sync', scopes: ['loan.view'] });
    expect(created.status).toBe(201);
    const { key } = created.json;
    expect((await ping(key)).json.tenant.slug).toBe('alpha');
    const elsewhere = await restClient(app.port, key).get('/api/v1/ping', { headers: { 'x-tenant-slug': 'bravo' } });
    expectProblem(elsewhere, 401, 'unauthorized');
  });
});

describe('GET /api/keys', () => {
  it('says which scopes the caller may give a key: the key permissions they hold, never a console-only one', async () => {
    const list = await as(admin).get('/api/keys');
    expect(list.status).toBe(200);
    expect(list.json.grantableScopes).toEqual([...PERMISSIONS]);
    for (const privileged of ['user.manage', 'apikey.manage', 'module.loans'])
      expect(list.json.grantableScopes).not.toContain(privileged);
    // Each one offered is accepted.
    const made = await as(admin).post('/api/keys', { name: 'Everything offered', scopes: list.json.grantableScopes });
    expect(made.status, made.text).toBe(201);
    await as(admin).delete(`/api/keys/${made.json.apiKey.id}`);
  });
});

describe('who may', () => {
  it('needs apikey.manage: a technician and a reader are refused, with nothing changed', async () => {
    const existing = await app.key('alpha', ['loan.view']);
    const before = await storedAdminState(app.container, alpha.id);
    for (const user of [tech, reader]) {
      expectProblem(await as(user).get('/api/keys'), 403, 'forbidden');
      expectProblem(await as(user).post('/api/keys', { name: 'Mine', scopes: [] }), 403, 'forbidden');
      expectProblem(await as(user).post('/api/keys', { scopes: 'everything' }), 403, 'forbidden');
      expectProblem(await as(user).delete(`/api/keys/${existing.id}`), 403, 'forbidden');
    }
    expect(await storedAdminState(app.container, alpha.id)).toEqual(before);
  });

  it('is never reached with an API key, even one with every scope it could hold', async () => {
    const { key } = await app.key('alpha', ['loan.view', 'audit.view', 'monitor.manage', 'person.manage']);
    for (const headers of [{ 'x-api-key': key }, { authorization: `Bearer ${key}` }] as Record<string, string>[]) {
      expectProblem(await as(undefined).get('/api/keys', { headers }), 401, 'unauthorized');
      expectProblem(
        await as(undefined).post('/api/keys', { name: 'Escalated', scopes: ['loan.issue'] }, { headers }),
        401,
        'unauthorized',
      );
    }
  });
});

describe('POST /api/keys', () => {
  it('shows the key once, with the MCP client configuration, and stores only its hash', async () => {
    const created = await as(admin).post('/api/keys', {
      name: 'Assistant (read-only)',
      scopes: ['loan.view', 'device.view', 'loan.view'],
      expiresInDays: 30,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { apiKey, key, mcpConfig } = created.json;
    expect(isWellFormedKey(key)).toBe(true);
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: 'Assistant (read-only)',
      prefix: key.slice(0, 13),
      scopes: ['loan.view', 'device.view'],
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(Date.parse(apiKey.expiresAt) - Date.parse(apiKey.createdAt)).toBe(30 * 86_400_000);
    expect(mcpConfig).toEqual({
      mcpServers: {
        desk: { type: 'http', url: `${app.config.publicUrl}/api/mcp`, headers: { Authorization: `Bearer ${key}` } },
      },
    });
    expect(mcpConfig).toEqual(mcpClientConfig(app.config.publicUrl, key));

    const stored = await app.container.get(UnitOfWork).read((r) => r.apiKeys.findByPrefix(apiKey.prefix));
    expect(stored.find((k) => k.id === apiKey.id)?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key);
    const [audit] = await newestAudit(app.container, alpha.id, 'apikey.create');
    expect(audit).toMatchObject({
      actor: { type: 'user', id: admin.user.id },
      target: `apiKey:${apiKey.id}`,
      details: { name: 'Assistant (read-only)', scopes: ['loan.view', 'device.view'] },
    });
    expect(JSON.stringify(audit)).not.toContain(key);

    // Never again: the list shows its prefix and metadata, not the key.
    const list = await as(admin).get('/api/keys');
    expect(list.status).toBe(200);
    expect(list.json.apiKeys.find((k: { id: string }) => k.id === apiKey.id)).toEqual(apiKey);
    expect(list.text).not.toContain(key);
    expect(list.text).not.toMatch(/"hash"/);
  });

  it('makes a key that works on /api/v1 with exactly its scopes', async () => {
    const { key } = (await as(admin).post('/api/keys', { name: 'Loans only', scopes: ['loan.view'] })).json;
    const pinged = await ping(key);
    expect(pinged.status).toBe(200);
    expect(pinged.json.key.scopes).toEqual(['loan.view']);
    const actions = await restClient(app.port, key).get('/api/v1/actions');
    expect(actions.status).toBe(200);
    expect(actions.json.actions.map((a: { name: string }) => a.name)).toEqual(['loans.list']);
    const listed = await restClient(app.port, key).post('/api/v1/actions/loans.list', { pageSize: 1 });
    expect(listed.status, listed.text).toBe(200);
    expectProblem(await restClient(app.port, key).get('/api/v1/devices'), 403, 'forbidden');
    expectProblem(
      await restClient(app.port, key).post('/api/v1/actions/loans.issue', { number: 1, holderId: 'x' }),
      404,
      'unknown-action',
    );
  });

  it('refuses bad input naming each field, and mints nothing', async () => {
    const before = await storedAdminState(app.container, alpha.id);
    const bad = await as(admin).post('/api/keys', {
      name: '',
      scopes: ['module.loans', 'user.manage', 'no.such', 'loan.view'],
      expiresInDays: 0,
      owner: 'me',
    });
    expectProblem(bad, 400, 'invalid-input');
    expect(pointersOf(bad).sort()).toEqual([
      '/expiresInDays',
      '/name',
      '/owner',
      '/scopes/0',
      '/scopes/1',
      '/scopes/2',
    ]);
    expect(JSON.stringify(bad.json)).toContain('desk module enable');
    expect(pointersOf(await as(admin).post('/api/keys', { name: 'x' }))).toEqual(['/scopes']);
    expectProblem(await as(admin).post('/api/keys', ['x']), 400, 'invalid-input');
    expect(await storedAdminState(app.container, alpha.id)).toEqual(before);
  });
});

describe('DELETE /api/keys/:id', () => {
  it('revokes at once: the key fails on its next request; a second revoke is 409, an unknown key 404', async () => {
    const { apiKey, key } = (await as(admin).post('/api/keys', { name: 'Short-lived', scopes: [] })).json;
    expect((await ping(key)).status).toBe(200); // remembered by this process now
    const revoked = await as(admin).delete(`/api/keys/${apiKey.id}`);
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');
    const refused = await ping(key);
    expectProblem(refused, 401, 'unauthorized');
    expect(refused.json.detail).toContain('revoked');
    expect((await newestAudit(app.container, alpha.id, 'apikey.revoke'))[0]).toMatchObject({
      actor: { type: 'user', id: admin.user.id },
      target: `apiKey:${apiKey.id}`,
    });
    const listed = (await as(admin).get('/api/keys')).json.apiKeys.find((k: { id: string }) => k.id === apiKey.id);
    expect(listed.revokedAt).toEqual(expect.any(String));
    expectProblem(await as(admin).delete(`/api/keys/${apiKey.id}`), 409, 'conflict');
    expectProblem(await as(admin).delete('/api/keys/no-such-key'), 404, 'not-found');
  });

  it('refuses a revocation from a browser page of another site', async () => {
    const { apiKey, key } = (await as(admin).post('/api/keys', { name: 'Kept', scopes: [] })).json;
    const reply = await as(admin).delete(`/api/keys/${apiKey.id}`, { headers: { origin: 'https://evil.example' } });
    expectProblem(reply, 403, 'forbidden');
    expect((await ping(key)).status).toBe(200);
  });
});

describe('secrets made in the console', () => {
  it('reach no log line: neither a key nor an invitation link, made, listed or used', async () => {
    const log = captureLog();
    const own = await startApp({ env: { LOG_LEVEL: 'trace' }, logDestination: log.destination });
    try {
      await own.tenant('golf');
      const head = await signIn(own, 'golf', { role: 'school-admin' });
      const client = adminClient(own, head.token);
      const { key } = (await client.post('/api/keys', { name: 'Logged?', scopes: ['loan.view'] })).json;
      expect((await restClient(own.port, key).get('/api/v1/ping')).status).toBe(200);
      const created = await client.post('/api/users', { email: 'new@golf.example', name: 'New', role: 'teacher' });
      const again = await client.post(`/api/users/${created.json.user.id}/invite`);
      const token = tokenIn(again.json.invitation.url);
      expect((await useLink(own, token, 'a passphrase of my own')).status).toBe(200);
      await client.get('/api/keys');
      await client.get('/api/users');
      await client.get('/api/audit');
      expect(log.lines.length).toBeGreaterThan(5); // the request lines were written
      const text = log.text();
      for (const secret of [key, key.slice(5, 37), token, tokenIn(created.json.invitation.url)]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await own.close();
    }
  });
});
