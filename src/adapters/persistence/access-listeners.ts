import { AccessSignal } from '../../ports/access-signal.js';

/**
 * What both dialects' access signals share: their listeners, told every announcement (a listener
 * that stops listening while it is told is still told this once). What differs is how each hears
 * another process (sqlite-access-signal.ts, pg-access-signal.ts).
 */
export abstract class ListenedAccessSignal extends AccessSignal {
  private readonly listeners = new Set<(lookups: readonly string[] | null) => void>();

  listen(listener: (lookups: readonly string[] | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener: the lookups that changed, or null for anything. */
  protected tell(lookups: readonly string[] | null): void {
    for (const listener of [...this.listeners]) listener(lookups);
  }

  /** Forgets every listener (the signal closes). */
  protected forgetListeners(): void {
    this.listeners.clear();
  }
}
