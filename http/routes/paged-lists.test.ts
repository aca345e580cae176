import { describe, expect, it } from 'vitest';
import { addProduct, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

/**
 * The caller's orders and the admins' users, messages and subscribers are `{items, nextCursor}`
 * lists like the catalogue: newest first, `limit` (default 24, max 100) and `cursor`.
 */

/** A clock a second ahead at every reading, so each row gets its own place in the order. */
const steppingClock = () => {
  let next = Date.UTC(2026, 5, 1);
  return { now: () => new Date((next += 1_000)) };
};

const arrange = async () => {
  const context = createTestApp({ clock: steppingClock() });
  const admin = await signUpAdmin(context);
  const buyer = await context.signUp();
  return { ...context, admin, buyer };
};
type Context = Awaited<ReturnType<typeof arrange>>;

/** Follows nextCursor from the first page until it is null, as the web app's Load more does. */
const walk = async (context: Context, path: string, token: string, limit: number, keyOf: (item: never) => string) => {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor === null ? {} : { cursor }) });
    const response = await context.call('GET', `${path}?${query}`, { token });
    expect(response.status, `${path}?${query}`).toBe(200);
    expect(Object.keys(response.json).sort()).toEqual(['items', 'nextCursor']);
    expect(response.json.items.length).toBeLessThanOrEqual(limit);
    pages.push(response.json.items.map(keyOf));
    cursor = response.json.nextCursor;
  } while (cursor !== null && pages.length < 20);
  return pages;
};

const byId = (item: { id: string }) => item.id;
const byEmail = (item: { email: string }) => item.email;

/** `keys` newest first, cut into pages of `size`. */
const chunks = (keys: string[], size: number) =>
  Array.from({ length: Math.ceil(keys.length / size) }, (_, index) => keys.slice(index * size, (index + 1) * size));

const placeOrders = async (context: Context, token: string, count: number) => {
  const product = await addProduct(context.store, { stock: 100_000 });
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const placed = await context.call('POST', '/api/orders', {
      token,
      body: { productId: product.id, quantity: 100, phone: '5550100200', address: 'Dock 4' },
    });
    expect(placed.status).toBe(201);
    ids.push(placed.json.id);
  }
  return ids.reverse();
};

describe('GET /api/orders pages', () => {
  it("pages through the caller's own orders newest first and ends with a null cursor", async () => {
    const context = await arrange();
    const mine = await placeOrders(context, context.buyer.token, 5);
    const other = await context.signUp();
    await placeOrders(context, other.token, 2);

    expect(await walk(context, '/api/orders', context.buyer.token, 2, byId)).toEqual(chunks(mine, 2));
    expect(await walk(context, '/api/orders', context.buyer.token, 5, byId)).toEqual([mine]);
    const all = await context.call('GET', '/api/orders', { token: context.buyer.token });
    expect(all.json).toEqual({ items: expect.any(Array), nextCursor: null });
    expect(all.json.items.map(byId)).toEqual(mine);
  });

  it('serves 24 by default and at most 100 a page', async () => {
    const context = await arrange();
    const mine = await placeOrders(context, context.buyer.token, 26);
    const first = await context.call('GET', '/api/orders', { token: context.buyer.token });
    expect(first.json.items.map(byId)).toEqual(mine.slice(0, 24));
    const rest = await context.call('GET', `/api/orders?cursor=${encodeURIComponent(first.json.nextCursor)}`, { token: context.buyer.token });
    expect(rest.json).toEqual({ items: expect.any(Array), nextCursor: null });
    expect(rest.json.items.map(byId)).toEqual(mine.slice(24));
    expect((await context.call('GET', '/api/orders?limit=100', { token: context.buyer.token })).json.items).toHaveLength(26);
  });
});

describe('GET /api/admin/users, /messages and /subscribers pages', () => {
  it('pages through the users newest first', async () => {
    const context = await arrange();
    const later = [await context.signUp(), await context.signUp(), await context.signUp()];
    const newestFirst = [...later.reverse(), context.buyer, context.admin].map((account) => account.user.id);
    expect(await walk(context, '/api/admin/users', context.admin.token, 2, byId)).toEqual(chunks(newestFirst, 2));
    expect(await walk(context, '/api/admin/users', context.admin.token, 100, byId)).toEqual([newestFirst]);
  });

  it('pages through the contact messages newest first', async () => {
    const context = await arrange();
    for (let i = 0; i < 5; i += 1) {
      const sent = await context.call('POST', '/api/contact', { body: { name: 'Dana', email: 'dana@example.com', message: `Question ${i}` } });
      expect(sent.status).toBe(201);
    }
    const texts = (await walk(context, '/api/admin/messages', context.admin.token, 2, (item: { message: string }) => item.message));
    expect(texts).toEqual(chunks(['Question 4', 'Question 3', 'Question 2', 'Question 1', 'Question 0'], 2));
  });

  it('pages through the subscribers newest first, even after the longest e-mail there can be', async () => {
    const context = await arrange();
    const longest = `${'x'.repeat(64)}@${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.com`;
    const emails = ['one@example.com', longest, 'three@example.com', 'four@example.com'];
    for (const email of emails) {
      expect((await context.call('POST', '/api/newsletter', { body: { email } })).status).toBe(201);
    }
    const newestFirst = [...emails].reverse();
    expect(await walk(context, '/api/admin/subscribers', context.admin.token, 1, byEmail)).toEqual(chunks(newestFirst, 1));
    expect(await walk(context, '/api/admin/subscribers', context.admin.token, 3, byEmail)).toEqual(chunks(newestFirst, 3));
  });
});

