/**
 * Starting and stopping the real server: configuration, adapters, migrations (run by the store
 * openers), demo data, the first admin, then Hono on node's http server. main.ts adds the process
 * concerns (signals, exit codes); tests start it on port 0.
 */
import { expireUnpaidOrders } from '#domain/ordering/expire-unpaid-orders.ts';
import { expireLapsedQuotes } from '#domain/quoting/find-quotes.ts';
import { createBackgroundWork } from './background-work.ts';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { composePorts } from '#adapters/compose.ts';
import { seedDemoData } from '#adapters/seed/demo-data.ts';
import { bootstrapAdmin } from '#domain/identity/bootstrap-admin.ts';
import { createApp } from './app.ts';
import { listen } from './listen.ts';
import { loadPageRenderer } from './page-rendering.ts';
import { startMailSender } from './mail-sender.ts';
import { createStorageWatch } from './storage-watch.ts';
import { watchEventLoop } from './event-loop-watch.ts';
import { messageOf } from './error-messages.ts';
import { configWarnings, loadConfig } from './config.ts';
import { createJsonLogger, type Logger } from './logger.ts';
import { describeStartup, startupBanner, type StartupFacts } from './startup-banner.ts';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../dist', import.meta.url));
/** The server renderer of the storefront (vite build --ssr, web/entry-server.tsx). */
export const DEFAULT_SERVER_RENDER_ROOT = fileURLToPath(new URL('../dist-server', import.meta.url));

export interface RunningServer {
  /** http://localhost:PORT */
  url: string;
  port: number;
  /** The start-up line: URL, store, payments, mail, images and Google sign-in, never a secret. */
  banner: string;
  /** The same facts as fields, for the structured start-up log line. */
  facts: StartupFacts;
  /** The logger the server writes to (JSON lines on stdout unless the caller passed one). */
  logger: Logger;
  /** Stops accepting connections, lets in-flight requests finish, then closes the store. */
  close(): Promise<void>;
}

export async function startServer(
  env: Record<string, string | undefined>,
  options: { webRoot?: string; serverRenderRoot?: string; logger?: Logger } = {},
): Promise<RunningServer> {
  const config = loadConfig(env);
  const logger = options.logger ?? createJsonLogger(config.logLevel);
  // Demo data belongs to a shop's first start (on SQLite: a new file), never later, so an operator
  // who deletes every demo item does not see them back at the next restart. PostgreSQL seeds only
  // when SEED_DEMO=true is asked for, whenever its catalogue is empty.
  const firstStart = config.database.kind === 'sqlite' ? !existsSync(config.database.file) : true;
  for (const warning of configWarnings(config)) logger.warn(warning);
  const ports = await composePorts(config, { log: (line) => logger.info(line) });
  try {
    if (config.seedDemo && firstStart && (await seedDemoData(ports))) logger.info('seeded demo products and reviews');
    if (config.admin) {
      const admin = await bootstrapAdmin(ports, config.admin);
      if (!admin.ok) throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${messageOf(admin.error)}`);
      logger.info(`admin account ready: ${admin.value.email}`);
    }
  } catch (error) {
    await ports.lifecycle.close();
    throw error;
  }

  const background = createBackgroundWork(logger);
  const storageWatch = createStorageWatch(ports, logger);
  const eventLoop = watchEventLoop(logger);
  /** Background work that fails because the database cannot serve is part of an outage already logged. */
  const logFailure = (what: string) => (error: unknown) => {
    if (!storageWatch.failed(error)) logger.error(what, { error: String(error) });
  };
  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;
  // Not built: every page is the SPA shell, as before (docs/storefront.md, "How a page is served").
  const pageRenderer = await loadPageRenderer(options.serverRenderRoot ?? DEFAULT_SERVER_RENDER_ROOT, webRoot, config.appUrl);
  if (!pageRenderer) logger.warn('the server renderer is not built (npm run build): public pages are served as the SPA shell');
  const app = createApp({
    ...ports,
    pageRenderer,
    background,
    storageWatch,
    eventLoop,
    webRoot,
    logger,
    settings: {
      publicUrl: config.publicUrl,
      secure: config.secure,
      authRateLimit: config.authRateLimit,
      signUpRateLimit: config.signUpRateLimit,
      unpaidOrderTtlHours: config.unpaidOrderTtlHours,
      maxUnpaidOrdersPerAccount: config.maxUnpaidOrdersPerAccount,
      catalogueCacheBytes: config.catalogueCacheBytes,
      trustProxy: config.trustProxy,
      counterStore: ports.counters,
      sessionTtlSeconds: ports.tokens.ttlSeconds,
      // A key of its own, derived so that a cookie signature never doubles as a session signature.
      cookieSecret: createHmac('sha256', config.jwtSecret).update('bulkhead-cookie-signing').digest('base64url'),
    },
  });

  const server = await listen(app, config.port, config.host);
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;

  // Unpaid orders and quotes past their time give their stock back: now, then hourly (and before
  // order reads and every read of a quote).
  const expireOrders = () =>
    Promise.all([
      expireUnpaidOrders(ports, { unpaidOrderTtlHours: config.unpaidOrderTtlHours }).then(
        (released) => released > 0 && logger.info('expired unpaid orders', { released }),
        logFailure('expiring unpaid orders failed'),
      ),
      expireLapsedQuotes(ports).then(
        (expired) => expired > 0 && logger.info('expired quotes', { expired }),
        logFailure('expiring quotes failed'),
      ),
    ]);
  let expiring = expireOrders();
  const expiryTimer = setInterval(() => {
    expiring = expireOrders();
  }, 60 * 60 * 1000);
  expiryTimer.unref();
  const mailSender = startMailSender(ports, logger, { onFailure: logFailure('sending mail failed') });

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(expiryTimer);
      eventLoop.stop();
      const mailStopped = mailSender.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      // Mail a request started after answering still goes out before the store closes.
      await Promise.all([background.settled(), expiring, mailStopped]);
      await ports.lifecycle.close();
    })());

  const facts = describeStartup(config);
  return { url, port, banner: startupBanner(url, facts), facts, logger, close };
}
