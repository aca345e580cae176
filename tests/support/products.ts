/**
 * Puts products straight into a database before any server opens it, through the same storage
 * adapters the server uses (they run the migrations), so system tests and the bench do not depend
 * on the admin product API.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Product } from '#domain/catalog/product.ts';
import type { Store } from '#domain/store.ts';
import { openPostgresStore } from '#adapters/storage/postgres/postgres-store.ts';
import { openSqliteStore } from '#adapters/storage/sqlite/sqlite-store.ts';

export interface ProductSpec {
  name: string;
  stock: number;
  priceCents: number;
}

/** The file the server opens for DATA_DIR (see http/config.ts). */
export const sqliteFileIn = (dataDir: string): string => join(dataDir, 'bulkhead.db');

const createAll = async (store: Store, specs: ProductSpec[]): Promise<Product[]> => {
  try {
    const created: Product[] = [];
    for (const [index, spec] of specs.entries()) {
      created.push(
        await store.products.create({
          ...spec,
          id: randomUUID(),
          description: 'A product created by the system tests to measure concurrent ordering.',
          imageUrl: '/demo/products/ball-valve.svg',
          createdAt: new Date(Date.now() - index * 1000),
        }),
      );
    }
    return created;
  } finally {
    await store.close();
  }
};

export const seedProductsIntoSqlite = (dataDir: string, specs: ProductSpec[]): Promise<Product[]> =>
  createAll(openSqliteStore(sqliteFileIn(dataDir)), specs);

export const seedProductsIntoPostgres = async (url: string, specs: ProductSpec[]): Promise<Product[]> =>
  createAll(await openPostgresStore(url), specs);
