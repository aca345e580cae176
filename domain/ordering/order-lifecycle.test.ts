import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createTestPaymentGateway, type TestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createMemoryTestPaymentIntents } from '#adapters/storage/memory/test-payment-intents.ts';
import { createWorld, type World } from '../testing/world.ts';
import type { User } from '../identity/user.ts';
import { canDelete, canPay, canShip, type Order, type OrderStatus } from './order.ts';
import { placeOrder } from './place-order.ts';
import { deleteOrder } from './delete-order.ts';
import { startPayment } from './start-payment.ts';
import { confirmPayment } from './confirm-payment.ts';
import { recordSucceededPayment } from './record-payment.ts';
import { shipOrder } from './ship-order.ts';
import { findOrderFor } from './find-order.ts';
import { expireUnpaidOrders } from './expire-unpaid-orders.ts';
import { readOrder } from './reconcile-payment.ts';
import type { PaymentIntent } from './payment-gateway.ts';

const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const billing = { name: 'Ada', email: 'ada@example.com' };

let world: World;
let payments: TestPaymentGateway;
let owner: User;
let stranger: User;
let admin: User;

beforeEach(async () => {
  const storage = createMemoryStorage();
  world = createWorld(storage.repositories);
  payments = createTestPaymentGateway({ intents: storage.testPaymentIntents, now: () => world.clock.now() });
  owner = await world.addUser({ name: 'Owner' });
  stranger = await world.addUser({ name: 'Stranger' });
  admin = await world.addUser({ name: 'Admin', role: 'admin' });
});

const deps = () => ({ ...world.deps, payments });

/**
 * A second succeeded intent for an order that is already paid. The offline provider never makes
 * one (one intent per order), but a real provider's history can hold one (a retried checkout in
 * another tab), so the rule is tested with a provider whose record has it.
 */
const strayIntentFor = async (order: Order) => {
  const provider = createTestPaymentGateway({ intents: createMemoryTestPaymentIntents(), now: () => world.clock.now() });
  const intent = await provider.createIntent({ orderId: order.id, amountCents: order.totalCents, currency: 'usd', email: order.email });
  await provider.confirmCard({ clientSecret: intent.clientSecret, card: VISA, billing });
  return { id: intent.id, provider };
};

const placed = async (stock = 500, quantity = 150): Promise<Order> => {
  const product = await world.addProduct({ stock, priceCents: 1_000 });
  const result = await placeOrder(deps(), { buyer: owner, lines: [{ productId: product.id, quantity }], phone: '5550102030', address: '1 Dock Road' });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};

/** Pays through the test provider as the web app would; returns the intent id. */
const payByCard = async (order: Order): Promise<string> => {
  const start = await startPayment(deps(), { actor: owner, orderId: order.id });
  if (!start.ok) throw new Error(JSON.stringify(start.error));
  const charged = await payments.confirmCard({ clientSecret: start.value.clientSecret, card: VISA, billing });
  if (!charged.ok) throw new Error(JSON.stringify(charged.error));
  return charged.value.paymentIntentId;
};

const paid = async (): Promise<Order> => {
  const order = await placed();
  const intentId = await payByCard(order);
  const result = await confirmPayment(deps(), { actor: owner, orderId: order.id, paymentIntentId: intentId });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};

const shipped = async (): Promise<Order> => {
  const order = await paid();
  const result = await shipOrder(world.deps, { actor: admin, orderId: order.id });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};

const stockOf = async (order: Order) => (await world.store.products.findById(order.lines[0]?.productId ?? ''))?.stock;

describe('order state rules', () => {
  it.each<[OrderStatus, boolean, boolean, boolean]>([
    ['unpaid', true, true, false],
    ['pending', false, false, true],
    ['shipped', false, false, false],
  ])('%s: delete %s, pay %s, ship %s', (status, deletable, payable, shippable) => {
    expect([canDelete({ status }), canPay({ status }), canShip({ status })]).toEqual([deletable, payable, shippable]);
  });
});

