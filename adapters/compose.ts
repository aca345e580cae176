/**
 * Builds the ports from configuration: the one place that knows which adapter serves which port.
 * The storage and payment adapters are loaded on demand, so a SQLite install never loads pg and
 * the test provider never loads the Stripe SDK.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Mailer } from '#domain/mail/mailer.ts';
import type { Ports } from '#domain/ports.ts';
import type { Clock } from '#domain/shared/clock.ts';
import type { ShopDetails } from '#domain/shared/shop-details.ts';
import { createPdfOrderDocuments, DEFAULT_SHOP, warmUpPdfKit } from './documents/pdf-order-documents.ts';
import { createJwtTokenService, type JwtTokenService } from './identity/jwt-token-service.ts';
import { createGoogleOidc } from './identity/google-oidc.ts';
import { createJwtLinkTokenService } from './identity/jwt-link-token-service.ts';
import { createScryptPasswordHasher } from './identity/scrypt-password-hasher.ts';
import { createImageHostStore } from './images/image-host-store.ts';
import { createLocalDiskImageStore } from './images/local-disk-image-store.ts';
import { openSharedCounters, type SharedCounters } from './rate-limits/shared-counters.ts';
import { createLocalImageFiles } from './images/resize.ts';
import { inspectRasterImage } from './images/inspect-image.ts';
import { sweepUnreferencedUploads } from './images/sweep-uploads.ts';
import { createMailWriter } from './mail/mail-writer.ts';
import { createOutboxMailer } from './mail/outbox-mailer.ts';
import { createSmtpMailer } from './mail/smtp-mailer.ts';
import { paymentPorts } from './payments/payment-ports.ts';
import type { Storage, StorageLifecycle } from './storage/storage.ts';

export const DEFAULT_MAIL_FROM = 'Bulkhead <no-reply@localhost>';
/** Where the local-disk image store's files are served (http/routes/uploads.ts). */
export const UPLOADS_URL_PREFIX = '/uploads';
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

/** The part of the configuration the adapters need (http/config.ts's Config fits it). */
export interface AdapterSettings {
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  jwtSecret: string;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
  /** Outbox and uploads live under it (default ./data). */
  dataDir?: string;
  /** The web app's address: e-mailed links and Google's redirect URI start with it. */
  appUrl?: string;
  /** Null or missing: e-mails are written to DATA_DIR/outbox. */
  smtpUrl?: string | null;
  /** Null or missing: rate-limit counters live in PostgreSQL (with it) or in memory. */
  redisUrl?: string | null;
  mailFrom?: string;
  /** The seller on the order papers; missing: the demo shop (DEFAULT_SHOP). */
  shop?: ShopDetails;
  google?: { clientId: string; clientSecret: string; issuer?: string } | null;
  /** Null or missing: uploads are kept in DATA_DIR/uploads and served by this server. */
  imageHost?: { key: string; endpoint: string | null } | null;
}

export interface ComposedPorts extends Ports {
  /** The database connection: health pings it, shutdown closes it. */
  lifecycle: StorageLifecycle;
  /** For the HTTP catalog cache (adapters/storage/storage.ts); null: nothing may be cached. */
  catalogVersion: Storage['catalogVersion'];
  catalogStockMoves: Storage['catalogStockMoves'];
  tokens: JwtTokenService;
  /** The local store's files (served at /uploads), or null with the remote image host. */
  uploads: ReturnType<typeof createLocalImageFiles> | null;
  /** The rate-limit counters, shared by every instance on PostgreSQL or Redis. */
  counters: SharedCounters['store'];
  /** For the start-up line: which adapters were chosen. */
  describe: {
    database: 'sqlite' | 'postgres';
    payments: 'test' | 'stripe';
    mail: 'smtp' | 'outbox';
    images: 'local' | 'image-host';
    google: boolean;
    rateLimits: SharedCounters['kind'];
  };
}

const createMailer = (settings: AdapterSettings, dataDir: string, log: (line: string) => void): Mailer => {
  const from = settings.mailFrom ?? DEFAULT_MAIL_FROM;
  return settings.smtpUrl
    ? createSmtpMailer({ url: settings.smtpUrl, from })
    : createOutboxMailer({ dir: join(dataDir, 'outbox'), from, log });
};

export const openStorage = async (database: AdapterSettings['database']): Promise<Storage> => {
  if (database.kind === 'postgres') {
    const { openPostgresStorage } = await import('./storage/postgres/postgres-store.ts');
    return openPostgresStorage(database.url);
  }
  // A directory made here is the owner's only (700): it holds the database and the JWT secret.
  if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true, mode: 0o700 });
  const { openSqliteStorage } = await import('./storage/sqlite/sqlite-store.ts');
  return openSqliteStorage(database.file);
};

