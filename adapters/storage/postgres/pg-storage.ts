import { sql } from 'drizzle-orm';
import { chunks, IMAGE_COLUMNS, IMAGE_URL_CHUNK } from '../images-in-use.ts';
import type { Storage } from '../storage.ts';
import { categoriesReadOncePerVersion, createCatalogWrites, vocabularyReadOncePerVersion, type CatalogWrites } from '../catalog-writes.ts';
import type { CatalogueListener } from './catalogue-listener.ts';
import type { PgDb } from './database.ts';
import { createPgCarts } from './carts.ts';
import { createPgCategories } from './categories.ts';
import { createPgCompanies } from './companies.ts';
import { createPgInbox } from './inbox.ts';
import { createPgOrders } from './orders.ts';
import { createPgAuditLog } from './audit.ts';
import { createPgOutbox } from './outbox.ts';
import { createPgReports } from './reports.ts';
import { createPgRefunds } from './refunds.ts';
import { createPgAfterSale } from './after-sale.ts';
import { createPgProducts } from './products.ts';
import { createPgQuotes } from './quotes.ts';
import { createPgReviews } from './reviews.ts';
import { createPgSearch } from './search.ts';
import { createPgTestPaymentIntents } from './test-payment-intents.ts';
import { createPgUsers } from './users.ts';
import { storageFailureOf } from '../storage-failure.ts';

/** Wraps the named write methods so each counts one catalogue write once it has finished (committed). */
const countingWrites = <R extends object>(repository: R, methods: readonly (keyof R)[], writes: CatalogWrites): R => {
  const wrapped = { ...repository };
  for (const name of methods) {
    const method = repository[name] as (...args: unknown[]) => Promise<unknown>;
    Object.assign(wrapped, { [name]: async (...args: unknown[]) => writes.changed(await method.apply(repository, args)) });
  }
  return wrapped;
};

/**
 * The storage over drizzle's generic PgDatabase, one repository per file beside this one.
 * `elsewhere` tells what other instances changed (catalogue-listener.ts: a version, null while it
 * cannot tell, and their stock moves); this instance's own catalogue writes are counted here as
 * they finish, so the next read already sees them. Without it (no listener) nothing is cached.
 */
export function createPgStorage(db: PgDb, closeConnection: () => Promise<void>, elsewhere?: Pick<CatalogueListener, 'version' | 'onStockMoved'>): Storage {
  const writes = createCatalogWrites();
  // Another instance's stock move lands in the same log as ours: a cache drops those pages alike.
  elsewhere?.onStockMoved((productIds) => writes.stockMoved(productIds, false, null));
  const catalogVersion = elsewhere
    ? () => {
        const changed = elsewhere.version();
        return changed === null ? null : `${changed}.${writes.count()}`;
      }
    : null;
  return {
    repositories: {
      products: countingWrites(createPgProducts(db), ['create', 'update', 'delete', 'importAll'], writes),
      categories: categoriesReadOncePerVersion(countingWrites(createPgCategories(db), ['create', 'update', 'delete'], writes), catalogVersion),
      search: vocabularyReadOncePerVersion(createPgSearch(db, catalogVersion), catalogVersion),
      carts: createPgCarts(db),
      orders: countingWrites(createPgOrders(db, writes), ['deleteUnpaidReturningStock'], writes),
      refunds: createPgRefunds(db),
      afterSale: createPgAfterSale(db, (productIds) => writes.stockMoved(productIds, false, null)),
      quotes: countingWrites(createPgQuotes(db), ['answer', 'accept', 'close'], writes),
      users: countingWrites(createPgUsers(db), ['delete'], writes),
      reviews: createPgReviews(db),
      inbox: createPgInbox(db),
      outbox: createPgOutbox(db),
      reports: createPgReports(db),
      audit: createPgAuditLog(db),
      companies: createPgCompanies(db),
    },
    lifecycle: {
      async ping() {
        await db.execute(sql`select 1`);
      },
      failureOf: storageFailureOf,
      close: closeConnection,
    },
    catalogVersion,
    catalogStockMoves: elsewhere ? writes.stockMoves : null,
    testPaymentIntents: createPgTestPaymentIntents(db),
    async imagesInUse(urls) {
      const inUse = new Set<string>();
      for (const part of chunks(urls, IMAGE_URL_CHUNK)) {
        for (const [table, column] of IMAGE_COLUMNS) {
          const result = await db.execute<{ url: string }>(
            sql`SELECT DISTINCT ${sql.identifier(column)} AS url FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} IN ${part}`,
          );
          const rows = (Array.isArray(result) ? result : (result as { rows: { url: string }[] }).rows) as { url: string }[];
          for (const row of rows) inUse.add(row.url);
        }
      }
      return inUse;
    },
  };
}
