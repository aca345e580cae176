import { sql } from 'drizzle-orm';
import { chunks, IMAGE_COLUMNS, IMAGE_URL_CHUNK } from '../images-in-use.ts';
import type { Storage } from '../storage.ts';
import type { PgDb } from './database.ts';
import { createPgCategories } from './categories.ts';
import { createPgInbox } from './inbox.ts';
import { createPgOrders } from './orders.ts';
import { createPgRefunds } from './refunds.ts';
import { createPgProducts } from './products.ts';
import { createPgReviews } from './reviews.ts';
import { createPgSearch } from './search.ts';
import { createPgUsers } from './users.ts';

/**
 * The storage over drizzle's generic PgDatabase, one repository per file beside this one. No
 * catalog version: several instances may share the database, and nothing tells this one cheaply
 * that another changed a product.
 */
export function createPgStorage(db: PgDb, closeConnection: () => Promise<void>): Storage {
  return {
    repositories: {
      products: createPgProducts(db),
      categories: createPgCategories(db),
      search: createPgSearch(db),
      orders: createPgOrders(db),
      refunds: createPgRefunds(db),
      users: createPgUsers(db),
      reviews: createPgReviews(db),
      inbox: createPgInbox(db),
    },
    lifecycle: {
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: closeConnection,
    },
    catalogVersion: null,
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
