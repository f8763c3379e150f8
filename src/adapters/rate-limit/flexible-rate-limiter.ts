import { createHash } from 'node:crypto';
import { RateLimiterRes, RLWrapperTimeouts, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  assertValidPolicy,
  RateLimiter,
  type RateLimitDecision,
  type RateLimitPolicy,
} from '../../ports/rate-limiter.js';
import { StoreFailureLog } from './store-failure-log.js';

/** Longer subjects are stored as their SHA-256, so every key fits the Postgres key column. */
const MAX_PLAIN_SUBJECT = 100;

const storedSubject = (subject: string): string =>
  subject.length <= MAX_PLAIN_SUBJECT ? subject : 'sha256-' + createHash('sha256').update(subject).digest('hex');

/** The library's result → the port's decision. `msBeforeNext` is the time left in the window. */
function decide(policy: RateLimitPolicy, res: RateLimiterRes, allowed: boolean): RateLimitDecision {
  const ms = res.msBeforeNext;
  return {
    allowed,
    limit: policy.limit,
    remaining: allowed ? Math.min(policy.limit, Math.max(0, res.remainingPoints)) : 0,
    resetSeconds: ms > 0 ? Math.min(Math.max(Math.ceil(ms / 1000), 1), policy.windowSeconds) : policy.windowSeconds,
    counted: true,
  };
}

/** Off (limit 0) or failed open: allowed, nothing counted. */
const uncounted = (policy: RateLimitPolicy): RateLimitDecision => ({
  allowed: true,
  limit: policy.limit,
  remaining: policy.limit,
  resetSeconds: policy.limit === 0 ? 0 : policy.windowSeconds,
  counted: false,
});

/** Rejects after `ms` unless `promise` settles first (which still runs on, and may fill a cache). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The RateLimiter port on rate-limiter-flexible: one library limiter per policy (its points and
 * duration are fixed at construction), built on first use and kept. The library does the counting
 * (a fixed window per key, started by the key's first request); this class adds the port's rules:
 * limit 0 never touches the store, over-limit results become refusals, and any other failure —
 * including a store slower than `timeoutMs` — fails open with one throttled stderr line.
 */
export abstract class FlexibleRateLimiter extends RateLimiter {
  private readonly limiters = new Map<string, Promise<RateLimiterAbstract>>();
  private readonly failures: StoreFailureLog;

  /** `timeoutMs`: the longest a request waits for the store (null: no limit, for memory). */
  protected constructor(
    store: string,
    private readonly timeoutMs: number | null,
  ) {
    super();
    this.failures = new StoreFailureLog(store);
  }

  /** Builds the library limiter for `policy`: points = limit, duration = window, keys kept apart per policy. */
  protected abstract createLimiter(policy: RateLimitPolicy): Promise<RateLimiterAbstract>;

  async consume(policy: RateLimitPolicy, subject: string): Promise<RateLimitDecision> {
    assertValidPolicy(policy);
    if (policy.limit === 0) return uncounted(policy);
    try {
      const pending = this.limiterFor(policy);
      const limiter = this.timeoutMs === null ? await pending : await within(pending, this.timeoutMs, 'store setup');
      return decide(policy, await limiter.consume(storedSubject(subject)), true);
    } catch (outcome) {
      // The library rejects with its result object when the limit is exceeded, with an Error on failure.
      if (outcome instanceof RateLimiterRes) return decide(policy, outcome, false);
      this.reportFailure(outcome, policy.name);
      return uncounted(policy);
    }
  }

  async refund(policy: RateLimitPolicy, subject: string): Promise<void> {
    assertValidPolicy(policy);
    if (policy.limit === 0) return;
    try {
      const limiter = await this.limiterFor(policy);
      await limiter.reward(storedSubject(subject), 1);
    } catch (error) {
      this.reportFailure(error, policy.name);
    }
  }

  /** Writes the fail-open line (throttled); adapters also route their client's error events here. */
  protected reportFailure(error: unknown, policy: string | null): void {
    this.failures.report(error, policy);
  }

  private limiterFor(policy: RateLimitPolicy): Promise<RateLimiterAbstract> {
    const id = `${policy.name}/${policy.limit}/${policy.windowSeconds}`;
    const cached = this.limiters.get(id);
    if (cached) return cached;
    const created = this.createLimiter(policy).then((limiter) =>
      this.timeoutMs === null ? limiter : new RLWrapperTimeouts({ limiter, timeoutMs: this.timeoutMs }),
    );
    this.limiters.set(id, created);
    // A failed setup (store down at first use) is forgotten, so the next request tries again.
    created.catch(() => {
      if (this.limiters.get(id) === created) this.limiters.delete(id);
    });
    return created;
  }
}
