import type { Clock } from '../../../src/ports/clock.js';

/** A clock that stands still until a test moves it; a sleep ends when the clock is moved past it. */
export class FixedClock implements Clock {
  private current: Date;
  private readonly sleepers = new Set<{ readonly until: number; readonly wake: () => void }>();

  constructor(instant: string | Date = '2026-03-10T09:00:00.000Z') {
    this.current = new Date(instant);
  }

  now(): Date {
    return new Date(this.current);
  }

  sleep(ms: number, cancel?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (ms <= 0 || cancel?.aborted) return resolve();
      const sleeper = {
        until: this.current.getTime() + ms,
        wake: () => {
          this.sleepers.delete(sleeper);
          cancel?.removeEventListener('abort', sleeper.wake);
          resolve();
        },
      };
      this.sleepers.add(sleeper);
      cancel?.addEventListener('abort', sleeper.wake);
    });
  }

  set(instant: string | Date): void {
    this.current = new Date(instant);
    this.wakeDue();
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
    this.wakeDue();
  }

  private wakeDue(): void {
    for (const sleeper of [...this.sleepers]) if (sleeper.until <= this.current.getTime()) sleeper.wake();
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
