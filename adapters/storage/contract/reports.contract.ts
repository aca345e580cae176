import { describe, expect, it } from 'vitest';
import type { StoreHarness } from './store-harness.ts';

/** ReportRepository: sums over paid orders placed in a period, per UTC day and per product; the products running out. */
export function describeReportContract(h: StoreHarness): void {
  describe('reports', () => {
    const day = (text: string) => new Date(`${text}Z`);

    it('sums paid orders per UTC day and per product, leaving out unpaid orders and orders outside the period', async () => {
      const [bolt, nut] = [await h.addProduct({ sku: 'RPT-BOLT', name: 'Bolt', priceCents: 100, stock: 100_000 }), await h.addProduct({ sku: 'RPT-NUT', name: 'Nut', priceCents: 10, stock: 100_000 })];
      const paid = async (products: Parameters<StoreHarness['newOrder']>[0], quantity: number, createdAt: Date, ship = false) => {
        const order = await h.placeOk(h.newOrder(products, { quantity, createdAt }));
        await h.store.orders.markPaid(order.id, `pi_${order.id}`, createdAt);
        if (ship) await h.store.orders.markShipped(order.id, createdAt, { carrier: null, trackingNumber: null });
        return order;
      };
      await paid([bolt, nut], 200, day('2031-05-01T23:59:59.999')); // 20,000 + 2,000
      await paid(bolt, 100, day('2031-05-01T00:00:00'), true); // 10,000
      const refunded = await paid(nut, 1_000, day('2031-05-03T12:00:00')); // 10,000, of which 2,500 given back
      const given = await h.store.afterSale.refund({ id: 'rpt-refund', orderId: refunded.id, amountCents: 2_500, lines: [], reason: 'Damaged', providerRefundId: 're_rpt', source: 'shop', createdAt: day('2031-05-05T00:00:00') });
      expect(given.ok).toBe(true);
      await h.placeOk(h.newOrder(bolt, { quantity: 500, createdAt: day('2031-05-02T10:00:00') })); // unpaid
      await paid(bolt, 900, day('2031-04-30T23:59:59.999')); // before
      await paid(bolt, 900, day('2031-05-04T00:00:00')); // after

      const [from, to] = [day('2031-05-01T00:00:00'), day('2031-05-04T00:00:00')];
      expect(await h.store.reports.salesPerDay(from, to)).toEqual([
        { day: '2031-05-01', orders: 2, revenueCents: 32_000, refundedCents: 0 },
        { day: '2031-05-03', orders: 1, revenueCents: 10_000, refundedCents: 2_500 },
      ]);
      expect(await h.store.reports.topProducts(from, to, 5)).toEqual([
        { productId: bolt.id, sku: 'RPT-BOLT', name: 'Bolt', units: 300, revenueCents: 30_000 },
        { productId: nut.id, sku: 'RPT-NUT', name: 'Nut', units: 1_200, revenueCents: 12_000 },
      ]);
      expect(await h.store.reports.topProducts(from, to, 1)).toHaveLength(1);
      // A deleted product's sales still count, under the SKU it was sold as.
      await h.store.products.delete(nut.id);
      expect((await h.store.reports.topProducts(from, to, 5))[1]).toEqual({ productId: null, sku: 'RPT-NUT', name: 'Nut', units: 1_200, revenueCents: 12_000 });
    });

    it('counts an order on the day it was placed once it is paid, whenever it is paid, and a product deleted before the payment under its SKU', async () => {
      // The SQL stores keep these sums in a roll-up their triggers update as an order comes to count.
      const [bolt, nut] = [await h.addProduct({ sku: 'LATE-BOLT', name: 'Bolt', priceCents: 100, stock: 100_000 }), await h.addProduct({ sku: 'LATE-NUT', name: 'Nut', priceCents: 10, stock: 100_000 })];
      const order = await h.placeOk(h.newOrder([bolt, nut], { quantity: 200, createdAt: day('2032-02-28T22:00:00') }));
      const [from, to] = [day('2032-02-28T00:00:00'), day('2032-03-02T00:00:00')];
      expect(await h.store.reports.salesPerDay(from, to)).toEqual([]);
      expect(await h.store.reports.topProducts(from, to, 5)).toEqual([]);
      await h.store.products.delete(nut.id);
      await h.store.orders.markPaid(order.id, `pi_${order.id}`, day('2032-03-01T09:00:00'));
      expect(await h.store.reports.salesPerDay(from, to)).toEqual([{ day: '2032-02-28', orders: 1, revenueCents: 22_000, refundedCents: 0 }]);
      expect(await h.store.reports.topProducts(from, to, 5)).toEqual([
        { productId: bolt.id, sku: 'LATE-BOLT', name: 'Bolt', units: 200, revenueCents: 20_000 },
        { productId: null, sku: 'LATE-NUT', name: 'Nut', units: 200, revenueCents: 2_000 },
      ]);
      // Shipping it changes nothing: it counted once.
      await h.store.orders.markShipped(order.id, day('2032-03-01T10:00:00'), { carrier: null, trackingNumber: null });
      expect(await h.store.reports.salesPerDay(from, to)).toEqual([{ day: '2032-02-28', orders: 1, revenueCents: 22_000, refundedCents: 0 }]);
      expect((await h.store.reports.topProducts(from, to, 5)).map((top) => top.units)).toEqual([200, 200]);
      // Deleted after its sale counted: the same sums, under its SKU with no product.
      await h.store.products.delete(bolt.id);
      expect(await h.store.reports.topProducts(from, to, 5)).toEqual([
        { productId: null, sku: 'LATE-BOLT', name: 'Bolt', units: 200, revenueCents: 20_000 },
        { productId: null, sku: 'LATE-NUT', name: 'Nut', units: 200, revenueCents: 2_000 },
      ]);
    });

    it('counts every one of many orders paid at once, their lines sharing products in different orders, without deadlock', async () => {
      // PostgreSQL's roll-up rows are locked by each payment (migration 0022): a day's totals are
      // split over shards and a payment writes its products in one order, so payments at once
      // wait for one another at most; none fails and none is lost.
      const parts = [
        await h.addProduct({ sku: 'CONC-A', name: 'A', priceCents: 1, stock: 1_000_000 }),
        await h.addProduct({ sku: 'CONC-B', name: 'B', priceCents: 2, stock: 1_000_000 }),
        await h.addProduct({ sku: 'CONC-C', name: 'C', priceCents: 3, stock: 1_000_000 }),
      ];
      const orders = [];
      for (let i = 0; i < 24; i++) {
        const turned = [...parts.slice(i % 3), ...parts.slice(0, i % 3)];
        orders.push(await h.placeOk(h.newOrder(i % 2 === 0 ? turned : turned.reverse(), { quantity: 100, createdAt: day('2033-07-04T12:00:00') })));
      }
      // The SQL stores' 30-day window (docs/reports.md, "Reports") exists before the payments, so each adds to it too.
      const DAY = 24 * 60 * 60 * 1000;
      const thirtyDays = [day('2033-06-05T00:00:00'), day('2033-07-05T00:00:00')] as const;
      expect(await h.store.reports.topProducts(...thirtyDays, 5)).toEqual([]);
      const paid = await Promise.all(orders.map((order) => h.store.orders.markPaid(order.id, `pi_${order.id}`, day('2033-07-05T09:00:00'))));
      expect(paid.every((order) => order?.status === 'pending')).toBe(true);
      const [from, to] = [day('2033-07-04T00:00:00'), day('2033-07-05T00:00:00')];
      expect(await h.store.reports.salesPerDay(from, to)).toEqual([{ day: '2033-07-04', orders: 24, revenueCents: 24 * 600, refundedCents: 0 }]);
      expect(await h.store.reports.topProducts(from, to, 5)).toEqual([
        { productId: parts[2]!.id, sku: 'CONC-C', name: 'C', units: 2_400, revenueCents: 7_200 },
        { productId: parts[1]!.id, sku: 'CONC-B', name: 'B', units: 2_400, revenueCents: 4_800 },
        { productId: parts[0]!.id, sku: 'CONC-A', name: 'A', units: 2_400, revenueCents: 2_400 },
      ]);
      expect(thirtyDays[1].getTime() - thirtyDays[0].getTime()).toBe(30 * DAY);
      expect(await h.store.reports.topProducts(...thirtyDays, 5)).toEqual(await h.store.reports.topProducts(from, to, 5));
    });

    it('sums a report period (30 or 90 days up to today) as the days pass, as the clock goes back, and with payments and deletions meanwhile', async () => {
      // The SQL stores read a report period from totals kept per period (docs/reports.md,
      // "Reports"), moved a day at a time: these must stay the sums of the period's days.
      const [a, b] = [await h.addProduct({ sku: 'WIN-A', name: 'A', priceCents: 1, stock: 1_000_000 }), await h.addProduct({ sku: 'WIN-B', name: 'B', priceCents: 1, stock: 1_000_000 })];
      const paid = async (products: Parameters<StoreHarness['newOrder']>[0], quantity: number, createdAt: Date) => {
        const order = await h.placeOk(h.newOrder(products, { quantity, createdAt }));
        await h.store.orders.markPaid(order.id, `pi_${order.id}`, createdAt);
      };
      const DAY = 24 * 60 * 60 * 1000;
      /** The period of `days` whole days up to and including `today`, as the report asks for it. */
      const top = (days: number, today: string) => {
        const to = new Date(day(`${today}T00:00:00`).getTime() + DAY);
        return h.store.reports.topProducts(new Date(to.getTime() - days * DAY), to, 5);
      };
      const sold = (product: { id: string }, sku: string, name: string, units: number, revenueCents: number) => ({ productId: product.id, sku, name, units, revenueCents });
      await paid(a, 1_000, day('2040-03-01T12:00:00')); // 1,000 (in cents, as every line here: 1 cent a unit)
      await paid(b, 500, day('2040-03-15T12:00:00')); // 500
      await paid(a, 100, day('2040-03-30T12:00:00')); // 100
      expect(await top(30, '2040-03-30')).toEqual([sold(a, 'WIN-A', 'A', 1_100, 1_100), sold(b, 'WIN-B', 'B', 500, 500)]);
      expect(await top(90, '2040-03-30')).toEqual([sold(a, 'WIN-A', 'A', 1_100, 1_100), sold(b, 'WIN-B', 'B', 500, 500)]);
      // A day on, 1 March has left the 30 days, not the 90.
      expect(await top(30, '2040-03-31')).toEqual([sold(b, 'WIN-B', 'B', 500, 500), sold(a, 'WIN-A', 'A', 100, 100)]);
      expect(await top(90, '2040-03-31')).toEqual([sold(a, 'WIN-A', 'A', 1_100, 1_100), sold(b, 'WIN-B', 'B', 500, 500)]);
      // Paid meanwhile: on a day the product had sold (its day's row grows) and on one it had not.
      await paid(a, 200, day('2040-03-30T18:00:00')); // 200
      await paid(a, 500, day('2040-03-20T09:00:00')); // 500
      await paid(b, 100, day('2040-03-01T09:00:00')); // 100, outside the 30 days
      expect(await top(30, '2040-03-31')).toEqual([sold(a, 'WIN-A', 'A', 800, 800), sold(b, 'WIN-B', 'B', 500, 500)]);
      // The clock set back a day: 1 March is in the 30 days again.
      expect(await top(30, '2040-03-30')).toEqual([sold(a, 'WIN-A', 'A', 1_800, 1_800), sold(b, 'WIN-B', 'B', 600, 600)]);
      expect(await top(30, '2040-03-31')).toEqual([sold(a, 'WIN-A', 'A', 800, 800), sold(b, 'WIN-B', 'B', 500, 500)]);
      // A deleted product's sales stay, under its SKU with no product.
      await h.store.products.delete(b.id);
      expect(await top(30, '2040-03-31')).toEqual([sold(a, 'WIN-A', 'A', 800, 800), { productId: null, sku: 'WIN-B', name: 'B', units: 500, revenueCents: 500 }]);
      expect(await top(90, '2040-03-31')).toEqual([sold(a, 'WIN-A', 'A', 1_800, 1_800), { productId: null, sku: 'WIN-B', name: 'B', units: 600, revenueCents: 600 }]);
      // Weeks on, the first days leave the 30 days one after another; months on, nothing is left.
      expect(await top(30, '2040-04-15')).toEqual([sold(a, 'WIN-A', 'A', 800, 800)]);
      expect(await top(30, '2040-04-20')).toEqual([sold(a, 'WIN-A', 'A', 300, 300)]);
      expect(await top(30, '2040-04-29')).toEqual([]);
      expect(await top(90, '2040-07-30')).toEqual([]);
      expect(await top(90, '2040-03-31')).toEqual([sold(a, 'WIN-A', 'A', 1_800, 1_800), { productId: null, sku: 'WIN-B', name: 'B', units: 600, revenueCents: 600 }]);
    });

    it('lists the products below a stock level, fewest units first, at most the limit', async () => {
      await h.addProduct({ sku: 'LOW-C', stock: 99, minOrderQuantity: 100 });
      await h.addProduct({ sku: 'LOW-A', stock: 0 });
      await h.addProduct({ sku: 'LOW-B', stock: 0 });
      await h.addProduct({ sku: 'FULL', stock: 100 });
      expect((await h.store.reports.lowStock(100, 10)).map((p) => [p.sku, p.stock])).toEqual([
        ['LOW-A', 0],
        ['LOW-B', 0],
        ['LOW-C', 99],
      ]);
      expect((await h.store.reports.lowStock(100, 2)).map((p) => p.sku)).toEqual(['LOW-A', 'LOW-B']);
      expect((await h.store.reports.lowStock(100, 1))[0]).toEqual({ id: expect.any(String), sku: 'LOW-A', name: expect.any(String), stock: 0, minOrderQuantity: 100 });
    });
  });
}
