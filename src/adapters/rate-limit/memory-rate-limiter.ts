import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitPolicy } from '../../ports/rate-limiter.js';
import { FlexibleRateLimiter } from './flexible-rate-limiter.js';

/**
 * Counters in this process's memory (rate-limiter-flexible's RateLimiterMemory): for the embedded
 * SQLite mode, where one process serves everything. Lost on restart; never shared between processes,
 * so it is never bound in Postgres mode (SPEC §11).
 */
export class MemoryRateLimiter extends FlexibleRateLimiter {
  constructor() {
    super('memory', null);
  }

  protected createLimiter(policy: RateLimitPolicy): Promise<RateLimiterAbstract> {
    return Promise.resolve(
      new RateLimiterMemory({ keyPrefix: policy.name, points: policy.limit, duration: policy.windowSeconds }),
    );
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
