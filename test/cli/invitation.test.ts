/**
 * `desk user create` without a password, end to end: the real CLI writes the invitation file and
 * prints its path, the link is followed over HTTP to a real `desk serve`, the password is set, the file
 * is gone, and the new user signs in. Several users invited in a row each keep their own file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDesk, startServe, tempInstallDir, type RunningServer } from '../support/cli.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('desk user create without a password, followed over HTTP', () => {
  const dir = tempInstallDir();
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
  const invite = async (email: string, role: string) => {
    const r = await runDesk(['user', 'create', 'north', email, '--name', email.split('@')[0]!, '--role', role], {
      cwd: dir,
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    const file = r.stdout.trim();
    expect(r.stdout).toBe(`${file}\n`);
    const link = /href="([^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    expect(link.startsWith(`${base}/setup#token=`)).toBe(true);
    expect(r.stdout + r.stderr).not.toContain(link);
    return { file, token: new URL(link).hash.replace('#token=', '') };
  };

  it('lets each invited user set a password through their own link; the file goes once it is used', async () => {
    const desk = await invite('desk@north.example', 'loan-desk');
    const teacher = await invite('teacher@north.example', 'teacher');
    expect(teacher.file).not.toBe(desk.file);

    const password = 'my own long passphrase';
    const used = await post('/api/auth/setup', { token: desk.token, password });
    expect(used.status).toBe(200);
    // The answer says where to sign in: the school's short name (a shared address asks for it) and whose.
    expect(await used.json()).toMatchObject({ ok: true, email: 'desk@north.example', school: { slug: 'north' } });
    expect(existsSync(desk.file)).toBe(false);
    expect(existsSync(teacher.file)).toBe(true);

    const login = await post(
      '/api/auth/login',
      { email: 'desk@north.example', password },
      { 'x-tenant-slug': 'north' },
    );
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect((await fetch(`${base}/api/loans/inventory`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
    expect((await post('/api/auth/setup', { token: desk.token, password: 'a second passphrase' })).status).toBe(400);

    expect((await post('/api/auth/setup', { token: teacher.token, password })).status).toBe(200);
    expect(existsSync(teacher.file)).toBe(false);
  });

  it('refuses bad arguments with exit 2 and writes no file', async () => {
    const invitationFiles = () => readdirSync(dir).filter((f) => f.startsWith('.invitation-'));
    const before = invitationFiles();
    for (const args of [
      ['user', 'create', 'north', 'not-an-address', '--name', 'X', '--role', 'teacher'],
      ['user', 'create', 'north', 'x@north.example', '--name', 'X', '--role', 'wizard'],
      ['user', 'create', 'north', 'x@north.example', '--name', 'X', '--role', 'teacher', '--loan-group', 'nope'],
    ]) {
      const r = await runDesk(args, { cwd: dir, env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
    }
    expect(invitationFiles()).toEqual(before);
  });
});
