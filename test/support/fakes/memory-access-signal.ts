/**
 * The in-memory AccessSignal: one process, no other to hear from, so what is remembered may always be
 * used; the memory unit of work announces each commit's recorded changes through `committed`.
 */
import { AccessSignal } from '../../../src/ports/access-signal.js';

export class MemoryAccessSignal extends AccessSignal {
  private readonly listeners = new Set<(lookups: readonly string[] | null) => void>();
  /** Every announcement, in order (for assertions). */
  readonly announced: (readonly string[] | null)[] = [];

  heard(): boolean {
    return true;
  }

  listen(listener: (lookups: readonly string[] | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  committed(lookups: readonly string[] | null): void {
    this.announced.push(lookups);
    for (const listener of [...this.listeners]) listener(lookups);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
