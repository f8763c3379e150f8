/** What a job run under the lock returned, or that another process holds it now. */
export type Exclusive<T> = { readonly ran: true; readonly value: T } | { readonly ran: false };

/**
 * Runs scheduled work (backups, monitor checks) on one instance at a time (SPEC §11). On Postgres a
 * session advisory lock, held by a connection for the work's duration and gone with it if the
 * process dies; on the embedded database, one process serves, so a lock in memory is enough.
 */
export abstract class JobLock {
  /** Runs `work` if no other holder has `name` now; otherwise does nothing and says so. */
  abstract runExclusive<T>(name: string, work: () => Promise<T>): Promise<Exclusive<T>>;
}