describe('findOrderFor', () => {
  it('shows the order to its owner and to admins, and hides it from anyone else', async () => {
    const order = await placed();
    expect((await findOrderFor(world.deps, { actor: owner, orderId: order.id })).ok).toBe(true);
    expect((await findOrderFor(world.deps, { actor: admin, orderId: order.id })).ok).toBe(true);
    expect(await findOrderFor(world.deps, { actor: stranger, orderId: order.id })).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'order' } });
    expect((await findOrderFor(world.deps, { actor: admin, orderId: order.id, ownerOnly: true })).ok).toBe(false);
  });
});

describe('deleteOrder', () => {
  it('lets the owner delete an unpaid order and returns its stock', async () => {
    const order = await placed(500, 150);
    expect(await stockOf(order)).toBe(350);
    expect(await deleteOrder(deps(), { actor: owner, orderId: order.id })).toEqual({ ok: true, value: null });
    expect(await world.store.orders.findById(order.id)).toBeNull();
    expect(await stockOf(order)).toBe(500);
  });

  it("lets an admin delete an unpaid order, recorded in the audit log; the owner's own delete is not", async () => {
    const mine = await placed();
    expect((await deleteOrder(deps(), { actor: owner, orderId: mine.id })).ok).toBe(true);
    const order = await placed();
    expect((await deleteOrder(deps(), { actor: admin, orderId: order.id })).ok).toBe(true);
    expect(await stockOf(order)).toBe(500);
    expect((await world.store.audit.list({}, { limit: 10 })).items).toMatchObject([
      {
        kind: 'order-deleted',
        subjectId: order.id,
        actorId: admin.id,
        summary: `Deleted the unpaid order ${order.number} of ${order.email}`,
        before: { number: order.number, status: 'unpaid', lines: [{ quantity: 150 }] },
        after: null,
      },
    ]);
  });

  it('answers NOT_FOUND to another customer and leaves the order alone', async () => {
    const order = await placed();
    expect(await deleteOrder(deps(), { actor: stranger, orderId: order.id })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', subject: 'order' },
    });
    expect(await world.store.orders.findById(order.id)).not.toBeNull();
    expect(await stockOf(order)).toBe(350);
  });

  it('refuses a paid order, for the owner and for an admin', async () => {
    const order = await paid();
    const refusal = { ok: false, error: { code: 'ORDER_NOT_DELETABLE' } };
    expect(await deleteOrder(deps(), { actor: owner, orderId: order.id })).toEqual(refusal);
    expect(await deleteOrder(deps(), { actor: admin, orderId: order.id })).toEqual(refusal);
    expect((await world.store.orders.findById(order.id))?.status).toBe('pending');
    expect(await stockOf(order)).toBe(350);
  });

  it('refuses a shipped order', async () => {
    const order = await shipped();
    expect(await deleteOrder(deps(), { actor: admin, orderId: order.id })).toMatchObject({ error: { code: 'ORDER_NOT_DELETABLE' } });
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    expect(await deleteOrder(deps(), { actor: admin, orderId: 'missing' })).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('startPayment', () => {
  it('gives the owner an intent for the amount stored on the order', async () => {
    const order = await placed(500, 150);
    const result = await startPayment(deps(), { actor: owner, orderId: order.id });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.value).toMatchObject({ provider: 'test', publishableKey: null, amountCents: 150_000 });
    const intentId = result.value.clientSecret.split('_secret_')[0] ?? '';
    expect(await payments.retrieveIntent(intentId)).toMatchObject({ amountCents: order.totalCents, currency: 'usd', orderId: order.id });
  });

  it('returns the same intent when asked twice', async () => {
    const order = await placed();
    const first = await startPayment(deps(), { actor: owner, orderId: order.id });
    const second = await startPayment(deps(), { actor: owner, orderId: order.id });
    expect(second.ok && second.value.clientSecret).toBe(first.ok && first.value.clientSecret);
  });

  it('is for the owner only: another customer and an admin get NOT_FOUND', async () => {
    const order = await placed();
    expect(await startPayment(deps(), { actor: stranger, orderId: order.id })).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await startPayment(deps(), { actor: admin, orderId: order.id })).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('is refused once the order is paid, and once it is shipped', async () => {
    const order = await paid();
    const refusal = { ok: false, error: { code: 'ORDER_ALREADY_PAID' } };
    expect(await startPayment(deps(), { actor: owner, orderId: order.id })).toEqual(refusal);
    await shipOrder(world.deps, { actor: admin, orderId: order.id });
    expect(await startPayment(deps(), { actor: owner, orderId: order.id })).toEqual(refusal);
  });
});

describe('a card charged whose confirmation never reached us (the confirm call failed)', () => {
  /** The buyer's card went through at the provider; the shop was never told (a 500, a dead instance). */
  const chargedUnheard = async () => {
    const order = await placed();
    const intentId = await payByCard(order);
    world.clock.advance(60_000);
    expect((await world.store.orders.findById(order.id))?.status).toBe('unpaid');
    return { order, intentId };
  };

  it('is recorded once when the order is read, by its owner or an admin; the late confirmation changes nothing', async () => {
    const { order, intentId } = await chargedUnheard();
    const read = await readOrder(deps(), { actor: owner, orderId: order.id });
    if (!read.ok) throw new Error(JSON.stringify(read.error));
    expect(read.value).toMatchObject({ id: order.id, status: 'pending', transactionId: intentId, paidAt: world.clock.now() });
    world.clock.advance(60_000);
    expect(await readOrder(deps(), { actor: admin, orderId: order.id })).toEqual(read);
    expect(await confirmPayment(deps(), { actor: owner, orderId: order.id, paymentIntentId: intentId })).toEqual(read);
    expect(await world.store.orders.findById(order.id)).toEqual(read.value);
    // One payment: one invoice number, one "paid" e-mail beside the order's own, nothing to refund.
    expect(read.value.invoiceNumber).not.toBeNull();
    expect(await world.store.outbox.countUnsent()).toBe(2);
    expect(await world.store.refunds.count()).toBe(0);
  });

  it('is not shown to anyone else, and an order read while the provider is down is the stored one', async () => {
    const { order } = await chargedUnheard();
    expect(await readOrder(deps(), { actor: stranger, orderId: order.id })).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'order' } });
    const down = { ...payments, retrieveIntent: () => Promise.reject(new Error('ECONNRESET')) };
    expect(await readOrder({ ...deps(), payments: down }, { actor: owner, orderId: order.id })).toMatchObject({ ok: true, value: { status: 'unpaid' } });
    expect((await readOrder(deps(), { actor: owner, orderId: order.id })).ok && (await world.store.orders.findById(order.id))?.status).toBe('pending');
  });

  it('is recorded when the buyer starts paying again, and no second intent is made', async () => {
    const { order, intentId } = await chargedUnheard();
    const createIntent = vi.fn(payments.createIntent);
    const watched = { ...payments, createIntent };
    expect(await startPayment({ ...deps(), payments: watched }, { actor: owner, orderId: order.id })).toEqual({ ok: false, error: { code: 'ORDER_ALREADY_PAID' } });
    expect(createIntent).not.toHaveBeenCalled();
    expect(await world.store.orders.findById(order.id)).toMatchObject({ status: 'pending', transactionId: intentId });
    expect(await world.store.refunds.count()).toBe(0);
  });

  it('is recorded before the unpaid-order cap refuses the next order', async () => {
    const product = await world.addProduct({ stock: 10_000, priceCents: 1_000 });
    const order = () => placeOrder(deps(), { maxUnpaidOrders: 2, buyer: owner, lines: [{ productId: product.id, quantity: 100 }], phone: '5550102030', address: '1 Dock Road' });
    const first = await order();
    const second = await order();
    if (!first.ok || !second.ok) throw new Error('setup');
    // An intent that was opened but never paid does not make room.
    await startPayment(deps(), { actor: owner, orderId: second.value.id });
    expect(await order()).toEqual({ ok: false, error: { code: 'TOO_MANY_UNPAID_ORDERS', limit: 2 } });
    const intentId = await payByCard(first.value);
    expect((await order()).ok).toBe(true);
    expect(await world.store.orders.findById(first.value.id)).toMatchObject({ status: 'pending', transactionId: intentId });
  });
});

