import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    // Tests spawn real servers and CLI processes; forks isolate native modules (better-sqlite3).
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
