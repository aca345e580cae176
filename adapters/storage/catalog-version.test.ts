/**
 * The storage's catalogVersion (storage.ts), which the HTTP layer's catalog cache trusts: it must move on every kind of
 * product or stock change and on nothing else that the catalog shows, except an order of this
 * process that only moved some products' stock, which catalogStockMoves names instead. Memory and SQLite keep one;
 * on SQLite a write by another connection to the same file (another process) moves it too, and on
 * PostgreSQL a write by another instance on the same database (heard by LISTEN/NOTIFY).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { resolvePostgresUrl } from '../../tests/support/postgres.ts';
import type { Product } from '#domain/catalog/product.ts';
import { createMemoryStorage } from './memory/memory-store.ts';
import { unpaidOrderOf } from './order-fixture.ts';
import type { Storage } from './storage.ts';
import { openPostgresStorage } from './postgres/postgres-store.ts';
import { DATA_VERSION_EVERY_MS, openSqliteStorage } from './sqlite/sqlite-store.ts';
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
  const version = storage.catalogVersion?.();
  if (version == null) throw new Error('this storage keeps no catalog version');
  return version;
};

/**
 * The SQLite stores' clock (openSqliteStorage's elapsedMs): it moves only when `moves` moves it.
 * SQLite looks at other connections' writes at most every DATA_VERSION_EVERY_MS of it.
 */
const sqliteClock = { ms: 0 };
const elapsedMs = () => sqliteClock.ms;

/**
 * Runs `change` and says whether the version moved. The clock is moved on by DATA_VERSION_EVERY_MS
 * before the version after is read, so another connection's write has surely been looked for.
 */
const moves = async (storage: Storage, change: () => Promise<unknown>): Promise<boolean> => {
  const before = versionOf(storage);
  await change();
  sqliteClock.ms += DATA_VERSION_EVERY_MS;
  return versionOf(storage) !== before;
};

let fileNumber = 0;
const pgSchemas: string[] = [];
/** A store in a fresh schema of the real PostgreSQL server; `schema` opens a second instance on the same one. */
const openPostgres = async (schema = `version_${randomBytes(5).toString('hex')}`) => {
  if (!pgSchemas.includes(schema)) pgSchemas.push(schema);
  return openPostgresStorage(await resolvePostgresUrl(), { schema });
};
afterAll(async () => {
  const admin = new pg.Client({ connectionString: await resolvePostgresUrl() });
  await admin.connect();
  for (const schema of pgSchemas) await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
});

const stores: [string, () => Storage | Promise<Storage>][] = [
  ['memory', () => createMemoryStorage()],
  ['sqlite', () => openSqliteStorage(join(dir, `version-${++fileNumber}.db`), { elapsedMs })],
  ['postgres', () => openPostgres()],
];

