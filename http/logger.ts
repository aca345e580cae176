export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured enough to grep; never pass request bodies (they carry passwords and card data). */
export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export const createConsoleLogger = (level: LogLevel = 'info'): Logger => {
  const at =
    (messageLevel: LogLevel, write: (...args: unknown[]) => void) =>
    (message: string, details?: Record<string, unknown>) => {
      if (ORDER[messageLevel] < ORDER[level]) return;
      const line = `${new Date().toISOString()} ${messageLevel.toUpperCase()} ${message}`;
      if (details) write(line, details);
      else write(line);
    };
  return {
    debug: at('debug', console.debug),
    info: at('info', console.info),
    warn: at('warn', console.warn),
    error: at('error', console.error),
  };
};

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
