/**
 * Backups and restore (issue 11 point 5) with the built `desk` and a real `desk serve`: SQLite's
 * online backup while the server writes, Postgres through pg_dump and pg_restore, keeping the newest
 * BACKUP_KEEP, a restore that refuses while a server runs and without --yes, failures that exit 1,
 * emit backup.failed and send the e-mail, and serve's own schedule.
 */
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDesk, startServe, tempInstallDir, eventually, type RunningServer } from '../../support/cli.js';
import { postgresAvailable, sharedServeEnv, warnIfPostgresSkipped } from '../../support/postgres.js';
import { startSmtp, type TestSmtp } from '../../support/smtp.js';

warnIfPostgresSkipped();

const SCOPES = 'loan.view,loan.issue,loan.return,person.view';

type Cli = (args: string[]) => ReturnType<typeof runDesk>;

async function setUp(cli: Cli): Promise<string> {
  for (const args of [
    ['tenant', 'create', 'north', '--name', 'North High'],
    ['module', 'enable', 'north', 'integrations', 'loans', 'people', 'events'],
    ['seed-demo', 'north', '--size', 'small'],
    ['tenant', 'create', 'quiet', '--name', 'No Events School'],
    ['module', 'enable', 'quiet', 'loans'],
  ]) {
    const r = await cli(args);
    expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  }
  const made = await cli(['key', 'create', 'north', '--name', 'backups', '--scopes', SCOPES, '--json']);
  expect(made.code, made.stderr).toBe(0);
  return JSON.parse(made.stdout).key as string;
}

