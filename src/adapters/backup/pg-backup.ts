import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BackupFailed, DatabaseBackup, ServeLock, type BackupWritten } from '../../ports/database-backup.js';
import { writeBackupFile } from './backup-files.js';

/** Where Desk's tables live: the first schema of `options=-c search_path=…` in the URL, else public. */
export function schemaOf(databaseUrl: string): string {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  const path = /search_path=([^\s,]+)/.exec(options)?.[1];
  return path && /^[a-z_][a-z0-9_]{0,62}$/.test(path) ? path : 'public';
}

/**
 * The libpq environment for pg_dump and pg_restore: the connection goes through PG* variables, so
 * the password never appears on a command line (where `ps` would show it).
 */
function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C' };
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ''));
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  env.PGDATABASE = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a client tool; a missing tool and a failing one are told apart. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(
          new BackupFailed(
            'tool-missing',
            `${tool} is not installed: install the PostgreSQL client matching the server (Debian: apt-get install postgresql-client)`,
          ),
        );
      }
      // stderr names the problem (never the password: it is not on the command line).
      reject(new BackupFailed('dump-failed', `${tool} failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

/**
 * Postgres backups with pg_dump (custom format) of Desk's schema alone, restored with pg_restore
 * into the same schema after Desk's tables there are dropped; the schema itself (and extensions such
 * as pg_trgm, which live with the database) are left in place.
 */
export class PgBackup extends DatabaseBackup {
  private readonly schema: string;
  private readonly env: NodeJS.ProcessEnv;

  constructor(private readonly databaseUrl: string) {
    super();
    this.schema = schemaOf(databaseUrl);
    this.env = libpqEnv(databaseUrl);
  }

  backup(dir: string, keep: number, at: Date): Promise<BackupWritten> {
    return writeBackupFile(dir, keep, at, 'dump', async (path) => {
      await run('pg_dump', ['--format=custom', '--no-owner', `--schema=${this.schema}`, `--file=${path}`], this.env);
    });
  }

  async restore(file: string): Promise<void> {
    // The table of contents without the schema entry: it exists already, and is not Desk's to drop.
    const toc = await run('pg_restore', ['--list', file], this.env);
    const work = mkdtempSync(join(tmpdir(), 'desk-restore-'));
    const list = join(work, 'toc.list');
    writeFileSync(
      list,
      toc
        .split('\n')
        .filter((line) => !/ (SCHEMA|COMMENT - SCHEMA) - /.test(line))
        .join('\n'),
    );
    try {
      const client = new pg.Client({ connectionString: this.databaseUrl });
      await client.connect();
      try {
        await dropDeskObjects(client, this.schema);
      } finally {
        await client.end();
      }
      await run(
        'pg_restore',
        [
          '--no-owner',
          '--exit-on-error',
          '--single-transaction',
          `--use-list=${list}`,
          `--dbname=${this.env.PGDATABASE}`,
          file,
        ],
        this.env,
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
}

/**
 * Everything Desk made in its schema — tables (their triggers and indexes go with them), views,
 * sequences and functions — but not what an extension owns (pg_trgm's functions in public).
 */
async function dropDeskObjects(client: pg.Client, schema: string): Promise<void> {
  const owned = (oid: string) => `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = ${oid} AND d.deptype = 'e')`;
  const { rows } = await client.query<{ statement: string }>(
    `SELECT format('DROP VIEW IF EXISTS %I.%I CASCADE', schemaname, viewname) AS statement
       FROM pg_views WHERE schemaname = $1
     UNION ALL
     SELECT format('DROP TABLE IF EXISTS %I.%I CASCADE', schemaname, tablename) FROM pg_tables WHERE schemaname = $1
     UNION ALL
     SELECT format('DROP SEQUENCE IF EXISTS %I.%I CASCADE', schemaname, sequencename)
       FROM pg_sequences WHERE schemaname = $1
     UNION ALL
     SELECT format('DROP FUNCTION IF EXISTS %s CASCADE', p.oid::regprocedure)
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = $1 AND ${owned('p.oid')}`,
    [schema],
  );
  await client.query('BEGIN');
  try {
    for (const { statement } of rows) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * `desk serve` instances hold a shared advisory lock for their lifetime on a connection of their
 * own; `desk restore` takes the same lock exclusively (it fails at once while any server holds it,
 * and no server starts while the restore holds it). The key includes the schema.
 */
export class PgServeLock extends ServeLock {
  private client: pg.Client | null = null;
  private readonly key: string;

  constructor(private readonly databaseUrl: string) {
    super();
    this.key = `${schemaOf(databaseUrl)}:serve`;
  }

  async hold(): Promise<void> {
    if (this.client) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'desk serve lock' });
    client.on('error', () => undefined); // a lost connection releases the lock; nothing to crash for
    await client.connect();
    await client.query('SELECT pg_advisory_lock_shared(hashtext($1))', [this.key]);
    this.client = client;
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  async whileNoServer<T>(work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'desk restore' });
    await client.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
        this.key,
      ]);
      if (!rows[0]!.locked) return { ran: false };
      return { ran: true, value: await work() };
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