describe('confirmPayment and recordSucceededPayment', () => {
  const notConfirmed = { ok: false, error: { code: 'PAYMENT_NOT_CONFIRMED' } };

  it('marks the order paid (pending) with the intent as transaction id', async () => {
    const order = await placed();
    const intentId = await payByCard(order);
    world.clock.advance(60_000);
    const result = await confirmPayment(deps(), { actor: owner, orderId: order.id, paymentIntentId: intentId });
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ id: order.id, status: 'pending', transactionId: intentId, paidAt: world.clock.now() }),
    });
    expect((await world.store.orders.findById(order.id))?.status).toBe('pending');
  });

  it('refuses an intent that has not succeeded (no card charged yet, or declined)', async () => {
    const order = await placed();
    const start = await startPayment(deps(), { actor: owner, orderId: order.id });
    if (!start.ok) throw new Error('setup');
    const intentId = start.value.clientSecret.split('_secret_')[0] ?? '';
    expect(await confirmPayment(deps(), { actor: owner, orderId: order.id, paymentIntentId: intentId })).toEqual(notConfirmed);
    await payments.confirmCard({ clientSecret: start.value.clientSecret, card: { ...VISA, number: '4000000000000002' }, billing });
    expect(await confirmPayment(deps(), { actor: owner, orderId: order.id, paymentIntentId: intentId })).toEqual(notConfirmed);
    expect((await world.store.orders.findById(order.id))?.status).toBe('unpaid');
  });

  it('refuses an unknown intent id', async () => {
    const order = await placed();
    expect(await confirmPayment(deps(), { actor: owner, orderId: order.id, paymentIntentId: 'pi_made_up' })).toEqual(notConfirmed);
  });

  it('refuses a succeeded intent for a different amount', async () => {
    const order = await placed();
    const cheaper = await payments.createIntent({ orderId: order.id, amountCents: order.totalCents - 1, currency: 'usd', email: order.email });
    await payments.confirmCard({ clientSecret: cheaper.clientSecret, card: VISA, billing });
    expect(await confirmPayment(deps(), { actor: owner, orderId: order.id, paymentIntentId: cheaper.id })).toEqual(notConfirmed);
    expect((await world.store.orders.findById(order.id))?.status).toBe('unpaid');
  });

  it('refuses a succeeded intent in another currency', async () => {
    const order = await placed();
    const euros: PaymentIntent = { id: 'pi_eur', clientSecret: 's', state: 'succeeded', amountCents: order.totalCents, currency: 'eur', orderId: order.id };
    expect(await recordSucceededPayment(world.deps, euros)).toEqual(notConfirmed);
    expect((await world.store.orders.findById(order.id))?.status).toBe('unpaid');
  });

  it('refuses an intent that belongs to another order, even one of the same buyer and amount', async () => {
    const mine = await placed();
    const other = await placed();
    const otherIntent = await payByCard(other);
    expect(await confirmPayment(deps(), { actor: owner, orderId: mine.id, paymentIntentId: otherIntent })).toEqual(notConfirmed);
    expect((await world.store.orders.findById(mine.id))?.status).toBe('unpaid');
  });

  it('is for the owner only', async () => {
    const order = await placed();
    const intentId = await payByCard(order);
    expect(await confirmPayment(deps(), { actor: stranger, orderId: order.id, paymentIntentId: intentId })).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await confirmPayment(deps(), { actor: admin, orderId: order.id, paymentIntentId: intentId })).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await world.store.orders.findById(order.id))?.status).toBe('unpaid');
  });

  it('a second confirmation with the same intent (confirm + webhook) changes nothing and returns the order', async () => {
    const order = await placed();
    const intentId = await payByCard(order);
    const first = await confirmPayment(deps(), { actor: owner, orderId: order.id, paymentIntentId: intentId });
    world.clock.advance(5_000);
    const intent = await payments.retrieveIntent(intentId);
    if (!intent) throw new Error('setup');
    const again = await recordSucceededPayment(world.deps, intent);
    expect(again).toEqual(first);
    expect(again.ok && again.value.paidAt).toEqual(first.ok && first.value.paidAt);
  });

  it('a different succeeded intent after payment is ORDER_ALREADY_PAID', async () => {
    const order = await paid();
    const second = await strayIntentFor(order);
    expect(await confirmPayment({ ...world.deps, payments: second.provider }, { actor: owner, orderId: order.id, paymentIntentId: second.id })).toEqual({
      ok: false,
      error: { code: 'ORDER_ALREADY_PAID' },
    });
    expect((await world.store.orders.findById(order.id))?.transactionId).toBe(order.transactionId);
  });

  it('the webhook path refuses an intent without an order id, and an order that does not exist', async () => {
    const base: PaymentIntent = { id: 'pi_x', clientSecret: 's', state: 'succeeded', amountCents: 100, currency: 'usd', orderId: null };
    expect(await recordSucceededPayment(world.deps, base)).toEqual(notConfirmed);
    expect(await recordSucceededPayment(world.deps, { ...base, orderId: 'gone' })).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('the webhook path pays an unpaid order from a succeeded intent', async () => {
    const order = await placed();
    const intentId = await payByCard(order);
    const intent = await payments.retrieveIntent(intentId);
    if (!intent) throw new Error('setup');
    expect(await recordSucceededPayment(world.deps, intent)).toMatchObject({ ok: true, value: { status: 'pending', transactionId: intentId } });
  });
});

