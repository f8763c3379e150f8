import type { Container } from 'inversify';
import { ErrorReporter, Logger } from '../adapters/observability/index.js';
import { isDatabaseOutage } from '../ports/unit-of-work.js';

/**
 * What `serve` runs on a timer besides requests (backups, monitor checks, reminders): a round every
 * `everyMs` once started, never two rounds of one process at once (a tick while one runs is
 * skipped), a timer that does not keep the process alive, and `stop()` that ends the ticking and
 * waits for the round under way. A round that throws is logged (a database outage as a warning, the
 * rest as an error also reported) and the next tick tries again. Across instances each job takes its
 * own job lock inside its round.
 */
export abstract class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  protected constructor(
    protected readonly container: Container,
    /** How the log names it: `backup schedule`, `reminders`. */
    private readonly name: string,
    private readonly everyMs: number,
    /** How long `stop()` waits for a round under way; Infinity: until it ends. */
    private readonly graceMs = 10_000,
  ) {}

  /** One round of the job. */
  protected abstract round(): Promise<void>;

  /** False when the configuration turns the job off (no timer is set). */
  protected get enabled(): boolean {
    return true;
  }

  start(): void {
    if (!this.enabled || this.timer || this.stopped) return;
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
    this.tick();
  }

  async stop(graceMs = this.graceMs): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.running) return;
    if (graceMs === Infinity) return this.running;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (timeout = setTimeout(resolve, graceMs)))]);
    clearTimeout(timeout);
  }

  private tick(): void {
    if (this.running || this.stopped) return;
    this.running = this.round()
      .catch((error: unknown) => {
        const log = this.container.get(Logger);
        if (isDatabaseOutage(error)) log.warn({ err: error }, `${this.name}: database unavailable`);
        else {
          log.error({ err: error }, `${this.name} failed`);
          this.container.get(ErrorReporter).report(error, { surface: 'job' });
        }
      })
      .finally(() => {
        this.running = null;
      });
  }
}
