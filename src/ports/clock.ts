/**
 * The current instant, and waiting for time to pass. Tests pin or move it; production reads the
 * system clock. The domain sets no timer of its own: what must wait (the webhook worker's pauses)
 * waits on this, so a test can move time instead of sleeping.
 */
export abstract class Clock {
  abstract now(): Date;
  /**
   * Resolves once `ms` of this clock's time have passed, or as soon as `cancel` aborts (already
   * aborted: at once). It never rejects: a cancelled wait is simply over.
   */
  abstract sleep(ms: number, cancel?: AbortSignal): Promise<void>;
}
