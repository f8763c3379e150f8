import type { ReadinessView, UnreadyCheck } from '../adapters/http/readiness.js';

export type DatabaseState = 'unreachable' | 'migrating' | 'migration-failed';

/**
 * The service's own readiness, besides the database ping of `/ready`: unready while `serve` connects
 * and migrates, and again while it shuts down, so load balancers stop sending traffic first. Starts
 * unready (`starting`); `serve` reports the database's state while it connects and calls
 * `markReady()` once migrations are done. Process state: one per process, made by bootstrap and read
 * by the HTTP app (which sees only its ReadinessView).
 */
export class Readiness implements ReadinessView {
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

  get failingCheck(): UnreadyCheck | null {
    return this.failing;
  }

  get stopping(): boolean {
    return this.failing !== null && 'service' in this.failing && this.failing.service === 'stopping';
  }

  get servesRequests(): boolean {
    return this.failing === null || this.stopping;
  }
}
