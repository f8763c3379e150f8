/** A backup written: where, how big, and the older ones removed to keep BACKUP_KEEP. */
export interface BackupWritten {
  readonly file: string;
  readonly bytes: number;
  readonly removed: readonly string[];
}

/**
 * Why a backup failed, in a word safe to show any tenant (never a path or a connection string):
 * `no-space`, `unwritable` (the directory cannot be written), `tool-missing` (pg_dump is not
 * installed), `dump-failed` (pg_dump or SQLite reported an error), `failed` (anything else).
 */
export type BackupFailureReason = 'no-space' | 'unwritable' | 'tool-missing' | 'dump-failed' | 'failed';

export class BackupFailed extends Error {
  override readonly name = 'BackupFailed';
  constructor(
    readonly reason: BackupFailureReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Writes and restores consistent copies of the whole database (every tenant): SQLite through its
 * online backup API, Postgres through pg_dump and pg_restore. A backup is written under a temporary
 * name and renamed when complete, owner-only, with a name that sorts by time; the newest `keep` are
 * kept. Failures are BackupFailed.
 */
export abstract class DatabaseBackup {
  abstract backup(dir: string, keep: number, at: Date): Promise<BackupWritten>;
  /** Replaces the whole database with the backup's contents; the caller made sure no server runs. */
  abstract restore(file: string): Promise<void>;
}

/**
 * Whether a `desk serve` is using the database, so that `desk restore` never swaps it from under a
 * running server. `serve` holds it for its lifetime; on Postgres a shared advisory lock on a
 * connection of its own (any number of instances), on SQLite a file naming its process.
 */
export abstract class ServeLock {
  abstract hold(): Promise<void>;
  abstract release(): Promise<void>;
  /** Runs `work` only while no server holds the lock (and, on Postgres, keeps servers from starting meanwhile). */
  abstract whileNoServer<T>(work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
}
