import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewOrder } from '#domain/ordering/order.ts';
import type { StoreHarness } from './store-harness.ts';

/** OrderRepository: the atomic reservation, idempotency, newest-first pages, the order lifecycle. */
export function describeOrderContract(h: StoreHarness): void {
  describe('placing orders', () => {
    it('reserves stock and stores the order with its lines and its number', async () => {
      const product = await h.addProduct({ stock: 1_000, priceCents: 250 });
      const order = h.newOrder(product, { quantity: 300, idempotencyKey: 'k-1', poNumber: 'PO-4411', note: 'Dock 2' });
      const placed = { ...order, number: `BH-${order.createdAt.getUTCFullYear()}-000001`, companyId: null, approval: null, refundedCents: 0, carrier: null, trackingNumber: null, invoiceNumber: null };
      const result = await h.store.orders.placeReservingStock(order);
      expect(result).toEqual({ ok: true, value: placed });
      expect(await h.stockOf(product.id)).toBe(700);
      expect(await h.store.orders.findById(order.id)).toEqual(placed);
      expect(await h.store.orders.findByIdempotencyKey(order.userId, 'k-1')).toEqual(placed);
      expect(await h.store.orders.findByIdempotencyKey(order.userId, 'other')).toBeNull();
    });

    it('writes nothing when the stock is insufficient', async () => {
      const product = await h.addProduct({ stock: 150 });
      const order = h.newOrder(product, { quantity: 200 });
      expect(await h.store.orders.placeReservingStock(order)).toEqual({ ok: false, error: { code: 'insufficient-stock', short: [{ index: 0, available: 150 }] } });
      expect(await h.stockOf(product.id)).toBe(150);
      expect(await h.store.orders.findById(order.id)).toBeNull();
      expect(await h.store.orders.count({})).toBe(0);
    });

    it('sells exactly the stock on hand and refuses one more unit', async () => {
      const product = await h.addProduct({ stock: 100 });
      const tooMany = h.newOrder(product, { quantity: 101 });
      expect(await h.store.orders.placeReservingStock(tooMany)).toEqual({ ok: false, error: { code: 'insufficient-stock', short: [{ index: 0, available: 100 }] } });
      await h.placeOk(h.newOrder(product, { quantity: 100 }));
      expect(await h.stockOf(product.id)).toBe(0);
      expect(await h.store.orders.placeReservingStock(h.newOrder(product, { quantity: 100 }))).toEqual({
        ok: false,
        error: { code: 'insufficient-stock', short: [{ index: 0, available: 0 }] },
      });
      expect(await h.store.orders.count({})).toBe(1);
    });

    it('rolls the reservation back when the database refuses the order row', async () => {
      const product = await h.addProduct({ stock: 500 });
      // The schema's CHECK (a line's quantity >= 100) fails on the insert, after the decrement ran.
      const order = h.newOrder(product, { quantity: 50 });
      await expect(h.store.orders.placeReservingStock(order)).rejects.toThrow();
      expect(await h.stockOf(product.id)).toBe(500);
      expect(await h.store.orders.findById(order.id)).toBeNull();
    });

    it('refuses an unknown product', async () => {
      const ghost = await h.addProduct();
      await h.store.products.delete(ghost.id);
      const order = h.newOrder(ghost);
      expect(await h.store.orders.placeReservingStock(order)).toEqual({ ok: false, error: { code: 'product-not-found', index: 0 } });
      expect(await h.store.orders.findById(order.id)).toBeNull();
    });

    it('refuses a repeated idempotency key of the same user without touching stock', async () => {
      const product = await h.addProduct({ stock: 1_000 });
      const first = await h.placeOk(h.newOrder(product, { idempotencyKey: 'same' }));
      const again = h.newOrder(product, { userId: first.userId, idempotencyKey: 'same' });
      expect(await h.store.orders.placeReservingStock(again)).toEqual({ ok: false, error: { code: 'duplicate-key' } });
      expect(await h.stockOf(product.id)).toBe(900);
      expect(await h.store.orders.findById(again.id)).toBeNull();
      // Another user may use the same key, and orders without a key never collide.
      await h.placeOk(h.newOrder(product, { idempotencyKey: 'same' }));
      await h.placeOk(h.newOrder(product, { userId: first.userId }));
      await h.placeOk(h.newOrder(product, { userId: first.userId }));
      expect(await h.stockOf(product.id)).toBe(600);
    });

    it('accepts exactly one of several concurrent orders sharing an idempotency key', async () => {
      const product = await h.addProduct({ stock: 5_000 });
      const userId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          h.store.orders.placeReservingStock(h.newOrder(product, { userId, idempotencyKey: 'double-click' })),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.error.code === 'duplicate-key')).toHaveLength(9);
      expect(await h.stockOf(product.id)).toBe(4_900);
      expect((await h.store.orders.listByUser(userId, { limit: 10 })).items).toHaveLength(1);
    });

    it('reserves every line or none: each short line named with what its product holds', async () => {
      const [a, b, c] = [await h.addProduct({ stock: 1_000 }), await h.addProduct({ stock: 150 }), await h.addProduct({ stock: 120 })];
      const tooMuch = h.newOrder([a, b, c], { lines: [a, b, c].map((product, index) => ({ ...h.newOrder(product).lines[0]!, quantity: [500, 200, 300][index]! })) });
      expect(await h.store.orders.placeReservingStock(tooMuch)).toEqual({
        ok: false,
        error: { code: 'insufficient-stock', short: [{ index: 1, available: 150 }, { index: 2, available: 120 }] },
      });
      expect([await h.stockOf(a.id), await h.stockOf(b.id), await h.stockOf(c.id)]).toEqual([1_000, 150, 120]);
      expect(await h.store.orders.findById(tooMuch.id)).toBeNull();

      const fits = h.newOrder([a, b, c], { quantity: 100 });
      const placed = await h.placeOk(fits);
      expect(placed.lines.map((line) => line.productId)).toEqual([a.id, b.id, c.id]);
      expect(await h.store.orders.findById(fits.id)).toEqual(placed);
      expect([await h.stockOf(a.id), await h.stockOf(b.id), await h.stockOf(c.id)]).toEqual([900, 50, 20]);
      // Deleting the unpaid order puts every line back.
      expect(await h.store.orders.deleteUnpaidReturningStock(fits.id)).toBe(true);
      expect([await h.stockOf(a.id), await h.stockOf(b.id), await h.stockOf(c.id)]).toEqual([1_000, 150, 120]);
    });

    it('refuses a line whose product is gone, naming it, and reserves nothing', async () => {
      const [kept, ghost] = [await h.addProduct({ stock: 500 }), await h.addProduct()];
      await h.store.products.delete(ghost.id);
      const order = h.newOrder([kept, ghost]);
      expect(await h.store.orders.placeReservingStock(order)).toEqual({ ok: false, error: { code: 'product-not-found', index: 1 } });
      expect(await h.stockOf(kept.id)).toBe(500);
    });

    it('numbers orders one after another, never twice, even when placed at once', async () => {
      const product = await h.addProduct({ stock: 100_000 });
      const placed = await Promise.all(Array.from({ length: 20 }, () => h.placeOk(h.newOrder(product))));
      const year = placed[0]!.createdAt.getUTCFullYear();
      expect(placed.map((order) => order.number).sort()).toEqual(Array.from({ length: 20 }, (_, n) => `BH-${year}-${String(n + 1).padStart(6, '0')}`));
      // A new year starts again at 1.
      const next = await h.placeOk(h.newOrder(product, { createdAt: new Date(Date.UTC(year + 1, 0, 1)) }));
      expect(next.number).toBe(`BH-${year + 1}-000001`);
    });

    it('lists orders newest first, all and per user', async () => {
      const product = await h.addProduct({ stock: 1_000 });
      const userId = randomUUID();
      const old = await h.placeOk(h.newOrder(product, { userId, createdAt: h.at(1) }));
      const recent = await h.placeOk(h.newOrder(product, { userId, createdAt: h.at(3) }));
      const foreign = await h.placeOk(h.newOrder(product, { createdAt: h.at(2) }));
      expect(await h.store.orders.listByUser(userId, { limit: 10 })).toEqual({ items: [recent, old], nextCursor: null });
      expect((await h.store.orders.listAll({}, { limit: 10 })).items.map((o) => o.id)).toEqual([recent.id, foreign.id, old.id]);
      expect(await h.store.orders.listByUser(randomUUID(), { limit: 10 })).toEqual({ items: [], nextCursor: null });
    });

    it("pages through one user's orders newest first, ties broken by id, never showing another user's", async () => {
      const product = await h.addProduct({ stock: 10_000 });
      const userId = randomUUID();
      const mine = (letter: string, ms: number) => h.placeOk(h.newOrder(product, { id: h.keyed(letter), userId, createdAt: h.at(ms) }));
      const first = await mine('a', 1);
      const tiedLow = await mine('a', 2);
      const tiedHigh = await mine('b', 2);
      const fourth = await mine('c', 3);
      const newest = await mine('a', 4);
      // Another buyer's orders sit between and around ours, with the same and newer timestamps.
      await h.placeOk(h.newOrder(product, { id: h.keyed('z'), createdAt: h.at(2) }));
      await h.placeOk(h.newOrder(product, { id: h.keyed('z'), createdAt: h.at(5) }));

      const newestFirst = [newest.id, fourth.id, tiedHigh.id, tiedLow.id, first.id];
      expect(await h.walk((page) => h.store.orders.listByUser(userId, page), 2)).toEqual([
        newestFirst.slice(0, 2),
        newestFirst.slice(2, 4),
        newestFirst.slice(4),
      ]);
      expect(await h.walk((page) => h.store.orders.listByUser(userId, page), 5)).toEqual([newestFirst]);
      const second = await h.store.orders.listByUser(userId, { limit: 2, cursor: (await h.store.orders.listByUser(userId, { limit: 2 })).nextCursor });
      expect(second.items).toEqual([tiedHigh, tiedLow]);
      expect(second.nextCursor).toEqual(expect.any(String));
    });

    it("pages the admins' list of every order newest first, narrowed by status and by an order id, number, e-mail or PO number, with matching counts", async () => {
      const product = await h.addProduct({ stock: 10_000 });
      const place = (letter: string, ms: number, overrides: Partial<NewOrder> = {}) =>
        h.placeOk(h.newOrder(product, { id: h.keyed(letter), createdAt: h.at(ms), ...overrides }));
      const oldest = await place('a', 1, { email: 'Mia@Example.com' });
      const tiedLow = await place('a', 2);
      const tiedHigh = await place('b', 2, { email: 'mia@example.com' });
      const paid = await place('c', 3, { poNumber: 'PO-2026-17' });
      await h.store.orders.markPaid(paid.id, 'pi_1', h.at(4));
      const newest = await place('d', 5, { email: 'other@example.com' });

      const all = [newest.id, paid.id, tiedHigh.id, tiedLow.id, oldest.id];
      expect(await h.walk((page) => h.store.orders.listAll({}, page), 2)).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4)]);
      expect(await h.store.orders.count({})).toBe(5);

      expect(await h.walk((page) => h.store.orders.listAll({ status: 'unpaid' }, page), 3)).toEqual([
        [newest.id, tiedHigh.id, tiedLow.id],
        [oldest.id],
      ]);
      expect(await h.store.orders.count({ status: 'unpaid' })).toBe(4);
      expect((await h.store.orders.listAll({ status: 'pending' }, { limit: 10 })).items).toEqual([{ ...paid, status: 'pending', transactionId: 'pi_1', paidAt: h.at(4), invoiceNumber: expect.stringMatching(/^INV-/) }]);
      expect(await h.store.orders.count({ status: 'shipped' })).toBe(0);

      // The e-mail matches whatever its case; the id exactly; the status narrows the match further.
      expect(await h.walk((page) => h.store.orders.listAll({ q: 'MIA@example.COM' }, page), 1)).toEqual([[tiedHigh.id], [oldest.id]]);
      expect(await h.store.orders.count({ q: 'mia@example.com' })).toBe(2);
      expect((await h.store.orders.listAll({ q: paid.id }, { limit: 10 })).items.map((o) => o.id)).toEqual([paid.id]);
      expect(await h.store.orders.count({ q: paid.id, status: 'unpaid' })).toBe(0);
      expect(await h.store.orders.count({ q: 'mia@example.com', status: 'unpaid' })).toBe(2);
      // The order number whatever its case, the PO number as written.
      expect((await h.store.orders.listAll({ q: paid.number.toLowerCase() }, { limit: 10 })).items.map((o) => o.id)).toEqual([paid.id]);
      expect(await h.store.orders.count({ q: paid.number })).toBe(1);
      expect((await h.store.orders.listAll({ q: 'PO-2026-17' }, { limit: 10 })).items.map((o) => o.id)).toEqual([paid.id]);
      // Not a substring search: part of an id or an e-mail matches nothing.
      expect(await h.store.orders.count({ q: paid.id.slice(0, 8) })).toBe(0);
      expect((await h.store.orders.listAll({ q: 'mia' }, { limit: 10 })).items).toEqual([]);
    });

    it('finds an order by any tail of its number and by the start of its PO number, for admins and among a buyer’s own orders', async () => {
      const product = await h.addProduct({ stock: 10_000 });
      const place = (letter: string, ms: number, overrides: Partial<NewOrder> = {}) =>
        h.placeOk(h.newOrder(product, { id: h.keyed(letter), createdAt: h.at(ms), ...overrides }));
      const orders = [];
      for (let i = 0; i < 12; i++) orders.push(await place(String.fromCharCode(97 + i), i, { userId: i === 10 ? 'buyer-other' : 'buyer-tails', poNumber: i === 11 ? 'PO-2026-118' : i === 10 ? 'PO-2026-11' : null }));
      const year = orders[0]!.number.slice(3, 7);
      const ids = (page: { items: { id: string }[] }) => page.items.map((order) => order.id);
      // BH-YYYY-000001 …; the first is found by every tail, the tenth's "10" tail also ends nothing else.
      for (const tail of ['000001', `${year}-000001`, `BH-${year}-000001`, `bh-${year}-000001`, '-000001']) {
        expect(ids(await h.store.orders.listAll({ q: tail }, { limit: 10 })), tail).toEqual([orders[0]!.id]);
      }
      expect(ids(await h.store.orders.listAll({ q: '10' }, { limit: 10 }))).toEqual([orders[9]!.id]);
      // "1" ends the 1st and the 11th: newest first, counted alike, narrowed by status too.
      expect(ids(await h.store.orders.listAll({ q: '1' }, { limit: 10 }))).toEqual([orders[10]!.id, orders[0]!.id]);
      expect(await h.store.orders.count({ q: '1' })).toBe(2);
      expect(await h.store.orders.count({ q: '1', status: 'pending' })).toBe(0);
      // Not the middle of a number: "2026-00000" ends none.
      expect(await h.store.orders.count({ q: `${year}-00000` })).toBe(0);
      // The start of a PO number, as written.
      expect(ids(await h.store.orders.listAll({ q: 'PO-2026-11' }, { limit: 10 }))).toEqual([orders[11]!.id, orders[10]!.id]);
      expect(ids(await h.store.orders.listAll({ q: 'PO-2026-118' }, { limit: 10 }))).toEqual([orders[11]!.id]);
      expect(await h.store.orders.count({ q: '2026-118' })).toBe(0);
      // A buyer finds among their own orders only.
      expect(ids(await h.store.orders.listByUser('buyer-tails', { limit: 10 }, { q: '1' }))).toEqual([orders[0]!.id]);
      expect(ids(await h.store.orders.listByUser('buyer-other', { limit: 10 }, { q: '000001' }))).toEqual([]);
      expect(ids(await h.store.orders.listByUser('buyer-tails', { limit: 10 }, { q: 'PO-2026-11' }))).toEqual([orders[11]!.id]);
      expect(await h.walk((page) => h.store.orders.listByUser('buyer-tails', page, { q: `${year}-0000` }), 2)).toEqual([[]]);
      expect(await h.walk((page) => h.store.orders.listByUser('buyer-tails', page, {}), 20)).toEqual([orders.filter((_, i) => i !== 10).map((o) => o.id).reverse()]);
    });

    it('never oversells under 200 concurrent reservations', async () => {
      const product = await h.addProduct({ stock: 5_000 });
      const attempts = Array.from({ length: 200 }, () =>
        h.store.orders.placeReservingStock(h.newOrder(product, { quantity: 100 })),
      );
      const results = await Promise.all(attempts);
      const succeeded = results.filter((r) => r.ok).length;
      expect(succeeded).toBe(50);
      expect(results.filter((r) => !r.ok && r.error.code === 'insufficient-stock')).toHaveLength(150);
      expect(await h.stockOf(product.id)).toBe(0);
      expect(await h.store.orders.count({})).toBe(50);
    });
  });

  describe('order lifecycle', () => {
    it('counts orders by status, products below a stock level and contact messages (the admin overview)', async () => {
      const low = await h.addProduct({ stock: 200 });
      await h.addProduct({ stock: 99 });
      await h.addProduct({ stock: 5_000 });
      const paid = await h.placeOk(h.newOrder(low, { quantity: 100 })); // leaves 100 in stock
      await h.store.orders.markPaid(paid.id, 'pi_1', h.at(2_000));
      const shipped = await h.placeOk(h.newOrder(low, { quantity: 100 })); // leaves 0
      await h.store.orders.markPaid(shipped.id, 'pi_2', h.at(2_000));
      await h.store.orders.markShipped(shipped.id, h.at(3_000), { carrier: null, trackingNumber: null });
      const big = await h.addProduct({ stock: 1_000 });
      const dropped = await h.placeOk(h.newOrder(big, { quantity: 100 }));
      await h.placeOk(h.newOrder(big, { quantity: 100 }));
      await h.placeOk(h.newOrder(big, { quantity: 100 }));
      expect(await h.store.orders.deleteUnpaidReturningStock(dropped.id)).toBe(true);
      expect(await h.store.orders.count({ status: 'unpaid' })).toBe(2);
      expect(await h.store.orders.count({ status: 'pending' })).toBe(1);
      expect(await h.store.orders.count({ status: 'shipped' })).toBe(1);
      expect(await h.store.orders.count({})).toBe(4);
      expect(await h.store.products.countBelowStock(100)).toBe(2); // 99 and the one sold down to 0
      expect(await h.store.products.countBelowStock(1)).toBe(1);
      expect(await h.store.inbox.countContactMessages()).toBe(0);
      for (const n of [1, 2, 3]) {
        await h.store.inbox.addContactMessage({ id: randomUUID(), name: `N${n}`, email: 'n@example.com', message: 'Hello', createdAt: h.at(n), readAt: null });
      }
      expect(await h.store.inbox.countContactMessages()).toBe(3);
    });

    it('deletes an unpaid order and returns its units', async () => {
      const product = await h.addProduct({ stock: 500 });
      const order = await h.placeOk(h.newOrder(product, { quantity: 200 }));
      expect(await h.stockOf(product.id)).toBe(300);
      expect(await h.store.orders.deleteUnpaidReturningStock(order.id)).toBe(true);
      expect(await h.stockOf(product.id)).toBe(500);
      expect(await h.store.orders.findById(order.id)).toBeNull();
      expect(await h.store.orders.deleteUnpaidReturningStock(order.id)).toBe(false);
      expect(await h.stockOf(product.id)).toBe(500);
    });

    it('refuses to delete a paid order and changes nothing', async () => {
      const product = await h.addProduct({ stock: 500 });
      const order = await h.placeOk(h.newOrder(product, { quantity: 200 }));
      const paid = await h.store.orders.markPaid(order.id, 'pi_123', h.at(2_000));
      expect(await h.store.orders.deleteUnpaidReturningStock(order.id)).toBe(false);
      expect(await h.store.orders.findById(order.id)).toEqual(paid);
      expect(await h.stockOf(product.id)).toBe(300);
    });

    it('deletes an unpaid order whose product is gone', async () => {
      const product = await h.addProduct({ stock: 500 });
      const order = await h.placeOk(h.newOrder(product));
      await h.store.products.delete(product.id);
      expect(await h.store.orders.deleteUnpaidReturningStock(order.id)).toBe(true);
      expect(await h.store.orders.findById(order.id)).toBeNull();
    });

    it('marks an order paid only once, from unpaid', async () => {
      const product = await h.addProduct();
      const order = await h.placeOk(h.newOrder(product));
      const paid = await h.store.orders.markPaid(order.id, 'pi_1', h.at(2_000));
      expect(paid).toEqual({ ...order, status: 'pending', transactionId: 'pi_1', paidAt: h.at(2_000), invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{6}$/) });
      expect(await h.store.orders.markPaid(order.id, 'pi_2', h.at(3_000))).toBeNull();
      expect(await h.store.orders.findById(order.id)).toEqual(paid);
      expect(await h.store.orders.markPaid(randomUUID(), 'pi_3', h.at(1))).toBeNull();
    });

    it('narrows the admins’ list and count to the orders placed in a period [from, before)', async () => {
      const product = await h.addProduct({ stock: 10_000 });
      const placed = [];
      for (const ms of [1_000, 2_000, 2_999, 3_000]) placed.push(await h.placeOk(h.newOrder(product, { createdAt: h.at(ms) })));
      const search = { placed: { from: h.at(2_000), before: h.at(3_000) } };
      expect(await h.walk((page) => h.store.orders.listAll(search, page), 1)).toEqual([[placed[2]!.id], [placed[1]!.id]]);
      expect(await h.store.orders.count(search)).toBe(2);
      await h.store.orders.markPaid(placed[1]!.id, 'pi_1', h.at(4_000));
      expect(await h.store.orders.count({ ...search, status: 'pending' })).toBe(1);
      expect((await h.store.orders.listAll({ ...search, status: 'unpaid' }, { limit: 10 })).items.map((o) => o.id)).toEqual([placed[2]!.id]);
    });

    it('gives each paid order the next invoice number, none twice and none skipped, even when many are paid at once', async () => {
      const product = await h.addProduct({ stock: 100_000 });
      const placed = await Promise.all(Array.from({ length: 12 }, () => h.placeOk(h.newOrder(product))));
      expect(placed.map((order) => order.invoiceNumber)).toEqual(placed.map(() => null));
      const paidAt = new Date('2031-03-01T10:00:00Z');
      // A second payment of the same order must not take a number either.
      const paid = await Promise.all([...placed, ...placed.slice(0, 4)].map((order, i) => h.store.orders.markPaid(order.id, `pi_${i}`, paidAt)));
      const numbers = paid.flatMap((order) => (order ? [order.invoiceNumber] : []));
      expect(numbers.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `INV-2031-${String(i + 1).padStart(6, '0')}`));
      const stored = await Promise.all(placed.map((order) => h.store.orders.findById(order.id)));
      expect(stored.map((order) => order?.invoiceNumber).sort()).toEqual(numbers);
      // Numbers restart with the year the order is paid in.
      const next = await h.placeOk(h.newOrder(product));
      expect((await h.store.orders.markPaid(next.id, 'pi_next', new Date('2032-01-01T00:00:01Z')))?.invoiceNumber).toBe('INV-2032-000001');
    });

    it('issues no second invoice number to an order that has one, and none to an unpaid or missing order', async () => {
      const product = await h.addProduct({ stock: 100_000 });
      const paidAt = new Date('2033-05-01T10:00:00Z');
      const first = await h.placeOk(h.newOrder(product));
      const paid = await h.store.orders.markPaid(first.id, 'pi_first', paidAt);
      expect(paid?.invoiceNumber).toBe('INV-2033-000001');
      const asked = await Promise.all([h.store.orders.issueInvoiceNumber(first.id), h.store.orders.issueInvoiceNumber(first.id)]);
      expect(asked).toEqual([paid, paid]);
      const next = await h.placeOk(h.newOrder(product));
      expect((await h.store.orders.markPaid(next.id, 'pi_next', paidAt))?.invoiceNumber).toBe('INV-2033-000002');
      const unpaid = await h.placeOk(h.newOrder(product));
      expect(await h.store.orders.issueInvoiceNumber(unpaid.id)).toBeNull();
      expect((await h.store.orders.findById(unpaid.id))?.invoiceNumber).toBeNull();
      expect(await h.store.orders.issueInvoiceNumber(randomUUID())).toBeNull();
    });

    it('marks an order shipped only from pending, with the carrier and tracking number given', async () => {
      const product = await h.addProduct();
      const order = await h.placeOk(h.newOrder(product));
      const shipping = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
      expect(await h.store.orders.markShipped(order.id, h.at(4_000), shipping)).toBeNull();
      expect((await h.store.orders.findById(order.id))?.status).toBe('unpaid');
      await h.store.orders.markPaid(order.id, 'pi_1', h.at(2_000));
      const shipped = await h.store.orders.markShipped(order.id, h.at(4_000), shipping);
      expect(shipped).toMatchObject({ status: 'shipped', shippedAt: h.at(4_000), transactionId: 'pi_1', ...shipping });
      expect(await h.store.orders.markShipped(order.id, h.at(5_000), { carrier: null, trackingNumber: null })).toBeNull();
      expect(await h.store.orders.findById(order.id)).toMatchObject({ shippedAt: h.at(4_000), ...shipping });
    });

    it('keeps the order snapshot when its product is deleted', async () => {
      const product = await h.addProduct({ name: 'Anchor bolt', priceCents: 90 });
      const order = await h.placeOk(h.newOrder(product));
      expect(await h.store.products.delete(product.id)).toBe(true);
      const kept = await h.store.orders.findById(order.id);
      expect(kept).toEqual({ ...order, lines: [{ ...order.lines[0], productId: null }] });
      expect(kept?.lines[0]).toMatchObject({ productName: 'Anchor bolt', unitPriceCents: 90 });
    });

    it('notes the payment intent of an unpaid order only', async () => {
      const product = await h.addProduct();
      const order = await h.placeOk(h.newOrder(product));
      expect(await h.store.orders.attachPaymentIntent(order.id, 'pi_open')).toBe(true);
      expect((await h.store.orders.findById(order.id))?.paymentIntentId).toBe('pi_open');
      await h.store.orders.markPaid(order.id, 'pi_open', h.at(2_000));
      expect(await h.store.orders.attachPaymentIntent(order.id, 'pi_other')).toBe(false);
      expect(await h.store.orders.attachPaymentIntent(randomUUID(), 'pi_x')).toBe(false);
      expect((await h.store.orders.findById(order.id))?.paymentIntentId).toBe('pi_open');
    });

    it('lists unpaid orders placed before a moment, oldest first, and counts a buyer\'s unpaid orders', async () => {
      const product = await h.addProduct({ stock: 10_000 });
      const buyer = randomUUID();
      const oldest = await h.placeOk(h.newOrder(product, { userId: buyer, createdAt: h.at(1_000) }));
      const older = await h.placeOk(h.newOrder(product, { createdAt: h.at(2_000) }));
      const paidOld = await h.placeOk(h.newOrder(product, { userId: buyer, createdAt: h.at(1_500) }));
      await h.store.orders.markPaid(paidOld.id, 'pi_1', h.at(1_600));
      await h.placeOk(h.newOrder(product, { userId: buyer, createdAt: h.at(9_000) }));
      expect((await h.store.orders.listUnpaidPlacedBefore(h.at(5_000), 10)).map((order) => order.id)).toEqual([oldest.id, older.id]);
      expect((await h.store.orders.listUnpaidPlacedBefore(h.at(5_000), 1)).map((order) => order.id)).toEqual([oldest.id]);
      expect(await h.store.orders.listUnpaidPlacedBefore(h.at(1_000), 10)).toEqual([]);
      expect(await h.store.orders.countUnpaidOf(buyer, 5)).toBe(2);
      expect(await h.store.orders.countUnpaidOf(buyer, 1)).toBe(1);
      expect(await h.store.orders.countUnpaidOf(randomUUID(), 5)).toBe(0);
    });

    it('lists a buyer\'s unpaid orders that carry a payment intent, oldest first, at most the limit', async () => {
      const product = await h.addProduct({ stock: 10_000 });
      const buyer = randomUUID();
      const place = (ms: number, userId = buyer) => h.placeOk(h.newOrder(product, { userId, createdAt: h.at(ms) }));
      const [newer, older, without, paid, theirs] = await Promise.all([place(3_000), place(2_000), place(1_000), place(500), place(100, randomUUID())]);
      for (const order of [newer, older, paid, theirs]) await h.store.orders.attachPaymentIntent(order.id, `pi_${order.id}`);
      await h.store.orders.markPaid(paid.id, `pi_${paid.id}`, h.at(600));
      expect((await h.store.orders.listUnpaidWithIntentOf(buyer, 5)).map((order) => order.id)).toEqual([older.id, newer.id]);
      expect(await h.store.orders.listUnpaidWithIntentOf(buyer, 1)).toEqual([await h.store.orders.findById(older.id)]);
      expect(without.paymentIntentId).toBeNull();
      expect(await h.store.orders.listUnpaidWithIntentOf(randomUUID(), 5)).toEqual([]);
    });
  });
}
