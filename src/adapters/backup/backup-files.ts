import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BackupFailed, type BackupFailureReason, type BackupWritten } from '../../ports/database-backup.js';

/** `desk-20261124T093012345Z.sqlite`: UTC to the millisecond, so names sort by time. */
export const backupName = (at: Date, extension: string): string =>
  `desk-${at.toISOString().replace(/[-:.]/g, '')}.${extension}`;

const NAME = /^desk-\d{8}T\d{9}Z\.(sqlite|dump)$/;

/** A system error's code as a reason any tenant may read. */
export function reasonOf(error: unknown): BackupFailureReason {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') return 'no-space';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR' || code === 'EISDIR')
    return 'unwritable';
  if (code === 'SQLITE_CANTOPEN') return 'unwritable';
  return 'failed';
}

/**
 * Writes one backup file safely: into `dir` (created owner-only), under a temporary name that is
 * renamed only once `write` finished, so a half-written backup never carries a backup's name; then
 * removes all but the newest `keep` backups of this kind.
 */
export async function writeBackupFile(
  dir: string,
  keep: number,
  at: Date,
  extension: string,
  write: (path: string) => Promise<void>,
): Promise<BackupWritten> {
  const file = join(dir, backupName(at, extension));
  const temp = `${file}.partial`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new BackupFailed(reasonOf(error), `cannot create the backup directory (${codeOf(error)})`, { cause: error });
  }
  try {
    await write(temp);
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    if (error instanceof BackupFailed) throw error;
    throw new BackupFailed(reasonOf(error), `the backup could not be written (${codeOf(error)})`, { cause: error });
  }
  const backups = readdirSync(dir)
    .filter((name) => NAME.test(name) && name.endsWith(`.${extension}`))
    .sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep)).map((name) => join(dir, name));
  for (const old of removed) rmSync(old, { force: true });
  return { file, bytes: statSync(file).size, removed };
}

export const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'error';
};
