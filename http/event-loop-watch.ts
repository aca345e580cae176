import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { Logger } from './logger.ts';

/** A window's figures are read and the histogram started afresh this often. */
export const EVENT_LOOP_WINDOW_MS = 10_000;
/** A delay this long is a stall worth a log line: every request in flight waited that long. */
export const STALL_MS = 200;

export interface EventLoopFigures {
  /** Over the last full window, in milliseconds. */
  p99Ms: number;
  maxMs: number;
  /** The longest garbage collection pause in the same window: the usual cause of a stall. */
  longestGcMs: number;
}

export interface EventLoopWatch {
  /** The last full window's figures (before the first one ends, those of the time since the start). */
  recent(): EventLoopFigures;
  stop(): void;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Measures how late the event loop runs (docs/operations.md, "Logs"): health reports the last window's
 * p99 and max, and a window whose longest delay reaches STALL_MS writes one `warn` line with the
 * longest garbage collection of that window beside it, so a stall can be told apart from a
 * collection (a long synchronous task of ours, then) without a profiler attached.
 */
export function watchEventLoop(logger: Logger, windowMs = EVENT_LOOP_WINDOW_MS): EventLoopWatch {
  const delays = monitorEventLoopDelay({ resolution: 10 });
  delays.enable();
  let longestGcMs = 0;
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGcMs = Math.max(longestGcMs, entry.duration);
  });
  collections.observe({ entryTypes: ['gc'] });
  const current = (): EventLoopFigures => ({ p99Ms: round(delays.percentile(99) / 1e6), maxMs: round(delays.max / 1e6), longestGcMs: round(longestGcMs) });
  let figures: EventLoopFigures | null = null;
  const closeWindow = () => {
    figures = current();
    if (figures.maxMs >= STALL_MS) logger.warn('the event loop stalled', { ...figures, windowMs });
    delays.reset();
    longestGcMs = 0;
  };
  // After the timers phase: a stall that ran past the window's end is recorded by the histogram's
  // own timer in that phase, and a reset before it would lose it.
  const timer = setInterval(() => setImmediate(closeWindow), windowMs);
  timer.unref();
  return {
    recent: () => figures ?? current(),
    stop() {
      clearInterval(timer);
      delays.disable();
      collections.disconnect();
    },
  };
}
