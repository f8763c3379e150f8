import type pg from 'pg';
import { RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitPolicy } from '../../ports/rate-limiter.js';
import { FlexibleRateLimiter } from './flexible-rate-limiter.js';

export interface PgRateLimiterOptions {
  /** The counter table, created on first use in the pool's schema. Default `desk_rate_limits`. */
  readonly tableName?: string;
  /** The longest a request waits for Postgres before failing open. Default 1000 ms. */
  readonly timeoutMs?: number;
}

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** What a concurrent CREATE TABLE IF NOT EXISTS by another instance raises: the table is there. */
const LOST_CREATION_RACE = new Set(['23505', '42P07', '42710']);

/**
 * Counters shared by every instance through Postgres (rate-limiter-flexible's RateLimiterPostgres on
 * the app's own pool): one row per policy and subject, `key` = `<policy>:<subject>`, updated by one
 * atomic upsert per request. Rows outlive a restart, so a window carries on where it was.
 *
 * The table is the library's (`key varchar(255) PRIMARY KEY, points integer, expire bigint`), made
 * with its own `CREATE TABLE IF NOT EXISTS` on first use rather than by a migration, so a newer
 * library can own its shape. Until it exists (database down at start) every request fails open and
 * the next one tries again. Windows are measured by each instance's clock (`expire` is epoch ms).
 */
export class PgRateLimiter extends FlexibleRateLimiter {
  private readonly tableName: string;
  private table: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    options: PgRateLimiterOptions = {},
  ) {
    super('postgres', options.timeoutMs ?? 1_000);
    this.tableName = options.tableName ?? 'desk_rate_limits';
    if (!TABLE_NAME.test(this.tableName)) throw new Error(`invalid rate-limit table name "${this.tableName}"`);
  }

  protected async createLimiter(policy: RateLimitPolicy): Promise<RateLimiterAbstract> {
    await this.ensureTable();
    return new RateLimiterPostgres({
      storeClient: this.pool,
      storeType: 'pool',
      tableName: this.tableName,
      tableCreated: true,
      clearExpiredByTimeout: false, // the table's one janitor is the limiter in ensureTable()
      keyPrefix: policy.name,
      points: policy.limit,
      duration: policy.windowSeconds,
    });
  }

  /**
   * Lets the library create its table, once per adapter, then starts the table's janitor.
   *
   * With `tableCreated` unset the library's constructor runs `CREATE TABLE IF NOT EXISTS` itself and
   * reports through the callback (without one, a failure is an unhandled rejection that ends the
   * process). It treats only 23505 as "another instance created it"; instances starting together
   * also meet 42P07 and 42710 from that same race, so those count as created too. The janitor is a
   * limiter that counts nothing: it stays for its unref'd timer that deletes rows expired over an
   * hour ago, every five minutes.
   */
  private ensureTable(): Promise<void> {
    if (!this.table) {
      const base = { storeClient: this.pool, storeType: 'pool', tableName: this.tableName, points: 1, duration: 1 };
      const table = new Promise<void>((resolve, reject) => {
        new RateLimiterPostgres({ ...base, clearExpiredByTimeout: false }, (error) =>
          !error || LOST_CREATION_RACE.has((error as { code?: string }).code ?? '') ? resolve() : reject(error),
        );
      }).then(() => {
        new RateLimiterPostgres({ ...base, tableCreated: true, clearExpiredByTimeout: true });
      });
      this.table = table;
      table.catch(() => {
        if (this.table === table) this.table = null;
      });
    }
    return this.table;
  }

  /** The pool is the database's: closing it is the Database's job. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
