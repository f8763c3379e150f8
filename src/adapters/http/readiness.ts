/**
 * What keeps the service from taking traffic, as `/api/health/ready` names it (SPEC §7.5: the failing
 * check): the service itself while it starts or stops, or the database while it cannot be reached,
 * is being migrated, or its migrations failed. Never a secret: these are fixed words.
 */
export type UnreadyCheck =
  | { readonly service: 'starting' | 'stopping' }
  | { readonly database: 'unreachable' | 'migrating' | 'migration-failed' };

export type DatabaseState = 'unreachable' | 'migrating' | 'migration-failed';

/**
 * The service's own readiness, besides the database ping of `/ready`: unready while bootstrap
 * connects and migrates, and again while it shuts down, so load balancers stop sending traffic first.
 * Starts unready (`starting`); bootstrap reports the database's state while it connects and calls
 * `markReady()` once migrations are done. One instance per process, shared by bootstrap and the HTTP
 * app (bound as a constant).
 */
export class Readiness {
  private failing: UnreadyCheck | null = { service: 'starting' };

  markReady(): void {
    this.failing = null;
  }

  markDatabase(state: DatabaseState): void {
    this.failing = { database: state };
  }

  markStopping(): void {
    this.failing = { service: 'stopping' };
  }

  get ready(): boolean {
    return this.failing === null;
  }

  /** The check that fails, null when ready. */
  get failingCheck(): UnreadyCheck | null {
    return this.failing;
  }

  get stopping(): boolean {
    return this.failing !== null && 'service' in this.failing && this.failing.service === 'stopping';
  }

  /**
   * Whether requests that need the database can be served: not before it is connected and migrated
   * (its tables may not exist yet). A stopping service still finishes what it is sent.
   */
  get servesRequests(): boolean {
    return this.failing === null || this.stopping;
  }
}
