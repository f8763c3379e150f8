import { Clock } from '../../ports/clock.js';

/** The wall clock of this machine. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
