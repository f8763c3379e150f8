/**
 * How what authentication remembers (AccessLookups) learns that access changed, in this process and
 * in every other one on the same database: a key revoked at the CLI, a session ended on another
 * instance, a user deactivated, a role or the tenant's modules changed.
 *
 * - A change is recorded in the transaction that makes it (`Repositories.accessChanges`), and
 *   announced only if that commits: to this process right after COMMIT (the unit of work), to the
 *   others by the database (Postgres NOTIFY at commit; on SQLite the file's `data_version`, which
 *   moves whenever another connection commits).
 * - `heard()` is asked before anything remembered is used, on every request. It answers true when a
 *   change made anywhere would have been announced by now; false while it cannot vouch for that (the
 *   Postgres listener is not connected yet, or lost its connection), and the caller then reads the
 *   database instead. On SQLite asking is also what notices another process's commit (no I/O: the
 *   connection's counter), so it may announce `null` from inside `heard()`.
 * - A listener hears the lookups that changed (`lookupOf` names), or `null`: "anything may have
 *   changed" (another SQLite process committed; the Postgres listener reconnected and may have missed
 *   announcements), and then forgets everything.
 */
export abstract class AccessSignal {
  abstract heard(): boolean;
  /** Calls `listener` on every announcement until the returned function is called. */
  abstract listen(listener: (lookups: readonly string[] | null) => void): () => void;
  /** Stops listening to other processes (a connection); `heard()` is false from then on. */
  abstract close(): Promise<void>;
}
