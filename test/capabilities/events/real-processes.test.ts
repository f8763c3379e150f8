/**
 * Events with real `desk serve` processes: nothing committed is lost when the process dies right
 * after a write (SIGKILL; the webhook is delivered after the restart), and two instances on one
 * Postgres send each webhook delivery once, in order, while streams on both see every event.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDesk, startServe, tempInstallDir, eventually, type RunningServer } from '../../support/cli.js';
import { postgresAvailable, sharedServeEnv, warnIfPostgresSkipped } from '../../support/postgres.js';
import { startReceiver, verified, type Receiver } from '../../support/receiver.js';
import { openStream } from '../../support/sse.js';

warnIfPostgresSkipped();

const SCOPES = 'webhook.manage,monitor.manage,event.subscribe,loan.view,loan.issue,loan.return,person.view';

/** Sets up a tenant with the events module, demo data and a key, through the CLI as an operator would. */
async function setUp(cli: (args: string[]) => ReturnType<typeof runDesk>): Promise<string> {
  for (const args of [
    ['tenant', 'create', 'north', '--name', 'North High'],
    ['module', 'enable', 'north', 'integrations', 'loans', 'people', 'events'],
    ['seed-demo', 'north', '--size', 'small'],
  ]) {
    const r = await cli(args);
    expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  }
  const made = await cli(['key', 'create', 'north', '--name', 'events', '--scopes', SCOPES, '--json']);
  expect(made.code, made.stderr).toBe(0);
  return JSON.parse(made.stdout).key as string;
}

const call = (s: RunningServer, key: string, method: string, path: string, body?: unknown) =>
  fetch(`${s.url}${path}`, {
    method,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, json: (await r.json().catch(() => null)) as any }));

async function availableLoans(s: RunningServer, key: string, count: number) {
  const listed = await call(s, key, 'POST', '/api/v1/actions/loans.list', { status: 'AVAILABLE', pageSize: count });
  const people = await call(s, key, 'POST', '/api/v1/actions/people.search', { q: 'a', kind: 'PUPIL', limit: 1 });
  expect(listed.status).toBe(200);
  expect(people.status).toBe(200);
  return {
    loans: listed.json.result.loans as { number: number }[],
    holderId: people.json.result.people[0].id as string,
  };
}

describe('a desk serve killed right after a write', () => {
  const dir = tempInstallDir();
  const env = { WEBHOOK_ALLOW_PRIVATE: 'true', BACKUP_INTERVAL_HOURS: '0', LOG_LEVEL: 'warn' };
  let server: RunningServer | null = null;
  let receiver: Receiver | null = null;

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('delivers the webhook after the restart', async () => {
    server = await startServe([], { cwd: dir, env });
    await eventually(async () => (await fetch(`${server!.url}/api/health/ready`)).status === 200, 30_000);
    const key = await setUp((args) => runDesk(args, { cwd: dir, env }));
    // The receiver is down while the first process lives: nothing can be delivered before the kill.
    const probe = await startReceiver();
    const { port, url } = probe;
    await probe.close();
    const made = await call(server, key, 'POST', '/api/v1/webhooks', { url, events: ['loan.issued'] });
    expect(made.status).toBe(201);
    const secret = made.json.secret as string;
    const { loans, holderId } = await availableLoans(server, key, 1);
    const issued = await call(server, key, 'POST', '/api/v1/actions/loans.issue', {
      number: loans[0]!.number,
      holderId,
      dueDate: '2999-01-31',
    });
    expect(issued.status).toBe(200);
    server.child.kill('SIGKILL');
    await new Promise((r) => server!.child.once('exit', r));

    receiver = await startReceiver('/hook', port);
    server = await startServe([], { cwd: dir, env });
    const [delivery] = await receiver.waitFor(1, 45_000);
    const body = verified(delivery!, secret) as { type: string; data: { loan: { number: number } } };
    expect(body.type).toBe('loan.issued');
    expect(body.data.loan.number).toBe(loans[0]!.number);
  }, 90_000);
});

describe.skipIf(!postgresAvailable)('two desk serve instances on one Postgres', () => {
  const { schema, target, env } = sharedServeEnv('desk_events', {
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // Both instances would back up at start: the job lock and the job record let one of them.
    BACKUP_INTERVAL_HOURS: '24',
    RATE_LIMIT_ACTIONS_PER_MINUTE: '0',
    RATE_LIMIT_V1_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
  });
  const admin = new pg.Client({ connectionString: target.href });
  let a: RunningServer;
  let b: RunningServer;
  let key: string;
  let receiver: Receiver;
  const dirs = [tempInstallDir(), tempInstallDir()];

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    [a, b] = (await Promise.all(dirs.map((cwd) => startServe(['--from-environment'], { cwd, env })))) as [
      RunningServer,
      RunningServer,
    ];
    for (const s of [a, b])
      await eventually(async () => (await fetch(`${s.url}/api/health/ready`)).status === 200, 30_000, 200);
    key = await setUp((args) => runDesk([...args, '--from-environment'], { cwd: tempInstallDir(), env }));
    receiver = await startReceiver();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await receiver?.close();
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await admin.end();
  });

  it('sends each delivery once and in order, and streams on both instances see every event', async () => {
    const made = await call(a, key, 'POST', '/api/v1/webhooks', { url: receiver.url, events: ['loan.issued'] });
    expect(made.status).toBe(201);
    const onA = await openStream(a.port, '/api/v1/events', { 'x-api-key': key });
    const onB = await openStream(b.port, '/api/v1/events', { 'x-api-key': key });
    const { loans, holderId } = await availableLoans(a, key, 20);
    expect(loans).toHaveLength(20);
    // Written through both instances at once.
    const replies = await Promise.all(
      loans.map((l, i) =>
        call(i % 2 ? a : b, key, 'POST', '/api/v1/actions/loans.issue', {
          number: l.number,
          holderId,
          dueDate: '2999-01-31',
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(loans.map(() => 200));
    const streamed = [await onA.waitFor(20, 15_000), await onB.waitFor(20, 15_000)];
    const ids = streamed[0]!.map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(streamed[1]!.map((m) => m.id)).toEqual(streamed[0]!.map((m) => m.id));
    const delivered = await receiver.waitFor(20, 15_000);
    await new Promise((r) => setTimeout(r, 1_500)); // any duplicate would arrive meanwhile
    expect(receiver.received).toHaveLength(20);
    const numbers = delivered.map((d) => (verified(d, made.json.secret) as any).data.loan.number);
    // In event order: the order the streams saw.
    expect(numbers).toEqual(streamed[0]!.map((m) => m.json.data.loan.number));
    onA.close();
    onB.close();
  }, 60_000);

  it('checks a monitor from one of the two', async () => {
    const site = await startReceiver('/site');
    try {
      const made = await call(b, key, 'POST', '/api/v1/monitors', { name: 'site', url: site.url, intervalSeconds: 30 });
      expect(made.status).toBe(201);
      // Both instances look for due monitors every 5 s; the job lock lets one check it, once per interval.
      await site.waitFor(1, 15_000);
      await new Promise((r) => setTimeout(r, 11_000));
      expect(site.received).toHaveLength(1);
    } finally {
      await site.close();
    }
  }, 40_000);

  it('backs up once, from one of the two', async () => {
    const written = () =>
      dirs.flatMap((d) => (existsSync(join(d, 'data', 'backups')) ? readdirSync(join(d, 'data', 'backups')) : []));
    await eventually(async () => written().length > 0, 20_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(written()).toHaveLength(1);
  });
});
