import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { messages } from '#http/messages.ts';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';
import { silentLogger } from './logger.ts';
import { createBackgroundWork } from './background-work.ts';
import { answerCachedReads } from './cached-reads.ts';
import { memberPrices } from './member-prices.ts';
import { cachedJson } from './middleware/cached-json.ts';
import { expireUnpaidOrdersFirst } from './middleware/expire-unpaid-orders.ts';
import { bodySizeLimit } from './middleware/body-size.ts';
import { csrfProtection } from './middleware/csrf.ts';
import { refuseControlCharacters } from './middleware/control-characters.ts';
import { assignRequestId, requestLog } from './middleware/request-log.ts';
import { securityHeaders, siteHeaderPairs } from './middleware/security-headers.ts';
import { defaultHttpSettings, type AppEnv, type AppPorts, type HttpSettings } from './ports.ts';
import { problemOf } from './problem.ts';
import { createResponseCache } from './response-cache.ts';
import { createStorageWatch, RETRY_AFTER_SECONDS } from './storage-watch.ts';
import { adminRoutes } from './routes/admin.ts';
import { adminCompanyRoutes } from './routes/admin-companies.ts';
import { apiDocsRoutes } from './routes/api-docs.ts';
import { authRoutes, meRoutes } from './routes/auth.ts';
import { catalogAdminRoutes } from './routes/catalog-admin.ts';
import { catalogRoutes, categoryRoutes } from './routes/catalog.ts';
import { contentRoutes } from './routes/content.ts';
import { googleRoutes } from './routes/google.ts';
import { healthRoutes } from './routes/health.ts';
import { orderRoutes } from './routes/orders.ts';
import { companyOrderRoutes } from './routes/company-orders.ts';
import { cartRoutes } from './routes/cart.ts';
import { adminQuoteRoutes, quoteRoutes } from './routes/quotes.ts';
import { companyRoutes } from './routes/company.ts';
import { seoRoutes } from './routes/seo.ts';
import { stripeWebhookRoutes, testPaymentRoutes } from './routes/payments.ts';
import { uploadedFiles, uploadRoutes } from './routes/uploads.ts';
import { createStaticHandler } from './static-files.ts';
import { createPageHandler, type CachedPage } from './page-rendering.ts';

export type { AppPorts } from './ports.ts';

const WEBHOOKS = '/api/webhooks/';
const UPLOADS_API = '/api/uploads';
/** The catalogue import takes files of up to 5 MB and sets its own limit. */
const CATALOGUE_IMPORT = '/api/admin/products/import';
/** Uploaded files carry their own, stricter headers (routes/uploads.ts). */
const UPLOADED_FILES = '/uploads/';

/**
 * The whole HTTP surface: the JSON API under /api and the built SPA on the same port. Tests call
 * it with the memory store; main.ts with the configured adapters.
 */
