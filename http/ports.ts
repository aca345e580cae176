import { DEFAULT_MAX_UNPAID_ORDERS, DEFAULT_UNPAID_ORDER_TTL_HOURS } from '#domain/ordering/order.ts';
import { randomBytes } from 'node:crypto';
import type { User } from '#domain/identity/user.ts';
import type { Ports } from '#domain/ports.ts';
import type { StorageFailure } from '#domain/shared/errors.ts';
import type { Logger } from './logger.ts';
import type { EventLoopWatch } from './event-loop-watch.ts';
import type { StorageWatch } from './storage-watch.ts';
import type { BackgroundWork } from './background-work.ts';
import { memoryCounters, type CounterStore } from './middleware/attempt-counters.ts';
import { DEFAULT_CACHE_BYTES, type StockMoves } from './response-cache.ts';

/** The local-disk image store's files, which this server serves at /uploads/:name. */
export interface LocalImageFiles {
  /** The directory the store writes to. */
  dir: string;
  /** Whether `name` is one the store could have given a file (anything else is never looked up). */
  isStoredName(name: string): boolean;
  /**
   * The path of a raster image resized (WebP) to at most `width` pixels wide, made once and kept
   * next to the original; null when the file is missing or cannot be resized (SVG).
   */
  resized(name: string, width: number): Promise<string | null>;
  /** Builds every served width of a new upload once (failures are remembered, never retried). */
  prepare?(name: string): Promise<void>;
}

/** The sitemap protocol's limit: one file lists at most 50,000 URLs. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** Settings the HTTP layer reads; tests override the few they exercise. */
export interface HttpSettings {
  /** The public origin (PUBLIC_URL); also accepted as Origin by the CSRF check. */
  publicUrl: URL | null;
  /** Behind HTTPS: Secure cookie and HSTS. */
  secure: boolean;
  /** Refused sign-in/sign-up attempts per window, per IP and (sign-in) per e-mail. */
  authRateLimit: number;
  authRateWindowMs: number;
  /** Sign-up attempts per hour per IP, successful ones included. */
  signUpRateLimit: number;
  /** Behind one reverse proxy: the client address is the last X-Forwarded-For entry. */
  trustProxy: boolean;
  /** The session cookie's Max-Age; matches the token lifetime. */
  sessionTtlSeconds: number;
  jsonBodyLimitBytes: number;
  webhookBodyLimitBytes: number;
  /** Password-reset requests per window, per IP and per e-mail. */
  resetRateLimit: number;
  /**
   * Signs short-lived cookies (the Google sign-in attempt). Every instance needs the same one;
   * server.ts derives it from JWT_SECRET. The default is random per process (tests, one instance).
   */
  cookieSecret: string;
  /** Largest accepted upload request (the 1,000,000-byte image plus the multipart envelope). */
  uploadBodyLimitBytes: number;
  /** Sign-in's per-e-mail slowdown past the budget: base × 2^n, never more than the cap. */
  signInDelay: { baseMs: number; capMs: number };
  /** Contact messages and newsletter sign-ups per hour per address, and reviews and quote requests per hour per account. */
  contentRateLimit: number;
  /** Image uploads per hour per account: each one is kept on disk and decoded once. */
  uploadRateLimit: number;
  /** Quick order's list readings (POST /api/cart/resolve) per window per address, for callers without a session. */
  resolveRateLimit: number;
  resolveRateWindowMs: number;
  /** Where rate-limit counts live (this process's memory; a shared store plugs in here). */
  counterStore: CounterStore;
  /** How long an unpaid order holds its stock before it expires (UNPAID_ORDER_TTL_HOURS). */
  unpaidOrderTtlHours: number;
  /** Unpaid orders one account may hold at once (MAX_UNPAID_ORDERS_PER_ACCOUNT). */
  maxUnpaidOrdersPerAccount: number;
  /** Bytes of serialised catalogue pages kept (CATALOGUE_CACHE_MB); 0 keeps none. */
  catalogueCacheBytes: number;
  /** URLs per sitemap file before /sitemap.xml becomes an index of files (the protocol's limit; tests lower it). */
  sitemapUrlsPerFile: number;
}

