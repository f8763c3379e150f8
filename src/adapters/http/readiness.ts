/**
 * What keeps the service from taking traffic, as `/api/health/ready` names it (SPEC §7.5: the failing
 * check): the service itself while it starts or stops, or the database while it cannot be reached,
 * is being migrated, or its migrations failed. Never a secret: these are fixed words.
 */
export type UnreadyCheck =
  | { readonly service: 'starting' | 'stopping' }
  | { readonly database: 'unreachable' | 'migrating' | 'migration-failed' };

/**
 * The process's readiness as the HTTP app reads it; the program keeps it (bootstrap/readiness.ts)
 * and turns it as it starts, connects, migrates and stops.
 */
export interface ReadinessView {
  /** The check that fails, null when ready. */
  readonly failingCheck: UnreadyCheck | null;
  /**
   * Whether requests that need the database can be served: not before it is connected and migrated
   * (its tables may not exist yet). A stopping service still finishes what it is sent.
   */
  readonly servesRequests: boolean;
}
