import type Database from 'better-sqlite3';
import { storageFailureOf } from '../storage-failure.ts';

/**
 * How long SQLite itself waits for another writer's lock, and how long a write waits in all.
 * better-sqlite3 is synchronous: SQLite's own busy wait (busy_timeout) sleeps on the event loop,
 * so a lock held from outside (another process, a backup tool, a person in the sqlite3 shell) used
 * to freeze every request, reads and health included, for as long as the write waited. SQLite now
 * waits only a moment; the rest of the wait happens here, between attempts, with the event loop
 * free (docs/operations.md, "When something fails").
 */
export const SQLITE_BUSY_TIMEOUT_MS = 20;
export const DEFAULT_LOCK_WAIT_MS = 5_000;
const PAUSES_MS = [5, 10, 20, 50, 100, 250];

export interface LockWait {
  /** The longest a write waits for the lock before it is refused as busy (503). */
  totalMs: number;
  /** A pause between attempts (a timer in production; tests move time themselves). */
  pause(ms: number): Promise<void>;
}

export const realLockWait: LockWait = {
  totalMs: DEFAULT_LOCK_WAIT_MS,
  pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Each repository method again, tried again after a pause when SQLite answered busy, until the
 * wait is spent. A method is tried again only if it had changed nothing yet (the connection's
 * `total_changes()` stands where it stood): SQLite refuses a write at its transaction's first
 * write, so an IMMEDIATE transaction, a single statement or a deferred transaction's first write
 * is rolled back whole and safe to run again; anything else is refused as it stands.
 */
export function waitingForTheLock(sqlite: Database.Database, wait: LockWait = realLockWait) {
  const changes = sqlite.prepare<[], number>('SELECT total_changes()').pluck();
  const patient =
    <Args extends unknown[], Result>(method: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      let waited = 0;
      for (let attempt = 0; ; attempt++) {
        const before = changes.get();
        try {
          return await method(...args);
        } catch (error) {
          const pause = PAUSES_MS[Math.min(attempt, PAUSES_MS.length - 1)]!;
          if (storageFailureOf(error) !== 'busy' || changes.get() !== before || waited + pause > wait.totalMs) throw error;
          waited += pause;
          await wait.pause(pause);
        }
      }
    };
  /** One repository, every method patient. */
  const one = <Repository extends object>(repository: Repository): Repository =>
    Object.fromEntries(
      Object.entries(repository).map(([key, member]) => [key, typeof member === 'function' ? patient(member as (...args: unknown[]) => Promise<unknown>) : member]),
    ) as Repository;
  /** Several repositories by name. */
  const each = <Repositories extends Record<string, object>>(repositories: Repositories): Repositories =>
    Object.fromEntries(Object.entries(repositories).map(([name, repository]) => [name, one(repository)])) as Repositories;
  return { one, each };
}
