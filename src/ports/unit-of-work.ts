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
