/**
 * One JSON object per line on stdout (pino): `time`, `level`, `msg`, then the details, so log
 * shippers parse it without configuration. Writes are asynchronous (buffered while one is in
 * flight) so a busy server never blocks on its log; pino flushes what is left when the process exits.
 */
import pino, { type DestinationStream } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured enough to grep; never pass request bodies (they carry passwords and card data). */
export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/**
 * Defence in depth: callers already keep bodies, headers and tokens out of `details`, but should
 * one slip in under an obvious name, its value is replaced before the line is written. Top-level
 * keys only: wildcard paths (`*.token`) made every line about three times as expensive.
 */
const SECRET_KEYS = ['password', 'token', 'authorization', 'cookie', 'card', 'cvc', 'clientSecret', 'secret'];

export const createJsonLogger = (
  level: LogLevel = 'info',
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger => {
  const log = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      // "info" reads better than 30 in a terminal and in every log viewer.
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: SECRET_KEYS, censor: '[redacted]' },
    },
    destination,
  );
  const at =
    (messageLevel: LogLevel) =>
    (message: string, details?: Record<string, unknown>): void => {
      if (details) log[messageLevel](details, message);
      else log[messageLevel](message);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
};

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
