/**
 * The catalog reads are served from serialised pages: these tests prove a page is never stale
 * after any kind of product or stock change, that ETag/304 works, and that a store without a
 * catalog version (PostgreSQL) is read every time. They run on the memory store and on SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { DATA_VERSION_EVERY_MS, openSqliteStorage } from '#adapters/storage/sqlite/sqlite-store.ts';
import type { Storage } from '#adapters/storage/storage.ts';
import { addProduct, createTestApp, signUpAdmin } from '../test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'bulkhead-catalog-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileNumber = 0;
const stores: [string, () => Storage][] = [
  ['memory', () => createMemoryStorage()],
  ['sqlite', () => openSqliteStorage(join(dir, `cache-${++fileNumber}.db`))],
];

const orderBody = (productId: string) => ({ productId, quantity: 100, phone: '+1 555 0100', address: '1 Warehouse Road' });
const newProduct = { name: 'Gate valve', description: 'Cast iron', imageUrl: '/demo/products/ball-valve.svg', priceCents: 3100, stock: 50 };

const arrange = async (storage: Storage) => {
  const context = createTestApp({ storage });
  const product = await addProduct(context.store, { stock: 1000, priceCents: 1250 });
  const admin = await signUpAdmin(context);
  const buyer = await context.signUp();
  const list = () => context.call('GET', '/api/products?limit=24');
  const one = (id = product.id) => context.call('GET', `/api/products/${id}`);
  // Fill the cache, so every check below would see a stale page if invalidation failed.
  const primed = { list: await list(), one: await one() };
  expect(primed.list.status).toBe(200);
  expect(primed.one.status).toBe(200);
  return { ...context, product, admin, buyer, list, one, primed, close: () => storage.lifecycle.close() };
};

describe.each(stores)('catalog cache on the %s store', (_name, open) => {
  it('answers a repeated read with the same bytes and ETag, and 304 to If-None-Match', async () => {
    const { call, list, primed, product, close } = await arrange(open());
    try {
      const again = await list();
      expect(again.text).toBe(primed.list.text);
      const etag = again.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(again.headers.get('cache-control')).toBe('no-cache');
      expect(again.headers.get('content-type')).toMatch(/^application\/json/);
      // The site-wide headers still reach cached answers.
      expect(again.headers.get('x-content-type-options')).toBe('nosniff');

      const notModified = await call('GET', '/api/products?limit=24', { headers: { 'if-none-match': etag! } });
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe('');
      expect(notModified.headers.get('etag')).toBe(etag);

      const oneEtag = primed.one.headers.get('etag')!;
      expect((await call('GET', `/api/products/${product.id}`, { headers: { 'if-none-match': `W/${oneEtag}` } })).status).toBe(304);
      expect((await call('GET', `/api/products/${product.id}`, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200);
    } finally {
      await close();
    }
  });

  it('shows a product created by an admin at once, under a new ETag', async () => {
    const { call, list, admin, primed, close } = await arrange(open());
    try {
      const created = await call('POST', '/api/products', { token: admin.token, body: newProduct });
      expect(created.status).toBe(201);
      const after = await list();
      expect(after.json.items.map((item: { id: string }) => item.id)).toContain(created.json.id);
      expect(after.headers.get('etag')).not.toBe(primed.list.headers.get('etag'));
      const revalidated = await call('GET', '/api/products?limit=24', { headers: { 'if-none-match': primed.list.headers.get('etag')! } });
      expect(revalidated.status).toBe(200);
    } finally {
      await close();
    }
  });

  it('shows a patched price in the list and on the product page at once', async () => {
    const { call, list, one, admin, product, primed, close } = await arrange(open());
    try {
      expect((await call('PATCH', `/api/products/${product.id}`, { token: admin.token, body: { priceCents: 4999 } })).status).toBe(200);
      expect((await one()).json.priceCents).toBe(4999);
      expect((await one()).headers.get('etag')).not.toBe(primed.one.headers.get('etag'));
      expect((await list()).json.items.find((item: { id: string }) => item.id === product.id).priceCents).toBe(4999);
    } finally {
      await close();
    }
  });

  it('forgets a deleted product at once', async () => {
    const { call, list, one, admin, product, close } = await arrange(open());
    try {
      expect((await call('DELETE', `/api/products/${product.id}`, { token: admin.token })).status).toBe(204);
      expect((await one()).status).toBe(404);
      expect((await list()).json.items.map((item: { id: string }) => item.id)).not.toContain(product.id);
    } finally {
      await close();
    }
  });

  it('shows the stock an order took, and the stock a deleted order gave back', async () => {
    const { call, list, one, buyer, product, close } = await arrange(open());
    const stockInList = async () => (await list()).json.items.find((item: { id: string }) => item.id === product.id).stock;
    try {
      const placed = await call('POST', '/api/orders', { token: buyer.token, body: orderBody(product.id) });
      expect(placed.status).toBe(201);
      expect((await one()).json.stock).toBe(900);
      expect(await stockInList()).toBe(900);

      expect((await call('DELETE', `/api/orders/${placed.json.id}`, { token: buyer.token })).status).toBe(204);
      expect((await one()).json.stock).toBe(1000);
      expect(await stockInList()).toBe(1000);
    } finally {
      await close();
    }
  });

  it('keeps, when an order moves stock, the cached pages of the products it did not touch', async () => {
    const { call, one, list, buyer, product, store, close } = await arrange(open());
    try {
      const other = await addProduct(store, { stock: 1000 });
      expect((await one(other.id)).status).toBe(200);
      expect((await call('GET', '/api/categories')).status).toBe(200);
      let reads = 0;
      let countings = 0;
      const findById = store.products.findById.bind(store.products);
      store.products.findById = async (id) => {
        reads++;
        return findById(id);
      };
      const inStockCounts = store.categories.inStockCounts.bind(store.categories);
      store.categories.inStockCounts = async () => {
        countings++;
        return inStockCounts();
      };
      expect((await call('POST', '/api/orders', { token: buyer.token, body: orderBody(product.id) })).status).toBe(201);
      reads = 0;
      expect((await one(other.id)).json.stock).toBe(1000);
      expect(reads).toBe(0); // answered from the cache
      expect((await one()).json.stock).toBe(900);
      expect(reads).toBe(1);
      // The list shows the ordered product: it is computed again. The department counts are not.
      expect((await list()).json.items.find((item: { id: string }) => item.id === product.id).stock).toBe(900);
      expect((await call('GET', '/api/categories')).status).toBe(200);
      expect(countings).toBe(0);
    } finally {
      await close();
    }
  });

  it('is invalidated by writes that bypass the use cases (the store bumps its version itself)', async () => {
    const { one, product, store, close } = await arrange(open());
    try {
      await store.products.update(product.id, { stock: 7 }, new Date());
      expect((await one()).json.stock).toBe(7);
    } finally {
      await close();
    }
  });

  it('computes a page once for many requests arriving together after a write, and gives each the fresh page', async () => {
    const { store, call, product, admin, close } = await arrange(open());
    try {
      let reads = 0;
      const findById = store.products.findById.bind(store.products);
      store.products.findById = async (id) => {
        reads++;
        await new Promise((resolve) => setTimeout(resolve, 20)); // a slow database
        return findById(id);
      };
      expect((await call('PATCH', `/api/products/${product.id}`, { token: admin.token, body: { priceCents: 990 } })).status).toBe(200);
      reads = 0;
      const replies = await Promise.all(Array.from({ length: 10 }, () => call('GET', `/api/products/${product.id}`)));
      expect(replies.map((reply) => [reply.status, reply.json.priceCents])).toEqual(Array.from({ length: 10 }, () => [200, 990]));
      expect(new Set(replies.map((reply) => reply.headers.get('etag'))).size).toBe(1);
      expect(reads).toBe(1);
      // A missing product is refused to each of them: refusals are never shared or cached.
      const missing = await Promise.all(Array.from({ length: 3 }, () => call('GET', '/api/products/no-such-product')));
      expect(missing.map((reply) => reply.status)).toEqual([404, 404, 404]);
    } finally {
      await close();
    }
  });

  it('keeps the ETag of a page whose bytes did not change, so clients still get 304', async () => {
    const { call, one, buyer, store, close } = await arrange(open());
    try {
      const other = await addProduct(store, { stock: 500 });
      const before = await one(other.id);
      const ordered = await call('POST', '/api/orders', { token: buyer.token, body: orderBody((await one()).json.id) });
      expect(ordered.status).toBe(201);
      const after = await call('GET', `/api/products/${other.id}`, { headers: { 'if-none-match': before.headers.get('etag')! } });
      expect(after.status).toBe(304);
    } finally {
      await close();
    }
  });

  it('never caches refusals: a bad query stays 400 and a missing product 404 after good reads', async () => {
    const { call, list, close } = await arrange(open());
    try {
      await list();
      expect((await call('GET', '/api/products?limit=0')).status).toBe(400);
      expect((await call('GET', '/api/products?limit=0')).status).toBe(400);
      expect((await call('GET', '/api/products/no-such-product')).status).toBe(404);
      expect((await call('GET', '/api/products/no-such-product')).status).toBe(404);
    } finally {
      await close();
    }
  });
});

describe('catalog on a store that keeps no version (PostgreSQL shared by several instances)', () => {
  const unversioned = (): Storage => ({ ...createMemoryStorage(), catalogVersion: null });

  it('reads the store every time, yet still answers 304 for an unchanged page', async () => {
    const { call, product, primed, store } = await arrange(unversioned());
    // Another instance changes the stock behind this one's back: no in-process signal at all.
    await store.products.update(product.id, { stock: 3 }, new Date());
    const fresh = await call('GET', `/api/products/${product.id}`);
    expect(fresh.json.stock).toBe(3);
    expect(fresh.headers.get('etag')).not.toBe(primed.one.headers.get('etag'));
    expect((await call('GET', `/api/products/${product.id}`, { headers: { 'if-none-match': fresh.headers.get('etag')! } })).status).toBe(304);
  });
});

describe('catalog cache with another process writing to the same SQLite file', () => {
  it('sees the other process’s stock change on the next read', async () => {
    const file = join(dir, 'two-processes.db');
    // Another process's writes are looked for once a millisecond (sqlite-store.ts), of a clock
    // injected here so the test moves it on instead of waiting.
    const clock = { ms: 0 };
    const ours = openSqliteStorage(file, { elapsedMs: () => clock.ms });
    const theirs = openSqliteStorage(file);
    try {
      const { one, product } = await arrange(ours);
      await theirs.repositories.products.update(product.id, { stock: 11 }, new Date());
      // Within the same millisecond the cached page still stands...
      expect((await one()).json.stock).toBe(1000);
      clock.ms += DATA_VERSION_EVERY_MS;
      // ...and once it has passed, the next read sees the other process's change.
      expect((await one()).json.stock).toBe(11);
    } finally {
      await theirs.lifecycle.close();
      await ours.lifecycle.close();
    }
  });
});
