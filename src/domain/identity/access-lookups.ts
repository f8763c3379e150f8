import { AccessSignal } from '../../ports/access-signal.js';

/** At most this many remembered lookups: a flood of made-up keys cannot grow it without limit. */
const MAX_ENTRIES = 10_000;

/**
 * The lookups authentication remembers, by what they look up. A use case that changes one of these
 * records its name in the same transaction (`repos.accessChanges.changed([...])`).
 */
export const lookupOf = {
  apiKeys: (prefix: string) => `api-keys:${prefix}`,
  tenant: (tenantId: string) => `tenant:${tenantId}`,
  session: (tenantId: string, sessionId: string) => `session:${tenantId}:${sessionId}`,
  user: (tenantId: string, userId: string) => `user:${tenantId}:${userId}`,
  /** An OAuth grant: revoking it ends all its tokens. */
  grant: (tenantId: string, grantId: string) => `grant:${tenantId}:${grantId}`,
  /** An OAuth access token by its hash (never changes once issued: its grant decides). */
  accessToken: (hash: string) => `access-token:${hash}`,
} as const;

/**
 * What authentication read from the store — the keys under a lookup prefix, a tenant, a session, a
 * user, an OAuth token and its grant — remembered until it changes. Every request needs these and they rarely change, so a request
 * is usually no database work at all, and a revocation still applies to the very next request.
 *
 * Freshness is the contract, and it comes from the AccessSignal, never from a timer: an entry is
 * dropped when its change is announced (by this process right after the commit; by any other process
 * or instance through the database), and while the signal cannot vouch that changes are heard,
 * nothing is remembered and every lookup reads the store. A lookup that fails is not remembered;
 * callers who ask at once share one load. One per process (bound in the container).
 */
export class AccessLookups {
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(
    private readonly signal: AccessSignal,
    private readonly maxEntries: number = MAX_ENTRIES,
  ) {
    signal.listen((lookups) => {
      if (lookups === null) this.entries.clear();
      else for (const key of lookups) this.entries.delete(key);
    });
  }

  /** The remembered answer to `key`, or `load()`'s, remembered until `key` changes. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.signal.heard()) {
      this.entries.clear();
      return load();
    }
    const hit = this.entries.get(key);
    if (hit) return hit as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const value = load();
    this.entries.set(key, value);
    value.catch(() => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    });
    return value;
  }
}
