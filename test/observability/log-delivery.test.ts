/**
 * The log of a running `desk serve` is written in blocks, off the request path (logger.ts): a line
 * must still reach standard error soon on a quiet server, and nothing buffered may be lost when the
 * server stops.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, startServe, tempInstallDir, type RunningServer } from '../support/cli.js';

const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
});

const requestLines = (server: RunningServer, id: string) =>
  server
    .stderr()
    .split('\n')
    .filter((line) => line.includes(id))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request');

describe('log delivery', () => {
  it('writes a request line within a second on a quiet server, while it keeps running', async () => {
    const server = await startServe(['--embedded-db'], { cwd: tempInstallDir(), env: { LOG_LEVEL: 'info' } });
    running.push(server);
    const id = randomUUID();
    const reply = await fetch(`${server.url}/api/health/version`, { headers: { 'x-request-id': id } });
    expect(reply.status).toBe(200);
    const asked = Date.now();
    await eventually(async () => requestLines(server, id).length === 1, 5_000, 20);
    expect(Date.now() - asked).toBeLessThan(1_000);
    expect(server.child.exitCode).toBeNull();
    expect(requestLines(server, id)[0]).toMatchObject({ level: 'info', route: '/api/health/version', status: 200 });
  });

  it('writes every buffered line before it exits on SIGTERM', async () => {
    const server = await startServe(['--embedded-db'], { cwd: tempInstallDir(), env: { LOG_LEVEL: 'info' } });
    running.push(server);
    const ids = Array.from({ length: 20 }, () => randomUUID());
    for (const id of ids) await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': id } });
    expect(await server.stop('SIGTERM')).toBe(0);
    for (const id of ids) expect(requestLines(server, id), id).toHaveLength(1);
    // The last line written, as the server stops, is there too.
    expect(server.stderr()).toMatch(/"msg":"stopping"/);
  });
});
