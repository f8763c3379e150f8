/** A store error as one short phrase: its code and first line, any URL masked (it may hold a password). */
export function describeStoreError(error: unknown): string {
  const err = error as { code?: unknown; message?: unknown } | null;
  const message = typeof err?.message === 'string' ? err.message : String(error);
  const text = message
    .split('\n')[0]!
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>')
    .slice(0, 200);
  return typeof err?.code === 'string' && !text.includes(err.code) ? `${err.code} ${text}` : text;
}

/**
 * The one stderr line a failing rate-limit store is worth (the port's fail-open rule): the first
 * failure is written at once, later ones at most once per interval with a count of those skipped,
 * so an outage under load does not flood the log. Never the subject, a URL or a credential.
 */
export class StoreFailureLog {
  private lastWrittenAt = Number.NEGATIVE_INFINITY;
  private skipped = 0;

  constructor(
    private readonly store: string,
    private readonly intervalMs = 60_000,
  ) {}

  report(error: unknown, policy: string | null): void {
    const now = Date.now();
    if (now - this.lastWrittenAt < this.intervalMs) {
      this.skipped++;
      return;
    }
    const line = {
      level: 'warn',
      time: new Date(now).toISOString(),
      msg: 'rate-limit store failed; requests are allowed without counting (fail open)',
      store: this.store,
      policy,
      error: describeStoreError(error),
      ...(this.skipped > 0 ? { failuresSinceLastLine: this.skipped } : {}),
    };
    this.lastWrittenAt = now;
    this.skipped = 0;
    process.stderr.write(JSON.stringify(line) + '\n');
  }
}
