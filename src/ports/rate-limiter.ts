/**
 * A named limit: at most `limit` requests per `windowSeconds` for each subject. The name identifies
 * the counter (`mcp`, `actions`, `v1`, `login-account`, `login-address`) and is what clients see in
 * the `RateLimit-Policy` header, so it is lower case letters, digits and `-`. One name, one limit and
 * window: two policies with the same name share their counters.
 */
export interface RateLimitPolicy {
  readonly name: string;
  /** Requests allowed per window; `0` turns the policy off. A whole number, never negative. */
  readonly limit: number;
  /** Length of the window in seconds, a whole number of at least 1. */
  readonly windowSeconds: number;
}

/** Policy names appear in response headers (as structured-field strings) and in store keys. */
const POLICY_NAME = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** Throws a TypeError on a policy this contract does not allow (a bug, not an outage). */
export function assertValidPolicy(policy: RateLimitPolicy): void {
  if (!POLICY_NAME.test(policy.name)) throw new TypeError(`invalid rate-limit policy name "${policy.name}"`);
  if (!Number.isSafeInteger(policy.limit) || policy.limit < 0) {
    throw new TypeError(`rate-limit policy "${policy.name}": limit must be a whole number >= 0`);
  }
  if (!Number.isSafeInteger(policy.windowSeconds) || policy.windowSeconds < 1) {
    throw new TypeError(`rate-limit policy "${policy.name}": windowSeconds must be a whole number >= 1`);
  }
}

/** The outcome of counting one request. */
export interface RateLimitDecision {
  /** False when this request is over the limit: refuse it (HTTP 429). */
  readonly allowed: boolean;
  /** The policy's limit, as configured. */
  readonly limit: number;
  /** Requests still allowed in the current window after this one; 0 once the limit is reached. */
  readonly remaining: number;
  /** Whole seconds until the window resets and the subject may try again; at least 1 when counted. */
  readonly resetSeconds: number;
  /**
   * False when nothing was counted: the policy is off (`limit` 0), or the store failed and the
   * request was let through (fail open). `remaining` and `resetSeconds` then say nothing real.
   */
  readonly counted: boolean;
}

/**
 * Counts requests per policy and subject in a fixed window, and says whether this one is allowed.
 *
 * - `consume` counts one request. Every call counts, refused ones too (a client hammering through
 *   its 429s does not get a fresh window), and the window starts at a subject's first request.
 * - A policy whose `limit` is 0 is off: always allowed, `counted: false`, and the store is never
 *   touched.
 * - Subjects are opaque strings the caller picks: an API key's id, a source address, an account.
 *   Never a secret (a raw API key, a token): adapters may store subjects as they are (long ones are
 *   hashed to fit). Separate policies and separate subjects never share a count.
 * - Store failures FAIL OPEN: when the store cannot answer (down, slow past a short timeout), the
 *   request is allowed with `counted: false`, and the adapter writes one line to stderr naming the
 *   store and the error code — never the subject, a URL or a credential — at most once a minute.
 *   A rate-limit outage must not take the API down. `consume` rejects only on a malformed policy.
 * - Where the counters live is the adapter's business: process memory for one embedded process;
 *   Postgres or Redis when several instances must share one count (SPEC §11).
 * - `close` releases what the adapter opened itself (a Redis connection), never a pool it was given.
 */
export abstract class RateLimiter {
  abstract consume(policy: RateLimitPolicy, subject: string): Promise<RateLimitDecision>;
  /**
   * Gives back one request counted by `consume` (an attempt that turned out not to count, such as a
   * successful sign-in). Counting first and refunding after is what keeps concurrent attempts from
   * all slipping past a check. Off policies and store failures do nothing.
   */
  abstract refund(policy: RateLimitPolicy, subject: string): Promise<void>;
  abstract close(): Promise<void>;
}
