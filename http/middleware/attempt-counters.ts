import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Where attempt counts live. The default keeps them in this process's memory; rate-limiter-flexible
 * has PostgreSQL and Redis stores with the same interface, so counts shared by several instances
 * plug in here without touching the rules that use them.
 */
export type CounterStore = (options: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

export const memoryCounters: CounterStore = (options) => new RateLimiterMemory(options);

export interface Count {
  /** Attempts counted in the current window. */
  spent: number;
  /** Until the window ends (the whole window when nothing is counted). */
  msLeft: number;
}

/** A budget of `limit` attempts per `windowMs` for each key. */
export interface AttemptCounter {
  readonly limit: number;
  readonly windowMs: number;
  peek(key: string): Promise<Count>;
  /** Counts one attempt, over budget or not, and returns the count after it. */
  spend(key: string): Promise<Count>;
  /** Takes back one attempt counted by `spend` (one that turned out not to count). */
  giveBack(key: string): Promise<void>;
}

export const createAttemptCounter = (
  store: CounterStore,
  name: string,
  budget: { limit: number; windowMs: number },
): AttemptCounter => {
  // Counting goes past the limit (points far above it): callers decide what "over" means.
  const limiter = store({ keyPrefix: name, points: Number.MAX_SAFE_INTEGER, duration: budget.windowMs / 1000 });
  return {
    limit: budget.limit,
    windowMs: budget.windowMs,
    async peek(key) {
      const res = await limiter.get(key);
      return res ? { spent: res.consumedPoints, msLeft: res.msBeforeNext } : { spent: 0, msLeft: budget.windowMs };
    },
    async spend(key) {
      const res = await limiter.consume(key, 1);
      return { spent: res.consumedPoints, msLeft: res.msBeforeNext };
    },
    async giveBack(key) {
      await limiter.reward(key, 1);
    },
  };
};
