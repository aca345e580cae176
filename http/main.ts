/**
 * The composition root, run as a bundle by `npm start` (scripts/server-build.mjs), or directly
 * with `node --import tsx http/main.ts`. A bad setting prints what is wrong
 * (naming the variable) and exits 1; SIGTERM/SIGINT shut down gracefully: stop accepting
 * connections, let in-flight requests finish, close the database, exit 0.
 */
import { setFlagsFromString } from 'node:v8';
import { ConfigError } from './config.ts';
import { startServer } from './server.ts';

const SHUTDOWN_GRACE_MS = 10_000;

// V8 lets the old generation grow to up to 4× what its last full collection kept before the next
// one. Under load a server keeps about 20 MB, yet short-lived request objects promoted there piled
// up to 80 MB of garbage between collections. At 2× the peaks of the scale bench fell from 228 to
// 186 MB (SQLite) and from 215 to 169 MB (PostgreSQL) with every ratio still met (docs/performance.md,
// "Performance"; docs/decisions/017-old-generation-grows-to-twice.md).
// A value given on Node's command line wins.
if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) setFlagsFromString('--heap-growing-percent=100');

try {
  const server = await startServer(process.env);
  const { logger } = server;
  logger.info(server.banner, { url: server.url, ...server.facts });

  const shutdown = (signal: string) => {
    logger.info(`${signal} received: finishing in-flight requests and closing the store`);
    // If a request hangs, do not hang the deploy with it.
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => {
        logger.info('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error('error while shutting down', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  // Before the logger exists (or when the start failed): plain text for the person starting it.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Bulkhead could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
}
