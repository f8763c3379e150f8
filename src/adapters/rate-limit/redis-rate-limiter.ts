import { Redis } from 'ioredis';
import { RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitPolicy } from '../../ports/rate-limiter.js';
import { FlexibleRateLimiter } from './flexible-rate-limiter.js';

const CONNECT_TIMEOUT_MS = 2_000;

export interface RedisRateLimiterOptions {
  /** `REDIS_URL`, e.g. `redis://:password@redis.internal:6379/0`. */
  readonly url: string;
  /** Every key is `<keyPrefix>:<policy>:<subject>`. Default `desk:rate-limit`. */
  readonly keyPrefix?: string;
  /** The longest a request waits for Redis before failing open. Default 500 ms. */
  readonly timeoutMs?: number;
}

/**
 * Counters shared by every instance through Redis (rate-limiter-flexible's RateLimiterRedis on an
 * ioredis client): one key per policy and subject, counted and given its TTL by one Lua script, so
 * the window is Redis's own and instances' clocks do not matter.
 *
 * The connection opens on the first `consume`, not at construction, so one-shot CLI commands that
 * build the container never connect (and never hang on an open socket). The client never queues a
 * command while disconnected (`enableOfflineQueue: false`): a request during an outage fails open at
 * once while ioredis reconnects in the background with backoff.
 */
export class RedisRateLimiter extends FlexibleRateLimiter {
  private readonly keyPrefix: string;
  private readonly commandTimeoutMs: number;
  private client: Redis | null = null;
  private closed = false;
  private connecting: Promise<void> = Promise.resolve();

  constructor(private readonly options: RedisRateLimiterOptions) {
    const timeoutMs = options.timeoutMs ?? 500;
    super('redis', timeoutMs);
    this.commandTimeoutMs = timeoutMs;
    this.keyPrefix = options.keyPrefix ?? 'desk:rate-limit';
  }

  protected async createLimiter(policy: RateLimitPolicy): Promise<RateLimiterAbstract> {
    const client = this.connect();
    await this.connecting;
    return new RateLimiterRedis({
      storeClient: client,
      rejectIfRedisNotReady: true,
      keyPrefix: `${this.keyPrefix}:${policy.name}`,
      points: policy.limit,
      duration: policy.windowSeconds,
    });
  }

  /** The client, made on first use; its first connection attempt is awaited by `createLimiter`. */
  private connect(): Redis {
    if (this.closed) throw new Error('the Redis rate limiter is closed');
    if (this.client) return this.client;
    const client = new Redis(this.options.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: this.commandTimeoutMs,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
    });
    // Connection errors arrive as events (unhandled, ioredis would print them itself).
    client.on('error', (error) => this.reportFailure(error, null));
    this.client = client;
    // A refused first attempt is already reported above; ioredis keeps retrying in the background.
    // A server that accepts but never answers would hold connect() forever: stop waiting after the
    // connect timeout, so requests then fail open at once ("not ready") instead of each waiting.
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CONNECT_TIMEOUT_MS);
    });
    this.connecting = Promise.race([client.connect().catch(() => undefined), gaveUp]).finally(() =>
      clearTimeout(timer),
    );
    return client;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.closed = true;
    this.client = null;
    if (!client) return;
    if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  }
}
