/**
 * Puts products straight into a database before any server opens it, through the same storage
 * adapters the server uses (they run the migrations), so system tests and the bench do not depend
 * on the admin product API.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Product } from '#domain/catalog/product.ts';
import { created as mustCreate } from '#adapters/storage/product-fixture.ts';
import type { Storage } from '#adapters/storage/storage.ts';
import { DEMO_PRODUCTS, seedDemoData } from '#adapters/seed/demo-data.ts';
import { openPostgresStorage } from '#adapters/storage/postgres/postgres-store.ts';
import { openSqliteStorage } from '#adapters/storage/sqlite/sqlite-store.ts';

export interface ProductSpec {
  name: string;
  stock: number;
  priceCents: number;
}

/** The file the server opens for DATA_DIR (see http/config.ts). */
export const sqliteFileIn = (dataDir: string): string => join(dataDir, 'bulkhead.db');

const createAll = async ({ repositories: store, lifecycle }: Storage, specs: ProductSpec[]): Promise<Product[]> => {
  try {
    const created: Product[] = [];
    for (const [index, spec] of specs.entries()) {
      created.push(
        await mustCreate(store.products.create({
          ...spec,
          id: randomUUID(),
          description: 'A product created by the system tests to measure concurrent ordering.',
          imageUrl: '/demo/products/ball-valve.svg',
          createdAt: new Date(Date.now() - index * 1000),
        })),
      );
    }
    return created;
  } finally {
    await lifecycle.close();
  }
};

export const seedProductsIntoSqlite = (dataDir: string, specs: ProductSpec[]): Promise<Product[]> =>
  createAll(openSqliteStorage(sqliteFileIn(dataDir)), specs);

export const seedProductsIntoPostgres = async (url: string, specs: ProductSpec[]): Promise<Product[]> =>
  createAll(await openPostgresStorage(url), specs);

/**
 * The bench's catalog: the demo shop (products and reviews, as a fresh server seeds it) enlarged
 * to `total` products with copies of the demo items, older than the demo ones so the home page
 * still shows the demo. `extra` products (an endless one for order placement, one for the
 * oversell burst) are the newest. Returns every product id and the extra products.
 */
export const seedBenchCatalogIntoSqlite = (dataDir: string, options: BenchCatalogOptions) => seedBenchCatalog(openSqliteStorage(sqliteFileIn(dataDir)), options);

/** The same catalog in a PostgreSQL database, for the bench's catalogue reads on PostgreSQL. */
export const seedBenchCatalogIntoPostgres = async (url: string, options: BenchCatalogOptions) => seedBenchCatalog(await openPostgresStorage(url), options);

interface BenchCatalogOptions {
  total: number;
  extra: ProductSpec[];
}

async function seedBenchCatalog({ repositories: store, lifecycle }: Storage, options: BenchCatalogOptions): Promise<{ ids: string[]; extra: Product[] }> {
  try {
    const now = Date.now();
    await seedDemoData({ store, clock: { now: () => new Date(now - options.extra.length * 60_000) }, ids: { newId: randomUUID } });
    const demoCount = await store.products.count();
    const oldest = now - (options.extra.length + demoCount + 1) * 60_000;
    for (let index = 0; index < options.total - demoCount - options.extra.length; index++) {
      // Copies get their own part numbers (the store assigns the next BH- one).
      const { slug, image, category: _filedUnder, sku: _sku, ...demo } = DEMO_PRODUCTS[index % DEMO_PRODUCTS.length]!;
      await mustCreate(store.products.create({
        ...demo,
        name: `${demo.name} (lot ${index + 1})`,
        imageUrl: `/demo/products/${image ?? slug}.svg`,
        id: randomUUID(),
        createdAt: new Date(oldest - index * 1000),
      }));
    }
    const extra: Product[] = [];
    for (const [index, spec] of options.extra.entries()) {
      extra.push(
        await mustCreate(store.products.create({
          ...spec,
          id: randomUUID(),
          description: 'A product created by the bench to measure ordering.',
          imageUrl: '/demo/products/ball-valve.svg',
          createdAt: new Date(now - index * 1000),
        })),
      );
    }
    const ids: string[] = [];
    for (let page = await store.products.list({ limit: 100, cursor: null }); ; ) {
      ids.push(...page.items.map((product) => product.id));
      if (!page.nextCursor) break;
      page = await store.products.list({ limit: 100, cursor: page.nextCursor });
    }
    return { ids, extra };
  } finally {
    await lifecycle.close();
  }
}
