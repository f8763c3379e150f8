/**
 * The in-memory `UnitOfWork`: real transactions over the repositories of memory-repositories.ts.
 *
 * Copy-on-write: a transaction works on a private copy of the committed state and that copy becomes
 * the committed state only when the work resolves, so a transaction that throws leaves nothing written
 * and no reader ever sees half a transaction. Transactions run one at a time, in call order, through a
 * promise queue (what BEGIN IMMEDIATE or row locks give the real databases).
 *
 * It also enforces the port's rule that units of work never nest (on SQLite a nested one would wait
 * for itself for ever): use cases are tested on this fake, so a use case that nests fails its tests.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Repositories } from '../../../src/ports/repositories.js';
import type { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import type { MemoryAccessSignal } from './memory-access-signal.js';
import { memoryRepositories } from './memory-repositories.js';
import { emptyState, type MemoryState } from './memory/store.js';

export * from './memory-repositories.js';

export class MemoryUnitOfWork implements UnitOfWork {
  private committed: MemoryState;
  /** Settles when the transaction before the next one has finished, whatever its outcome. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Marks code running inside a unit of work, to refuse a nested one. */
  private readonly inside = new AsyncLocalStorage<true>();

  private refuseNesting(): void {
    if (this.inside.getStore()) throw new Error('units of work cannot nest: finish the outer one first');
  }

  /** `access` hears each commit's recorded access changes, as the real units of work tell theirs. */
  constructor(
    initial: MemoryState = emptyState(),
    private readonly access?: MemoryAccessSignal,
  ) {
    this.committed = initial;
  }

  async transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    this.refuseNesting();
    const run = async (): Promise<T> => {
      const draft = structuredClone(this.committed);
      const accessChanges: string[] = [];
      const result = await work(memoryRepositories(draft, accessChanges));
      this.committed = draft;
      if (accessChanges.length) this.access?.committed(accessChanges);
      return result;
    };
    const result = this.queue.then(() => this.inside.run(true, run));
    this.queue = result.catch(() => undefined);
    return result;
  }

  async read<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    this.refuseNesting();
    return this.inside.run(true, () => work(memoryRepositories(this.committed)));
  }

  /**
   * Changes committed state directly, for situations no port method creates (a user deactivated by
   * a future console feature, say). Tests only.
   */
  alter(change: (state: MemoryState) => void): void {
    change(this.committed);
  }

  /** A copy of everything committed: for assertions such as "the secret is stored nowhere". */
  snapshot(): MemoryState {
    return structuredClone(this.committed);
  }
}
