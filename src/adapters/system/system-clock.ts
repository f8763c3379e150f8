import { setTimeout as wait } from 'node:timers/promises';
import { Clock } from '../../ports/clock.js';

/** The wall clock of this machine, and its timers. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }

  async sleep(ms: number, cancel?: AbortSignal): Promise<void> {
    // Aborting rejects with an AbortError; for the port a cancelled wait is just over.
    await wait(ms, undefined, cancel ? { signal: cancel } : {}).catch((error: unknown) => {
      if (!cancel?.aborted) throw error;
    });
  }
}
