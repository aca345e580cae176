import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createTestPaymentGateway, type TestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createWorld, type World } from '../testing/world.ts';
import type { User } from '../identity/user.ts';
import type { Order } from '../ordering/order.ts';
import type { PaymentGateway } from '../ordering/payment-gateway.ts';
import { placeOrder } from '../ordering/place-order.ts';
import { startPayment } from '../ordering/start-payment.ts';
import { confirmPayment } from '../ordering/confirm-payment.ts';
import { shipOrder } from '../ordering/ship-order.ts';
import { cancelOrder, refundOrder } from './refund-order.ts';
import { approveReturn, listReturns, orderAfterSale, receiveReturn, rejectReturn, requestReturn } from './returns.ts';
import { RETURN_WINDOW_DAYS, returnWindowOpen } from './after-sale.ts';

const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const DAY = 24 * 60 * 60 * 1000;

let world: World;
let payments: TestPaymentGateway;
let buyer: User;
let stranger: User;
let admin: User;
let storage: ReturnType<typeof createMemoryStorage>;

beforeEach(async () => {
  storage = createMemoryStorage();
  world = createWorld(storage.repositories);
  payments = createTestPaymentGateway({ intents: storage.testPaymentIntents, now: () => world.clock.now() });
  buyer = await world.addUser({ name: 'Buyer' });
  stranger = await world.addUser({ name: 'Stranger' });
  admin = await world.addUser({ name: 'Admin', role: 'admin' });
});

const full = () => ({ ...world.deps, payments });
const deps = (gateway: Pick<PaymentGateway, 'refund'> = payments) => ({ ...world.deps, payments: gateway });

/** A paid order of two lines: 150 valves at $10.00 and 200 elbows at $2.00 ($1,900.00 in all). */
const paid = async (): Promise<{ order: Order; valve: string; elbow: string }> => {
  const valve = await world.addProduct({ priceCents: 1_000, stock: 500 });
  const elbow = await world.addProduct({ priceCents: 200, stock: 1_000 });
  const placed = await placeOrder(full(), {
    buyer,
    lines: [
      { productId: valve.id, quantity: 150 },
      { productId: elbow.id, quantity: 200 },
    ],
    phone: '5550102030',
    address: '1 Dock Road',
  });
  if (!placed.ok) throw new Error(JSON.stringify(placed.error));
  const start = await startPayment(full(), { actor: buyer, orderId: placed.value.id });
  if (!start.ok) throw new Error(JSON.stringify(start.error));
  const charged = await payments.confirmCard({ clientSecret: start.value.clientSecret, card: VISA, billing: { name: 'B', email: buyer.email } });
  if (!charged.ok) throw new Error(JSON.stringify(charged.error));
  const confirmed = await confirmPayment(full(), { actor: buyer, orderId: placed.value.id, paymentIntentId: charged.value.paymentIntentId });
  if (!confirmed.ok) throw new Error(JSON.stringify(confirmed.error));
  return { order: confirmed.value, valve: valve.id, elbow: elbow.id };
};

const shipped = async () => {
  const bought = await paid();
  const result = await shipOrder(world.deps, { actor: admin, orderId: bought.order.id });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return { ...bought, order: result.value };
};

const stockOf = async (id: string) => (await world.store.products.findById(id))?.stock;
const mailKinds = async () => (await world.store.outbox.claimDue(new Date('2100-01-01'), new Date('2100-01-02'), 100)).map((mail) => mail.kind);

/** A provider that refuses every refund, as Stripe does for a disputed charge. */
const refusingProvider: Pick<PaymentGateway, 'refund'> = {
  refund: async () => ({ ok: false, error: { reason: 'declined', detail: 'charge is disputed' } }),
};

