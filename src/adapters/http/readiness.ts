/** Why the service does not take traffic yet (or any more). Shown in `/api/health/ready`, so never a secret. */
export type UnreadyReason = 'starting' | 'connecting' | 'migrating' | 'stopping';

/**
 * The service's own readiness, besides the database ping: unready while bootstrap connects and
 * migrates, and again while it shuts down, so load balancers stop sending traffic first.
 * Starts unready (`starting`); bootstrap calls `markReady()` once migrations are done.
 * One instance per process, shared by bootstrap and the HTTP app (bound as a constant).
 */
export class Readiness {
  private reasonNow: UnreadyReason | null = 'starting';

  markReady(): void {
    this.reasonNow = null;
  }

  markUnready(reason: UnreadyReason): void {
    this.reasonNow = reason;
  }

  get ready(): boolean {
    return this.reasonNow === null;
  }

  /** Null when ready. */
  get reason(): UnreadyReason | null {
    return this.reasonNow;
  }
}
