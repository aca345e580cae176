/** Shared arrangements for the http tests: a real app on the memory store and the test gateway. */
import type { ShopDetails } from '#domain/shared/shop-details.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { createJwtLinkTokenService } from '#adapters/identity/jwt-link-token-service.ts';
import { createJwtTokenService } from '#adapters/identity/jwt-token-service.ts';
import { createScryptPasswordHasher } from '#adapters/identity/scrypt-password-hasher.ts';
import { paymentPorts } from '#adapters/payments/payment-ports.ts';
import type { StripePaymentGateway } from '#adapters/payments/stripe/stripe-payment-gateway.ts';
import { createTestPaymentGateway, type TestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createMailWriter } from '#adapters/mail/mail-writer.ts';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import type { Storage } from '#adapters/storage/storage.ts';
import type { Product } from '#domain/catalog/product.ts';
import type { LinkTokenService } from '#domain/identity/link-token-service.ts';
import { STORED_IMAGE_NAME } from '#adapters/images/local-disk-image-store.ts';
import { inspectRasterImage } from '#adapters/images/inspect-image.ts';
import { createPdfOrderDocuments, DEFAULT_SHOP } from '#adapters/documents/pdf-order-documents.ts';
import { DEMO_IMAGE_PATH, type ImageStore } from '#domain/images/image-store.ts';
import { deliverDueMail } from '#domain/mail/mail-outbox.ts';
import type { Mail, Mailer } from '#domain/mail/mailer.ts';
import type { Clock } from '#domain/shared/clock.ts';
import type { GoogleSignIn } from '#domain/identity/google-identity.ts';
import type { Store } from '#domain/store.ts';
import { createApp, type ShopApp } from './app.ts';
import type { ErrorDto, SessionDto } from './dto.ts';
import { silentLogger, type Logger } from './logger.ts';
import { createBackgroundWork } from './background-work.ts';
import { nodeTimers } from './mail-sender.ts';
import type { AppPorts, HttpSettings, LocalImageFiles, PageRendererFactory } from './ports.ts';

export const ORIGIN = 'http://localhost';

/** A logger that keeps its lines, for tests that read what was logged. */
export const keptLogger = () => {
  const lines: { level: string; message: string; details?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, details?: Record<string, unknown>) => void lines.push({ level, message, ...(details ? { details } : {}) });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { lines, logger };
};
export const TEST_SECRET = 'http-tests-secret-that-is-long-enough-0123';

export interface TestAppOptions {
  settings?: Partial<HttpSettings>;
  payments?: TestPaymentGateway | StripePaymentGateway;
  webRoot?: string | null;
  logger?: Logger;
  /** The storage the app runs on; a fresh memory storage by default. */
  storage?: Storage;
  clock?: Clock;
  mailer?: Mailer;
  /** Where the mailed links point (PUBLIC_URL in production); ORIGIN by default. */
  appUrl?: string;
  /** The SHOP_* settings the e-mails are written with; the defaults (no SHOP_EMAIL) when missing. */
  shop?: ShopDetails;
  links?: LinkTokenService;
  google?: GoogleSignIn | null;
  images?: ImageStore;
  uploads?: LocalImageFiles | null;
  /** The storefront's server renderer (page-rendering.ts, loadPageRenderer); none by default. */
  pageRenderer?: PageRendererFactory | null;
}

/** Keeps sent mail in memory; the mail tests use the real outbox adapter instead. */
export const createMemoryMailer = () => {
  const sent: Mail[] = [];
  return { sent, send: async (mail: Mail) => void sent.push(mail) };
};

/** Names images like the local store but keeps nothing: for tests that only need a URL back. */
const nullImageStore: ImageStore = {
  save: async (_bytes, type) => ({ url: `/uploads/${randomBytes(16).toString('hex')}.${type === 'jpeg' ? 'jpg' : type}` }),
  serves: (url) => DEMO_IMAGE_PATH.test(url) || STORED_IMAGE_NAME.test(url.replace(/^\/uploads\//, '')),
};

export const createTestApp = (options: TestAppOptions = {}) => {
  const storage = options.storage ?? createMemoryStorage();
  const store = storage.repositories;
  const clock = options.clock ?? { now: () => new Date() };
  const mailer = options.mailer ?? createMemoryMailer();
  const links = options.links ?? createJwtLinkTokenService({ secret: TEST_SECRET, clock });
  const ports: AppPorts = {
    store,
    lifecycle: storage.lifecycle,
    catalogVersion: storage.catalogVersion,
    catalogStockMoves: storage.catalogStockMoves,
    clock,
    ids: { newId: () => randomUUID() },
    // A low scrypt cost keeps hundreds of sign-ups fast; the adapter's own tests use the real cost.
    hasher: createScryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 }),
    tokens: createJwtTokenService({ secret: TEST_SECRET }),
    ...paymentPorts(options.payments ?? createTestPaymentGateway({ intents: storage.testPaymentIntents, now: () => clock.now() })),
    mailer,
    writeMail: createMailWriter(store, { shop: options.shop ?? DEFAULT_SHOP, appUrl: options.appUrl ?? ORIGIN }, links, clock),
    links,
    google: options.google ?? null,
    images: options.images ?? nullImageStore,
    uploads: options.uploads ?? null,
    inspectImage: inspectRasterImage,
    documents: createPdfOrderDocuments(DEFAULT_SHOP),
    webRoot: options.webRoot ?? null,
    pageRenderer: options.pageRenderer ?? null,
    settings: { authRateLimit: 1000, resetRateLimit: 1000, signUpRateLimit: 1000, contentRateLimit: 100_000, uploadRateLimit: 100_000, resolveRateLimit: 100_000, maxUnpaidOrdersPerAccount: 1_000_000, ...options.settings },
    ...(options.logger ? { logger: options.logger } : {}),
    background: createBackgroundWork(options.logger ?? silentLogger),
  };
  const app = createApp(ports);
  /** Waits for the work routes left running after answering (queuing the password-reset mail). */
  const settled = () => ports.background!.settled();
  const client = clientFor(app);
  /**
   * A customer signed up through the API. Unless `verified: false`, their e-mail is then marked
   * verified in the store, as opening the mailed link does (http/routes/account-links.test.ts
   * tests that link): only a verified buyer may order.
   */
  const signUp = async ({ verified = true, ...input }: Parameters<typeof client.signUp>[0] & { verified?: boolean } = {}) => {
    const created = await client.signUp(input);
    if (!verified) return created;
    await store.users.setEmailVerified(created.user.id);
    return { ...created, user: { ...created.user, emailVerified: true } };
  };
  /** Sends the outbox's due mail now, as the server's mail sender would (docs/email.md, "E-mail"). */
  const deliverMail = () => deliverDueMail({ store, writeMail: ports.writeMail, mailer, clock, timers: nodeTimers });
  return { app, ports, store, storage, mailer, settled, deliverMail, call: client.call, signUp };
};

