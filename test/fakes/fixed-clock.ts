import type { Clock } from '../../src/ports/clock.js';

/** A clock that stands still until a test moves it. */
export class FixedClock implements Clock {
  private current: Date;

  constructor(instant: string | Date = '2026-03-10T09:00:00.000Z') {
    this.current = new Date(instant);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(instant: string | Date): void {
    this.current = new Date(instant);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
