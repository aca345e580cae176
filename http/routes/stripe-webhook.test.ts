import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '#adapters/payments/stripe/fake-stripe-server.ts';
import { createStripePaymentGateway } from '#adapters/payments/stripe/stripe-payment-gateway.ts';
import { addProduct, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

const SECRET_KEY = 'sk_test_http_0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_http_0123456789abcdef';

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  stripe = new Stripe(SECRET_KEY, { host: fake.host, port: fake.port, protocol: fake.protocol, maxNetworkRetries: 0 });
});
afterAll(() => fake.close());

/** An app on Stripe (the fake), one buyer and one unpaid order of 150 units at $12.50. */
const arrange = async () => {
  const payments = createStripePaymentGateway({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_http',
    webhookSecret: WEBHOOK_SECRET,
    client: { host: fake.host, port: fake.port, protocol: fake.protocol },
  });
  const context = createTestApp({ payments });
  const product = await addProduct(context.store, { priceCents: 1250 });
  const buyer = await context.signUp();
  const placed = await context.call('POST', '/api/orders', {
    body: { productId: product.id, quantity: 150, phone: '5550100200', address: 'Pier 9' },
    token: buyer.token,
  });
  const orderId = placed.json.id as string;
  const intentResponse = await context.call('POST', `/api/orders/${orderId}/payment-intent`, { token: buyer.token });
  const intentId = (intentResponse.json.clientSecret as string).split('_secret_')[0]!;
  return { ...context, buyer, orderId, intentId, intentResponse };
};

/** What Stripe.js does in the browser: confirm the intent with a test card. */
const payInBrowser = (intentId: string, paymentMethod = 'pm_card_visa') =>
  stripe.paymentIntents.confirm(intentId, { payment_method: paymentMethod });

