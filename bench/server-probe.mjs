// A probe preloaded into a server under test (`node --import=bench/server-probe.mjs`, which
// startDesk({ probe: true }) in bench/support.mjs puts in NODE_OPTIONS) to tell garbage collection from
// other stalls: it counts V8's GC pauses (a PerformanceObserver for 'gc' entries: each entry is one
// pause of the main thread; the small steps of incremental marking between pauses are not entries)
// and keeps an event-loop delay histogram (perf_hooks.monitorEventLoopDelay, 1 ms resolution: how
// late a 1 ms timer fires, so the longest stretch of uninterrupted work, GC included). On SIGUSR2 it
// appends one JSON line with the figures since the previous SIGUSR2 to the file named by
// BENCH_PROBE_FILE and starts again. Nothing of Desk's code is changed; without BENCH_PROBE_FILE it
// does nothing. Its own cost is one timer a millisecond and one entry per GC.
import { appendFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const fresh = () => ({ count: 0, minor: 0, major: 0, other: 0, totalMs: 0, maxMs: 0 });
  let gc = fresh();
  let since = performance.now();
  let seq = 0;
  const count = (entries) => {
    for (const e of entries) {
      gc.count++;
      gc.totalMs += e.duration;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
      const kind = e.detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gc.minor++;
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major++;
      else gc.other++;
    }
  };
  const observer = new PerformanceObserver((list) => count(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const ms = (ns) => ns / 1e6;
  process.on('SIGUSR2', () => {
    count(observer.takeRecords()); // entries not yet delivered to the callback
    const now = performance.now();
    const line = {
      seq: ++seq,
      wallMs: now - since,
      gc,
      eld: {
        samples: delay.count,
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        mean: ms(delay.mean),
      },
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
    gc = fresh();
    since = now;
  });
}
