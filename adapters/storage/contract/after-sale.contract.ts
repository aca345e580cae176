import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewRefund, NewReturn } from '#domain/after-sale/after-sale.ts';
import type { AuditNote } from '#domain/audit/audit-log.ts';
import type { Order } from '#domain/ordering/order.ts';
import type { StoreHarness } from './store-harness.ts';

/**
 * AfterSaleRepository (docs/orders.md, "After the sale: cancel, refund, return"): refunds raise the
 * order's refunded_cents atomically and never past what was paid, credit notes and returns are
 * numbered without gaps, each write carries its stock, mail and audit entry or nothing.
 */
export function describeAfterSaleContract(h: StoreHarness): void {
  describe('after the sale', () => {
    const far = new Date('2100-01-01T00:00:00Z');
    const mails = async () => (await h.store.outbox.claimDue(far, new Date(far.getTime() + 60_000), 100)).map((mail) => `${mail.kind}:${mail.subjectId}`);
    const note = (subjectId: string): AuditNote => ({ actorId: 'admin-1', actorEmail: 'admin@example.com', at: h.at(9_000), kind: 'order-refunded', subjectId, summary: 'Refunded', before: null });

    /** A paid order of 200 bolts at $1.25 ($250.00), the product left with 800. */
    const paidOrder = async (): Promise<{ order: Order; productId: string }> => {
      const product = await h.addProduct();
      const placed = await h.placeOk(h.newOrder(product, { quantity: 200 }));
      const paid = await h.store.orders.markPaid(placed.id, `pi_${randomUUID()}`, h.at(2_000));
      if (!paid) throw new Error('arrange: not paid');
      return { order: paid, productId: product.id };
    };
    /** What the sales report says was refunded on the UTC day `order` was placed. */
    const refundedOnDayOf = async (order: Order): Promise<number> => {
      const from = new Date(order.createdAt);
      from.setUTCHours(0, 0, 0, 0);
      const days = await h.store.reports.salesPerDay(from, new Date(from.getTime() + 86_400_000));
      return days.reduce((sum, day) => sum + day.refundedCents, 0);
    };
    const refundOf = (order: Order, amountCents: number, overrides: Partial<NewRefund> = {}): NewRefund => ({
      id: randomUUID(),
      orderId: order.id,
      amountCents,
      lines: [],
      reason: 'Damaged',
      providerRefundId: `re_${randomUUID()}`,
      source: 'shop',
      createdAt: h.at(3_000),
      ...overrides,
    });
    const returnOf = (order: Order, productId: string, overrides: Partial<NewReturn> = {}): NewReturn => ({
      id: randomUUID(),
      orderId: order.id,
      userId: order.userId,
      status: 'requested',
      lines: [{ productId, quantity: 100, receivedQuantity: null }],
      reason: 'Wrong thread',
      answer: null,
      refundId: null,
      createdAt: h.at(4_000),
      answeredAt: null,
      receivedAt: null,
      ...overrides,
    });

    it('records a refund: raises refunded_cents, restocks its restocked lines, numbers its credit note, queues its mail and audit entry', async () => {
      const { order, productId } = await paidOrder();
      const refundedThatDay = await refundedOnDayOf(order);
      const refund = refundOf(order, 12_500, { lines: [{ productId, quantity: 100, amountCents: 12_500, restocked: true }] });
      const recorded = await h.store.afterSale.refund(refund, note(order.id), ['refund-made']);
      // The sales report's net revenue counts it on the day the order was placed, as its revenue.
      expect(await refundedOnDayOf(order)).toBe(refundedThatDay + 12_500);
      expect(recorded).toEqual({ ok: true, value: { ...refund, number: 'CN-2026-000001' } });
      expect(await h.store.orders.findById(order.id)).toMatchObject({ status: 'pending', refundedCents: 12_500 });
      expect(await h.stockOf(productId)).toBe(900);
      expect(await h.store.afterSale.refundsOf(order.id)).toEqual([{ ...refund, number: 'CN-2026-000001' }]);
      expect(await h.store.afterSale.findRefund(refund.id)).toEqual({ ...refund, number: 'CN-2026-000001' });
      expect(await h.store.afterSale.findRefund('nope')).toBeNull();
      expect(await mails()).toContain(`refund-made:${refund.id}`);
      expect((await h.store.audit.list({}, { limit: 10 })).items.map((entry) => entry.kind)).toEqual(['order-refunded']);
    });

    it('refuses a refund past what was paid and writes nothing: no stock, no number taken, no mail', async () => {
      const { order, productId } = await paidOrder();
      expect(await h.store.afterSale.refund(refundOf(order, 20_000))).toMatchObject({ ok: true });
      const tooMuch = refundOf(order, 5_001, { lines: [{ productId, quantity: 100, amountCents: 5_001, restocked: true }] });
      expect(await h.store.afterSale.refund(tooMuch, note(order.id), ['refund-made'])).toEqual({ ok: false, error: 'exceeds-paid' });
      expect(await h.stockOf(productId)).toBe(800);
      expect((await h.store.orders.findById(order.id))?.refundedCents).toBe(20_000);
      expect(await mails()).not.toContain(`refund-made:${tooMuch.id}`);
      expect(await h.store.audit.list({}, { limit: 10 })).toEqual({ items: [], nextCursor: null });
      expect(await h.store.afterSale.refund(refundOf(order, 5_000))).toMatchObject({ ok: true, value: { number: 'CN-2026-000002' } });
    });

    it('records exactly one of two refunds at the same moment that together pass what was paid', async () => {
      const { order } = await paidOrder();
      const results = await Promise.all([h.store.afterSale.refund(refundOf(order, 15_000)), h.store.afterSale.refund(refundOf(order, 15_000))]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: 'exceeds-paid' }]);
      expect((await h.store.orders.findById(order.id))?.refundedCents).toBe(15_000);
    });

    it("refuses lines past what was ordered of a product, and records exactly one of two line refunds at once that together pass it", async () => {
      const { order, productId } = await paidOrder();
      const lines = (quantity: number) => [{ productId, quantity, amountCents: quantity * 125, restocked: true }];
      // 120 + 120 of 200 bolts for $50.00 each (less a fee): each fits alone, together they pass
      // what was ordered, though not what was paid.
      const results = await Promise.all([h.store.afterSale.refund(refundOf(order, 5_000, { lines: lines(120) })), h.store.afterSale.refund(refundOf(order, 5_000, { lines: lines(120) }))]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: 'exceeds-ordered' }]);
      expect((await h.store.orders.findById(order.id))?.refundedCents).toBe(5_000);
      expect(await h.stockOf(productId)).toBe(920);
      // Nothing of the refused one: no stock, no number taken; what is left still fits.
      expect(await h.store.afterSale.refund(refundOf(order, 100, { lines: [{ productId: 'not-in-order', quantity: 1, amountCents: 100, restocked: true }] }))).toEqual({ ok: false, error: 'exceeds-ordered' });
      expect(await h.store.afterSale.refund(refundOf(order, 10_000, { lines: lines(80) }))).toMatchObject({ ok: true, value: { number: 'CN-2026-000002' } });
      expect(await h.store.afterSale.refund(refundOf(order, 125, { lines: lines(1) }))).toEqual({ ok: false, error: 'exceeds-ordered' });
      expect(await h.stockOf(productId)).toBe(1_000);
    });

    it('keeps one record per provider refund, and refuses unpaid orders', async () => {
      const { order } = await paidOrder();
      const refund = refundOf(order, 1_000, { source: 'provider' });
      await h.store.afterSale.refund(refund);
      expect(await h.store.afterSale.refund({ ...refund, id: randomUUID() })).toEqual({ ok: true, value: { ...refund, number: 'CN-2026-000001' } });
      expect((await h.store.orders.findById(order.id))?.refundedCents).toBe(1_000);
      expect(await h.store.afterSale.findRefundByProvider(refund.providerRefundId)).toMatchObject({ id: refund.id });
      const unpaid = await h.placeOk(h.newOrder(await h.addProduct()));
      expect(await h.store.afterSale.refund(refundOf(unpaid, 100))).toEqual({ ok: false, error: 'not-refundable' });
    });

    it('cancels a pending order with its refund, the stock back and the mail queued; a shipped one is not cancellable', async () => {
      const { order, productId } = await paidOrder();
      const refund = refundOf(order, 25_000, { lines: [{ productId, quantity: 200, amountCents: 25_000, restocked: true }] });
      const cancelled = await h.store.afterSale.cancel(refund, { ...note(order.id), kind: 'order-cancelled' }, ['order-cancelled']);
      expect(cancelled).toMatchObject({ ok: true, value: { order: { status: 'cancelled', refundedCents: 25_000 }, refund: { number: 'CN-2026-000001' } } });
      expect(await h.stockOf(productId)).toBe(1_000);
      expect(await mails()).toContain(`order-cancelled:${order.id}`);
      expect(await h.store.orders.count({ status: 'cancelled' })).toBe(1);
      expect(await h.store.afterSale.cancel(refundOf(order, 0))).toEqual({ ok: false, error: 'not-cancellable' });
      const other = await paidOrder();
      await h.store.orders.markShipped(other.order.id, h.at(5_000), { carrier: null, trackingNumber: null });
      expect(await h.store.afterSale.cancel(refundOf(other.order, 25_000))).toEqual({ ok: false, error: 'not-cancellable' });
      expect(await h.stockOf(other.productId)).toBe(800);
    });

    it('numbers returns, answers each once, receives an approved one with its refund, and lists them by status', async () => {
      const { order, productId } = await paidOrder();
      const first = await h.store.afterSale.requestReturn(returnOf(order, productId), ['return-requested']);
      const second = await h.store.afterSale.requestReturn(returnOf(order, productId, { createdAt: h.at(5_000) }));
      expect([first.number, second.number]).toEqual(['RMA-2026-000001', 'RMA-2026-000002']);
      expect(await h.store.afterSale.answerReturn(second.id, { status: 'rejected', answer: 'Custom cut', at: h.at(6_000) })).toMatchObject({ status: 'rejected', answer: 'Custom cut' });
      expect(await h.store.afterSale.answerReturn(second.id, { status: 'approved', answer: null, at: h.at(6_000) })).toBeNull();
      expect(await h.store.afterSale.answerReturn(first.id, { status: 'approved', answer: 'Dock 4', at: h.at(6_000) }, undefined, ['return-approved'])).toMatchObject({ status: 'approved' });
      const refund = refundOf(order, 6_250, { lines: [{ productId, quantity: 50, amountCents: 6_250, restocked: true }], createdAt: h.at(7_000) });
      const received = await h.store.afterSale.receiveReturn(first.id, { lines: [{ productId, quantity: 100, receivedQuantity: 50 }], at: h.at(7_000), refund }, undefined, ['return-received']);
      expect(received).toMatchObject({ ok: true, value: { ret: { status: 'received', refundId: refund.id, lines: [{ receivedQuantity: 50 }] }, refund: { number: 'CN-2026-000001' } } });
      expect(await h.stockOf(productId)).toBe(850);
      expect(await h.store.afterSale.receiveReturn(first.id, { lines: [], at: h.at(8_000), refund: null })).toEqual({ ok: false, error: 'not-refundable' });
      expect(await mails()).toEqual(expect.arrayContaining([`return-requested:${first.id}`, `return-approved:${first.id}`, `return-received:${first.id}`]));
      expect((await h.store.afterSale.returnsOf(order.id)).map((ret) => ret.number)).toEqual(['RMA-2026-000001', 'RMA-2026-000002']);
      expect(await h.walk((page) => h.store.afterSale.listReturns(undefined, page), 1)).toEqual([[second.id], [first.id]]);
      expect((await h.store.afterSale.listReturns('rejected', { limit: 10 })).items.map((ret) => ret.id)).toEqual([second.id]);
    });

    it('does not receive a return whose refund would pass what was paid, and leaves it approved', async () => {
      const { order, productId } = await paidOrder();
      await h.store.afterSale.refund(refundOf(order, 25_000));
      const ret = await h.store.afterSale.requestReturn(returnOf(order, productId));
      await h.store.afterSale.answerReturn(ret.id, { status: 'approved', answer: null, at: h.at(6_000) });
      const refund = refundOf(order, 100, { lines: [{ productId, quantity: 1, amountCents: 100, restocked: true }] });
      expect(await h.store.afterSale.receiveReturn(ret.id, { lines: [], at: h.at(7_000), refund })).toEqual({ ok: false, error: 'exceeds-paid' });
      expect((await h.store.afterSale.findReturn(ret.id))?.status).toBe('approved');
      expect(await h.stockOf(productId)).toBe(800);
    });

    it("keeps the test provider's refunds within the intent's amount, once per key, even two at once", async () => {
      const intents = h.storage.testPaymentIntents;
      const intent = { id: `pi_${randomUUID()}`, clientSecret: `s_${randomUUID()}`, orderId: randomUUID(), amountCents: 10_000, currency: 'usd', state: 'open' as const, createdAt: h.at(0) };
      await intents.open(intent);
      const refund = (amountCents: number, key: string = randomUUID()) => ({ id: `re_${randomUUID()}`, intentId: intent.id, amountCents, idempotencyKey: key, createdAt: h.at(1) });
      expect(await intents.refund(refund(100))).toBe('not-paid');
      await intents.settle(intent.id, 'succeeded');
      const results = await Promise.all([intents.refund(refund(6_000)), intents.refund(refund(6_000))]);
      expect(results.filter((result) => typeof result !== 'string')).toHaveLength(1);
      expect(results).toContain('exceeds-payment');
      const first = refund(4_000, 'same-key');
      expect(await intents.refund(first)).toEqual(first);
      expect(await intents.refund({ ...refund(4_000, 'same-key') })).toEqual(first);
      expect(await intents.refund(refund(1))).toBe('exceeds-payment');
    });
  });
}
