/**
 * `desk serve` as an operator runs it: demo mode on the embedded database, hosts, health, and a
 * start against a database that is not there yet.
 */
import { createServer as createTcpServer, connect, type Server as TcpServer } from 'node:net';
import { readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_SEMI_SPACE_MIB } from '../../src/bootstrap/young-generation.js';
import { isWellFormedKey } from '../../src/domain/identity/api-key.js';
import { eventually, runDesk, startServe, tempInstallDir, type RunningServer } from '../support/cli.js';
import { postgresAvailable } from '../support/postgres.js';
import { send } from '../support/rest.js';

const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
});

async function serve(args: string[], opts: Parameters<typeof startServe>[1]) {
  const server = await startServe(args, opts);
  running.push(server);
  return server;
}

/** GET with any headers, Host included (fetch silently drops a custom Host header). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: { get(name: string): string | null }; json(): Promise<unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: { get: (name) => (res.headers[name.toLowerCase()] as string | undefined) ?? null },
          json: async () => JSON.parse(body),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('desk serve --embedded-db --demo', () => {
  const dir = tempInstallDir();
  let server: RunningServer;

  it('seeds the demo school and prints paths, never the key or the link', async () => {
    server = await serve(['--embedded-db', '--demo'], { cwd: dir });
    await eventually(async () => server.output().includes('read-only API key is in'), 30_000);
    const keyFile = join(dir, 'data', 'demo-api-key.txt');
    const linkFile = join(dir, '.setup-link.html');
    expect(server.output()).toContain(keyFile);
    expect(server.output()).toContain(linkFile);
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(isWellFormedKey(key)).toBe(true);
    expect(server.output()).not.toContain(key);
    expect(server.output()).not.toMatch(/token=/);
    for (const file of [keyFile, linkFile, join(dir, '.env')]) expect(statSync(file).mode & 0o777, file).toBe(0o600);
    expect(readFileSync(join(dir, '.env'), 'utf8')).toMatch(/^JWT_SECRET=\S{40,}$/m);
    expect(readFileSync(join(dir, '.env'), 'utf8')).toMatch(/^ENCRYPTION_KEY=[A-Za-z0-9_-]{43}$/m);

    const db = new Sqlite(join(dir, 'data', 'desk.sqlite'), { readonly: true });
    try {
      const tenant = db.prepare("select id, name from tenants where slug = 'demo'").get() as {
        id: string;
        name: string;
      };
      expect(tenant.name).toBe('Demo School');
      const modules = db
        .prepare('select module from tenant_modules where tenant_id = ? order by module')
        .all(tenant.id) as { module: string }[];
      expect(modules.map((m) => m.module)).toEqual([
        'assets',
        'costs',
        'events',
        'integrations',
        'loans',
        'people',
        'repairs',
        'servicedesk',
      ]);
      const count = (t: string) =>
        (db.prepare(`select count(*) n from ${t} where tenant_id = ?`).get(tenant.id) as { n: number }).n;
      // The seed's school size, and the administrator as a member of staff with two requests of their own.
      expect([count('people'), count('loans'), count('devices'), count('submissions'), count('tickets')]).toEqual([
        1501, 600, 2000, 300, 202,
      ]);
      expect(db.prepare("select role from users where email = 'admin@demo.school'").get()).toEqual({
        role: 'school-admin',
      });
      const admin = db.prepare("select id, kind from people where email = 'admin@demo.school'").get() as {
        id: string;
        kind: string;
      };
      expect(admin.kind).toBe('STAFF');
      expect(db.prepare('select count(*) n from tickets where requester_id = ?').get(admin.id)).toEqual({ n: 2 });
      const scopes = JSON.parse(
        (db.prepare('select scopes from api_keys').get() as { scopes: string }).scopes,
      ) as string[];
      expect(scopes.every((s) => s.endsWith('.view'))).toBe(true);
    } finally {
      db.close();
    }
  });

  it('answers health on any host and 404s other routes on unknown hosts', async () => {
    const health = await get(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', version: '0.20.0', channel: 'stable' });
    expect((await get(`${server.url}/api/health/ready`)).status).toBe(200);
    expect(await (await get(`${server.url}/api/health/version`)).json()).toEqual({
      version: '0.20.0',
      channel: 'stable',
    });
    // fetch does not send a Host header of its own choosing; node:http does.
    const port = Number(new URL(server.url).port);
    const elsewhere = await send(port, { path: '/api/v1/ping', host: 'evil.example' });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json.type).toMatch(/\/unknown-host$/);
    expect(elsewhere.headers['content-type']).toContain('application/problem+json');
    expect((await send(port, { path: '/api/health/ready', host: 'evil.example' })).status).toBe(200);
  });

  it('keeps its young generation within the limit once started and seeded (young-generation.ts)', async () => {
    const scrape = await (await fetch(`${server.url}/api/metrics`)).text();
    const line = scrape.split('\n').find((l) => l.startsWith('desk_nodejs_heap_space_size_total_bytes{space="new"}'));
    expect(line).toBeDefined();
    // V8 alone: 16 MiB after start-up, 32 MiB after seeding the demo school.
    expect(Number(line!.split(' ')[1])).toBeLessThanOrEqual(2 * MAX_SEMI_SPACE_MIB * 1024 * 1024);
  });

  it('stops on SIGTERM with exit 0, and a second demo start seeds nothing', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    const again = await serve(['--embedded-db', '--demo'], { cwd: dir });
    await eventually(async () => again.output().includes('nothing seeded'), 15_000);
    expect(await again.stop()).toBe(0);
  });
});

describe('desk serve configuration', () => {
  it('requires JWT_SECRET with Postgres, exit 2', async () => {
    const r = await runDesk(['serve', '--from-environment'], {
      cwd: tempInstallDir(),
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('JWT_SECRET');
  });

  it('requires ENCRYPTION_KEY with Postgres too, exit 2', async () => {
    const r = await runDesk(['serve', '--from-environment'], {
      cwd: tempInstallDir(),
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test', JWT_SECRET: 'j'.repeat(40) },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('ENCRYPTION_KEY');
  });

  it('shows commit and build time only to the holder of BUILD_INFO_TOKEN', async () => {
    const token = 'b'.repeat(40);
    const server = await serve(['--from-environment'], {
      cwd: tempInstallDir(),
      env: { BUILD_INFO_TOKEN: token, DATA_DIR: tempInstallDir() },
    });
    const short = await (await get(`${server.url}/api/health/version`, { authorization: 'Bearer wrong' })).json();
    expect(short).toEqual({ version: '0.20.0', channel: 'stable' });
    const long = (await (
      await get(`${server.url}/api/health/version`, { authorization: `Bearer ${token}` })
    ).json()) as Record<string, string>;
    expect(long.builtAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(Object.keys(long).sort()).toEqual(['builtAt', 'channel', 'commit', 'version']);
    await server.stop();
  });
});

/** A TCP relay on a free port that forwards to Postgres only once `open()` is called. */
async function delayedRelay(target: URL): Promise<{ port: number; open(): void; close(): void }> {
  let open = false;
  const server: TcpServer = createTcpServer((socket) => {
    if (!open) return socket.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    socket.pipe(upstream).pipe(socket);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { port, open: () => (open = true), close: () => server.close() };
}

describe.skipIf(!postgresAvailable)('desk serve against a Postgres that is not reachable yet', () => {
  it('starts unready, answers health, and becomes ready once the database answers', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const relay = await delayedRelay(target);
    const schema = `desk_serve_${Math.random().toString(36).slice(2, 10)}`;
    const url = new URL(target.href);
    url.host = `127.0.0.1:${relay.port}`;
    url.searchParams.set('options', `-c search_path=${schema},public`);
    try {
      // The schema must exist for search_path to land there; create it through the real server.
      const pg = await import('pg');
      const admin = new pg.default.Client({ connectionString: target.href });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      const server = await serve(['--from-environment'], {
        cwd: tempInstallDir(),
        env: { DATABASE_URL: url.href, JWT_SECRET: 'j'.repeat(40), ENCRYPTION_KEY: 'e'.repeat(43) },
      });
      expect((await get(`${server.url}/api/health`)).status).toBe(200);
      expect((await get(`${server.url}/api/health/version`)).status).toBe(200);
      const unready = await get(`${server.url}/api/health/ready`);
      expect(unready.status).toBe(503);
      relay.open();
      await eventually(async () => (await get(`${server.url}/api/health/ready`)).status === 200, 20_000, 250);
      const tables = await admin.query(
        'select count(*)::int n from information_schema.tables where table_schema = $1',
        [schema],
      );
      expect(tables.rows[0].n).toBeGreaterThan(10);
      await server.stop();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    } finally {
      relay.close();
    }
  });
});

describe('data files', () => {
  it('creates the data directory and the database owner-only', async () => {
    const dir = tempInstallDir();
    expect((await runDesk(['migrate'], { cwd: dir })).code).toBe(0);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'data', 'desk.sqlite')).mode & 0o777).toBe(0o600);
  });
});
