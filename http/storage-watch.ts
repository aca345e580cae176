import type { StorageFailure } from '#domain/shared/errors.ts';
import type { Clock } from '#domain/shared/clock.ts';
import type { Logger } from './logger.ts';
import type { AppPorts } from './ports.ts';

/**
 * How long health keeps saying "unavailable" after the last request the database could not serve.
 * A full or read-only disk still answers the health check's read, so only the failed writes tell;
 * without a hold, health would flap between each failed write and the next read.
 */
export const FAILURE_HOLD_MS = 10_000;

/** What a client is told to wait before trying again, per failure. */
export const RETRY_AFTER_SECONDS: Record<StorageFailure, number> = { unreachable: 5, busy: 5, full: 60, 'read-only': 60 };

export interface StorageWatch {
  /** The storage failure `error` is, or null; an outage's first failure is logged, not every one. */
  failed(error: unknown): StorageFailure | null;
  /** Health's question: pings the database and answers the failure it still shows, or null. */
  check(): Promise<StorageFailure | null>;
}

/**
 * Keeps the state of the database as requests and health checks meet it (docs/operations.md, "When
 * something fails"): an outage is logged once, at error, when it starts (naming the cause), and
 * once, at info, when a health check finds the database serving again; the requests in between
 * answer 503 without a line of their own beyond the access log's.
 */
export function createStorageWatch(ports: Pick<AppPorts, 'lifecycle' | 'clock'>, logger: Logger, holdMs = FAILURE_HOLD_MS): StorageWatch {
  const { lifecycle, clock }: { lifecycle: AppPorts['lifecycle']; clock: Clock } = ports;
  let outage: { failure: StorageFailure; since: number; lastAt: number } | null = null;

  const met = (failure: StorageFailure, error: unknown) => {
    const now = clock.now().getTime();
    const ongoing = outage !== null && outage.failure === failure && now - outage.lastAt < holdMs;
    if (!ongoing) logger.error('the database cannot serve requests', { failure, error: causeOf(error) });
    outage = { failure, since: ongoing ? outage!.since : now, lastAt: now };
  };

  return {
    failed(error) {
      const failure = lifecycle.failureOf(error);
      if (failure) met(failure, error);
      return failure;
    },
    async check() {
      try {
        await lifecycle.ping();
      } catch (error) {
        // A ping that fails in a way we cannot name still means the database does not answer.
        const failure = lifecycle.failureOf(error) ?? 'unreachable';
        met(failure, error);
        return failure;
      }
      if (!outage) return null;
      const now = clock.now().getTime();
      if (now - outage.lastAt < holdMs) return outage.failure;
      logger.info('the database serves requests again', { failure: outage.failure, outageMs: now - outage.since });
      outage = null;
      return null;
    },
  };
}

/**
 * The driver's own words, the innermost error of the chain: drizzle's wrapper around it quotes the
 * query and its parameters, which may hold a buyer's address or e-mail.
 */
const causeOf = (error: unknown): string => {
  let link = error;
  for (let depth = 0; depth < 5 && link instanceof Error && link.cause !== undefined; depth++) link = link.cause;
  const code = (link as { code?: unknown } | null)?.code;
  const text = link instanceof Error ? link.message : String(link);
  return typeof code === 'string' ? `${code}: ${text}` : text;
};
