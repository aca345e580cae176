import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createTestPaymentGateway, type TestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import type { PaymentGateway } from '#domain/ordering/payment-gateway.ts';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';
import { messages } from '#http/messages.ts';
import { createTestApp, expectError, signUpAdmin } from '../test-support.ts';

const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

/**
 * A succeeded $1,875.00 payment whose order was gone when it landed, kept for an admin to refund
 * (docs/api.md, "Payments to refund"); `reachable: false` puts the payment provider out of reach
 * for refunds.
 */
const arrange = async ({ reachable = true } = {}) => {
  const storage = createMemoryStorage();
  const gateway = createTestPaymentGateway({ intents: storage.testPaymentIntents, now: () => new Date() });
  let refundsAsked = 0;
  const payments: TestPaymentGateway = Object.assign(Object.create(gateway) as TestPaymentGateway, {
    refund: async (input: Parameters<PaymentGateway['refund']>[0]) => {
      refundsAsked += 1;
      if (!reachable) throw new ServiceUnavailableError('payments', { cause: new Error('connect ECONNREFUSED') });
      return gateway.refund(input);
    },
  });
  const context = createTestApp({ storage, payments });
  const intent = await gateway.createIntent({ orderId: 'order-gone', amountCents: 187_500, currency: 'usd', email: 'ada@example.com' });
  const charged = await gateway.confirmCard({ clientSecret: intent.clientSecret, card, billing: { name: 'Ada', email: 'ada@example.com' } });
  if (!charged.ok) throw new Error('arrange: not charged');
  await context.store.refunds.record({ id: intent.id, orderId: 'order-gone', amountCents: 187_500, currency: 'usd', reason: 'order-gone', createdAt: new Date() });
  const admin = await signUpAdmin(context);
  return { ...context, storage, admin, intentId: intent.id, refundsAsked: () => refundsAsked };
};

describe('refunding a payment no order could take', () => {
  it('refunds it through the provider once, marks it, audits it, and answers 409 after', async () => {
    const { call, admin, intentId, refundsAsked } = await arrange();
    expect((await call('GET', '/api/admin/overview', { token: admin.token })).json.paymentsToRefund).toBe(1);
    const refunded = await call('POST', `/api/admin/payments-to-refund/${intentId}/refund`, { token: admin.token });
    expect(refunded.status).toBe(200);
    expect(refunded.json).toMatchObject({ paymentIntentId: intentId, amountCents: 187_500, refundedAt: expect.any(String), providerRefundId: expect.any(String) });
    const again = await call('POST', `/api/admin/payments-to-refund/${intentId}/refund`, { token: admin.token });
    expect(again.status).toBe(409);
    expect(expectError(again.json)).toMatchObject({ code: 'PAYMENT_ALREADY_REFUNDED', message: messages.paymentAlreadyRefunded });
    expect(refundsAsked()).toBe(1);
    const list = await call('GET', '/api/admin/payments-to-refund', { token: admin.token });
    expect(list.json.items).toEqual([refunded.json]);
    expect((await call('GET', '/api/admin/overview', { token: admin.token })).json.paymentsToRefund).toBe(0);
    expect((await call('GET', '/api/admin/audit?kind=payment-refunded', { token: admin.token })).json.items).toHaveLength(1);
  });

  it('moves the money once for two refunds at the same moment: one 200, one 409', async () => {
    const { call, admin, intentId, storage } = await arrange();
    const answers = await Promise.all([0, 1].map(() => call('POST', `/api/admin/payments-to-refund/${intentId}/refund`, { token: admin.token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // The provider's idempotency key is the payment: both were the same refund there.
    expect(await storage.testPaymentIntents.refund({ id: 're_more', intentId, amountCents: 1, idempotencyKey: 'another', createdAt: new Date() })).toBe('exceeds-payment');
  });

  it('changes nothing when the provider cannot be reached (503) or the payment is unknown (404), and is for admins only', async () => {
    const { call, admin, intentId, signUp, store } = await arrange({ reachable: false });
    const unreachable = await call('POST', `/api/admin/payments-to-refund/${intentId}/refund`, { token: admin.token });
    expect(unreachable.status).toBe(503);
    expect(expectError(unreachable.json).code).toBe('SERVICE_UNAVAILABLE');
    expect(await store.refunds.find(intentId)).toMatchObject({ refundedAt: null, providerRefundId: null });
    expect((await call('GET', '/api/admin/audit?kind=payment-refunded', { token: admin.token })).json.items).toEqual([]);
    const unknown = await call('POST', '/api/admin/payments-to-refund/pi_nope/refund', { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(expectError(unknown.json).message).toBe(messages.paymentToRefundNotFound);
    const buyer = await signUp();
    expect((await call('POST', `/api/admin/payments-to-refund/${intentId}/refund`, { token: buyer.token })).status).toBe(403);
  });
});
