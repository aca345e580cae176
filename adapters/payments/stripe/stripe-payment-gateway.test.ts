import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe-server.ts';
import { createStripePaymentGateway, type StripePaymentGateway } from './stripe-payment-gateway.ts';
import { parseFormBody } from './form-body.ts';
import { describePaymentGatewayContract } from '../payment-gateway.contract.ts';

const SECRET_KEY = 'sk_test_fake_0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

let fake: FakeStripe;
let gateway: StripePaymentGateway;
/** The real SDK, as the browser's Stripe.js would confirm: the gateway itself never confirms. */
let stripe: Stripe;

const clientFor = (server: FakeStripe) => ({ host: server.host, port: server.port, protocol: server.protocol });

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  gateway = createStripePaymentGateway({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    client: clientFor(fake),
  });
  stripe = new Stripe(SECRET_KEY, { ...clientFor(fake), maxNetworkRetries: 0 });
});

afterAll(async () => {
  await fake.close();
});

let orderCounter = 0;
const newOrderId = () => `order-${Date.now()}-${(orderCounter += 1)}`;
const intentFor = (orderId: string, amountCents = 150_000) =>
  gateway.createIntent({ orderId, amountCents, currency: 'usd', email: 'buyer@example.com' });

describePaymentGatewayContract('Stripe against the fake Stripe', async () => ({
  gateway,
  // What Stripe.js does in the buyer's browser: confirm the intent with a payment method.
  async pay(intent) {
    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
    expect(confirmed.amount_received).toBe(intent.amountCents);
  },
  async decline(intent) {
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeCardError,
    );
  },
  // The fake is shared by the whole file (started in beforeAll); every contract test uses new orders.
  cleanup: async () => undefined,
}));

describe('Stripe gateway against the fake Stripe, with the real SDK', () => {
  it('presents itself as Stripe with the publishable key', () => {
    expect(gateway.provider).toBe('stripe');
    expect(gateway.publishableKey).toBe('pk_test_fake');
  });

  it('creates an intent with the order id in metadata, the receipt e-mail and no redirect methods', async () => {
    const orderId = newOrderId();
    const intent = await intentFor(orderId);
    const raw = await stripe.paymentIntents.retrieve(intent.id);
    expect(raw.metadata).toEqual({ orderId });
    expect(raw.receipt_email).toBe('buyer@example.com');
    expect(raw.automatic_payment_methods).toEqual({ enabled: true, allow_redirects: 'never' });
  });

  it('answers a declined card with a 402 card_error (the intent stays payable: see the contract)', async () => {
    const intent = await intentFor(newOrderId());
    const declined = await stripe.paymentIntents
      .confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' })
      .then(() => null, (error: unknown) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
  });

  it('refuses to confirm an intent twice', async () => {
    const intent = await intentFor(newOrderId());
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'payment_intent_unexpected_state',
    });
  });

  it('refuses to reuse an idempotency key for different parameters', async () => {
    const params = { amount: 5_000, currency: 'usd', metadata: { orderId: 'k' } };
    const key = `key-${newOrderId()}`;
    await stripe.paymentIntents.create(params, { idempotencyKey: key });
    await expect(stripe.paymentIntents.create({ ...params, amount: 6_000 }, { idempotencyKey: key })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('refuses amounts under Stripe’s minimum and unknown payment methods, like Stripe', async () => {
    // (Bulkhead's smallest order, 100 units at one cent, is $1.00: this cannot happen through the shop.)
    await expect(intentFor(newOrderId(), 49)).rejects.toMatchObject({ cause: { code: 'amount_too_small', statusCode: 400 } });
    const intent = await intentFor(newOrderId());
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_nope' })).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('reports payments unavailable with a wrong secret key, keeping Stripe’s error as the cause, without echoing the key', async () => {
    const wrong = createStripePaymentGateway({
      secretKey: 'sk_test_wrong_key_987654321',
      publishableKey: 'pk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      client: clientFor(fake),
    });
    const refused = await wrong
      .createIntent({ orderId: newOrderId(), amountCents: 10_000, currency: 'usd', email: 'a@b.co' })
      .then(() => null, (failure: unknown) => failure);
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect(refused).toMatchObject({ service: 'payments' });
    const cause = (refused as Error).cause;
    expect(cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(String((refused as Error).message)).not.toContain('sk_test_wrong_key_987654321');
    expect(String((cause as Error).message)).not.toContain('sk_test_wrong_key_987654321');
  });

  it('reports payments unavailable when Stripe cannot be reached', async () => {
    const unreachable = createStripePaymentGateway({
      secretKey: SECRET_KEY,
      publishableKey: 'pk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      client: { host: '127.0.0.1', port: 9, protocol: 'http', maxNetworkRetries: 0 },
    });
    const create = unreachable.createIntent({ orderId: newOrderId(), amountCents: 10_000, currency: 'usd', email: 'a@b.co' });
    await expect(create).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(unreachable.retrieveIntent('pi_123')).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});

describe('Stripe webhooks', () => {
  const succeededEvent = async () => {
    const orderId = newOrderId();
    const created = await intentFor(orderId);
    const object = await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
    const payload = JSON.stringify({
      id: `evt_${orderId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    return { orderId, intentId: created.id, payload };
  };

  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });

  it('accepts a correctly signed payment_intent.succeeded and maps its intent', async () => {
    const { orderId, intentId, payload } = await succeededEvent();
    const verdict = await gateway.verifyWebhook(payload, sign(payload));
    expect(verdict).toEqual({
      eventId: `evt_${orderId}`,
      intent: expect.objectContaining({ id: intentId, state: 'succeeded', amountCents: 150_000, currency: 'usd', orderId }),
    });
  });

  it('acknowledges other event types without an intent', async () => {
    const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    expect(await gateway.verifyWebhook(payload, sign(payload))).toEqual({ eventId: 'evt_other', intent: null });
  });

  it('rejects a tampered body', async () => {
    const { payload } = await succeededEvent();
    const header = sign(payload);
    const tampered = payload.replace('"amount":150000', '"amount":1');
    expect(tampered).not.toBe(payload);
    expect(await gateway.verifyWebhook(tampered, header)).toBeNull();
  });

  it('rejects a signature made with another secret', async () => {
    const { payload } = await succeededEvent();
    expect(await gateway.verifyWebhook(payload, sign(payload, { secret: 'whsec_someone_else' }))).toBeNull();
  });

  it('rejects an old timestamp (a replayed delivery)', async () => {
    const { payload } = await succeededEvent();
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(await gateway.verifyWebhook(payload, sign(payload, { timestamp: tenMinutesAgo }))).toBeNull();
  });

  it('rejects a missing or garbage signature header', async () => {
    const { payload } = await succeededEvent();
    expect(await gateway.verifyWebhook(payload, '')).toBeNull();
    expect(await gateway.verifyWebhook(payload, 't=1,v1=abc')).toBeNull();
  });
});

describe('Stripe form bodies', () => {
  it('decodes nested keys and arrays the way the SDK encodes them', () => {
    const parsed = parseFormBody('amount=100&metadata[orderId]=o%201&payment_method_types[0]=card&payment_method_types[1]=link&a[b][c]=d');
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({
      amount: '100',
      metadata: { orderId: 'o 1' },
      payment_method_types: ['card', 'link'],
      a: { b: { c: 'd' } },
    });
  });

  it('ignores prototype-polluting keys', () => {
    const parsed = parseFormBody('__proto__[polluted]=yes&constructor[prototype][x]=1&ok=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({ ok: '1' });
  });
});
