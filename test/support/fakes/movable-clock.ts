import { SystemClock } from '../../../src/adapters/system/system-clock.js';

/**
 * The real time plus an offset the test moves forward (a retry due in five minutes, now). Sleeps
 * take real time: moving the clock makes work due, and the test wakes whoever should look.
 */
export class MovableClock extends SystemClock {
  private offsetMs = 0;

  override now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to the real time (a receiver checks the signed timestamp against its own clock). */
  reset(): void {
    this.offsetMs = 0;
  }
}
