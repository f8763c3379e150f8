/** Touching "last used" on every request would turn every read into a write; once a minute is enough. */
const INTERVAL_MS = 60_000;
/** Credentials remembered at once (only real ones get here); the oldest make room. */
const MAX_REMEMBERED = 10_000;

/**
 * When this process last wrote a credential's "last used" (an API key's `lastUsedAt`, an OAuth
 * grant's): `due` says whether to write it now, and remembers that it is being written.
 */
export class LastUse {
  private readonly writtenAt = new Map<string, number>();

  /** True when `id` (stored as last used at `stored`) was last written more than a minute ago. */
  due(id: string, stored: string | null, now: Date): boolean {
    const written = this.writtenAt.get(id) ?? (stored ? Date.parse(stored) : -Infinity);
    if (now.getTime() - written <= INTERVAL_MS) return false;
    this.writtenAt.delete(id);
    if (this.writtenAt.size >= MAX_REMEMBERED) this.writtenAt.delete(this.writtenAt.keys().next().value!);
    this.writtenAt.set(id, now.getTime());
    return true;
  }
}
