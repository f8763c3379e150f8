/**
 * AccessLookups' contract: an answer is reused until its change is announced (never on a timer), the
 * whole store is forgotten on "anything may have changed", nothing is remembered while changes cannot
 * be heard, failures are never remembered, and the store stays bounded.
 */
import { describe, expect, it } from 'vitest';
import { AccessLookups } from '../../../src/domain/identity/access-lookups.js';
import { MemoryAccessSignal } from '../../support/fakes/memory-access-signal.js';
import { MemoryUnitOfWork } from '../../support/fakes/memory-unit-of-work.js';

function counting() {
  let loads = 0;
  return {
    load: async () => ++loads,
    get loads() {
      return loads;
    },
  };
}

/** A signal that can be told it hears nothing (a Postgres listener that is down). */
class SwitchableSignal extends MemoryAccessSignal {
  hearing = true;
  override heard(): boolean {
    return this.hearing;
  }
}

describe('AccessLookups', () => {
  it('reuses an answer however long ago it was loaded, until a change to it is announced', async () => {
    const signal = new MemoryAccessSignal();
    const lookups = new AccessLookups(signal);
    const key = counting();
    const other = counting();
    expect(await lookups.get('k', key.load)).toBe(1);
    expect(await lookups.get('other', other.load)).toBe(1);
    expect(await lookups.get('k', key.load)).toBe(1);
    signal.committed(['k']);
    expect(await lookups.get('k', key.load)).toBe(2);
    expect(await lookups.get('other', other.load)).toBe(1);
    expect([key.loads, other.loads]).toEqual([2, 1]);
  });

  it('forgets everything when anything may have changed (null)', async () => {
    const signal = new MemoryAccessSignal();
    const lookups = new AccessLookups(signal);
    const a = counting();
    const b = counting();
    await lookups.get('a', a.load);
    await lookups.get('b', b.load);
    signal.committed(null);
    expect([await lookups.get('a', a.load), await lookups.get('b', b.load)]).toEqual([2, 2]);
  });

  it('remembers nothing while changes cannot be heard, and starts afresh once they can', async () => {
    const signal = new SwitchableSignal();
    const lookups = new AccessLookups(signal);
    const source = counting();
    await lookups.get('k', source.load);
    signal.hearing = false;
    expect(await lookups.get('k', source.load)).toBe(2);
    expect(await lookups.get('k', source.load)).toBe(3);
    signal.hearing = true;
    expect(await lookups.get('k', source.load)).toBe(4);
    expect(await lookups.get('k', source.load)).toBe(4);
  });

  it('shares one lookup between callers that ask at once, and never remembers a failure', async () => {
    const lookups = new AccessLookups(new MemoryAccessSignal());
    const source = counting();
    const [a, b] = await Promise.all([lookups.get('k', source.load), lookups.get('k', source.load)]);
    expect([a, b, source.loads]).toEqual([1, 1, 1]);
    await expect(lookups.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await lookups.get('bad', async () => 'back')).toBe('back');
  });

  it('does not keep a load that was under way when its change was announced', async () => {
    const signal = new MemoryAccessSignal();
    const lookups = new AccessLookups(signal);
    let release!: (value: string) => void;
    const slow = lookups.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    signal.committed(['k']);
    release('before the change');
    expect(await slow).toBe('before the change');
    expect(await lookups.get('k', async () => 'after the change')).toBe('after the change');
  });

  it('stays bounded however many different things are looked up', async () => {
    const lookups = new AccessLookups(new MemoryAccessSignal(), 100);
    for (let i = 0; i < 1_000; i++) await lookups.get(`made-up-${i}`, async () => null);
    expect((lookups as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(100);
  });

  it('hears a commit that recorded changes, and nothing of one that rolled back', async () => {
    const signal = new MemoryAccessSignal();
    const uow = new MemoryUnitOfWork(undefined, signal);
    await uow
      .transaction(async (r) => {
        await r.accessChanges.changed(['k']);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(signal.announced).toEqual([]);
    await uow.transaction((r) => r.accessChanges.changed(['k', 'l']));
    expect(signal.announced).toEqual([['k', 'l']]);
  });
});
