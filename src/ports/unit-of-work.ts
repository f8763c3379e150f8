import type { Repositories } from './repositories.js';

/**
 * Runs use-case work against the repositories.
 *
 * `transaction`: everything `work` writes commits together when it resolves and nothing is kept when
 * it throws (the error is rethrown unchanged). Conflicting writers are serialised: SQLite admits one
 * writer at a time (an in-process queue, BEGIN IMMEDIATE across processes); Postgres runs transactions
 * side by side and serialises them on row locks (`forUpdate`) and versioned updates.
 * Keep slow work (password hashing, network) outside. Never start a transaction (or a read) inside
 * another: work receives the repositories it must use.
 *
 * `read`: plain reads with no write guarantees.
 */
export abstract class UnitOfWork {
  abstract transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  abstract read<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

/**
 * The database could not take a unit of work in time because another holds a lock it needs: SQLite
 * past its busy timeout (another process writing), Postgres past its lock timeout, or a deadlock or
 * serialization failure. Nothing of the unit was kept, and the same request may well succeed when
 * retried, so the surfaces answer "busy, retry" (HTTP 503 with Retry-After) rather than a bug.
 * Units of work translate their driver's errors into this; use cases let it pass.
 */
export class DatabaseBusyError extends Error {
  override readonly name = 'DatabaseBusyError';
  constructor(options: { readonly cause: unknown }) {
    super('the database is busy: another unit of work held a lock too long', options);
  }
}

/**
 * The database cannot be reached or opened at all: Postgres refuses or drops connections (down,
 * restarting, wrong address or credentials, out of connections), or the SQLite file cannot be opened
 * or written. An outage for an operator to fix, never a bug: the surfaces answer "unavailable, retry
 * later" (HTTP 503 with Retry-After, a JSON-RPC error on MCP), log a warning, and report nothing.
 * `reason` is the driver's short code (`ECONNREFUSED`, `57P01`, `SQLITE_CANTOPEN`...): safe to log,
 * never a message, which may hold an address or a path.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  readonly reason: string;
  constructor(options: { readonly reason: string; readonly cause: unknown }) {
    super(`the database is unavailable (${options.reason})`, options);
    this.reason = options.reason;
  }
}

/** Busy or unavailable: a retry later may well succeed, and nothing of the unit was kept. */
export const isDatabaseOutage = (e: unknown): e is DatabaseBusyError | DatabaseUnavailableError =>
  e instanceof DatabaseBusyError || e instanceof DatabaseUnavailableError;
