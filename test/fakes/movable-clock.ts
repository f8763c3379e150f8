import type { Clock } from '../../src/ports/clock.js';

/** The real time plus an offset the test moves forward (a retry due in five minutes, now). */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
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
