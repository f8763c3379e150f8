import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Database } from '../../../ports/database.js';
import { DatabaseBusyError, DatabaseUnavailableError } from '../../../ports/unit-of-work.js';
import { MIGRATIONS, RENUMBERED, type Migration } from './migrations/index.js';
import { Mutex } from './mutex.js';
import { Sql } from './sql.js';

/**
 * When SQLite waits for the disk: FULL syncs the write-ahead log at every commit; NORMAL only at
 * checkpoints (a power loss may then drop the last commits, never corrupt the file).
 */
export type SqliteSynchronous = 'FULL' | 'NORMAL';

/** How long a unit of work waits for another process's write lock before failing as busy. */
const BUSY_TIMEOUT_MS = 5000;

/** Another connection holds the lock: SQLITE_BUSY and SQLITE_LOCKED with their extended codes. */
const BUSY = /^SQLITE_(?:BUSY|LOCKED)(?:_|$)/;
/** The file cannot be opened, read or written: an outage for the operator, not a bug. */
const UNAVAILABLE = /^SQLITE_(?:CANTOPEN|IOERR|FULL|READONLY|NOTADB|CORRUPT|PERM|AUTH)(?:_|$)/;

const codeOf = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};

/** A driver error as the ports name it (busy, unavailable), or unchanged. */
function translateSqliteError(error: unknown): unknown {
  const code = codeOf(error);
  if (code && BUSY.test(code)) return new DatabaseBusyError({ cause: error });
  if (code && UNAVAILABLE.test(code)) return new DatabaseUnavailableError({ reason: code, cause: error });
  return error;
}

/**
 * The embedded database: one better-sqlite3 connection to a WAL file. The connection opens on first
 * use (so a bad path makes `ping` reject instead of failing construction) and all work on it runs
 * one piece at a time through `exclusive`, which also names the driver's failures as the ports do:
 * a file that cannot be created, opened or written → DatabaseUnavailableError (the next use tries to
 * open it again), another process's lock held past the busy timeout → DatabaseBusyError.
 */
export class SqliteDatabase extends Database {
  readonly dialect = 'sqlite' as const;
  private sql: Sql | null = null;
  private closed = false;
  private readonly mutex = new Mutex();

  private readonly busyTimeoutMs: number;
  private readonly synchronous: SqliteSynchronous;

  constructor(
    readonly file: string,
    options: { readonly busyTimeoutMs?: number; readonly synchronous?: SqliteSynchronous } = {},
  ) {
    super();
    this.busyTimeoutMs = options.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
    this.synchronous = options.synchronous ?? 'FULL';
  }

  /**
   * Runs `work` alone on the connection: no other work of this process starts until it settles. So
   * `work` must not start another unit of work (it would wait for itself): the UnitOfWork contract,
   * which the memory unit of work the use cases are tested on enforces. Checking it here would take
   * AsyncLocalStorage, whose hooks cost every promise of the process.
   */
  exclusive<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    return this.mutex
      .run(async () => work(this.open()))
      .catch((error: unknown) => {
        throw translateSqliteError(error);
      });
  }

  /** Applies the migrations not yet recorded; a test passes the previous release's list to build an old database. */
  migrate(migrations: readonly Migration[] = MIGRATIONS): Promise<{ applied: string[] }> {
    return this.exclusive(async (sql) => ({ applied: applyMigrations(sql.db, migrations) }));
  }

  ping(): Promise<void> {
    return this.exclusive(async (sql) => {
      sql.number('SELECT 1');
    });
  }

  /**
   * The connection's `data_version`: it moves exactly when another connection (another process) has
   * committed to the file since this one last looked. Read at once, outside the queue: one pragma on
   * the open connection, which disturbs no transaction in progress. Null while the file cannot be
   * opened (or once closed): nothing can then be said about other processes.
   */
  dataVersion(): number | null {
    if (this.closed) return null;
    try {
      return this.open().statement('PRAGMA data_version', true).get() as number;
    } catch {
      return null;
    }
  }

  close(): Promise<void> {
    return this.mutex.run(async () => {
      this.closed = true;
      this.sql?.db.close();
      this.sql = null;
    });
  }

  private open(): Sql {
    if (this.closed) throw new Error('the SQLite database is closed');
    if (this.sql) return this.sql;
    // The file holds password and key hashes: owner-only directory (when we create it) and file.
    // SQLite gives the -wal and -shm files the database file's permissions.
    let db: BetterSqlite3.Database;
    try {
      mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
      closeSync(openSync(this.file, 'a', 0o600));
      // `timeout` is the busy timeout, in force before the first pragma (switching to WAL takes a lock).
      db = new BetterSqlite3(this.file, { timeout: this.busyTimeoutMs });
    } catch (error) {
      // ENOTDIR, EACCES, EROFS, ENOSPC, SQLITE_CANTOPEN...: the file is not there to be used.
      throw new DatabaseUnavailableError({ reason: codeOf(error) ?? 'cannot-open', cause: error });
    }
    try {
      db.pragma('journal_mode = WAL');
      db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
      db.pragma('foreign_keys = ON');
      // FULL: every commit is on disk before it is acknowledged, through a power loss too. Measured
      // (npm run bench:durability, docs/decisions.md and docs/benchmarks.md): ~0.35 ms more per commit at p50 than NORMAL,
      // and a lower p99, since NORMAL pays in large checkpoint syncs instead.
      db.pragma(`synchronous = ${this.synchronous}`);
      // 64 MiB of page cache (default 2 MiB): bulk seeding of 100,000s of rows stops spilling pages.
      db.pragma('cache_size = -65536');
      // Case folding beyond ASCII for free-text search (SQLite's lower() folds ASCII only).
      db.function('desk_fold', { deterministic: true }, (s: unknown) => (typeof s === 'string' ? s.toLowerCase() : s));
    } catch (error) {
      db.close();
      throw error;
    }
    this.sql = new Sql(db);
    return this.sql;
  }
}

/**
 * Applies the pending migrations in one BEGIN IMMEDIATE transaction: a second process starting at
 * the same moment waits for the write lock, then finds them recorded and applies nothing.
 */
function applyMigrations(db: BetterSqlite3.Database, migrations: readonly Migration[]): string[] {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL) STRICT');
    // A database of the release before the shared numbering: its rows take their shared names.
    const rename = db.prepare('UPDATE schema_migrations SET version = ? WHERE version = ?');
    for (const [old, now] of Object.entries(RENUMBERED)) rename.run(now, old);
    const done = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all());
    const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      db.exec(m.sql);
      record.run(m.version, new Date().toISOString());
      applied.push(m.version);
    }
    db.exec('COMMIT');
    return applied;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
