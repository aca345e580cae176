import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** What a limiter needs to count one rule: its name, its budget and its window in seconds. */
export type CounterOptions = { keyPrefix: string; points: number; duration: number };

/**
 * Where the attempt counters live (docs/operations.md, "Running several instances"): in Redis when
 * `REDIS_URL` is set, else in PostgreSQL's `rate_limits` table (migration 0010) when the shop runs
 * on it, else in this process's memory (one SQLite shop, one process). Shared counters are what
 * make a brake hold across instances: eleven wrong passwords spread over two of them still meet
 * the limit. If the shared store fails, each instance falls back to its own memory for that
 * attempt (rate-limiter-flexible's insurance limiter) instead of refusing or waving everyone in.
 */
export interface SharedCounters {
  kind: 'redis' | 'postgres' | 'memory';
  store: (options: CounterOptions) => RateLimiterAbstract;
  close(): Promise<void>;
}

export async function openSharedCounters(settings: { redisUrl: string | null; postgresUrl: string | null }): Promise<SharedCounters> {
  const insured = (options: CounterOptions) => ({ ...options, insuranceLimiter: new RateLimiterMemory(options) });
  if (settings.redisUrl) {
    const { Redis } = await import('ioredis');
    // No offline queue: while Redis is away a count fails at once and the insurance limiter answers.
    const redis = new Redis(settings.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    // ioredis reconnects by itself; without a listener it prints every failed attempt to stderr.
    redis.on('error', () => undefined);
    await redis.connect();
    return {
      kind: 'redis',
      store: (options) => new RateLimiterRedis({ storeClient: redis, ...insured(options) }),
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  if (settings.postgresUrl) {
    const { default: pg } = await import('pg');
    const { RESILIENT_POOL, survivesLostConnections } = await import('../storage/postgres/resilient-pool.ts');
    const pool = new pg.Pool({ connectionString: settings.postgresUrl, max: 4, application_name: 'bulkhead-rate-limits', ...RESILIENT_POOL });
    // A lost connection fails that one count, which the insurance limiter answers.
    survivesLostConnections(pool);
    return {
      kind: 'postgres',
      store: (options) => new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, ...insured(options) }),
      close: () => pool.end(),
    };
  }
  return { kind: 'memory', store: (options) => new RateLimiterMemory(options), close: async () => {} };
}
