/** Time and identifiers are injected so use cases stay deterministic in tests. */
export interface Clock {
  now(): Date;
}
export interface IdGenerator {
  newId(): string;
}

/**
 * Repeats work while something long runs (the mail sender renewing its hold): injected like the
 * clock, so a test moves time on instead of waiting for it.
 */
export interface Timers {
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}
