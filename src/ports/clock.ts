/** The current instant. Tests pin it; production reads the system clock. */
export abstract class Clock {
  abstract now(): Date;
}