describe.each(stores)('%s store catalog version', (_name, open) => {
  it('moves on create, update and delete of a product, on an order that empties a shelf and on orders deleted', async () => {
    const storage = await open();
    const store = storage.repositories;
    try {
      let product: Product | undefined;
      expect(await moves(storage, async () => (product = await created(store.products.create(newProduct(100)))))).toBe(true);
      expect(await moves(storage, () => store.products.update(product!.id, { priceCents: 999 }, new Date()))).toBe(true);
      const order = unpaidOrderOf(product!);
      expect(await moves(storage, () => store.orders.placeReservingStock(order))).toBe(true);
      expect(await moves(storage, () => store.orders.deleteUnpaidReturningStock(order.id))).toBe(true);
      expect(await moves(storage, () => store.products.delete(product!.id))).toBe(true);
    } finally {
      await storage.lifecycle.close();
    }
  });

  it('tells an order that left stock on every shelf as a stock move of its products, and one that emptied a shelf as a change', async () => {
    const storage = await open();
    const store = storage.repositories;
    try {
      const plenty = await created(store.products.create(newProduct(1000)));
      const lastHundred = await created(store.products.create(newProduct(200)));
      const stockMoves = storage.catalogStockMoves!;
      const seen = stockMoves.count();

      expect(await moves(storage, () => store.orders.placeReservingStock(unpaidOrderOf([plenty, lastHundred])))).toBe(false);
      expect(stockMoves.count()).toBe(seen + 1);
      expect([...stockMoves.productsMovedSince(seen)!].sort()).toEqual([plenty.id, lastHundred.id].sort());

      // The in-stock filter, its facets and the department counts change with an emptied shelf.
      expect(await moves(storage, () => store.orders.placeReservingStock(unpaidOrderOf(lastHundred)))).toBe(true);
      expect(stockMoves.count()).toBe(seen + 1);
      // A refused order moves nothing.
      const refused = await store.orders.placeReservingStock(unpaidOrderOf([plenty, lastHundred]));
      expect(refused.ok).toBe(false);
      expect(stockMoves.count()).toBe(seen + 1);
    } finally {
      await storage.lifecycle.close();
    }
  });

  it('stays put on reads and on writes the catalog does not show', async () => {
    const storage = await open();
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
    const server = openSqliteStorage(file, { elapsedMs });
    const otherProcess = openSqliteStorage(file, { elapsedMs });
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

describe('postgres catalog version across instances', () => {
  it('moves when another instance on the same database changes a product or empties a shelf, and not for its reads', async () => {
    const server = await openPostgres();
    const otherInstance = await openPostgres(pgSchemas.at(-1));
    try {
      const product = await created(server.repositories.products.create(newProduct(200)));
      // Ordered at the end, after the other instance's read: a stock move, which moves no version.
      const marker = await created(server.repositories.products.create(newProduct(1000)));
      // The other instance's change arrives by NOTIFY, a moment after its commit.
      const movesSoon = async (change: () => Promise<unknown>) => {
        const before = versionOf(server);
        await change();
        await expect.poll(() => versionOf(server) !== before, { timeout: 2_000 }).toBe(true);
      };
      // An order that leaves stock on the shelf is told as a stock move of its product.
      const stockMoves = server.catalogStockMoves!;
      const [seen, before] = [stockMoves.count(), versionOf(server)];
      await otherInstance.repositories.orders.placeReservingStock(unpaidOrderOf(product));
      await expect.poll(() => stockMoves.count(), { timeout: 2_000 }).toBe(seen + 1);
      expect(stockMoves.productsMovedSince(seen)).toEqual([product.id]);
      expect(versionOf(server)).toBe(before);
      await movesSoon(() => otherInstance.repositories.orders.placeReservingStock(unpaidOrderOf(product)));
      await movesSoon(() => otherInstance.repositories.products.update(product.id, { priceCents: 777 }, new Date()));
      await movesSoon(() => otherInstance.repositories.categories.create({ id: randomUUID(), name: 'Valves', slug: 'valves', parentId: null, createdAt: new Date() }));
      // Its read sends nothing. Notifications arrive in commit order, so once the stock move of an
      // order placed after the read has arrived, anything the read had sent has arrived too.
      const settled = versionOf(server);
      const movesBefore = stockMoves.count();
      await otherInstance.repositories.products.findById(product.id);
      await otherInstance.repositories.orders.placeReservingStock(unpaidOrderOf(marker));
      await expect.poll(() => stockMoves.count(), { timeout: 2_000 }).toBe(movesBefore + 1);
      expect(stockMoves.productsMovedSince(movesBefore)).toEqual([marker.id]);
      expect(versionOf(server)).toBe(settled);
    } finally {
      await otherInstance.lifecycle.close();
      await server.lifecycle.close();
    }
  });

  it('answers null (cache nothing) while its listening connection is lost, and a new version once it is back', async () => {
    const storage = await openPostgres();
    const admin = new pg.Client({ connectionString: await resolvePostgresUrl() });
    await admin.connect();
    try {
      const before = versionOf(storage);
      const listeners = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE application_name = $1`,
        [`bulkhead-catalogue:${pgSchemas.at(-1)}`],
      );
      expect(listeners.rows).toHaveLength(1);
      await admin.query('SELECT pg_terminate_backend($1)', [listeners.rows[0]!.pid]);
      await expect.poll(() => storage.catalogVersion?.(), { timeout: 2_000 }).toBeNull();
      await expect.poll(() => storage.catalogVersion?.(), { timeout: 5_000 }).not.toBeNull();
      expect(versionOf(storage)).not.toBe(before);
    } finally {
      await admin.end();
      await storage.lifecycle.close();
    }
  });
});