/** Stripe with its keys; otherwise the test provider, its intents kept in the shop's database. */
export const createPayments = async (
  stripe: AdapterSettings['stripe'],
  clock: Clock,
  storage: Pick<Storage, 'testPaymentIntents'>,
): Promise<Pick<Ports, 'payments' | 'testCards' | 'webhooks'>> => {
  if (stripe) {
    const { createStripePaymentGateway } = await import('./payments/stripe/stripe-payment-gateway.ts');
    return paymentPorts(createStripePaymentGateway(stripe));
  }
  const { createTestPaymentGateway } = await import('./payments/test/test-payment-gateway.ts');
  return paymentPorts(createTestPaymentGateway({ intents: storage.testPaymentIntents, now: () => clock.now() }));
};

/** Unreferenced uploads older than a day are deleted at start and then every hour. */
const sweepUploadsNowAndHourly = (dir: string, storage: Storage, clock: Clock, log?: (line: string) => void) => {
  const sweep = () =>
    sweepUnreferencedUploads({ dir, urlPrefix: UPLOADS_URL_PREFIX, imagesInUse: (urls) => storage.imagesInUse(urls), now: () => clock.now() })
      .then((deleted) => {
        if (deleted.length > 0) log?.(`Deleted ${deleted.length} unreferenced upload(s) older than a day`);
      })
      // A sweep that fails (the database closing, a file vanishing) is simply tried again next hour.
      .catch(() => undefined);
  void sweep();
  const timer = setInterval(() => void sweep(), 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
};

/** Opens the store (running its migrations) and builds every other port. */
export async function composePorts(
  settings: AdapterSettings,
  options: { log?: (line: string) => void } = {},
): Promise<ComposedPorts> {
  // Before any request: the first paper drawn in a process held the event loop for most of a second.
  await warmUpPdfKit(settings.shop ?? DEFAULT_SHOP);
  const clock: Clock = { now: () => new Date() };
  const dataDir = resolve(settings.dataDir ?? './data');
  // The owner's only (700) on every database, not only where the SQLite file makes it: the mail
  // outbox in it names its files by recipient address (docs/security.md).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const appUrl = (settings.appUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const uploadsDir = join(dataDir, 'uploads');
  const uploads = settings.imageHost ? null : createLocalImageFiles({ dir: uploadsDir });
  const storage = await openStorage(settings.database);
  const counters = await openSharedCounters({
    redisUrl: settings.redisUrl ?? null,
    postgresUrl: settings.database.kind === 'postgres' ? settings.database.url : null,
  }).catch(async (error: unknown) => {
    await storage.lifecycle.close();
    throw error;
  });
  // The session secret also signs links: their audiences differ, so neither passes for the other.
  const links = createJwtLinkTokenService({ secret: settings.jwtSecret, clock });
  const stopSweeping = uploads ? sweepUploadsNowAndHourly(uploadsDir, storage, clock, options.log) : () => undefined;
  return {
    store: storage.repositories,
    lifecycle: {
      ping: () => storage.lifecycle.ping(),
      failureOf: (error) => storage.lifecycle.failureOf(error),
      close: async () => {
        stopSweeping();
        await counters.close();
        await storage.lifecycle.close();
      },
    },
    catalogVersion: storage.catalogVersion,
    catalogStockMoves: storage.catalogStockMoves,
    counters: counters.store,
    clock,
    ids: { newId: () => randomUUID() },
    hasher: createScryptPasswordHasher(),
    tokens: createJwtTokenService({ secret: settings.jwtSecret, clock }),
    ...(await createPayments(settings.stripe, clock, storage)),
    mailer: createMailer(settings, dataDir, options.log ?? ((line) => console.log(line))),
    writeMail: createMailWriter(storage.repositories, { shop: settings.shop ?? DEFAULT_SHOP, appUrl }, links, clock),
    links,
    google: settings.google
      ? createGoogleOidc({
          clientId: settings.google.clientId,
          clientSecret: settings.google.clientSecret,
          redirectUri: `${appUrl}${GOOGLE_CALLBACK_PATH}`,
          ...(settings.google.issuer ? { issuer: settings.google.issuer } : {}),
        })
      : null,
    images: settings.imageHost
      ? createImageHostStore({ key: settings.imageHost.key, ...(settings.imageHost.endpoint ? { endpoint: settings.imageHost.endpoint } : {}) })
      : createLocalDiskImageStore({ dir: uploadsDir, urlPrefix: UPLOADS_URL_PREFIX }),
    uploads,
    inspectImage: inspectRasterImage,
    documents: createPdfOrderDocuments(settings.shop ?? DEFAULT_SHOP),
    describe: {
      database: settings.database.kind,
      payments: settings.stripe ? 'stripe' : 'test',
      mail: settings.smtpUrl ? 'smtp' : 'outbox',
      images: settings.imageHost ? 'image-host' : 'local',
      google: Boolean(settings.google),
      rateLimits: counters.kind,
    },
  };
}