const action = (s: RunningServer, key: string, name: string, input: unknown) =>
  fetch(`${s.url}/api/v1/actions/${name}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));

async function someLoanAndHolder(s: RunningServer, key: string) {
  const loans = await action(s, key, 'loans.list', { status: 'AVAILABLE', pageSize: 5 });
  const people = await action(s, key, 'people.search', { q: 'a', kind: 'PUPIL', limit: 1 });
  return {
    loans: loans.json.result.loans as { number: number }[],
    holderId: people.json.result.people[0].id as string,
  };
}

const backupsIn = (dir: string, extension: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(`.${extension}`))
    .sort();

describe('backups on the embedded database', () => {
  const dir = tempInstallDir();
  let smtp: TestSmtp;
  let env: Record<string, string>;
  let cli: Cli;
  let server: RunningServer | null = null;
  let key: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    env = {
      SMTP_URL: smtp.url,
      ALERT_EMAIL_TO: 'it@district.example',
      BACKUP_KEEP: '2',
      BACKUP_INTERVAL_HOURS: '0',
      RATE_LIMIT_ACTIONS_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    };
    cli = (args) => runDesk(args, { cwd: dir, env });
    key = await setUp(cli);
    server = await startServe([], { cwd: dir, env });
    await eventually(async () => (await fetch(`${server!.url}/api/health/ready`)).status === 200, 30_000);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('backs up while the server writes, keeps the newest BACKUP_KEEP, and restores only when told and stopped', async () => {
    const { loans, holderId } = await someLoanAndHolder(server!, key);
    // Writes going on through the server the whole time.
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const number = loans[i % loans.length]!.number;
        await action(server!, key, 'loans.issue', { number, holderId, dueDate: '2999-01-31' });
        await action(server!, key, 'loans.return', { number });
      }
    })();
    const backups = [];
    for (let i = 0; i < 3; i++) {
      const r = await cli(['backup']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^wrote .*desk-\d{8}T\d{9}Z\.sqlite \(\d+ bytes\)/);
      backups.push(r.stdout);
    }
    writing = false;
    await writer;
    const kept = backupsIn(join(dir, 'data', 'backups'), 'sqlite');
    expect(kept).toHaveLength(2);
    const newest = join(dir, 'data', 'backups', kept[1]!);
    const copy = new Sqlite(newest, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('select count(*) from loans').pluck().get()).toBe(60);
    } finally {
      copy.close();
    }

    // The restore point: taken once the writes are over (each issued loan was returned).
    const point = await cli(['backup']);
    expect(point.code, point.stderr).toBe(0);
    const restorePoint = /^wrote (\S+)/.exec(point.stdout)![1]!;
    expect(backupsIn(join(dir, 'data', 'backups'), 'sqlite')).toHaveLength(2);
    // A change after the backup...
    const issued = await action(server!, key, 'loans.issue', {
      number: loans[0]!.number,
      holderId,
      dueDate: '2999-01-31',
    });
    expect(issued.status).toBe(200);
    // ...cannot be undone while the server runs, nor without --yes.
    const refused = await cli(['restore', restorePoint, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('stop every instance');
    const unconfirmed = await cli(['restore', restorePoint]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('--yes');

    expect(await server!.stop()).toBe(0);
    const restored = await cli(['restore', restorePoint, '--yes']);
    expect(restored.code, restored.stderr).toBe(0);
    server = await startServe([], { cwd: dir, env });
    await eventually(async () => (await fetch(`${server!.url}/api/health/ready`)).status === 200, 30_000);
    const after = await action(server!, key, 'loans.list', { pageSize: 100 });
    const loan = (after.json.result.loans as { number: number; status: string }[]).find(
      (l) => l.number === loans[0]!.number,
    );
    expect(loan!.status).toBe('AVAILABLE'); // the change is gone
    expect(after.json.result.total).toBe(60); // the rest is intact
  }, 90_000);

  it('exits 1 when the backup cannot be written, tells every tenant with events, and e-mails ALERT_EMAIL_TO', async () => {
    const blocker = join(dir, 'not-a-directory');
    writeFileSync(blocker, 'x');
    smtp.received.length = 0;
    const r = await cli(['backup', '--to', join(blocker, 'backups')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^desk: backup failed: .*ENOTDIR/);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['it@district.example']);
    expect(mail!.subject).toBe('[Desk] The backup failed');
    const db = new Sqlite(join(dir, 'data', 'desk.sqlite'), { readonly: true });
    try {
      const events = db
        .prepare(
          `select t.slug, o.payload from outbox_events o join tenants t on t.id = o.tenant_id
           where o.kind = 'backup.failed' order by o.event_id`,
        )
        .all() as { slug: string; payload: string }[];
      expect(events.map((e) => e.slug)).toEqual(['north']);
      expect(JSON.parse(events[0]!.payload)).toEqual({ reason: 'unwritable', at: expect.any(String) });
      expect(events[0]!.payload).not.toContain(dir);
    } finally {
      db.close();
    }
  });
});

describe('serve backs up on its schedule', () => {
  it('writes the first backup at start and shows it in the metrics', async () => {
    const dir = tempInstallDir();
    const env = { BACKUP_INTERVAL_HOURS: '24', LOG_LEVEL: 'warn' };
    await setUp((args) => runDesk(args, { cwd: dir, env }));
    const server = await startServe([], { cwd: dir, env });
    try {
      await eventually(async () => backupsIn(join(dir, 'data', 'backups'), 'sqlite').length === 1, 20_000);
      await eventually(async () => {
        const text = await (await fetch(`${server.url}/api/metrics`)).text();
        const value = Number(/^desk_backup_last_success_timestamp_seconds (\S+)$/m.exec(text)?.[1] ?? 0);
        return value > Date.now() / 1000 - 60;
      }, 10_000);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // A restart within the interval does not back up again.
    const again = await startServe([], { cwd: dir, env });
    try {
      await eventually(async () => (await fetch(`${again.url}/api/health/ready`)).status === 200, 20_000);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(backupsIn(join(dir, 'data', 'backups'), 'sqlite')).toHaveLength(1);
    } finally {
      await again.stop();
    }
  }, 60_000);
});

describe.skipIf(!postgresAvailable)('backups on Postgres', () => {
  const {
    schema,
    target,
    env: base,
  } = sharedServeEnv('desk_backup', { BACKUP_INTERVAL_HOURS: '0', LOG_LEVEL: 'warn' });
  const admin = new pg.Client({ connectionString: target.href });
  const dir = tempInstallDir();
  const cli: Cli = (args) => runDesk([...args, '--from-environment'], { cwd: dir, env: base });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await setUp(cli);
  }, 60_000);
  afterAll(async () => {
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await admin.end();
  });

  const count = async (sql: string) => Number((await admin.query(sql)).rows[0].n);

  it('backs up with pg_dump and restores with pg_restore: the change is gone, the rest intact', async () => {
    const to = join(dir, 'pg-backups');
    const r = await cli(['backup', '--to', to]);
    expect(r.code, r.stderr).toBe(0);
    expect(backupsIn(to, 'dump')).toHaveLength(1);
    const loans = await count(`select count(*) n from ${schema}.loans`);
    await admin.query(`delete from ${schema}.audit_entries`);
    await admin.query(`update ${schema}.loans set status = 'UNAVAILABLE' where number = 1`);
    // Refused while a server holds the database.
    const server = await startServe(['--from-environment'], { cwd: tempInstallDir(), env: base });
    await eventually(async () => (await fetch(`${server.url}/api/health/ready`)).status === 200, 30_000);
    const refused = await cli(['restore', join(to, backupsIn(to, 'dump')[0]!), '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('stop every instance');
    expect(await server.stop()).toBe(0);
    const restored = await cli(['restore', join(to, backupsIn(to, 'dump')[0]!), '--yes']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(await count(`select count(*) n from ${schema}.audit_entries`)).toBeGreaterThan(0);
    expect(await count(`select count(*) n from ${schema}.loans where number = 1 and status = 'UNAVAILABLE'`)).toBe(0);
    expect(await count(`select count(*) n from ${schema}.loans`)).toBe(loans);
    // The restored database is a working one: migrations find it current, and commands run.
    const migrated = await cli(['migrate']);
    expect(migrated.stdout).toContain('up to date');
  }, 90_000);

  it('exits 1 with a clear line when pg_dump is not installed', async () => {
    const emptyPath = join(tempInstallDir(), 'bin');
    mkdirSync(emptyPath);
    chmodSync(emptyPath, 0o755);
    const r = await runDesk(['backup', '--to', join(dir, 'nowhere'), '--from-environment'], {
      cwd: dir,
      env: { ...base, PATH: emptyPath },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('pg_dump is not installed');
  });
});
