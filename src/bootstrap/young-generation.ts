/**
 * The size of V8's young generation (its two semi-spaces) in `desk serve`. Left to itself V8 grows
 * each semi-space up to 16 MiB on a 64-bit machine and keeps the pages while the process runs:
 * start-up alone (thousands of objects, all surviving) grows them to 8 MiB, 16 MiB of an idle
 * server's 105 MiB resident, and load to 16 MiB, 32 MiB of it.
 *
 * `--max-semi-space-size` would say this, but only on the command line: V8 reads it once, when the
 * heap is made, and `node bin/desk.js serve` (or `desk serve`) starts with no flag of ours. V8 reads
 * `--semi-space-growth-factor` each time it grows the young generation, so the limit is kept through
 * it, from inside the process: 1 (no growth) while the server starts, then once it is ready the
 * factor that takes the semi-spaces to MAX_SEMI_SPACE_MIB in one step, set back to 1 by a collection
 * observer as soon as that step is taken. The limit is a soft one: the observer runs after the
 * collection, and on a busy machine V8 can take one more step first (seen in CI), up to its own
 * maximum. The hold while starting is exact, and it is what keeps an idle server small. 4 MiB keeps a busy server's short-lived garbage (a request's objects) dying young instead of
 * being promoted to the old generation, which is what a smaller young generation costs under load:
 * measured, a server pinned at V8's initial 1 MiB held more after a minute of load than one at 4.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** The largest semi-space once the server is ready, in MiB. */
export const MAX_SEMI_SPACE_MIB = 4;

/** The young generation's capacity in bytes: two semi-spaces, as V8 reports `new_space`. */
export function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * Whether whoever started the process sized the young generation (`--max-semi-space-size` on node's
 * command line or in NODE_OPTIONS, say to trade memory for throughput): their size is kept.
 */
export const sizedByOperator = (
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean => [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => /^--max[-_]semi[-_]space[-_]size\b/.test(arg));

/** V8's own growth factor, when nothing limits the young generation. */
const V8_GROWTH_FACTOR = 2;

const growthFactor = (factor: number) => setFlagsFromString(`--semi-space-growth-factor=${factor}`);

export interface YoungGenerationLimit {
  /** Start-up's work is done: the young generation may grow, up to the limit. */
  allowGrowth(): void;
  /** Gives V8 back its own growth (tests; a server never needs it). */
  release(): void;
}

/**
 * Keeps the young generation at its present size (V8's initial one, at start-up) until
 * `allowGrowth()`, then lets it grow to two semi-spaces of `maxSemiSpaceMib` and no further; does
 * nothing when the operator sized it (sizedByOperator).
 */
export function limitYoungGeneration(maxSemiSpaceMib = MAX_SEMI_SPACE_MIB): YoungGenerationLimit {
  if (sizedByOperator()) return { allowGrowth: () => undefined, release: () => undefined };
  const limit = 2 * maxSemiSpaceMib * 1024 * 1024;
  let observer: PerformanceObserver | null = null;
  growthFactor(1);
  return {
    allowGrowth() {
      const size = youngGenerationBytes();
      if (observer || size === 0 || size >= limit) return;
      // One step to the limit: the next growth needs survivors of a semi-space's size again, which
      // a server's requests take many collections to leave, so the observer stops it well before.
      growthFactor(Math.max(V8_GROWTH_FACTOR, Math.ceil(limit / size)));
      observer = new PerformanceObserver(() => {
        if (youngGenerationBytes() < limit) return;
        growthFactor(1);
        observer?.disconnect();
      });
      observer.observe({ entryTypes: ['gc'] });
    },
    release() {
      observer?.disconnect();
      growthFactor(V8_GROWTH_FACTOR);
    },
  };
}