describe('cancelling a paid order', () => {
  it('refunds the whole payment first, returns the stock when asked, and ends the order cancelled with a credit note', async () => {
    const { order, valve, elbow } = await paid();
    expect(await stockOf(valve)).toBe(350);
    const result = await cancelOrder(deps(), { actor: admin, orderId: order.id, reason: 'Ordered twice', restock: true });
    expect(result).toMatchObject({ ok: true, value: { order: { status: 'cancelled', refundedCents: 190_000 }, refund: { amountCents: 190_000, number: 'CN-2026-000001' } } });
    expect(await stockOf(valve)).toBe(500);
    expect(await stockOf(elbow)).toBe(1_000);
    expect(await mailKinds()).toContain('order-cancelled');
    const log = await world.store.audit.list({}, { limit: 10 });
    expect(log.items.map((entry) => entry.kind)).toContain('order-cancelled');
  });

  it('keeps the stock off the shelf without restock', async () => {
    const { order, valve } = await paid();
    await cancelOrder(deps(), { actor: admin, orderId: order.id, reason: 'Goods held', restock: false });
    expect(await stockOf(valve)).toBe(350);
  });

  it('changes nothing when the provider refuses, and says why', async () => {
    const { order, valve } = await paid();
    const result = await cancelOrder(deps(refusingProvider), { actor: admin, orderId: order.id, reason: 'Ordered twice', restock: true });
    expect(result).toEqual({ ok: false, error: { code: 'REFUND_REFUSED', reason: 'declined', detail: 'charge is disputed' } });
    expect(await world.store.orders.findById(order.id)).toMatchObject({ status: 'pending', refundedCents: 0 });
    expect(await stockOf(valve)).toBe(350);
    expect(await world.store.afterSale.refundsOf(order.id)).toEqual([]);
  });

  it('is only for admins, only for paid orders not yet shipped, and needs a reason', async () => {
    const { order } = await paid();
    expect(await cancelOrder(deps(), { actor: buyer, orderId: order.id, reason: 'x', restock: true })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await cancelOrder(deps(), { actor: admin, orderId: order.id, reason: '  ', restock: true })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { reason: { rule: 'reasonRequired' } } } });
    const sent = await shipped();
    expect(await cancelOrder(deps(), { actor: admin, orderId: sent.order.id, reason: 'Late', restock: true })).toMatchObject({ ok: false, error: { code: 'ORDER_NOT_CANCELLABLE' } });
    await cancelOrder(deps(), { actor: admin, orderId: order.id, reason: 'Once', restock: true });
    expect(await cancelOrder(deps(), { actor: admin, orderId: order.id, reason: 'Twice', restock: true })).toMatchObject({ ok: false, error: { code: 'ORDER_NOT_CANCELLABLE' } });
    expect(await shipOrder(world.deps, { actor: admin, orderId: order.id })).toMatchObject({ ok: false, error: { code: 'ORDER_NOT_SHIPPABLE' } });
  });
});

describe('refunding part of an order', () => {
  it('refunds lines at the price paid, numbering credit notes without gaps, and restocks when asked', async () => {
    const { order, valve, elbow } = await shipped();
    const first = await refundOrder(deps(), { actor: admin, orderId: order.id, lines: [{ productId: valve, quantity: 10 }], reason: 'Damaged', restock: true });
    expect(first).toMatchObject({ ok: true, value: { number: 'CN-2026-000001', amountCents: 10_000, lines: [{ productId: valve, quantity: 10, amountCents: 10_000, restocked: true }] } });
    expect(await stockOf(valve)).toBe(360);
    const second = await refundOrder(deps(), { actor: admin, orderId: order.id, lines: [{ productId: elbow, quantity: 200 }], reason: 'Wrong size', restock: false });
    expect(second).toMatchObject({ ok: true, value: { number: 'CN-2026-000002', amountCents: 40_000 } });
    expect(await stockOf(elbow)).toBe(800);
    expect(await world.store.orders.findById(order.id)).toMatchObject({ status: 'shipped', refundedCents: 50_000 });
    expect(await mailKinds()).toEqual(expect.arrayContaining(['refund-made']));
  });

  it('refunds an amount, and never more than is left of what was paid', async () => {
    const { order } = await shipped();
    expect(await refundOrder(deps(), { actor: admin, orderId: order.id, lines: null, amountCents: 180_000, reason: 'Goodwill', restock: false })).toMatchObject({ ok: true });
    expect(await refundOrder(deps(), { actor: admin, orderId: order.id, lines: null, amountCents: 10_001, reason: 'More', restock: false })).toEqual({
      ok: false,
      error: { code: 'REFUND_EXCEEDS_PAID', refundableCents: 10_000 },
    });
    expect(await refundOrder(deps(), { actor: admin, orderId: order.id, lines: null, amountCents: 10_000, reason: 'Rest', restock: false })).toMatchObject({ ok: true });
    expect((await world.store.orders.findById(order.id))?.refundedCents).toBe(190_000);
  });

  it('refuses lines not in the order, repeated, or above what is left to refund of them, and an empty request', async () => {
    const { order, valve } = await shipped();
    await refundOrder(deps(), { actor: admin, orderId: order.id, lines: [{ productId: valve, quantity: 100 }], reason: 'Damaged', restock: false });
    const result = await refundOrder(deps(), {
      actor: admin,
      orderId: order.id,
      lines: [
        { productId: valve, quantity: 51 },
        { productId: 'nope', quantity: 1 },
        { productId: valve, quantity: 1 },
      ],
      reason: 'Again',
      restock: false,
    });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        fields: {
          'lines.0.quantity': { rule: 'afterSaleQuantity', max: 50 },
          'lines.1.productId': { rule: 'lineNotInOrder' },
          'lines.2.productId': { rule: 'lineRepeated' },
        },
      },
    });
    expect(await refundOrder(deps(), { actor: admin, orderId: order.id, lines: [], reason: 'Nothing', restock: false })).toMatchObject({
      ok: false,
      error: { fields: { lines: { rule: 'refundEmpty' } } },
    });
  });

  it('refuses unpaid and cancelled orders, and other people', async () => {
    const { order } = await paid();
    await cancelOrder(deps(), { actor: admin, orderId: order.id, reason: 'Gone', restock: true });
    expect(await refundOrder(deps(), { actor: admin, orderId: order.id, lines: null, amountCents: 100, reason: 'x', restock: false })).toMatchObject({ ok: false, error: { code: 'ORDER_NOT_REFUNDABLE' } });
    expect(await refundOrder(deps(), { actor: buyer, orderId: order.id, lines: null, amountCents: 100, reason: 'x', restock: false })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('records exactly one of two refunds at the same moment that together pass what was paid', async () => {
    const { order } = await shipped();
    const ask = () => refundOrder(deps(), { actor: admin, orderId: order.id, lines: null, amountCents: 100_000, reason: 'Twice', restock: false });
    const results = await Promise.all([ask(), ask()]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ ok: false, error: { code: expect.stringMatching(/^REFUND_(EXCEEDS_PAID|REFUSED)$/) } });
    expect((await world.store.orders.findById(order.id))?.refundedCents).toBe(100_000);
  });
});

