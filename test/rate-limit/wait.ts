import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimitDecision } from '../../src/ports/rate-limiter.js';

/** Retries `consume` until the store counts again (after an outage); fails after `timeoutMs`. */
export async function waitUntilCounted(
  consume: () => Promise<RateLimitDecision>,
  timeoutMs = 10_000,
): Promise<RateLimitDecision> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const decision = await consume();
    if (decision.counted) return decision;
    if (Date.now() > deadline) throw new Error('the store did not come back in time');
    await sleep(100);
  }
}
