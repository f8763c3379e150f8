import { MemoryRateLimiter } from '../../src/adapters/rate-limit/memory-rate-limiter.js';
import { runRateLimiterContract } from './rate-limiter.contract.js';

// One process only: the embedded mode's store is never shared, so it has no peer.
runRateLimiterContract(
  'memory',
  async () => {
    const limiter = new MemoryRateLimiter();
    return { limiter, openPeer: null, close: () => limiter.close() };
  },
  { shared: false },
);