describe('the units of a line, refunded once', () => {
  it('records two line refunds at once that together pass what was ordered of a product, the later as an amount alone', async () => {
    const { order, valve } = await shipped();
    const ask = () => refundOrder(deps(), { actor: admin, orderId: order.id, lines: [{ productId: valve, quantity: 100 }], amountCents: 5_000, reason: 'Twice', restock: true });
    // Both pass the check before the provider; the store checks again, atomically, and the
    // provider had given both amounts back by then: the money is on the books, the units once.
    const results = await Promise.all([ask(), ask()]);
    expect(results.map((result) => result.ok && result.value.lines.length)).toEqual([1, 0]);
    expect(await stockOf(valve)).toBe(450);
    expect((await world.store.orders.findById(order.id))?.refundedCents).toBe(10_000);
  });

  it('cancels with what is left of each line, so units an earlier refund put back are not put back again', async () => {
    const { order, valve, elbow } = await paid();
    await refundOrder(deps(), { actor: admin, orderId: order.id, lines: [{ productId: valve, quantity: 50 }], reason: 'Damaged', restock: true });
    expect(await stockOf(valve)).toBe(400);
    const cancelled = await cancelOrder(deps(), { actor: admin, orderId: order.id, reason: 'Ordered twice', restock: true });
    expect(cancelled).toMatchObject({ ok: true, value: { refund: { amountCents: 140_000, lines: [{ productId: valve, quantity: 100 }, { productId: elbow, quantity: 200 }] } } });
    expect(await stockOf(valve)).toBe(500);
    expect(await stockOf(elbow)).toBe(1_000);
  });

  it('receives a return without paying again for units an admin already refunded', async () => {
    const { order, valve } = await shipped();
    await refundOrder(deps(), { actor: admin, orderId: order.id, lines: [{ productId: valve, quantity: 140 }], reason: 'Damaged', restock: false });
    const asked = await requestReturn(world.deps, { actor: buyer, orderId: order.id, lines: [{ productId: valve, quantity: 20 }], reason: 'Wrong thread' });
    if (!asked.ok) throw new Error('arrange: no return');
    await approveReturn(world.deps, { actor: admin, returnId: asked.value.id, answer: null });
    const received = await receiveReturn(deps(), { actor: admin, returnId: asked.value.id, lines: [{ productId: valve, quantity: 20, restock: true }] });
    expect(received).toMatchObject({ ok: true, value: { ret: { status: 'received' }, refund: { amountCents: 10_000, lines: [{ productId: valve, quantity: 10 }] } } });
    expect((await world.store.orders.findById(order.id))?.refundedCents).toBe(150_000);
  });
});