describe('GET /api/admin/orders pages', () => {
  it('pages through every customer\'s orders newest first, narrowed by status or by an order id or e-mail, with the total matching', async () => {
    const context = await arrange();
    const other = await context.signUp();
    const theirs = await placeOrders(context, other.token, 2);
    const mine = await placeOrders(context, context.buyer.token, 3);
    const paid = mine[1]!;
    expect(await context.store.orders.markPaid(paid, 'pi_1', new Date())).not.toBeNull();
    const page = (query: string) => context.call('GET', `/api/admin/orders?${query}`, { token: context.admin.token });

    const first = await page('limit=2');
    expect(first.status).toBe(200);
    expect(Object.keys(first.json).sort()).toEqual(['items', 'nextCursor', 'total']);
    expect(first.json.items.map(byId)).toEqual(mine.slice(0, 2));
    expect(first.json.total).toBe(5);
    const second = await page(`limit=2&cursor=${encodeURIComponent(first.json.nextCursor)}`);
    expect(second.json.items.map(byId)).toEqual([mine[2], theirs[0]]);
    expect((await page('')).json.items.map(byId)).toEqual([...mine, ...theirs]);

    const byEmail = await page(`q=${encodeURIComponent(other.email.toUpperCase())}`);
    expect(byEmail.json).toEqual({ items: expect.any(Array), nextCursor: null, total: 2 });
    expect(byEmail.json.items.map(byId)).toEqual(theirs);
    const byOrderId = await page(`q=${theirs[1]}`);
    expect(byOrderId.json.items.map(byId)).toEqual([theirs[1]]);
    expect(byOrderId.json.total).toBe(1);
    expect((await page('status=unpaid')).json).toEqual({ items: expect.any(Array), nextCursor: null, total: 4 });
    expect((await page('status=unpaid')).json.items.map(byId)).toEqual([mine[0], mine[2], ...theirs]);
    expect((await page('status=pending')).json.items.map(byId)).toEqual([paid]);
    expect((await page(`status=pending&q=${encodeURIComponent(other.email)}`)).json).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('refuses a status it does not know with a 400 naming the field', async () => {
    const context = await arrange();
    const response = await context.call('GET', '/api/admin/orders?status=lost', { token: context.admin.token });
    expect(response.status).toBe(400);
    expect(expectError(response.json).fields).toEqual({ status: expect.stringContaining('unpaid, pending, shipped') });
    expect((await context.call('GET', `/api/admin/orders?q=${'x'.repeat(255)}`, { token: context.admin.token })).status).toBe(400);
  });
});

describe('limit and cursor on the paged lists', () => {
  const LISTS: [path: string, caller: 'admin' | 'buyer'][] = [
    ['/api/orders', 'buyer'],
    ['/api/admin/users', 'admin'],
    ['/api/admin/messages', 'admin'],
    ['/api/admin/subscribers', 'admin'],
    ['/api/admin/orders', 'admin'],
  ];

  it('refuses a limit outside 1..100 with the same 400 as the product list', async () => {
    const context = await arrange();
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'limit=-3', `cursor=${'x'.repeat(1_001)}`]) {
      const catalogue = await context.call('GET', `/api/products?${query}`);
      expect(catalogue.status, query).toBe(400);
      for (const [path, caller] of LISTS) {
        const response = await context.call('GET', `${path}?${query}`, { token: context[caller].token });
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(expectError(response.json), `${path}?${query}`).toEqual(expectError(catalogue.json));
      }
    }
  });

  it('reads a cursor it did not hand out as the first page, never a 500', async () => {
    const context = await arrange();
    await placeOrders(context, context.buyer.token, 2);
    for (const [path, caller] of LISTS) {
      const token = context[caller].token;
      const first = await context.call('GET', path, { token });
      for (const cursor of ['%%%garbage', 'bm90LWEtY3Vyc29y', '']) {
        const response = await context.call('GET', `${path}?cursor=${encodeURIComponent(cursor)}`, { token });
        expect(response.status, `${path} ${cursor}`).toBe(200);
        expect(response.json).toEqual(first.json);
      }
    }
  });

  it('still answers 401 anonymous and 403 to customers before reading the query', async () => {
    const context = await arrange();
    for (const [path] of LISTS) {
      expect((await context.call('GET', `${path}?limit=0`)).status, path).toBe(401);
    }
    for (const [path] of LISTS.slice(1)) {
      expect((await context.call('GET', `${path}?limit=2`, { token: context.buyer.token })).status, path).toBe(403);
    }
  });
});
