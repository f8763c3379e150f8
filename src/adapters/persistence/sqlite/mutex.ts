/**
 * A first-come, first-served async lock. better-sqlite3 gives one synchronous connection, but the
 * ports are async: without this, two use cases could interleave their statements inside one
 * transaction (or a read could see another transaction's uncommitted rows).
 */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    // The next caller waits for this one to settle, whether it succeeded or not.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
