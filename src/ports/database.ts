/**
 * The lifecycle of the database behind the repositories: used by bootstrap (migrate at start,
 * retry while unreachable) and by the readiness check. Not used by use cases.
 */
export abstract class Database {
  abstract readonly dialect: 'sqlite' | 'postgres';
  /**
   * Applies pending versioned migrations; safe to call from several processes at once. Rejects with
   * DatabaseUnavailableError (unit-of-work.ts) while the database cannot be reached or opened.
   */
  abstract migrate(): Promise<{ applied: string[] }>;
  /** Resolves when the database answers a trivial query; rejects otherwise (DatabaseUnavailableError when unreachable). */
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;
}