export const defaultHttpSettings: HttpSettings = {
  publicUrl: null,
  secure: false,
  authRateLimit: 10,
  authRateWindowMs: 15 * 60 * 1000,
  signUpRateLimit: 100,
  trustProxy: false,
  sessionTtlSeconds: 7 * 24 * 60 * 60,
  jsonBodyLimitBytes: 64 * 1024,
  webhookBodyLimitBytes: 512 * 1024,
  resetRateLimit: 5,
  cookieSecret: randomBytes(32).toString('base64url'),
  uploadBodyLimitBytes: 1_000_000 + 64 * 1024,
  signInDelay: { baseMs: 500, capMs: 8_000 },
  contentRateLimit: 10,
  uploadRateLimit: 30,
  resolveRateLimit: 60,
  resolveRateWindowMs: 60 * 1000,
  counterStore: memoryCounters,
  unpaidOrderTtlHours: DEFAULT_UNPAID_ORDER_TTL_HOURS,
  maxUnpaidOrdersPerAccount: DEFAULT_MAX_UNPAID_ORDERS,
  catalogueCacheBytes: DEFAULT_CACHE_BYTES,
  sitemapUrlsPerFile: SITEMAP_URLS_PER_FILE,
};

/** A public page rendered to a whole HTML document, with the status it deserves (200, 404). */
export interface RenderedPage {
  status: number;
  html: string;
  /** A redirect's target: the router sends a URL with choices a page cannot take to the cleaned one. */
  location?: string;
}

/** Renders a path (and query); null when that page stays client-rendered (the SPA shell answers it). */
export type RenderPage = (path: string) => Promise<RenderedPage | null>;

/** Builds the renderer around the app's own API, answered in-process with no cookie. */
export type PageRendererFactory = (api: (request: Request) => Promise<Response>) => RenderPage;

/** Everything createApp needs: the domain's ports and what only the HTTP layer uses; adapters/compose.ts builds it from the configuration. */
export interface AppPorts extends Ports {
  /**
   * The database connection (adapters/storage/storage.ts): the health route pings it, and it names
   * the errors that mean the database cannot serve just now (answered 503, storage-watch.ts).
   */
  lifecycle: { ping(): Promise<void>; failureOf(error: unknown): StorageFailure | null };
  /**
   * Changes whenever a product may have changed; the catalog routes keep serialised pages while
   * it stays put. Null (or answering null) when the storage cannot tell: pages are read every time.
   */
  catalogVersion: (() => string | null) | null;
  /** The products whose stock alone moved, which do not move catalogVersion; null or missing: none are told apart. */
  catalogStockMoves?: StockMoves | null;
  /** Set when images are kept on local disk; null or missing when a remote host keeps them. */
  uploads?: LocalImageFiles | null;
  /** The built SPA (dist/); null or missing index.html gives the "run npm run build" page. */
  webRoot?: string | null;
  /**
   * The storefront's server renderer (page-rendering.ts, loaded from the SSR build); missing or
   * null (not built): every page is the SPA shell, as before.
   */
  pageRenderer?: PageRendererFactory | null;
  settings?: Partial<HttpSettings>;
  logger?: Logger;
  /** Where routes leave work that must not delay or shape their answer; one per app when missing. */
  background?: BackgroundWork;
  /** What the database's failures look like from here (storage-watch.ts); one per app when missing. */
  storageWatch?: StorageWatch;
  /** The event loop's recent delays, reported by health (event-loop-watch.ts); missing: not reported. */
  eventLoop?: Pick<EventLoopWatch, 'recent'>;
}

/** Hono's per-request variables: the signed-in user, set by requireUser. */
export interface AppEnv {
  Variables: {
    user: User;
    /** On public routes that answer a signed-in user differently: the user, or null for a visitor (middleware/session.ts, optionalUser). */
    visitor?: User | null;
    /** A cached read answered in full even to a matching If-None-Match: a member's read, priced after it (http/member-prices.ts). */
    fullAnswer?: boolean;
    /** Set by a route whose 5xx is expected and visitor-caused (e.g. Google switched off): the access log's level. */
    logLevel?: 'info' | 'warn';
  };
}
