import type { Logger } from './logger.ts';

/**
 * Work a route starts and does not wait for, so its answer takes the same time whatever the work
 * finds (a password-reset request must not tell by its timing whether an account exists). A
 * failure is logged, never lost silently; `settled` lets a graceful shutdown (and a test) wait for
 * what is still running.
 */
export interface BackgroundWork {
  run(label: string, task: () => Promise<unknown>): void;
  settled(): Promise<void>;
}

export const createBackgroundWork = (logger: Logger): BackgroundWork => {
  const running = new Set<Promise<void>>();
  return {
    run(label, task) {
      const done: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => logger.error(`${label} failed`, { error: String(error) }),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
};