export function createApp(ports: AppPorts) {
  const settings: HttpSettings = { ...defaultHttpSettings, ...ports.settings };
  const logger = ports.logger ?? silentLogger;
  const background = ports.background ?? createBackgroundWork(logger);
  const storage = ports.storageWatch ?? createStorageWatch(ports, logger);
  const expireFirst = expireUnpaidOrdersFirst(ports, settings, logger);
  const jsonLimit = bodySizeLimit(settings.jsonBodyLimitBytes);
  const csrf = csrfProtection(settings);
  // With no bytes to spend, no version: every page is read afresh.
  const clock = settings.catalogueCacheBytes > 0 && ports.catalogVersion ? { version: ports.catalogVersion, stockMoves: ports.catalogStockMoves ?? null } : undefined;
  const catalogue = cachedJson(createResponseCache(clock, settings.catalogueCacheBytes));
  // A company member's catalogue reads add their price to the shared anonymous answer (member-prices.ts).
  const members = memberPrices(ports, catalogue);
  const departments = cachedJson(createResponseCache(clock, settings.catalogueCacheBytes));

  const app = new Hono<AppEnv>();

  // First, so every response (errors and 404s included) carries the id and every request is logged.
  // The requests a page render makes of the app itself (below), logged at debug (request-log.ts).
  const inProcess = new WeakSet<Request>();
  app.use(assignRequestId(), requestLog(logger, inProcess));
  const siteHeaders = securityHeaders(settings);
  app.use((c, next) => (c.req.path.startsWith(UPLOADED_FILES) ? next() : siteHeaders(c, next)));
  app.use('/api/*', async (c, next) => {
    // API answers are per user and per moment: no cache may keep them.
    c.header('Cache-Control', 'no-store');
    await next();
  });
  // Webhooks have their own (larger) limit and prove themselves by signature, not by origin.
  // Uploads have their own limit too (an image is larger than any JSON body), but keep the CSRF check.
  const except =
    (prefixes: string[], middleware: MiddlewareHandler): MiddlewareHandler =>
    (c, next) =>
      prefixes.some((prefix) => c.req.path.startsWith(prefix)) ? next() : middleware(c, next);
  // GET and HEAD bodies are never read, and merely asking for one makes @hono/node-server build a
  // full Request object: about a fifth of a catalog read's cost.
  const limitBodies: MiddlewareHandler = (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : jsonLimit(c, next);
  app.use('/api/*', except([WEBHOOKS, UPLOADS_API, CATALOGUE_IMPORT], limitBodies), except([WEBHOOKS], csrf));
  // Every path, query and JSON body, before any route: no text a database cannot hold gets further
  // (middleware/control-characters.ts). Webhooks, uploads and the catalogue file take no JSON.
  app.use('/api/*', refuseControlCharacters((path) => [WEBHOOKS, UPLOADS_API, CATALOGUE_IMPORT].some((prefix) => path.startsWith(prefix))));

  const api = app
    .route('/api/health', healthRoutes(storage, ports.eventLoop ?? null))
    .route('/api/auth/google', googleRoutes(ports, settings, logger))
    .route('/api/auth', authRoutes(ports, settings, background))
    .route('/api/me', meRoutes(ports))
    .route('/api/uploads', uploadRoutes(ports, settings))
    .route('/api/products', catalogRoutes(ports, catalogue, members))
    .route('/api/categories', categoryRoutes(ports, departments))
    .route('/api', contentRoutes(ports, settings))
    .route('/api/orders', orderRoutes(ports, settings, expireFirst))
    .route('/api/company/orders', companyOrderRoutes(ports, settings, expireFirst))
    .route('/api/cart', cartRoutes(ports, settings))
    .route('/api/quotes', quoteRoutes(ports, settings, expireFirst))
    .route('/api/company', companyRoutes(ports, settings))
    .route('/api/payments/test', testPaymentRoutes(ports))
    .route('/api/webhooks', stripeWebhookRoutes(ports, settings, logger))
    .route('/api/admin/quotes', adminQuoteRoutes(ports))
    .route('/api/admin/companies', adminCompanyRoutes(ports))
    .route('/api/admin', catalogAdminRoutes(ports))
    .route('/api/admin', adminRoutes(ports, expireFirst))
    // Described from the routes registered above (docs/api.md, "The API described").
    .route('/api', apiDocsRoutes(() => app.routes));

  app.all('/api/*', (c) => problemOf(c, 'NOT_FOUND', messages.notFound));
  app.route('/uploads', uploadedFiles(ports, settings, logger));
  // For search engines: /sitemap.xml (and its parts) and /robots.txt (docs/catalogue.md, "Search engines").
  app.route('/', seoRoutes(ports, settings, createResponseCache(clock, settings.catalogueCacheBytes)));
  // Public pages rendered on the server, in-process against this very app, as an anonymous visitor.
  const render = ports.pageRenderer?.((request) => {
    inProcess.add(request);
    return Promise.resolve(app.request(request));
  });
  // While the database cannot serve, a page that needs it answers 503 like the API (storage-watch.ts).
  const pageStorage = { check: () => storage.check(), retryAfterSeconds: RETRY_AFTER_SECONDS, messages: messages.storageUnavailable };
  const pages = render
    ? createPageHandler({ render, cache: createResponseCache<CachedPage>(clock, settings.catalogueCacheBytes), logger, storage: pageStorage })
    : undefined;
  const serveSpa = createStaticHandler(ports.webRoot, pages);
  app.on(['GET', 'HEAD'], '*', serveSpa);
  app.notFound((c) => problemOf(c, 'NOT_FOUND', messages.notFound));

  app.onError((error, c) => {
    // Hono's own refusals (a malformed body it parsed itself, say) keep their 4xx status.
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: { code: 'VALIDATION_FAILED', message: messages.invalidInput } }, error.status);
    }
    // The database cannot serve just now (unreachable, full, read-only, locked): 503 with a time to
    // come back, and one log line per outage rather than one per request (storage-watch.ts).
    const failure = storage.failed(error);
    if (failure) {
      c.set('logLevel', 'warn');
      c.header('Retry-After', String(RETRY_AFTER_SECONDS[failure]));
      return problemOf(c, 'SERVICE_UNAVAILABLE', messages.storageUnavailable[failure]);
    }
    // A service outside the shop failed: say so (503) instead of blaming ourselves.
    if (error instanceof ServiceUnavailableError) {
      logger.warn('outside service unavailable', {
        requestId: c.get('requestId'),
        path: c.req.path,
        service: error.service,
        error: String(error.cause instanceof Error ? error.cause.message : error.cause),
      });
      c.header('Retry-After', '60');
      return problemOf(c, 'SERVICE_UNAVAILABLE', messages.serviceUnavailable[error.service]);
    }
    // Never the request body: it may hold passwords or card numbers.
    logger.error('unhandled error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return c.json({ error: { code: 'INTERNAL_ERROR', message: messages.serverError } }, 500);
  });

  // A catalogue page or product already cached, and a public page already rendered, is answered on
  // Node's request and response, before Hono, with the same headers and log line the middleware above would give it (cached-reads.ts,
  // listen.ts); everything else, and every miss, goes through Hono. app.request() (the tests)
  // always goes through Hono, whose cache lookup gives the same answer.
  const cachedReads = answerCachedReads(
    [
      { prefix: '/api/products', cached: catalogue, members },
      { prefix: '/api/categories', cached: departments },
    ],
    siteHeaderPairs(settings),
    logger,
    pages,
  );
  return Object.assign(api, { cachedReads });
}

/** The Hono app with its front door for cached reads (listen.ts puts the two on Node's server). */
export type ShopApp = ReturnType<typeof createApp>;

