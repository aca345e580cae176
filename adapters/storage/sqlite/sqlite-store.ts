import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { chunks, IMAGE_COLUMNS, IMAGE_URL_CHUNK } from '../images-in-use.ts';
import type { Storage } from '../storage.ts';
import { categoriesReadOncePerVersion, createCatalogWrites, vocabularyReadOncePerVersion } from '../catalog-writes.ts';
import { createSqliteAfterSale } from './after-sale.ts';
import { createSqliteCarts } from './carts.ts';
import { createSqliteCompanies } from './companies.ts';
import { createSqliteAuditLog } from './audit.ts';
import { createSqliteOutbox } from './outbox.ts';
import { createSqliteReports } from './reports.ts';
import { createSqliteCategories } from './categories.ts';
import { createSqliteInbox } from './inbox.ts';
import { createSqliteOrders } from './orders.ts';
import { createSqliteRefunds } from './refunds.ts';
import { createSqliteProducts, fillMissingSearchWords } from './products.ts';
import { createSqliteQuotes } from './quotes.ts';
import { createSqliteReviews } from './reviews.ts';
import { createSqliteSearch } from './search.ts';
import * as schema from './schema.ts';
import { createSqliteTestPaymentIntents } from './test-payment-intents.ts';
import { createSqliteUsers } from './users.ts';
import { realLockWait, SQLITE_BUSY_TIMEOUT_MS, waitingForTheLock, type LockWait } from './wait-for-lock.ts';
import { storageFailureOf } from '../storage-failure.ts';

/** Resolved from this file, so the app finds its migrations whatever the working directory. */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/sqlite', import.meta.url));

/**
 * The database and its -wal/-shm hold password hashes and addresses: readable by the owner only,
 * like the JWT secret. The file is created 600 before SQLite opens it, and SQLite creates its
 * -wal and -shm with the database file's mode; existing files (an older install) are tightened.
 */
const keepPrivate = (filePath: string) => {
  if (filePath === ':memory:') return;
  closeSync(openSync(filePath, 'a', 0o600));
  for (const file of [filePath, `${filePath}-wal`, `${filePath}-shm`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
};

/** How stale another process's writes may look to the catalogue cache (see catalogVersion below). */
export const DATA_VERSION_EVERY_MS = 1;

/**
 * The storage on one SQLite file (or ':memory:') through drizzle + better-sqlite3, one repository
 * per file beside this one. Runs pending migrations before returning. A write that finds another
 * writer's lock waits for it between attempts, not on the event loop (wait-for-lock.ts).
 */
export function openSqliteStorage(filePath: string, options: { lockWait?: LockWait; elapsedMs?: () => number } = {}): Storage {
  keepPrivate(filePath);
  const sqlite = new Database(filePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  fillMissingSearchWords(db);

  /**
   * catalogVersion: our own catalog writes are counted by the repositories; `PRAGMA data_version`
   * changes when ANOTHER connection (a second process on the same file) commits anything.
   * Together they change whenever a product may have changed. The pragma is asked at most once a
   * millisecond: a cached catalogue read is a few dozen microseconds, and asking on every one was
   * a twentieth of it; another process's write is then seen up to a millisecond later (our own
   * writes at once), far sooner than PostgreSQL's notifications arrive.
   */
  const catalog = createCatalogWrites();
  const dataVersionStatement = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
  // The clock of that millisecond, injectable so a test moves it on instead of waiting.
  const elapsedMs = options.elapsedMs ?? (() => performance.now());
  let dataVersionAt = Number.NEGATIVE_INFINITY;
  let lastDataVersion = 0;
  const dataVersion = () => {
    const now = elapsedMs();
    if (now - dataVersionAt >= DATA_VERSION_EVERY_MS) {
      lastDataVersion = dataVersionStatement.get()!;
      dataVersionAt = now;
    }
    return lastDataVersion;
  };

  const catalogVersion = () => `${dataVersion()}.${catalog.count()}`;
  const patient = waitingForTheLock(sqlite, options.lockWait ?? realLockWait);

  return {
    repositories: patient.each({
      products: createSqliteProducts(db, catalog),
      categories: categoriesReadOncePerVersion(createSqliteCategories(db, catalog), catalogVersion),
      search: vocabularyReadOncePerVersion(createSqliteSearch(sqlite, catalogVersion), catalogVersion),
      orders: createSqliteOrders(db, catalog),
      carts: createSqliteCarts(db),
      refunds: createSqliteRefunds(db),
      afterSale: createSqliteAfterSale(db, catalog),
      quotes: createSqliteQuotes(db, catalog),
      audit: createSqliteAuditLog(db),
      users: createSqliteUsers(db, catalog),
      reviews: createSqliteReviews(db),
      inbox: createSqliteInbox(db),
      outbox: createSqliteOutbox(db),
      reports: createSqliteReports(db),
      companies: createSqliteCompanies(db),
    }),
    lifecycle: {
      async ping() {
        sqlite.prepare('select 1').get();
      },
      failureOf: storageFailureOf,
      async close() {
        if (sqlite.open) sqlite.close();
      },
    },
    catalogVersion,
    catalogStockMoves: catalog.stockMoves,
    testPaymentIntents: patient.one(createSqliteTestPaymentIntents(db)),
    async imagesInUse(urls) {
      const inUse = new Set<string>();
      for (const part of chunks(urls, IMAGE_URL_CHUNK)) {
        const marks = part.map(() => '?').join(', ');
        for (const [table, column] of IMAGE_COLUMNS) {
          const rows = sqlite.prepare<string[], string>(`SELECT DISTINCT ${column} FROM ${table} WHERE ${column} IN (${marks})`).pluck().all(...part);
          for (const url of rows) inUse.add(url);
        }
      }
      return inUse;
    },
  };
}
