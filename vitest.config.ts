import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    // Tests spawn real servers and CLI processes; forks isolate native modules (better-sqlite3).
    pool: 'forks',
    // Most of a test's time is spent waiting on a server, a child process or a browser, so two files at
    // once on two cores (Vitest's default there is one) nearly halves the run; each file has its own
    // database schema, ports and directories, so files never share state.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a real server, process or browser does next; its 1 s default is
    // shorter than a busy 2-core CI machine sometimes needs. A poll that succeeds returns at once.
    expect: { poll: { timeout: 10_000 } },
  },
});
