import type { Storage } from '../storage.ts';
import { createMemoryAfterSale } from './after-sale.ts';
import { createMemoryCarts } from './carts.ts';
import { createMemoryCategories } from './categories.ts';
import { createMemoryCompanies } from './companies.ts';
import { createMemoryInbox } from './inbox.ts';
import { createMemoryOrders } from './orders.ts';
import { createMemoryAuditLog } from './audit.ts';
import { createMemoryOutbox } from './outbox.ts';
import { createMemoryReports } from './reports.ts';
import { createMemoryRefunds } from './refunds.ts';
import { createMemoryProducts } from './products.ts';
import { createMemoryQuotes } from './quotes.ts';
import { createMemoryReviews } from './reviews.ts';
import { createMemorySearch } from './search.ts';
import { createMemoryTables } from './tables.ts';
import { createMemoryTestPaymentIntents } from './test-payment-intents.ts';
import { createMemoryUsers } from './users.ts';

/**
 * The storage in plain Maps, for tests and the zero-setup demo, one repository per file beside this
 * one. It mirrors the database semantics of the SQL adapters (the same contract suite runs against
 * all three). Every method does its work synchronously between awaits, so each one is atomic just
 * like a database transaction.
 */
export function createMemoryStorage(): Storage {
  const tables = createMemoryTables();
  let closed = false;
  return {
    repositories: {
      products: createMemoryProducts(tables),
      categories: createMemoryCategories(tables),
      search: createMemorySearch(tables),
      orders: createMemoryOrders(tables),
      carts: createMemoryCarts(tables),
      refunds: createMemoryRefunds(tables),
      afterSale: createMemoryAfterSale(tables),
      quotes: createMemoryQuotes(tables),
      users: createMemoryUsers(tables),
      reviews: createMemoryReviews(tables),
      inbox: createMemoryInbox(tables),
      outbox: createMemoryOutbox(tables),
      audit: createMemoryAuditLog(tables),
      reports: createMemoryReports(tables),
      companies: createMemoryCompanies(tables),
    },
    lifecycle: {
      async ping() {
        if (closed) throw new Error('The memory store is closed');
      },
      // Maps in this process never go away, fill up or lock.
      failureOf: () => null,
      async close() {
        closed = true;
      },
    },
    catalogVersion: () => String(tables.catalog.count()),
    catalogStockMoves: tables.catalog.stockMoves,
    testPaymentIntents: createMemoryTestPaymentIntents(tables.testPaymentIntents, tables.testPaymentRefunds),
    async imagesInUse(urls) {
      const shown = new Set<string>([
        ...[...tables.products.values()].map((product) => product.imageUrl),
        ...[...tables.profiles.values()].map((profile) => profile.imageUrl),
        ...[...tables.reviews.values()].map((review) => review.imageUrl),
        ...[...tables.orders.values()].flatMap((order) => order.lines.map((line) => line.productImageUrl)),
      ]);
      return new Set(urls.filter((url) => shown.has(url)));
    },
  };
}
