import { describe, expect, it } from 'vitest';
import type { Logger } from './logger.ts';
import { STALL_MS, watchEventLoop } from './event-loop-watch.ts';

describe('the event loop watch', () => {
  it('writes one warn line for a window with a stall, with its figures, and reports them to health', async () => {
    const warned: Record<string, unknown>[] = [];
    let stalled: (() => void) | undefined;
    const seen = new Promise<void>((resolve) => (stalled = resolve));
    const quiet = () => undefined;
    const logger: Logger = {
      debug: quiet,
      info: quiet,
      error: quiet,
      warn: (message, details = {}) => {
        if (message !== 'the event loop stalled') return;
        warned.push(details);
        stalled?.();
      },
    };
    const watch = watchEventLoop(logger, 50);
    try {
      // The histogram measures from its first sample on: wait for one.
      while (watch.recent().maxMs === 0) await new Promise((resolve) => setImmediate(resolve));
      // A synchronous task that holds the loop past the threshold: what a stall is.
      const until = performance.now() + STALL_MS + 50;
      while (performance.now() < until);
      await seen;
      expect(warned[0]).toMatchObject({ windowMs: 50 });
      expect(warned[0]!.maxMs).toBeGreaterThanOrEqual(STALL_MS);
      expect(watch.recent().maxMs).toBeGreaterThanOrEqual(STALL_MS);
      expect(warned[0]).toHaveProperty('longestGcMs');
    } finally {
      watch.stop();
    }
  });
});
