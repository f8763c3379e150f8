import { copyFileSync, existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { BackupFailed, DatabaseBackup, ServeLock, type BackupWritten } from '../../ports/database-backup.js';
import { codeOf, reasonOf, writeBackupFile } from './backup-files.js';

/**
 * Backups of the embedded database through SQLite's online backup API (better-sqlite3's `backup`):
 * a consistent copy taken page by page on a connection of its own, while `desk serve` goes on
 * writing (WAL mode). A restore checks the file is a sound Desk database first, then replaces the
 * database file (and drops its -wal and -shm files).
 */
export class SqliteBackup extends DatabaseBackup {
  constructor(private readonly databaseFile: string) {
    super();
  }

  backup(dir: string, keep: number, at: Date): Promise<BackupWritten> {
    return writeBackupFile(dir, keep, at, 'sqlite', async (path) => {
      const db = new BetterSqlite3(this.databaseFile, { fileMustExist: true, timeout: 5_000 });
      try {
        await db.backup(path);
      } catch (error) {
        const reason = reasonOf(error);
        throw new BackupFailed(
          reason === 'failed' ? 'dump-failed' : reason,
          `SQLite backup failed (${codeOf(error)})`,
          {
            cause: error,
          },
        );
      } finally {
        db.close();
      }
    });
  }

  async restore(file: string): Promise<void> {
    let check: BetterSqlite3.Database;
    try {
      check = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    } catch (error) {
      throw new BackupFailed('failed', `cannot open ${file} (${codeOf(error)})`, { cause: error });
    }
    try {
      const ok = check.pragma('integrity_check', { simple: true });
      const desk = check.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'schema_migrations'").pluck().get();
      if (ok !== 'ok' || desk !== 1) throw new BackupFailed('failed', `${file} is not a sound Desk backup`);
    } catch (error) {
      if (error instanceof BackupFailed) throw error;
      throw new BackupFailed('failed', `${file} is not a SQLite database (${codeOf(error)})`, { cause: error });
    } finally {
      check.close();
    }
    for (const suffix of ['-wal', '-shm']) rmSync(`${this.databaseFile}${suffix}`, { force: true });
    copyFileSync(file, this.databaseFile);
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** `desk serve` on the embedded database leaves its process id beside the file while it runs. */
export class SqliteServeLock extends ServeLock {
  private readonly pidFile: string;

  constructor(databaseFile: string) {
    super();
    this.pidFile = `${databaseFile}.serve-pid`;
  }

  async hold(): Promise<void> {
    writeFileSync(this.pidFile, `${process.pid}\n`, { mode: 0o600 });
  }

  async release(): Promise<void> {
    if (this.holder() === process.pid) unlinkSync(this.pidFile);
  }

  async whileNoServer<T>(work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
    const pid = this.holder();
    // A file left by a process that died (SIGKILL, a power cut) holds nothing.
    if (pid !== null && pid !== process.pid && alive(pid)) return { ran: false };
    return { ran: true, value: await work() };
  }

  private holder(): number | null {
    if (!existsSync(this.pidFile)) return null;
    const pid = Number(readFileSync(this.pidFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  }
}