describe('returns', () => {
  it('runs requested → approved → received, restocking and refunding the received units at the price paid', async () => {
    const { order, valve, elbow } = await shipped();
    world.clock.advance(5 * DAY);
    const asked = await requestReturn(world.deps, { actor: buyer, orderId: order.id, lines: [{ productId: valve, quantity: 20 }, { productId: elbow, quantity: 50 }], reason: 'Wrong thread' });
    expect(asked).toMatchObject({ ok: true, value: { number: 'RMA-2026-000001', status: 'requested' } });
    if (!asked.ok) return;
    const approved = await approveReturn(world.deps, { actor: admin, returnId: asked.value.id, answer: 'Send to dock 4' });
    expect(approved).toMatchObject({ ok: true, value: { status: 'approved', answer: 'Send to dock 4' } });
    const received = await receiveReturn(deps(), {
      actor: admin,
      returnId: asked.value.id,
      lines: [
        { productId: valve, quantity: 20, restock: true },
        { productId: elbow, quantity: 40, restock: false },
      ],
    });
    expect(received).toMatchObject({ ok: true, value: { ret: { status: 'received' }, refund: { amountCents: 20 * 1_000 + 40 * 200, number: 'CN-2026-000001' } } });
    expect(await stockOf(valve)).toBe(370);
    expect(await stockOf(elbow)).toBe(800);
    expect((await world.store.orders.findById(order.id))?.refundedCents).toBe(28_000);
    expect(await mailKinds()).toEqual(expect.arrayContaining(['return-requested', 'return-approved', 'return-received']));
    expect(await orderAfterSale(world.deps, { actor: buyer, orderId: order.id })).toMatchObject({ ok: true, value: { refunds: [{ amountCents: 28_000 }], returns: [{ status: 'received' }] } });
    expect(await orderAfterSale(world.deps, { actor: stranger, orderId: order.id })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('is only for the buyer, on a shipped order, within the window, and not above what was shipped less other returns', async () => {
    const sent = await shipped();
    expect(await requestReturn(world.deps, { actor: stranger, orderId: sent.order.id, lines: [{ productId: sent.valve, quantity: 1 }], reason: 'x' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    await requestReturn(world.deps, { actor: buyer, orderId: sent.order.id, lines: [{ productId: sent.valve, quantity: 100 }], reason: 'Too many' });
    expect(await requestReturn(world.deps, { actor: buyer, orderId: sent.order.id, lines: [{ productId: sent.valve, quantity: 51 }], reason: 'More' })).toMatchObject({
      ok: false,
      error: { fields: { 'lines.0.quantity': { rule: 'afterSaleQuantity', max: 50 } } },
    });
    world.clock.advance((RETURN_WINDOW_DAYS + 1) * DAY);
    expect(await requestReturn(world.deps, { actor: buyer, orderId: sent.order.id, lines: [{ productId: sent.valve, quantity: 1 }], reason: 'Late' })).toEqual({
      ok: false,
      error: { code: 'RETURN_NOT_ALLOWED', reason: 'window-closed' },
    });
    const unshipped = await paid();
    expect(await requestReturn(world.deps, { actor: buyer, orderId: unshipped.order.id, lines: [{ productId: unshipped.valve, quantity: 1 }], reason: 'x' })).toEqual({
      ok: false,
      error: { code: 'RETURN_NOT_ALLOWED', reason: 'not-shipped' },
    });
  });

  it('frees a rejected return\'s units, needs a reason to reject, and answers each return once', async () => {
    const { order, valve } = await shipped();
    const asked = await requestReturn(world.deps, { actor: buyer, orderId: order.id, lines: [{ productId: valve, quantity: 150 }], reason: 'All of them' });
    if (!asked.ok) throw new Error('not requested');
    expect(await rejectReturn(world.deps, { actor: admin, returnId: asked.value.id, answer: ' ' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(await rejectReturn(world.deps, { actor: admin, returnId: asked.value.id, answer: 'Custom cut' })).toMatchObject({ ok: true, value: { status: 'rejected' } });
    expect(await approveReturn(world.deps, { actor: admin, returnId: asked.value.id, answer: null })).toEqual({ ok: false, error: { code: 'RETURN_NOT_OPEN', status: 'rejected' } });
    expect(await receiveReturn(deps(), { actor: admin, returnId: asked.value.id, lines: [] })).toEqual({ ok: false, error: { code: 'RETURN_NOT_OPEN', status: 'rejected' } });
    expect(await requestReturn(world.deps, { actor: buyer, orderId: order.id, lines: [{ productId: valve, quantity: 150 }], reason: 'Again' })).toMatchObject({ ok: true });
    expect(await listReturns(world.deps, { actor: admin, status: 'rejected' })).toMatchObject({ ok: true, value: { items: [{ status: 'rejected' }] } });
    expect(await listReturns(world.deps, { actor: buyer })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('opens the window at shipping and closes it 30 days later', () => {
    const shippedAt = new Date('2026-03-01T00:00:00Z');
    expect(returnWindowOpen({ status: 'shipped', shippedAt }, new Date('2026-03-31T00:00:00Z'))).toBe(true);
    expect(returnWindowOpen({ status: 'shipped', shippedAt }, new Date('2026-03-31T00:00:01Z'))).toBe(false);
    expect(returnWindowOpen({ status: 'pending', shippedAt: null }, shippedAt)).toBe(false);
  });
});
