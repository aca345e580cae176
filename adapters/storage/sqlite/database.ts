import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type * as schema from './schema.ts';

/** The drizzle database every SQLite repository is written over. */
export type SqliteDb = BetterSQLite3Database<typeof schema>;

/**
 * Counts this process's writes that may change what the catalog shows (a product created, edited
 * or deleted, or its stock moved by an order); see the store's catalogVersion.
 */
export interface CatalogWrites {
  /** Counts one write and hands its result back. */
  changed<T>(result: T): T;
  count(): number;
}

export const createCatalogWrites = (): CatalogWrites => {
  let writes = 0;
  return {
    changed(result) {
      writes++;
      return result;
    },
    count: () => writes,
  };
};