describe('shipOrder', () => {
  it('lets an admin ship a paid order', async () => {
    const order = await paid();
    world.clock.advance(3_600_000);
    const result = await shipOrder(world.deps, { actor: admin, orderId: order.id });
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ status: 'shipped', shippedAt: world.clock.now(), transactionId: order.transactionId }) });
  });

  it('is forbidden for customers, the owner included', async () => {
    const order = await paid();
    expect(await shipOrder(world.deps, { actor: owner, orderId: order.id })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
    expect((await world.store.orders.findById(order.id))?.status).toBe('pending');
  });

  it('refuses an unpaid order (unpaid -> shipped does not exist)', async () => {
    const order = await placed();
    expect(await shipOrder(world.deps, { actor: admin, orderId: order.id })).toEqual({
      ok: false,
      error: { code: 'ORDER_NOT_SHIPPABLE' },
    });
    expect((await world.store.orders.findById(order.id))?.status).toBe('unpaid');
  });

  it('refuses shipping twice', async () => {
    const order = await shipped();
    expect(await shipOrder(world.deps, { actor: admin, orderId: order.id })).toMatchObject({ error: { code: 'ORDER_NOT_SHIPPABLE' } });
  });

  it('answers NOT_FOUND for an unknown order', async () => {
    expect(await shipOrder(world.deps, { actor: admin, orderId: 'missing' })).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('a shipped order is final', () => {
  it('cannot be paid, deleted or shipped again', async () => {
    const order = await shipped();
    const stray = await strayIntentFor(order);
    expect(await confirmPayment({ ...world.deps, payments: stray.provider }, { actor: owner, orderId: order.id, paymentIntentId: stray.id })).toMatchObject({ error: { code: 'ORDER_ALREADY_PAID' } });
    expect(await deleteOrder(deps(), { actor: owner, orderId: order.id })).toMatchObject({ error: { code: 'ORDER_NOT_DELETABLE' } });
    expect(await shipOrder(world.deps, { actor: admin, orderId: order.id })).toMatchObject({ error: { code: 'ORDER_NOT_SHIPPABLE' } });
    expect(await world.store.orders.findById(order.id)).toMatchObject({ status: 'shipped', transactionId: order.transactionId });
  });

  it('repeating the original confirmation after shipping still returns the order unchanged', async () => {
    const order = await shipped();
    const intent = await payments.retrieveIntent(order.transactionId ?? '');
    if (!intent) throw new Error('setup');
    expect(await recordSucceededPayment(world.deps, intent)).toMatchObject({ ok: true, value: { status: 'shipped' } });
  });
});

describe('letting an unpaid order go asks the payment provider first', () => {
  /** Opens an intent for the order and has the card network charge it, without telling the shop. */
  const chargedBehindOurBack = async (order: Order) => {
    const start = await startPayment(deps(), { actor: owner, orderId: order.id });
    if (!start.ok) throw new Error(JSON.stringify(start.error));
    const charged = await payments.confirmCard({ clientSecret: start.value.clientSecret, card: VISA, billing });
    if (!charged.ok) throw new Error(JSON.stringify(charged.error));
    return { clientSecret: start.value.clientSecret, intentId: charged.value.paymentIntentId };
  };

  it('refuses to delete an order whose payment already went through, and records the payment instead', async () => {
    const order = await placed(500, 150);
    const { intentId } = await chargedBehindOurBack(order);
    expect(await deleteOrder(deps(), { actor: owner, orderId: order.id })).toEqual({ ok: false, error: { code: 'ORDER_NOT_DELETABLE' } });
    expect(await world.store.orders.findById(order.id)).toMatchObject({ status: 'pending', transactionId: intentId });
    expect(await stockOf(order)).toBe(350);
  });

  it('cancels an open intent before deleting, so the order can no longer be charged', async () => {
    const order = await placed(500, 150);
    const start = await startPayment(deps(), { actor: owner, orderId: order.id });
    if (!start.ok) throw new Error('setup');
    expect((await deleteOrder(deps(), { actor: owner, orderId: order.id })).ok).toBe(true);
    expect(await payments.confirmCard({ clientSecret: start.value.clientSecret, card: VISA, billing })).toMatchObject({ ok: false });
    expect(await stockOf(order)).toBe(500);
  });

  it('keeps a succeeded payment for a deleted order for an admin to refund, once', async () => {
    const order = await placed();
    const stray = await strayIntentFor(order);
    expect((await deleteOrder(deps(), { actor: owner, orderId: order.id })).ok).toBe(true);
    const intent = await stray.provider.retrieveIntent(stray.id);
    if (!intent) throw new Error('setup');
    expect(await recordSucceededPayment(world.deps, intent)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await recordSucceededPayment(world.deps, intent)).toMatchObject({ ok: false });
    expect(await world.store.refunds.count()).toBe(1);
    expect((await world.store.refunds.list({ limit: 10 })).items).toEqual([
      { id: stray.id, orderId: order.id, amountCents: order.totalCents, currency: 'usd', reason: 'order-gone', createdAt: world.clock.now(), refundedAt: null, providerRefundId: null },
    ]);
  });

  it('keeps a second succeeded payment for an order another intent paid', async () => {
    const order = await paid();
    const stray = await strayIntentFor(order);
    const intent = await stray.provider.retrieveIntent(stray.id);
    expect(await recordSucceededPayment(world.deps, intent!)).toMatchObject({ error: { code: 'ORDER_ALREADY_PAID' } });
    expect((await world.store.refunds.list({ limit: 10 })).items).toMatchObject([{ id: stray.id, reason: 'order-paid-otherwise' }]);
  });
});

describe('unpaid orders expire', () => {
  const HOUR = 60 * 60 * 1000;

  it('returns the stock of orders older than the time to live, keeps younger ones, and records a payment that went through', async () => {
    const old = await placed(500, 100);
    const oldButCharged = await placed(500, 100);
    const start = await startPayment(deps(), { actor: owner, orderId: oldButCharged.id });
    if (!start.ok) throw new Error('setup');
    await payments.confirmCard({ clientSecret: start.value.clientSecret, card: VISA, billing });
    world.clock.advance(47 * HOUR);
    const young = await placed(500, 100);
    world.clock.advance(2 * HOUR);

    expect(await expireUnpaidOrders(deps(), { unpaidOrderTtlHours: 48 })).toBe(1);
    expect(await world.store.orders.findById(old.id)).toBeNull();
    expect(await stockOf(old)).toBe(500);
    expect((await world.store.orders.findById(oldButCharged.id))?.status).toBe('pending');
    expect((await world.store.orders.findById(young.id))?.status).toBe('unpaid');
    expect(await expireUnpaidOrders(deps(), { unpaidOrderTtlHours: 48 })).toBe(0);
  });

  // No sweep runs in these: the use cases apply the rule themselves, by the clock they are given.
  it('lets an order past its time go when its payment is started, its units back, and answers as for a missing order', async () => {
    const order = await placed(500, 100);
    world.clock.advance(48 * HOUR + 1);
    expect(await startPayment(deps(), { unpaidOrderTtlHours: 48, actor: owner, orderId: order.id })).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'order' } });
    expect(await world.store.orders.findById(order.id)).toBeNull();
    expect(await stockOf(order)).toBe(500);
  });

  it('takes the TTL it is handed, not a default: 2 hours means 2 hours', async () => {
    const order = await placed(500, 100);
    world.clock.advance(HOUR);
    expect((await startPayment(deps(), { unpaidOrderTtlHours: 2, actor: owner, orderId: order.id })).ok).toBe(true);
    world.clock.advance(HOUR + 1);
    expect(await startPayment(deps(), { unpaidOrderTtlHours: 2, actor: owner, orderId: order.id })).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await stockOf(order)).toBe(500);
  });

  it('refuses to confirm a payment for an order past its time that was never paid, and records one that was', async () => {
    const unpaid = await placed(500, 100);
    const unpaidStart = await startPayment(deps(), { actor: owner, orderId: unpaid.id });
    const charged = await placed(500, 100);
    const intentId = await payByCard(charged);
    if (!unpaidStart.ok) throw new Error('setup');
    world.clock.advance(48 * HOUR + 1);

    const openIntent = (await world.store.orders.findById(unpaid.id))?.paymentIntentId ?? '';
    expect(await confirmPayment(deps(), { unpaidOrderTtlHours: 48, actor: owner, orderId: unpaid.id, paymentIntentId: openIntent })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', subject: 'order' },
    });
    expect(await stockOf(unpaid)).toBe(500);
    expect((await payments.retrieveIntent(openIntent))?.state).toBe('canceled');

    // Charged before its time ran out, confirmed after: the payment stands, as the sweep would record it.
    const confirmed = await confirmPayment(deps(), { unpaidOrderTtlHours: 48, actor: owner, orderId: charged.id, paymentIntentId: intentId });
    expect(confirmed).toMatchObject({ ok: true, value: { id: charged.id, status: 'pending', transactionId: intentId } });
    expect(await stockOf(charged)).toBe(400);
  });

  it('answers ORDER_ALREADY_PAID when starting a payment for an order past its time whose card went through', async () => {
    const order = await placed(500, 100);
    await payByCard(order);
    world.clock.advance(48 * HOUR + 1);
    expect(await startPayment(deps(), { unpaidOrderTtlHours: 48, actor: owner, orderId: order.id })).toEqual({ ok: false, error: { code: 'ORDER_ALREADY_PAID' } });
    expect((await world.store.orders.findById(order.id))?.status).toBe('pending');
  });
});

describe('unpaid orders per account', () => {
  it('refuses another order past the cap, with the cap in the refusal, and takes one again once an order is paid', async () => {
    const product = await world.addProduct({ stock: 10_000, priceCents: 1_000 });
    const order = () => placeOrder(deps(), { maxUnpaidOrders: 2, buyer: owner, lines: [{ productId: product.id, quantity: 100 }], phone: '5550102030', address: '1 Dock Road' });
    const first = await order();
    expect((await order()).ok).toBe(true);
    expect(await order()).toEqual({ ok: false, error: { code: 'TOO_MANY_UNPAID_ORDERS', limit: 2 } });
    expect((await world.store.products.findById(product.id))?.stock).toBe(9_800);
    if (!first.ok) throw new Error('setup');
    const paymentIntentId = await payByCard(first.value);
    expect((await confirmPayment(deps(), { actor: owner, orderId: first.value.id, paymentIntentId })).ok).toBe(true);
    expect((await order()).ok).toBe(true);
    // Someone else is not held back by the owner's orders.
    expect((await placeOrder(deps(), { maxUnpaidOrders: 2, buyer: stranger, lines: [{ productId: product.id, quantity: 100 }], phone: '5550102030', address: '1 Dock Road' })).ok).toBe(true);
  });
});
