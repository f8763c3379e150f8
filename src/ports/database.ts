/**
 * The lifecycle of the database behind the repositories: used by bootstrap (migrate at start,
 * retry while unreachable) and by the readiness check. Not used by use cases.
 */
export abstract class Database {
  abstract readonly dialect: 'sqlite' | 'postgres';
  /** Applies pending versioned migrations; safe to call from several processes at once. */
  abstract migrate(): Promise<{ applied: string[] }>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;
}