export interface CallOptions {
  body?: unknown;
  /** Raw body text; sent as given, with `contentType`. */
  raw?: string;
  contentType?: string;
  /** A multipart body (uploads); fetch sets the boundary. */
  form?: FormData;
  token?: string;
  /** Sends the token as the session cookie (with our own Origin unless `origin` says otherwise). */
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
}

export const clientFor = (app: ShopApp) => {
  const call = async (method: string, path: string, options: CallOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | FormData | undefined;
    if (options.form !== undefined) {
      body = options.form;
    } else if (options.raw !== undefined) {
      body = options.raw;
      if (options.contentType) headers['content-type'] = options.contentType;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) {
      headers.cookie = `session=${options.cookie}`;
      if (options.origin !== null) headers.origin = options.origin ?? ORIGIN;
    } else if (options.origin) headers.origin = options.origin;
    const response = await app.request(`${ORIGIN}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    // Tests read whatever JSON came back and assert on it; a loose type keeps them readable.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, text, json: json as any };
  };

  let counter = 0;
  const signUp = async (overrides: Partial<{ name: string; email: string; password: string }> = {}) => {
    counter += 1;
    const input = {
      name: 'Buyer ' + counter,
      email: `buyer${counter}-${randomUUID().slice(0, 8)}@example.com`,
      password: 'password-1',
      ...overrides,
    };
    const response = await call('POST', '/api/auth/sign-up', { body: input });
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
    const session = response.json as SessionDto;
    return { ...input, token: session.token, user: session.user };
  };

  return { call, signUp };
};

export const expectError = (json: unknown): ErrorDto['error'] => {
  const error = (json as ErrorDto | null)?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
    throw new Error(`not an error body: ${JSON.stringify(json)}`);
  }
  return error;
};

let productCounter = 0;
export const addProduct = async (store: Store, overrides: Partial<Omit<Product, 'id'>> = {}): Promise<Product> => {
  productCounter += 1;
  const product = await store.products.create({
    id: randomUUID(),
    name: `Pipe wrench ${productCounter}`,
    description: 'Heavy duty',
    imageUrl: '/demo/products/wrench.svg',
    priceCents: 1250,
    stock: 1000,
    createdAt: new Date(Date.UTC(2026, 0, 1) + productCounter * 1000),
    ...overrides,
  });
  if (product === 'duplicate-sku') throw new Error('test arrangement failed: SKU taken');
  return product;
};

/** Signs up a user and promotes them in the store (the same path ADMIN_EMAIL bootstrap takes). */
export const signUpAdmin = async (context: ReturnType<typeof createTestApp>) => {
  const admin = await context.signUp({ name: 'Admin' });
  await context.store.users.setRole(admin.user.id, 'admin');
  // The role change ended the sign-up's session: sign in again, as a promoted user would.
  const signedIn = await context.call('POST', '/api/auth/sign-in', { body: { email: admin.email, password: admin.password } });
  if (signedIn.status !== 200) throw new Error(`admin sign-in failed: ${signedIn.status} ${signedIn.text}`);
  const session = signedIn.json as SessionDto;
  return { ...admin, token: session.token, user: session.user };
};

/** Undoes quoted-printable (soft line breaks and =XX), as a mail client would before showing a link. */
export const decodeQuotedPrintable = (text: string): string =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The e-mails the outbox adapter wrote to `dir`, oldest first, each with the link tokens it carries. */
export const readOutbox = async (dir: string) => {
  const { readdir, readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = decodeQuotedPrintable(await readFile(join(dir, file), 'utf8'));
      const links = [...new Set(raw.match(/https?:\/\/[^\s"<>]+/g) ?? [])];
      const tokens = [...new Set(links.map((link) => new URL(link).searchParams.get('token')).filter((token) => token !== null))];
      return { file, raw, links, tokens };
    }),
  );
};