const succeededEvent = async (intentId: string) => {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  return JSON.stringify({
    id: `evt_${intentId.slice(3)}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type: 'payment_intent.succeeded',
    data: { object: intent },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
};

const signed = (payload: string, secret = WEBHOOK_SECRET) => stripe.webhooks.generateTestHeaderString({ payload, secret });

describe('Stripe payments over HTTP', () => {
  it('hands out a Stripe intent for the stored amount, and has no test-card endpoint', async () => {
    const { intentResponse, call, buyer } = await arrange();
    expect(intentResponse.status).toBe(200);
    expect(intentResponse.json).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_http', amountCents: 187_500 });
    const testCard = await call('POST', '/api/payments/test/confirm', { token: buyer.token, body: {} });
    expect(testCard.status).toBe(404);
  });

  it('marks the order paid from a signed payment_intent.succeeded webhook; the same webhook twice changes nothing', async () => {
    const { call, buyer, orderId, intentId, store } = await arrange();
    await payInBrowser(intentId);
    const payload = await succeededEvent(intentId);
    const first = await call('POST', '/api/webhooks/stripe', {
      raw: payload,
      contentType: 'application/json',
      headers: { 'stripe-signature': signed(payload) },
    });
    expect(first.status).toBe(200);
    const paid = await store.orders.findById(orderId);
    expect(paid).toMatchObject({ status: 'pending', transactionId: intentId });

    const replay = await call('POST', '/api/webhooks/stripe', {
      raw: payload,
      contentType: 'application/json',
      headers: { 'stripe-signature': signed(payload) },
    });
    expect(replay.status).toBe(200);
    expect(await store.orders.findById(orderId)).toEqual(paid);

    // The buyer's confirm call arriving after the webhook agrees and changes nothing either.
    const confirm = await call('POST', `/api/orders/${orderId}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: intentId } });
    expect(confirm.status).toBe(200);
    expect(confirm.json.paidAt).toBe(paid?.paidAt?.toISOString());
  });

  it("records a refund made in Stripe's dashboard from charge.refunded once, and none for the shop's own refunds", async () => {
    const context = await arrange();
    const { call, buyer, orderId, intentId, store } = context;
    await payInBrowser(intentId);
    await call('POST', `/api/orders/${orderId}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: intentId } });
    const admin = await signUpAdmin(context);
    /** Stripe's event for the charge once `amountRefunded` of it is given back in all. */
    const refundedEvent = async (n: number, amountRefunded: number) => {
      const intent = await stripe.paymentIntents.retrieve(intentId);
      return JSON.stringify({
        id: `evt_refund_${n}_${intentId.slice(3)}`,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        type: 'charge.refunded',
        data: { object: { id: intent.latest_charge, object: 'charge', amount: intent.amount, amount_refunded: amountRefunded, payment_intent: intentId, refunded: false } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
    };
    const deliver = async (payload: string) =>
      (await call('POST', '/api/webhooks/stripe', { raw: payload, contentType: 'application/json', headers: { 'stripe-signature': signed(payload) } })).status;
    // $50.00 given back in the dashboard: Stripe's charge now says 5000 refunded.
    await stripe.refunds.create({ payment_intent: intentId, amount: 5_000 });
    const event = await refundedEvent(1, 5_000);
    expect(await deliver(event)).toBe(200);
    expect(await store.orders.findById(orderId)).toMatchObject({ refundedCents: 5_000 });
    expect(await deliver(event)).toBe(200);
    expect(await store.orders.findById(orderId)).toMatchObject({ refundedCents: 5_000 });
    const seen = await call('GET', `/api/orders/${orderId}/after-sale`, { token: buyer.token });
    expect(seen.json.refunds).toMatchObject([{ amountCents: 5_000, source: 'provider' }]);
    // The shop's own refund of $10.00 through Stripe, then Stripe's event for it: nothing more.
    const own = await call('POST', `/api/admin/orders/${orderId}/refunds`, { token: admin.token, body: { amountCents: 1_000, reason: 'Goodwill' } });
    expect(own.status).toBe(201);
    expect(await deliver(await refundedEvent(2, 6_000))).toBe(200);
    expect(await store.orders.findById(orderId)).toMatchObject({ refundedCents: 6_000 });
    expect((await call('GET', `/api/orders/${orderId}/after-sale`, { token: buyer.token })).json.refunds).toHaveLength(2);
  });

  it('rejects a bad or missing signature with 400 and leaves the order unpaid', async () => {
    const { call, orderId, intentId, store } = await arrange();
    await payInBrowser(intentId);
    const payload = await succeededEvent(intentId);
    const forged = await call('POST', '/api/webhooks/stripe', {
      raw: payload,
      contentType: 'application/json',
      headers: { 'stripe-signature': signed(payload, 'whsec_attacker_secret') },
    });
    expect(forged.status).toBe(400);
    expectError(forged.json);
    const tampered = await call('POST', '/api/webhooks/stripe', {
      raw: payload.replace('"livemode":false', '"livemode":true'),
      contentType: 'application/json',
      headers: { 'stripe-signature': signed(payload) },
    });
    expect(tampered.status).toBe(400);
    const unsigned = await call('POST', '/api/webhooks/stripe', { raw: payload, contentType: 'application/json' });
    expect(unsigned.status).toBe(400);
    expect((await store.orders.findById(orderId))?.status).toBe('unpaid');
  });

  it('confirms through the server asking Stripe, only once the intent succeeded', async () => {
    const { call, buyer, orderId, intentId } = await arrange();
    const early = await call('POST', `/api/orders/${orderId}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: intentId } });
    expect(early.status).toBe(409);
    await payInBrowser(intentId, 'pm_card_chargeDeclined').catch(() => null);
    const declined = await call('POST', `/api/orders/${orderId}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: intentId } });
    expect(declined.status).toBe(409);
    await payInBrowser(intentId);
    const confirmed = await call('POST', `/api/orders/${orderId}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: intentId } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ status: 'pending', transactionId: intentId });
  });

  it('records a payment whose confirmation never arrived when the buyer starts paying again, a day later, without a second intent', async () => {
    const { call, buyer, orderId, intentId } = await arrange();
    await payInBrowser(intentId);
    // The confirm call failed (a 502 from a dead instance) and no webhook came; a day passes.
    fake.expireIdempotencyKeys();
    const again = await call('POST', `/api/orders/${orderId}/payment-intent`, { token: buyer.token });
    expect(again.status).toBe(409);
    expect(expectError(again.json).code).toBe('ORDER_ALREADY_PAID');
    expect(fake.intentsForOrder(orderId)).toEqual([intentId]);
    const read = await call('GET', `/api/orders/${orderId}`, { token: buyer.token });
    expect(read.json).toMatchObject({ status: 'pending', transactionId: intentId });
  });

  it('offers the open intent again a day later rather than a second one the buyer could also pay', async () => {
    const { call, buyer, orderId, intentId, intentResponse } = await arrange();
    fake.expireIdempotencyKeys();
    const again = await call('POST', `/api/orders/${orderId}/payment-intent`, { token: buyer.token });
    expect(again.status).toBe(200);
    expect(again.json.clientSecret).toBe(intentResponse.json.clientSecret);
    expect(fake.intentsForOrder(orderId)).toEqual([intentId]);
  });

  it('shows the order paid to its owner and to an admin once Stripe says its intent succeeded, with no confirmation or webhook', async () => {
    const context = await arrange();
    const { call, buyer, orderId, intentId } = context;
    await payInBrowser(intentId);
    const admin = await signUpAdmin(context);
    const seen = await call('GET', `/api/orders/${orderId}`, { token: admin.token });
    expect(seen.json).toMatchObject({ status: 'pending', transactionId: intentId });
    expect((await call('GET', `/api/orders/${orderId}`, { token: buyer.token })).json).toEqual(seen.json);
  });

  it('acknowledges events it does not use without changing anything', async () => {
    const { call, orderId, store } = await arrange();
    const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } });
    const response = await call('POST', '/api/webhooks/stripe', {
      raw: payload,
      contentType: 'application/json',
      headers: { 'stripe-signature': signed(payload) },
    });
    expect(response.status).toBe(200);
    expect((await store.orders.findById(orderId))?.status).toBe('unpaid');
  });

  it('refuses to delete an order whose card payment went through before the webhook, and records it as paid', async () => {
    const { call, buyer, orderId, intentId, store } = await arrange();
    await payInBrowser(intentId);
    const refused = await call('DELETE', `/api/orders/${orderId}`, { token: buyer.token });
    expect(refused.status).toBe(409);
    expect(expectError(refused.json).code).toBe('ORDER_NOT_DELETABLE');
    expect(await store.orders.findById(orderId)).toMatchObject({ status: 'pending', transactionId: intentId });
  });

  it('cancels the Stripe intent of an unpaid order it deletes, so the buyer can no longer be charged for it', async () => {
    const { call, buyer, orderId, intentId } = await arrange();
    expect((await call('DELETE', `/api/orders/${orderId}`, { token: buyer.token })).status).toBe(204);
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('canceled');
    await expect(payInBrowser(intentId)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('keeps a succeeded payment whose order is gone for an admin to refund, once however often Stripe retries', async () => {
    const context = await arrange();
    const { call, orderId, intentId, store } = context;
    // The order went before its payment landed (a race the cancel cannot win, or an older release).
    expect(await store.orders.deleteUnpaidReturningStock(orderId)).toBe(true);
    await payInBrowser(intentId);
    const payload = await succeededEvent(intentId);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await call('POST', '/api/webhooks/stripe', { raw: payload, contentType: 'application/json', headers: { 'stripe-signature': signed(payload) } });
      expect(answer.status).toBe(200);
    }
    const admin = await signUpAdmin(context);
    const refunds = await call('GET', '/api/admin/payments-to-refund', { token: admin.token });
    expect(refunds.json).toEqual({
      items: [{ paymentIntentId: intentId, orderId, amountCents: 187_500, currency: 'usd', reason: 'order-gone', createdAt: expect.any(String), refundedAt: null, providerRefundId: null }],
      nextCursor: null,
    });
    expect((await call('GET', '/api/admin/overview', { token: admin.token })).json.paymentsToRefund).toBe(1);
    // The admin refunds it from the list: Stripe gives the whole payment back, once.
    const refunded = await call('POST', `/api/admin/payments-to-refund/${intentId}/refund`, { token: admin.token });
    expect(refunded.status).toBe(200);
    expect(refunded.json).toMatchObject({ refundedAt: expect.any(String), providerRefundId: expect.stringMatching(/^re_/) });
    // All of it was given back: Stripe refuses even a cent more.
    await expect(stripe.refunds.create({ payment_intent: intentId, amount: 1 })).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((await call('POST', `/api/admin/payments-to-refund/${intentId}/refund`, { token: admin.token })).status).toBe(409);
    expect((await call('GET', '/api/admin/overview', { token: admin.token })).json.paymentsToRefund).toBe(0);
  });
});
