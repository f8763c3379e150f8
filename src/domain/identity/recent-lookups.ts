/** How long a lookup is reused: a change made through another process is seen within this. */
export const LOOKUP_FRESH_MS = 1_000;
/** At most this many remembered lookups: a flood of made-up keys cannot grow it without limit. */
const MAX_ENTRIES = 10_000;

/** The lookups authentication remembers, by what they look up. */
export const lookupOf = {
  apiKeys: (prefix: string) => `api-keys:${prefix}`,
  tenant: (tenantId: string) => `tenant:${tenantId}`,
  session: (tenantId: string, sessionId: string) => `session:${tenantId}:${sessionId}`,
  user: (tenantId: string, userId: string) => `user:${tenantId}:${userId}`,
} as const;

/**
 * What authentication read from the store in the last second, in this process: the keys under a
 * lookup prefix, a tenant, a session with its user. Every request needs these and they rarely
 * change, so a second's reuse turns a lookup per request into a lookup per second.
 *
 * Freshness is the contract. A change made through this process forgets its entry at once: the use
 * cases that change access (a key made or revoked, a session ended, modules changed) call `forget`.
 * A change made elsewhere (the CLI, another instance) is seen within LOOKUP_FRESH_MS. A lookup that
 * fails is not remembered. Time is the process's monotonic clock: freshness is about this process,
 * not about the calendar the domain's Clock keeps. One per process (bound as a constant).
 */
export class RecentLookups {
  private readonly entries = new Map<string, { readonly value: Promise<unknown>; readonly until: number }>();

  constructor(
    private readonly freshMs: number = LOOKUP_FRESH_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The remembered answer to `key`, or `load()`'s, remembered for a second (concurrent askers share it). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.sweep(now);
    const value = load();
    this.entries.set(key, { value, until: now + this.freshMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Drops what has gone stale, then the oldest entries until there is room. */
  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(key);
    }
  }
}
