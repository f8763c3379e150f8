/** Each deployment mode binds the store SPEC §2 and §11 name: shared in Postgres mode, always. */
import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../src/adapters/rate-limit/memory-rate-limiter.js';
import { PgRateLimiter } from '../../src/adapters/rate-limit/pg-rate-limiter.js';
import { RedisRateLimiter } from '../../src/adapters/rate-limit/redis-rate-limiter.js';
import { buildContainer } from '../../src/bootstrap/container.js';
import { loadConfig } from '../../src/bootstrap/load-config.js';
import { Database } from '../../src/ports/database.js';
import { RateLimiter } from '../../src/ports/rate-limiter.js';
import { tempInstallDir } from '../support/cli.js';

const PG = 'postgres://postgres@127.0.0.1:1/none';
const REDIS = 'redis://127.0.0.1:1';

describe('rate-limiter binding', () => {
  const modes = [
    { name: 'SQLite', env: {}, store: MemoryRateLimiter },
    { name: 'SQLite with REDIS_URL', env: { REDIS_URL: REDIS }, store: RedisRateLimiter },
    { name: 'Postgres', env: { DATABASE_URL: PG }, store: PgRateLimiter },
    { name: 'Postgres with REDIS_URL', env: { DATABASE_URL: PG, REDIS_URL: REDIS }, store: RedisRateLimiter },
  ] as const;

  for (const mode of modes) {
    it(`${mode.name}: ${mode.store.name}, one instance per container`, async () => {
      const dir = tempInstallDir();
      const config = loadConfig({ installDir: dir, env: mode.env, fromEnvironment: true, dataDir: dir });
      const container = await buildContainer(config);
      try {
        const limiter = container.get(RateLimiter);
        expect(limiter).toBeInstanceOf(mode.store);
        expect(container.get(RateLimiter)).toBe(limiter);
      } finally {
        await container.get(RateLimiter).close();
        await container.get(Database).close();
      }
    });
  }
});
