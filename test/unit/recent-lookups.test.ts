/** RecentLookups' contract: a second's reuse, forgotten on demand, never a failure, never unbounded. */
import { describe, expect, it } from 'vitest';
import { LOOKUP_FRESH_MS, RecentLookups } from '../../src/domain/identity/recent-lookups.js';

function counting() {
  let loads = 0;
  return {
    load: async () => ++loads,
    get loads() {
      return loads;
    },
  };
}

describe('RecentLookups', () => {
  it('reuses an answer for a second, then asks again', async () => {
    let now = 0;
    const lookups = new RecentLookups(LOOKUP_FRESH_MS, () => now);
    const source = counting();
    expect(await lookups.get('k', source.load)).toBe(1);
    now = LOOKUP_FRESH_MS - 1;
    expect(await lookups.get('k', source.load)).toBe(1);
    now = LOOKUP_FRESH_MS;
    expect(await lookups.get('k', source.load)).toBe(2);
    expect(source.loads).toBe(2);
  });

  it('forgets an answer when told to (a change made through this process)', async () => {
    const lookups = new RecentLookups(LOOKUP_FRESH_MS, () => 0);
    const source = counting();
    await lookups.get('k', source.load);
    lookups.forget('k');
    expect(await lookups.get('k', source.load)).toBe(2);
  });

  it('shares one lookup between callers that ask at once, and never remembers a failure', async () => {
    const lookups = new RecentLookups(LOOKUP_FRESH_MS, () => 0);
    const source = counting();
    const [a, b] = await Promise.all([lookups.get('k', source.load), lookups.get('k', source.load)]);
    expect([a, b, source.loads]).toEqual([1, 1, 1]);
    await expect(lookups.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await lookups.get('bad', async () => 'back')).toBe('back');
  });

  it('stays bounded however many different things are looked up', async () => {
    const lookups = new RecentLookups(LOOKUP_FRESH_MS, () => 0);
    for (let i = 0; i < 12_000; i++) await lookups.get(`made-up-${i}`, async () => null);
    expect((lookups as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(10_000);
  });
});
