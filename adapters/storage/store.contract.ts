import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '#domain/catalog/product.ts';
import type { Review } from '#domain/content/review.ts';
import type { User } from '#domain/identity/user.ts';
import type { Order } from '#domain/ordering/order.ts';
import type { Page, PageRequest } from '#domain/shared/page.ts';
import type { Store } from '#domain/store.ts';
import { unpaidOrderOf } from './order-fixture.ts';

export type OpenStore = () => Promise<{ store: Store; cleanup: () => Promise<void> }>;

/**
 * The one behaviour every Store adapter must show; memory, SQLite and Postgres run it unchanged.
 * Each test arranges its own data in a fresh store.
 */
export function describeStoreContract(name: string, open: OpenStore): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => {
      await cleanup();
    });

    const at = (ms: number): Date => new Date(Date.UTC(2026, 0, 1) + ms);

    const addProduct = (overrides: Partial<Product> = {}): Promise<Product> =>
      store.products.create({
        id: randomUUID(),
        name: 'Hex bolt M8',
        description: 'Zinc plated, 40 mm',
        imageUrl: 'https://img.example/bolt.png',
        priceCents: 125,
        stock: 1_000,
        createdAt: at(0),
        ...overrides,
      });

    const addUser = async (overrides: Partial<User> = {}): Promise<User> => {
      const created = await store.users.create({
        id: randomUUID(),
        email: `${randomUUID()}@example.com`,
        name: 'Ada Buyer',
        role: 'customer',
        emailVerified: false,
        passwordHash: 'hash',
        sessionVersion: 0,
        createdAt: at(0),
        ...overrides,
      });
      if (!created) throw new Error('arrange: user e-mail already taken');
      return created;
    };

    const newOrder = (product: Product, overrides: Partial<Order> = {}): Order =>
      unpaidOrderOf(product, { createdAt: at(1_000), ...overrides });

    const placeOk = async (order: Order): Promise<Order> => {
      const result = await store.orders.placeReservingStock(order);
      if (!result.ok) throw new Error(`arrange: reservation refused (${result.reason})`);
      return result.order;
    };

    const stockOf = async (productId: string): Promise<number | undefined> =>
      (await store.products.findById(productId))?.stock;

    /**
     * Follows `nextCursor` from the first page until it is null, as a client would, and returns
     * each page's keys. Stops after 20 pages so a cursor that never ends fails instead of hanging.
     */
    const walk = async <T>(
      list: (page: PageRequest) => Promise<Page<T>>,
      limit: number,
      keyOf: (row: T) => string = (row) => (row as T & { id: string }).id,
    ): Promise<string[][]> => {
      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const page: Page<T> = await list({ limit, cursor });
        pages.push(page.items.map(keyOf));
        cursor = page.nextCursor;
      } while (cursor !== null && pages.length < 20);
      return pages;
    };
    /**
     * Keys for rows sharing a timestamp: the first letter alone orders them (desc), the same in
     * JavaScript, in SQLite's binary collation and in any PostgreSQL collation.
     */
    const keyed = (letter: string): string => `${letter}-${randomUUID()}`;

    describe('products', () => {
      it('creates, finds, updates, counts and deletes a product', async () => {
        const created = await addProduct({ name: 'Torque wrench', priceCents: 4_999, stock: 300 });
        expect(created).toMatchObject({ name: 'Torque wrench', priceCents: 4_999, stock: 300 });
        expect(created.updatedAt.getTime()).toBe(created.createdAt.getTime());
        expect(await store.products.findById(created.id)).toEqual(created);
        expect(await store.products.count()).toBe(1);

        const updated = await store.products.update(created.id, { priceCents: 4_500, stock: 250 }, at(5_000));
        expect(updated).toMatchObject({ name: 'Torque wrench', priceCents: 4_500, stock: 250 });
        expect(updated?.updatedAt).toEqual(at(5_000));
        expect(updated?.createdAt).toEqual(created.createdAt);
        expect(await store.products.findById(created.id)).toEqual(updated);

        expect(await store.products.delete(created.id)).toBe(true);
        expect(await store.products.findById(created.id)).toBeNull();
        expect(await store.products.delete(created.id)).toBe(false);
        expect(await store.products.count()).toBe(0);
      });

      it('returns null when updating or finding an unknown product', async () => {
        expect(await store.products.findById(randomUUID())).toBeNull();
        expect(await store.products.update(randomUUID(), { name: 'x' }, at(1))).toBeNull();
      });

      it('refuses a second product with the same id and keeps the first (what the demo seed relies on)', async () => {
        const first = await addProduct({ name: 'First' });
        await expect(addProduct({ id: first.id, name: 'Second' })).rejects.toThrow();
        expect((await store.products.findById(first.id))?.name).toBe('First');
        expect(await store.products.count()).toBe(1);
      });

      it('lets the database refuse negative stock', async () => {
        await expect(addProduct({ stock: -1 })).rejects.toThrow();
        const product = await addProduct({ stock: 5 });
        await expect(store.products.update(product.id, { stock: -5 }, at(1))).rejects.toThrow();
        expect(await stockOf(product.id)).toBe(5);
        expect(await store.products.count()).toBe(1);
      });

      it('hands out copies, never its internal objects', async () => {
        const created = await addProduct({ stock: 500 });
        created.stock = 1;
        const found = await store.products.findById(created.id);
        expect(found?.stock).toBe(500);
        if (found) found.name = 'changed';
        expect((await store.products.findById(created.id))?.name).toBe('Hex bolt M8');
      });

      it('lists newest first over several pages without skipping or repeating equal timestamps', async () => {
        const created: Product[] = [];
        // Seven products share one timestamp so only the id tie-breaker keeps the pages stable.
        for (let i = 0; i < 11; i++) {
          created.push(await addProduct({ name: `P${i}`, createdAt: at(i < 7 ? 500 : i * 1_000) }));
        }
        const seen: Product[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const page = await store.products.list({ limit: 3, cursor });
          expect(page.items.length).toBeLessThanOrEqual(3);
          seen.push(...page.items);
          cursor = page.nextCursor;
          pages += 1;
        } while (cursor !== null && pages < 10);

        expect(pages).toBe(4);
        expect(seen).toHaveLength(11);
        expect(new Set(seen.map((p) => p.id)).size).toBe(11);
        const times = seen.map((p) => p.createdAt.getTime());
        expect(times).toEqual([...times].sort((a, b) => b - a));
        expect(seen.slice(0, 4).map((p) => p.name)).toEqual(['P10', 'P9', 'P8', 'P7']);
        expect(new Set(seen.map((p) => p.id))).toEqual(new Set(created.map((p) => p.id)));
      });

      it('returns the first page with no cursor when everything fits, and treats a garbage cursor as the start', async () => {
        await addProduct({ createdAt: at(1) });
        await addProduct({ createdAt: at(2) });
        const page = await store.products.list({ limit: 5 });
        expect(page.items).toHaveLength(2);
        expect(page.nextCursor).toBeNull();
        const garbage = await store.products.list({ limit: 5, cursor: '%%not-a-cursor%%' });
        expect(garbage.items.map((p) => p.id)).toEqual(page.items.map((p) => p.id));
      });
    });

    describe('users and profiles', () => {
      it('refuses a second account with the same e-mail in any letter case', async () => {
        const first = await addUser({ email: 'ada@example.com' });
        const duplicate = await store.users.create({ ...first, id: randomUUID(), email: 'ADA@Example.COM' });
        expect(duplicate).toBeNull();
        expect(await store.users.findByEmail('Ada@Example.com')).toEqual(first);
        expect((await store.users.list({ limit: 10 })).items).toHaveLength(1);
      });

      it('finds users by id', async () => {
        const user = await addUser();
        expect(await store.users.findById(user.id)).toEqual(user);
        expect(await store.users.findById(randomUUID())).toBeNull();
      });

      it('lists users newest first in pages, ties broken by id, the last page with a null cursor', async () => {
        const oldest = await addUser({ id: keyed('c'), createdAt: at(1_000) });
        const tiedLow = await addUser({ id: keyed('a'), createdAt: at(2_000) });
        const tiedHigh = await addUser({ id: keyed('b'), createdAt: at(2_000) });
        const newest = await addUser({ id: keyed('a'), createdAt: at(3_000) });
        const newestFirst = [newest.id, tiedHigh.id, tiedLow.id, oldest.id];
        expect(await walk((page) => store.users.list(page), 2)).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2)]);
        expect(await walk((page) => store.users.list(page), 3)).toEqual([newestFirst.slice(0, 3), newestFirst.slice(3)]);
        const all = await store.users.list({ limit: 10 });
        expect(all).toEqual({ items: [newest, tiedHigh, tiedLow, oldest], nextCursor: null });
        expect((await store.users.list({ limit: 10, cursor: '%%not-a-cursor%%' })).items).toEqual(all.items);
      });

      it('sets role, password hash, verification and bumps the session version', async () => {
        const user = await addUser();
        expect((await store.users.setRole(user.id, 'admin'))?.role).toBe('admin');
        expect((await store.users.setEmailVerified(user.id))?.emailVerified).toBe(true);
        expect((await store.users.bumpSessionVersion(user.id))?.sessionVersion).toBe(1);
        expect((await store.users.replacePassword(user.id, 'new-hash', 1))?.sessionVersion).toBe(2);
        expect(await store.users.findById(user.id)).toMatchObject({
          role: 'admin',
          passwordHash: 'new-hash',
          emailVerified: true,
          sessionVersion: 2,
        });
        expect(await store.users.setRole(randomUUID(), 'admin')).toBeNull();
        expect(await store.users.bumpSessionVersion(randomUUID())).toBeNull();
      });

      it('replaces a password only at the expected session version: of two at once, exactly one wins', async () => {
        const user = await addUser();
        const attempts = await Promise.all([
          store.users.replacePassword(user.id, 'hash-a', 0),
          store.users.replacePassword(user.id, 'hash-b', 0),
        ]);
        expect(attempts.filter((replaced) => replaced !== null)).toHaveLength(1);
        const winner = attempts.find((replaced) => replaced !== null)!;
        expect(await store.users.findById(user.id)).toMatchObject({ passwordHash: winner.passwordHash, sessionVersion: 1 });
        expect(await store.users.replacePassword(user.id, 'hash-c', 0)).toBeNull();
        expect(await store.users.replacePassword(randomUUID(), 'hash-d', 0)).toBeNull();
        expect((await store.users.findById(user.id))?.passwordHash).toBe(winner.passwordHash);
      });

      it('keeps a null password hash for Google-only accounts', async () => {
        const user = await addUser({ passwordHash: null });
        expect((await store.users.findById(user.id))?.passwordHash).toBeNull();
      });

      it('saves, replaces and finds a profile', async () => {
        const user = await addUser();
        expect(await store.users.findProfile(user.id)).toBeNull();
        const profile = {
          userId: user.id,
          imageUrl: 'https://img.example/me.png',
          phone: '+15550100',
          education: 'MIT',
          linkedin: 'https://linkedin.com/in/ada',
          facebook: '',
          address: '1 Dock Road',
          updatedAt: at(10),
        };
        expect(await store.users.saveProfile(profile)).toEqual(profile);
        const replaced = { ...profile, phone: '+15550199', updatedAt: at(20) };
        await store.users.saveProfile(replaced);
        expect(await store.users.findProfile(user.id)).toEqual(replaced);
      });

      it('deletes a user with their profile, keeping their orders and reviews', async () => {
        const user = await addUser();
        await store.users.saveProfile({
          userId: user.id, imageUrl: '', phone: '', education: '', linkedin: '', facebook: '', address: '', updatedAt: at(1),
        });
        const product = await addProduct();
        const order = await placeOk(newOrder(product, { userId: user.id }));
        const review = await store.reviews.create(newReview({ userId: user.id }));

        expect(await store.users.delete(user.id)).toBe(true);
        expect(await store.users.findById(user.id)).toBeNull();
        expect(await store.users.findProfile(user.id)).toBeNull();
        expect(await store.users.delete(user.id)).toBe(false);
        expect((await store.orders.findById(order.id))?.productName).toBe(product.name);
        const kept = (await store.reviews.list({ limit: 10 })).items;
        expect(kept.map((r) => r.id)).toEqual([review.id]);
        expect(kept[0]?.userId).toBeNull();
        // The e-mail is free again.
        expect(await store.users.create({ ...user, id: randomUUID() })).not.toBeNull();
      });
    });

    describe('placing orders', () => {
      it('reserves stock and stores the order with its product snapshot', async () => {
        const product = await addProduct({ stock: 1_000, priceCents: 250 });
        const order = newOrder(product, { quantity: 300, totalCents: 75_000, idempotencyKey: 'k-1' });
        const result = await store.orders.placeReservingStock(order);
        expect(result).toEqual({ ok: true, order });
        expect(await stockOf(product.id)).toBe(700);
        expect(await store.orders.findById(order.id)).toEqual(order);
        expect(await store.orders.findByIdempotencyKey(order.userId, 'k-1')).toEqual(order);
        expect(await store.orders.findByIdempotencyKey(order.userId, 'other')).toBeNull();
      });

      it('writes nothing when the stock is insufficient', async () => {
        const product = await addProduct({ stock: 150 });
        const order = newOrder(product, { quantity: 200 });
        expect(await store.orders.placeReservingStock(order)).toEqual({ ok: false, reason: 'insufficient-stock' });
        expect(await stockOf(product.id)).toBe(150);
        expect(await store.orders.findById(order.id)).toBeNull();
        expect(await store.orders.listAll()).toEqual([]);
      });

      it('sells exactly the stock on hand and refuses one more unit', async () => {
        const product = await addProduct({ stock: 100 });
        const tooMany = newOrder(product, { quantity: 101 });
        expect(await store.orders.placeReservingStock(tooMany)).toEqual({ ok: false, reason: 'insufficient-stock' });
        await placeOk(newOrder(product, { quantity: 100 }));
        expect(await stockOf(product.id)).toBe(0);
        expect(await store.orders.placeReservingStock(newOrder(product, { quantity: 100 }))).toEqual({
          ok: false,
          reason: 'insufficient-stock',
        });
        expect(await store.orders.listAll()).toHaveLength(1);
      });

      it('rolls the reservation back when the database refuses the order row', async () => {
        const product = await addProduct({ stock: 500 });
        // The schema's CHECK (quantity >= 100) fails on the insert, after the decrement ran.
        const order = newOrder(product, { quantity: 50 });
        await expect(store.orders.placeReservingStock(order)).rejects.toThrow();
        expect(await stockOf(product.id)).toBe(500);
        expect(await store.orders.findById(order.id)).toBeNull();
      });

      it('refuses an unknown product', async () => {
        const ghost = await addProduct();
        await store.products.delete(ghost.id);
        const order = newOrder(ghost);
        expect(await store.orders.placeReservingStock(order)).toEqual({ ok: false, reason: 'product-not-found' });
        expect(await store.orders.findById(order.id)).toBeNull();
      });

      it('refuses a repeated idempotency key of the same user without touching stock', async () => {
        const product = await addProduct({ stock: 1_000 });
        const first = await placeOk(newOrder(product, { idempotencyKey: 'same' }));
        const again = newOrder(product, { userId: first.userId, idempotencyKey: 'same' });
        expect(await store.orders.placeReservingStock(again)).toEqual({ ok: false, reason: 'duplicate-key' });
        expect(await stockOf(product.id)).toBe(900);
        expect(await store.orders.findById(again.id)).toBeNull();
        // Another user may use the same key, and orders without a key never collide.
        await placeOk(newOrder(product, { idempotencyKey: 'same' }));
        await placeOk(newOrder(product, { userId: first.userId }));
        await placeOk(newOrder(product, { userId: first.userId }));
        expect(await stockOf(product.id)).toBe(600);
      });

      it('accepts exactly one of several concurrent orders sharing an idempotency key', async () => {
        const product = await addProduct({ stock: 5_000 });
        const userId = randomUUID();
        const results = await Promise.all(
          Array.from({ length: 10 }, () =>
            store.orders.placeReservingStock(newOrder(product, { userId, idempotencyKey: 'double-click' })),
          ),
        );
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        expect(results.filter((r) => !r.ok && r.reason === 'duplicate-key')).toHaveLength(9);
        expect(await stockOf(product.id)).toBe(4_900);
        expect((await store.orders.listByUser(userId, { limit: 10 })).items).toHaveLength(1);
      });

      it('lists orders newest first, all and per user', async () => {
        const product = await addProduct({ stock: 1_000 });
        const userId = randomUUID();
        const old = await placeOk(newOrder(product, { userId, createdAt: at(1) }));
        const recent = await placeOk(newOrder(product, { userId, createdAt: at(3) }));
        const foreign = await placeOk(newOrder(product, { createdAt: at(2) }));
        expect(await store.orders.listByUser(userId, { limit: 10 })).toEqual({ items: [recent, old], nextCursor: null });
        expect((await store.orders.listAll()).map((o) => o.id)).toEqual([recent.id, foreign.id, old.id]);
        expect(await store.orders.listByUser(randomUUID(), { limit: 10 })).toEqual({ items: [], nextCursor: null });
      });

      it("pages through one user's orders newest first, ties broken by id, never showing another user's", async () => {
        const product = await addProduct({ stock: 10_000 });
        const userId = randomUUID();
        const mine = (letter: string, ms: number) => placeOk(newOrder(product, { id: keyed(letter), userId, createdAt: at(ms) }));
        const first = await mine('a', 1);
        const tiedLow = await mine('a', 2);
        const tiedHigh = await mine('b', 2);
        const fourth = await mine('c', 3);
        const newest = await mine('a', 4);
        // Another buyer's orders sit between and around ours, with the same and newer timestamps.
        await placeOk(newOrder(product, { id: keyed('z'), createdAt: at(2) }));
        await placeOk(newOrder(product, { id: keyed('z'), createdAt: at(5) }));

        const newestFirst = [newest.id, fourth.id, tiedHigh.id, tiedLow.id, first.id];
        expect(await walk((page) => store.orders.listByUser(userId, page), 2)).toEqual([
          newestFirst.slice(0, 2),
          newestFirst.slice(2, 4),
          newestFirst.slice(4),
        ]);
        expect(await walk((page) => store.orders.listByUser(userId, page), 5)).toEqual([newestFirst]);
        const second = await store.orders.listByUser(userId, { limit: 2, cursor: (await store.orders.listByUser(userId, { limit: 2 })).nextCursor });
        expect(second.items).toEqual([tiedHigh, tiedLow]);
        expect(second.nextCursor).toEqual(expect.any(String));
      });

      it('never oversells under 200 concurrent reservations', async () => {
        const product = await addProduct({ stock: 5_000 });
        const attempts = Array.from({ length: 200 }, () =>
          store.orders.placeReservingStock(newOrder(product, { quantity: 100 })),
        );
        const results = await Promise.all(attempts);
        const succeeded = results.filter((r) => r.ok).length;
        expect(succeeded).toBe(50);
        expect(results.filter((r) => !r.ok && r.reason === 'insufficient-stock')).toHaveLength(150);
        expect(await stockOf(product.id)).toBe(0);
        expect(await store.orders.listAll()).toHaveLength(50);
      });
    });

    describe('order lifecycle', () => {
      it('counts orders by status, products below a stock level and contact messages (the admin overview)', async () => {
        const low = await addProduct({ stock: 200 });
        await addProduct({ stock: 99 });
        await addProduct({ stock: 5_000 });
        const paid = await placeOk(newOrder(low, { quantity: 100 })); // leaves 100 in stock
        await store.orders.markPaid(paid.id, 'pi_1', at(2_000));
        const shipped = await placeOk(newOrder(low, { quantity: 100 })); // leaves 0
        await store.orders.markPaid(shipped.id, 'pi_2', at(2_000));
        await store.orders.markShipped(shipped.id, at(3_000));
        const big = await addProduct({ stock: 1_000 });
        await placeOk(newOrder(big, { quantity: 100 }));
        await placeOk(newOrder(big, { quantity: 100 }));
        expect(await store.orders.countByStatus('unpaid')).toBe(2);
        expect(await store.orders.countByStatus('pending')).toBe(1);
        expect(await store.orders.countByStatus('shipped')).toBe(1);
        expect(await store.products.countBelowStock(100)).toBe(2); // 99 and the one sold down to 0
        expect(await store.products.countBelowStock(1)).toBe(1);
        expect(await store.inbox.countContactMessages()).toBe(0);
        for (const n of [1, 2, 3]) {
          await store.inbox.addContactMessage({ id: randomUUID(), name: `N${n}`, email: 'n@example.com', message: 'Hello', createdAt: at(n) });
        }
        expect(await store.inbox.countContactMessages()).toBe(3);
      });

      it('deletes an unpaid order and returns its units', async () => {
        const product = await addProduct({ stock: 500 });
        const order = await placeOk(newOrder(product, { quantity: 200 }));
        expect(await stockOf(product.id)).toBe(300);
        expect(await store.orders.deleteUnpaidReturningStock(order.id)).toBe(true);
        expect(await stockOf(product.id)).toBe(500);
        expect(await store.orders.findById(order.id)).toBeNull();
        expect(await store.orders.deleteUnpaidReturningStock(order.id)).toBe(false);
        expect(await stockOf(product.id)).toBe(500);
      });

      it('refuses to delete a paid order and changes nothing', async () => {
        const product = await addProduct({ stock: 500 });
        const order = await placeOk(newOrder(product, { quantity: 200 }));
        const paid = await store.orders.markPaid(order.id, 'pi_123', at(2_000));
        expect(await store.orders.deleteUnpaidReturningStock(order.id)).toBe(false);
        expect(await store.orders.findById(order.id)).toEqual(paid);
        expect(await stockOf(product.id)).toBe(300);
      });

      it('deletes an unpaid order whose product is gone', async () => {
        const product = await addProduct({ stock: 500 });
        const order = await placeOk(newOrder(product));
        await store.products.delete(product.id);
        expect(await store.orders.deleteUnpaidReturningStock(order.id)).toBe(true);
        expect(await store.orders.findById(order.id)).toBeNull();
      });

      it('marks an order paid only once, from unpaid', async () => {
        const product = await addProduct();
        const order = await placeOk(newOrder(product));
        const paid = await store.orders.markPaid(order.id, 'pi_1', at(2_000));
        expect(paid).toEqual({ ...order, status: 'pending', transactionId: 'pi_1', paidAt: at(2_000) });
        expect(await store.orders.markPaid(order.id, 'pi_2', at(3_000))).toBeNull();
        expect(await store.orders.findById(order.id)).toEqual(paid);
        expect(await store.orders.markPaid(randomUUID(), 'pi_3', at(1))).toBeNull();
      });

      it('marks an order shipped only from pending', async () => {
        const product = await addProduct();
        const order = await placeOk(newOrder(product));
        expect(await store.orders.markShipped(order.id, at(4_000))).toBeNull();
        expect((await store.orders.findById(order.id))?.status).toBe('unpaid');
        await store.orders.markPaid(order.id, 'pi_1', at(2_000));
        const shipped = await store.orders.markShipped(order.id, at(4_000));
        expect(shipped).toMatchObject({ status: 'shipped', shippedAt: at(4_000), transactionId: 'pi_1' });
        expect(await store.orders.markShipped(order.id, at(5_000))).toBeNull();
        expect((await store.orders.findById(order.id))?.shippedAt).toEqual(at(4_000));
      });

      it('keeps the order snapshot when its product is deleted', async () => {
        const product = await addProduct({ name: 'Anchor bolt', priceCents: 90 });
        const order = await placeOk(newOrder(product));
        expect(await store.products.delete(product.id)).toBe(true);
        const kept = await store.orders.findById(order.id);
        expect(kept).toEqual({ ...order, productId: null });
        expect(kept).toMatchObject({ productName: 'Anchor bolt', unitPriceCents: 90 });
      });
    });

    const newReview = (overrides: Partial<Review> = {}): Review => ({
      id: randomUUID(),
      userId: null,
      name: 'Grace',
      imageUrl: '',
      country: 'USA',
      rating: 5,
      comment: 'Fast delivery',
      createdAt: at(0),
      ...overrides,
    });

    describe('reviews and inbox', () => {
      it('lists reviews newest first in pages and deletes them', async () => {
        const old = await store.reviews.create(newReview({ createdAt: at(1), rating: 3 }));
        const mid = await store.reviews.create(newReview({ createdAt: at(2) }));
        const recent = await store.reviews.create(newReview({ createdAt: at(3) }));
        const first = await store.reviews.list({ limit: 2 });
        expect(first.items.map((r) => r.id)).toEqual([recent.id, mid.id]);
        const second = await store.reviews.list({ limit: 2, cursor: first.nextCursor });
        expect(second).toEqual({ items: [old], nextCursor: null });
        expect(await store.reviews.delete(mid.id)).toBe(true);
        expect(await store.reviews.delete(mid.id)).toBe(false);
        expect((await store.reviews.list({ limit: 10 })).items.map((r) => r.id)).toEqual([recent.id, old.id]);
      });

      it('keeps the first subscription when an e-mail subscribes twice', async () => {
        const first = await store.inbox.subscribe({ email: 'news@example.com', createdAt: at(1) });
        const again = await store.inbox.subscribe({ email: 'News@Example.com', createdAt: at(2) });
        expect(again).toEqual(first);
        await store.inbox.subscribe({ email: 'other@example.com', createdAt: at(3) });
        expect(await store.inbox.listSubscribers({ limit: 10 })).toEqual({
          items: [{ email: 'other@example.com', createdAt: at(3) }, first],
          nextCursor: null,
        });
      });

      it('lists subscribers newest first in pages, ties broken by e-mail, the last page with a null cursor', async () => {
        const subscribe = (email: string, ms: number) => store.inbox.subscribe({ email, createdAt: at(ms) });
        const oldest = await subscribe('c@example.com', 1);
        const tiedLow = await subscribe('a@example.com', 2);
        const tiedHigh = await subscribe('b@example.com', 2);
        const newer = await subscribe('d@example.com', 3);
        // The key is the whole e-mail, so a cursor may carry one of the longest allowed.
        const newest = await subscribe(`${'x'.repeat(64)}@${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.com`, 4);
        const newestFirst = [newest, newer, tiedHigh, tiedLow, oldest].map((s) => s.email);
        const emailOf = (subscriber: { email: string }) => subscriber.email;
        expect(await walk((page) => store.inbox.listSubscribers(page), 2, emailOf)).toEqual([
          newestFirst.slice(0, 2),
          newestFirst.slice(2, 4),
          newestFirst.slice(4),
        ]);
        expect(await walk((page) => store.inbox.listSubscribers(page), 1, emailOf)).toEqual(newestFirst.map((email) => [email]));
        expect(await store.inbox.listSubscribers({ limit: 10 })).toEqual({ items: [newest, newer, tiedHigh, tiedLow, oldest], nextCursor: null });
      });

      it('lists contact messages newest first in pages, ties broken by id, the last page with a null cursor', async () => {
        const message = (letter: string, ms: number) =>
          store.inbox.addContactMessage({ id: keyed(letter), name: 'Lin', email: 'lin@example.com', message: `hello ${ms}`, createdAt: at(ms) });
        const old = await message('b', 1);
        const tiedLow = await message('a', 2);
        const tiedHigh = await message('c', 2);
        const recent = await message('a', 3);
        const newestFirst = [recent.id, tiedHigh.id, tiedLow.id, old.id];
        expect(await walk((page) => store.inbox.listContactMessages(page), 2)).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2)]);
        expect(await walk((page) => store.inbox.listContactMessages(page), 3)).toEqual([newestFirst.slice(0, 3), newestFirst.slice(3)]);
        expect(await store.inbox.listContactMessages({ limit: 10 })).toEqual({ items: [recent, tiedHigh, tiedLow, old], nextCursor: null });
        expect(await store.inbox.listContactMessages({ limit: 1, cursor: '%%not-a-cursor%%' })).toEqual({
          items: [recent],
          nextCursor: expect.any(String),
        });
      });
    });

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
