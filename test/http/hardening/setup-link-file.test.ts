/**
 * A used setup link's file is removed whatever the ports (issue 9, item 6): `desk setup-link` run with
 * the default PUBLIC_URL (port 3000) and `desk serve` on another port disagree on the link's address,
 * but the file is recognised by its token, so using the link removes it. A newer link's file stays.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDesk, startServe, tempInstallDir, eventually, type RunningServer } from '../../support/cli.js';
import { send } from '../../support/rest.js';

const tokenIn = (file: string): string => /#token=([A-Za-z0-9_-]+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';

describe('a setup link made by the CLI and used through a server on another port', () => {
  const dir = tempInstallDir();
  const file = join(dir, '.setup-link.html');
  let server: RunningServer;

  beforeAll(async () => {
    for (const args of [
      ['tenant', 'create', 'north', '--name', 'North High'],
      ['user', 'create', 'north', 'ada@north.example', '--name', 'Ada', '--role', 'school-admin'],
    ]) {
      const r = await runDesk([...args, '--embedded-db'], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
    }
    server = await startServe(['--embedded-db', '--port', '0'], { cwd: dir });
    await eventually(async () => (await fetch(`${server.url}/api/health/ready`)).status === 200);
  });
  afterAll(() => server?.stop());

  it('removes the file once the link is used', async () => {
    const made = await runDesk(['setup-link', 'ada@north.example', '--embedded-db'], { cwd: dir });
    expect(made.code, made.stderr).toBe(0);
    // The file names the default address; the server answers on another port.
    expect(readFileSync(file, 'utf8')).toContain('http://localhost:3000/setup#token=');
    const reply = await send(server.port, {
      method: 'POST',
      path: '/api/auth/setup',
      body: { token: tokenIn(file), password: 'a new long password' },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  it("leaves a newer link's file alone when an older link is refused", async () => {
    const first = await runDesk(['setup-link', 'ada@north.example', '--embedded-db'], { cwd: dir });
    expect(first.code, first.stderr).toBe(0);
    const older = tokenIn(file);
    expect((await runDesk(['setup-link', 'ada@north.example', '--embedded-db'], { cwd: dir })).code).toBe(0);
    const newer = tokenIn(file);
    const reply = await send(server.port, {
      method: 'POST',
      path: '/api/auth/setup',
      body: { token: older, password: 'another long password' },
    });
    expect(reply.status).toBe(400);
    expect(tokenIn(file)).toBe(newer);
  });
});
