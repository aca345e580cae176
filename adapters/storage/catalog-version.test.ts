/**
 * Store.catalogVersion, which the HTTP layer's catalog cache trusts: it must move on every kind of
 * product or stock change and on nothing else that the catalog shows. Memory and SQLite keep one;
 * on SQLite a write by another connection to the same file (another process) moves it too.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Product } from '#domain/catalog/product.ts';
import type { Store } from '#domain/store.ts';
import { createMemoryStore } from './memory/memory-store.ts';
import { unpaidOrderOf } from './order-fixture.ts';
import { openSqliteStore } from './sqlite/sqlite-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'bulkhead-catalog-version-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const newProduct = (stock = 1000) => ({
  id: randomUUID(),
  name: 'Ball valve',
  description: 'Brass, 1/2"',
  imageUrl: '/demo/products/ball-valve.svg',
  priceCents: 1250,
  stock,
  createdAt: new Date(),
});

const versionOf = (store: Store): string => {
  if (!store.catalogVersion) throw new Error('this store keeps no catalog version');
  return store.catalogVersion();
};

/** Runs `change` and says whether the version moved. */
const moves = async (store: Store, change: () => Promise<unknown>): Promise<boolean> => {
  const before = versionOf(store);
  await change();
  return versionOf(store) !== before;
};

let fileNumber = 0;
const stores: [string, () => Store][] = [
  ['memory', () => createMemoryStore()],
  ['sqlite', () => openSqliteStore(join(dir, `version-${++fileNumber}.db`))],
];

describe.each(stores)('%s store catalog version', (_name, open) => {
  it('moves on create, update and delete of a product, and on orders placed and deleted', async () => {
    const store = open();
    try {
      let product: Product | undefined;
      expect(await moves(store, async () => (product = await store.products.create(newProduct())))).toBe(true);
      expect(await moves(store, () => store.products.update(product!.id, { priceCents: 999 }, new Date()))).toBe(true);
      const order = unpaidOrderOf(product!);
      expect(await moves(store, () => store.orders.placeReservingStock(order))).toBe(true);
      expect(await moves(store, () => store.orders.deleteUnpaidReturningStock(order.id))).toBe(true);
      expect(await moves(store, () => store.products.delete(product!.id))).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('stays put on reads and on writes the catalog does not show', async () => {
    const store = open();
    try {
      const product = await store.products.create(newProduct());
      expect(
        await moves(store, async () => {
          await store.products.list({ limit: 24, cursor: null });
          await store.products.findById(product.id);
          await store.products.count();
          await store.reviews.create({
            id: randomUUID(),
            userId: null,
            name: 'Ada',
            imageUrl: '/demo/avatars/ada.svg',
            country: 'UK',
            rating: 5,
            comment: 'Fine valves',
            createdAt: new Date(),
          });
        }),
      ).toBe(false);
    } finally {
      await store.close();
    }
  });
});

describe('sqlite catalog version across processes', () => {
  it('moves when another connection to the same file changes stock', async () => {
    const file = join(dir, 'shared.db');
    const server = openSqliteStore(file);
    const otherProcess = openSqliteStore(file);
    try {
      const product = await server.products.create(newProduct());
      expect(await moves(server, () => otherProcess.orders.placeReservingStock(unpaidOrderOf(product)))).toBe(true);
      expect(await moves(server, () => otherProcess.products.update(product.id, { stock: 5 }, new Date()))).toBe(true);
      // The other connection's own reads change nothing.
      expect(await moves(server, () => otherProcess.products.findById(product.id))).toBe(false);
    } finally {
      await otherProcess.close();
      await server.close();
    }
  });
});
