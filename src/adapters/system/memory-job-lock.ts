import { JobLock, type Exclusive } from '../../ports/job-lock.js';

/** One process serves the embedded database: a job is exclusive when this process is not running it. */
export class MemoryJobLock extends JobLock {
  private readonly running = new Set<string>();

  async runExclusive<T>(name: string, work: () => Promise<T>): Promise<Exclusive<T>> {
    if (this.running.has(name)) return { ran: false };
    this.running.add(name);
    try {
      return { ran: true, value: await work() };
    } finally {
      this.running.delete(name);
    }
  }
}
