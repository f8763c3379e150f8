/**
 * Wraps a log write so that a burst of one kind of event writes one line per interval, carrying how
 * many occurrences it stands for (`count`, including this one): an outage or a flood is one story in
 * the log, not thousands of lines.
 */
export function throttled<A extends unknown[]>(
  intervalMs: number,
  write: (count: number, ...args: A) => void,
): (...args: A) => void {
  let lastAt = -Infinity;
  let count = 0;
  return (...args) => {
    count++;
    const now = Date.now();
    if (now - lastAt < intervalMs) return;
    write(count, ...args);
    lastAt = now;
    count = 0;
  };
}
