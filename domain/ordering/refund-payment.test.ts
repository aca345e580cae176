import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createTestPaymentGateway, type TestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createWorld, type World } from '../testing/world.ts';
import type { User } from '../identity/user.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { refundPayment } from './refund-payment.ts';

let world: World;
let payments: TestPaymentGateway;
let admin: User;
let buyer: User;
let intentId: string;

/** A succeeded $500.00 payment whose order was gone when it landed. */
beforeEach(async () => {
  const storage = createMemoryStorage();
  world = createWorld(storage.repositories);
  payments = createTestPaymentGateway({ intents: storage.testPaymentIntents, now: () => world.clock.now() });
  admin = await world.addUser({ role: 'admin' });
  buyer = await world.addUser();
  const intent = await payments.createIntent({ orderId: 'gone', amountCents: 50_000, currency: 'usd', email: buyer.email });
  const charged = await payments.confirmCard({ clientSecret: intent.clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }, billing: { name: 'B', email: buyer.email } });
  if (!charged.ok) throw new Error('arrange: not charged');
  intentId = intent.id;
  await world.store.refunds.record({ id: intentId, orderId: 'gone', amountCents: 50_000, currency: 'usd', reason: 'order-gone', createdAt: world.clock.now() });
});

const deps = (gateway: Pick<PaymentGateway, 'refund'> = payments) => ({ ...world.deps, payments: gateway });

describe('refunding a payment no order could take', () => {
  it('gives the whole payment back through the provider, then marks it refunded with an audit entry; once', async () => {
    const refunded = await refundPayment(deps(), { actor: admin, id: intentId });
    expect(refunded).toMatchObject({ ok: true, value: { id: intentId, refundedAt: world.clock.now(), providerRefundId: expect.any(String) } });
    expect(await refundPayment(deps(), { actor: admin, id: intentId })).toEqual({ ok: false, error: { code: 'PAYMENT_ALREADY_REFUNDED' } });
    expect((await world.store.audit.list({ kind: 'payment-refunded' }, { limit: 10 })).items).toMatchObject([{ subjectId: intentId, actorId: admin.id }]);
    expect(await world.store.refunds.count()).toBe(0);
  });

  it('changes nothing when the provider refuses, and says why', async () => {
    const refusing: Pick<PaymentGateway, 'refund'> = { refund: async () => ({ ok: false, error: { reason: 'declined', detail: 'charge is disputed' } }) };
    expect(await refundPayment(deps(refusing), { actor: admin, id: intentId })).toEqual({ ok: false, error: { code: 'REFUND_REFUSED', reason: 'declined', detail: 'charge is disputed' } });
    expect(await world.store.refunds.find(intentId)).toMatchObject({ refundedAt: null });
    expect(await world.store.audit.list({}, { limit: 10 })).toEqual({ items: [], nextCursor: null });
  });

  it('is for admins only, and an unknown payment does not exist', async () => {
    expect(await refundPayment(deps(), { actor: buyer, id: intentId })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await refundPayment(deps(), { actor: admin, id: 'pi_nope' })).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'payment' } });
    expect(await world.store.refunds.find(intentId)).toMatchObject({ refundedAt: null });
  });
});
