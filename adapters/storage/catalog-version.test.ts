/**
 * The storage's catalogVersion (storage.ts), which the HTTP layer's catalog cache trusts: it must move on every kind of
 * product or stock change and on nothing else that the catalog shows. Memory and SQLite keep one;
 * on SQLite a write by another connection to the same file (another process) moves it too.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Product } from '#domain/catalog/product.ts';
import { createMemoryStorage } from './memory/memory-store.ts';
import { unpaidOrderOf } from './order-fixture.ts';
import type { Storage } from './storage.ts';
import { openSqliteStorage } from './sqlite/sqlite-store.ts';
import { created } from './product-fixture.ts';

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

const versionOf = (storage: Storage): string => {
  if (!storage.catalogVersion) throw new Error('this storage keeps no catalog version');
  return storage.catalogVersion();
};

/** Runs `change` and says whether the version moved. */
const moves = async (storage: Storage, change: () => Promise<unknown>): Promise<boolean> => {
  const before = versionOf(storage);
  await change();
  return versionOf(storage) !== before;
};

let fileNumber = 0;
const stores: [string, () => Storage][] = [
  ['memory', () => createMemoryStorage()],
  ['sqlite', () => openSqliteStorage(join(dir, `version-${++fileNumber}.db`))],
];

describe.each(stores)('%s store catalog version', (_name, open) => {
  it('moves on create, update and delete of a product, and on orders placed and deleted', async () => {
    const storage = open();
    const store = storage.repositories;
    try {
      let product: Product | undefined;
      expect(await moves(storage, async () => (product = await created(store.products.create(newProduct()))))).toBe(true);
      expect(await moves(storage, () => store.products.update(product!.id, { priceCents: 999 }, new Date()))).toBe(true);
      const order = unpaidOrderOf(product!);
      expect(await moves(storage, () => store.orders.placeReservingStock(order))).toBe(true);
      expect(await moves(storage, () => store.orders.deleteUnpaidReturningStock(order.id))).toBe(true);
      expect(await moves(storage, () => store.products.delete(product!.id))).toBe(true);
    } finally {
      await storage.lifecycle.close();
    }
  });

  it('stays put on reads and on writes the catalog does not show', async () => {
    const storage = open();
    const store = storage.repositories;
    try {
      const product = await created(store.products.create(newProduct()));
      expect(
        await moves(storage, async () => {
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
      await storage.lifecycle.close();
    }
  });
});

describe('sqlite catalog version across processes', () => {
  it('moves when another connection to the same file changes stock', async () => {
    const file = join(dir, 'shared.db');
    const server = openSqliteStorage(file);
    const otherProcess = openSqliteStorage(file);
    try {
      const product = await created(server.repositories.products.create(newProduct()));
      expect(await moves(server, () => otherProcess.repositories.orders.placeReservingStock(unpaidOrderOf(product)))).toBe(true);
      expect(await moves(server, () => otherProcess.repositories.products.update(product.id, { stock: 5 }, new Date()))).toBe(true);
      // The other connection's own reads change nothing.
      expect(await moves(server, () => otherProcess.repositories.products.findById(product.id))).toBe(false);
    } finally {
      await otherProcess.lifecycle.close();
      await server.lifecycle.close();
    }
  });
});
