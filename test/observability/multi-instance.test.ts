/**
 * Two `desk serve` processes on one Postgres work as one service (SPEC §11, issue 5): migrations run
 * once, rate limits are shared, sessions made on one work on the other, and a loan issued through
 * one is seen by the other at once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDesk, startServe, tempInstallDir, eventually, type RunningServer } from '../support/cli.js';
import { postgresAvailable, sharedServeEnv, warnIfPostgresSkipped } from '../support/postgres.js';

warnIfPostgresSkipped();

describe.skipIf(!postgresAvailable)('two instances on one Postgres', () => {
  const { schema, target, env } = sharedServeEnv('desk_multi', {
    RATE_LIMIT_V1_PER_MINUTE: '3',
    RATE_LIMIT_ACTIONS_PER_MINUTE: '0',
  });
  const admin = new pg.Client({ connectionString: target.href });
  const servers: RunningServer[] = [];
  let a: RunningServer;
  let b: RunningServer;
  let key: string;
  let cli: (args: string[], input?: string) => ReturnType<typeof runDesk>;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    // Both start at once against an empty schema: each must wait for the other's migrations.
    [a, b] = await Promise.all([
      startServe(['--from-environment'], { cwd: tempInstallDir(), env }),
      startServe(['--from-environment'], { cwd: tempInstallDir(), env }),
    ]);
    servers.push(a, b);
    for (const s of [a, b])
      await eventually(async () => (await fetch(`${s.url}/api/health/ready`)).status === 200, 30_000, 200);
    cli = (args: string[], input?: string) =>
      runDesk([...args, '--from-environment'], { cwd: tempInstallDir(), env, input });
    for (const args of [
      ['tenant', 'create', 'north', '--name', 'North High'],
      ['module', 'enable', 'north', 'integrations', 'loans', 'people'],
      ['seed-demo', 'north', '--size', 'small'],
    ]) {
      const r = await cli(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    expect(
      (
        await cli(
          [
            'user',
            'create',
            'north',
            'desk@north.example',
            '--name',
            'Desk',
            '--role',
            'loan-desk',
            '--password-stdin',
          ],
          'a shared passphrase\n',
        )
      ).code,
    ).toBe(0);
    key = JSON.parse(
      (
        await cli([
          'key',
          'create',
          'north',
          '--name',
          'sync',
          '--scopes',
          'loan.view,loan.issue,person.view',
          '--json',
        ])
      ).stdout,
    ).key;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await admin.end();
  });

  it('applied each migration exactly once', async () => {
    const { rows } = await admin.query(
      `select version, count(*)::int n from ${schema}.schema_migrations group by version`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.n).toBe(1);
  });

  it('shares one rate-limit count between the instances', async () => {
    const ping = (s: RunningServer) => fetch(`${s.url}/api/v1/ping`, { headers: { 'x-api-key': key } });
    expect((await ping(a)).status).toBe(200);
    expect((await ping(b)).status).toBe(200);
    expect((await ping(a)).status).toBe(200);
    const fourth = await ping(b);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBeTruthy();
  });

  it('sees a loan issued through one instance from the other at once', async () => {
    const action = (s: RunningServer, name: string, input: unknown) =>
      fetch(`${s.url}/api/v1/actions/${name}`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { result: any } }));
    const available = await action(b, 'loans.list', { status: 'AVAILABLE', pageSize: 1 });
    const loan = available.body.result.loans[0];
    const person = (await action(b, 'people.search', { q: 'a', limit: 1 })).body.result.people[0];
    const issued = await action(a, 'loans.issue', { number: loan.number, holderId: person.id });
    expect(issued.status).toBe(200);
    const seen = await action(b, 'loans.list', { q: String(loan.number) });
    expect(seen.body.result.loans.find((l: { number: number }) => l.number === loan.number)).toMatchObject({
      status: 'ISSUED',
      holder: { id: person.id },
    });
    // And the other instance refuses a second issue of the same loan.
    expect((await action(b, 'loans.issue', { number: loan.number, holderId: person.id })).status).toBe(409);
  });

  const actions = (s: RunningServer, k: string) => fetch(`${s.url}/api/v1/actions`, { headers: { 'x-api-key': k } });

  it('accepts a session made on one instance on the other; logout ends it on both from the next request', async () => {
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant-slug': 'north' },
      body: JSON.stringify({ email: 'desk@north.example', password: 'a shared passphrase' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const inventory = (s: RunningServer) =>
      fetch(`${s.url}/api/loans/inventory`, { headers: { authorization: `Bearer ${token}` } });
    // Both instances have just authenticated the session, and remember it.
    expect((await inventory(a)).status).toBe(200);
    expect((await inventory(b)).status).toBe(200);
    const out = await fetch(`${b.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(204);
    expect((await inventory(b)).status).toBe(401);
    expect((await inventory(a)).status).toBe(401);
  });

  it('a key revoked at the CLI stops working on both instances from the next request', async () => {
    const { key: doomed, id } = JSON.parse(
      (await cli(['key', 'create', 'north', '--name', 'doomed', '--scopes', 'loan.view', '--json'])).stdout,
    ) as { key: string; id: string };
    expect((await actions(a, doomed)).status).toBe(200);
    expect((await actions(b, doomed)).status).toBe(200);
    expect((await cli(['key', 'revoke', 'north', id])).code).toBe(0);
    for (const s of [a, b]) expect((await actions(s, doomed)).status).toBe(401);
  });

  it('a module turned off at the CLI is off on both instances from the next request', async () => {
    expect((await actions(a, key)).status).toBe(200);
    expect((await actions(b, key)).status).toBe(200);
    expect((await cli(['module', 'disable', 'north', 'integrations'])).code).toBe(0);
    try {
      for (const s of [a, b]) expect((await actions(s, key)).status).toBe(404);
    } finally {
      expect((await cli(['module', 'enable', 'north', 'integrations'])).code).toBe(0);
    }
  });
});
