/**
 * Administrator recovery end to end (SPEC §9, issue 4): the real CLI writes the link file, the link is
 * followed over HTTP to a real `desk serve`, the password is set, the file is gone, and the
 * administrator signs in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDesk, startServe, tempInstallDir, type RunningServer } from '../../support/cli.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('desk setup-link followed over HTTP', () => {
  const dir = tempInstallDir();
  const password = 'a long new passphrase';
  let server: RunningServer;
  let env: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = { PUBLIC_URL: base };
    for (const args of [
      ['tenant', 'create', 'north', '--name', 'North High'],
      ['module', 'enable', 'north', 'loans'],
      ['user', 'create', 'north', 'head@north.example', '--name', 'Head', '--role', 'school-admin'],
    ]) {
      expect((await runDesk(args, { cwd: dir, env })).code).toBe(0);
    }
    server = await startServe(['--embedded-db', '--port', String(port)], { cwd: dir, env });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const auditActions = () => {
    const db = new Sqlite(join(dir, 'data', 'desk.sqlite'), { readonly: true });
    try {
      return (
        db.prepare("select action from audit_entries where action like 'setup_link.%' order by rowid").all() as {
          action: string;
        }[]
      ).map((r) => r.action);
    } finally {
      db.close();
    }
  };

  it('sets the password through the link, removes the file, and the administrator signs in', async () => {
    const made = await runDesk(['setup-link', 'head@north.example'], { cwd: dir, env });
    expect(made.code).toBe(0);
    const file = made.stdout.trim();
    const link = /href="([^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(link.startsWith(`${base}/setup#token=`)).toBe(true);

    // The page a browser opens is the console's setup page: no referrer, scripts of our own origin only.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(await page.text());
    expect(script).not.toBeNull();
    expect((await fetch(base + script![1])).status).toBe(200);

    // Before use, the old (absent) password does not work and the link is still pending.
    expect(
      (await post('/api/auth/login', { email: 'head@north.example', password }, { 'x-tenant-slug': 'north' })).status,
    ).toBe(401);

    const token = new URL(link).hash.replace('#token=', '');
    const short = await post('/api/auth/setup', { token, password: 'too short' });
    expect(short.status).toBe(400);
    const used = await post('/api/auth/setup', { token, password });
    expect(used.status).toBe(200);
    expect(existsSync(file)).toBe(false);

    const login = await post(
      '/api/auth/login',
      { email: 'head@north.example', password },
      { 'x-tenant-slug': 'north' },
    );
    expect(login.status).toBe(200);
    const { token: session, user } = (await login.json()) as { token: string; user: { email: string; role: string } };
    expect(user).toMatchObject({ email: 'head@north.example', role: 'school-admin' });
    const inventory = await fetch(`${base}/api/loans/inventory`, { headers: { authorization: `Bearer ${session}` } });
    expect(inventory.status).toBe(200);

    // One use: the same link again is refused, and the refusal is audited.
    expect((await post('/api/auth/setup', { token, password: 'another long passphrase' })).status).toBe(400);
    expect(auditActions()).toEqual(['setup_link.create', 'setup_link.use', 'setup_link.rejected']);
  });

  it('only the newest link works', async () => {
    const first = await runDesk(['setup-link', 'head@north.example'], { cwd: dir, env });
    const firstToken = /#token=([A-Za-z0-9_-]+)/.exec(readFileSync(first.stdout.trim(), 'utf8'))?.[1] ?? '';
    const second = await runDesk(['setup-link', 'head@north.example'], { cwd: dir, env });
    const secondToken = /#token=([A-Za-z0-9_-]+)/.exec(readFileSync(second.stdout.trim(), 'utf8'))?.[1] ?? '';
    expect((await post('/api/auth/setup', { token: firstToken, password: 'replaced link passphrase' })).status).toBe(
      400,
    );
    expect((await post('/api/auth/setup', { token: secondToken, password: 'newest link passphrase' })).status).toBe(
      200,
    );
    expect((await post('/api/auth/setup', { token: 'made-up-token', password: 'whatever passphrase' })).status).toBe(
      400,
    );
  });
});
