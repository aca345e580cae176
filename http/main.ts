/**
 * The composition root: `node --import tsx http/main.ts`. A bad setting prints what is wrong
 * (naming the variable) and exits 1; SIGTERM/SIGINT shut down gracefully.
 */
import { ConfigError } from './config.ts';
import { startServer } from './server.ts';

const SHUTDOWN_GRACE_MS = 10_000;

try {
  const server = await startServer(process.env);
  console.log(server.banner);

  const shutdown = (signal: string) => {
    console.log(`${signal} received: finishing in-flight requests and closing the store`);
    // If a request hangs, do not hang the deploy with it.
    setTimeout(() => {
      console.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('error while shutting down', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Bulkhead could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
}
