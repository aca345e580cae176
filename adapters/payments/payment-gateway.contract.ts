import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentGateway, PaymentIntent } from '#domain/ordering/payment-gateway.ts';

/**
 * A gateway plus the browser side of its provider: the gateway itself never confirms a card
 * (the buyer's browser does, through the provider), so each adapter says how a buyer pays.
 */
export interface PaymentGatewayFixture {
  gateway: PaymentGateway;
  /** Pays the intent with a card the provider approves, as the provider's browser side would. */
  pay(intent: PaymentIntent): Promise<void>;
  /** Tries a card the provider declines; resolves once the provider has refused it. */
  decline(intent: PaymentIntent): Promise<void>;
  cleanup(): Promise<void>;
}

export type OpenPaymentGateway = () => Promise<PaymentGatewayFixture>;

/**
 * The one behaviour every PaymentGateway adapter must show; the test provider and Stripe (against
 * its fake) run it unchanged. Each test uses its own order ids, so a shared provider is fine.
 */
export function describePaymentGatewayContract(name: string, open: OpenPaymentGateway): void {
  describe(`PaymentGateway contract: ${name}`, () => {
    let fixture: PaymentGatewayFixture;
    let gateway: PaymentGateway;

    beforeEach(async () => {
      fixture = await open();
      gateway = fixture.gateway;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    const newOrderId = () => `order-${randomUUID()}`;
    const intentFor = (orderId: string, amountCents = 150_000) =>
      gateway.createIntent({ orderId, amountCents, currency: 'usd', email: 'buyer@example.com' });

    it('creates an unpaid intent for the amount, currency and order, with Stripe-shaped ids', async () => {
      const orderId = newOrderId();
      const intent = await intentFor(orderId);
      expect(intent).toMatchObject({ state: 'open', amountCents: 150_000, currency: 'usd', orderId });
      expect(intent.id).toMatch(/^pi_[0-9A-Za-z]{24}$/);
      expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
    });

    it('cancels an open intent so it can no longer be paid, leaves a succeeded one succeeded, and knows no unknown id', async () => {
      const open = await intentFor(newOrderId());
      expect(await gateway.cancelIntent(open.id)).toMatchObject({ id: open.id, state: 'canceled' });
      await expect(fixture.pay(open)).rejects.toThrow();
      expect((await gateway.retrieveIntent(open.id))?.state).toBe('canceled');
      expect((await gateway.cancelIntent(open.id))?.state).toBe('canceled');

      const paid = await intentFor(newOrderId());
      await fixture.pay(paid);
      expect(await gateway.cancelIntent(paid.id)).toMatchObject({ id: paid.id, state: 'succeeded', amountCents: 150_000 });

      expect(await gateway.cancelIntent('pi_000000000000000000000000')).toBeNull();
    });

    it('returns the same intent when the same order asks again for the same amount, and another one otherwise', async () => {
      const orderId = newOrderId();
      const first = await intentFor(orderId);
      const second = await intentFor(orderId);
      expect(second.id).toBe(first.id);
      expect(second.clientSecret).toBe(first.clientSecret);
      const otherAmount = await intentFor(orderId, 150_001);
      expect(otherAmount.id).not.toBe(first.id);
      expect(otherAmount.amountCents).toBe(150_001);
      const otherOrder = await intentFor(newOrderId());
      expect(otherOrder.id).not.toBe(first.id);
    });

    it('retrieves an intent as created, not yet succeeded, and null for an unknown or malformed id', async () => {
      const intent = await intentFor(newOrderId());
      expect(await gateway.retrieveIntent(intent.id)).toEqual(intent);
      expect((await gateway.retrieveIntent(intent.id))?.state).toBe('open');
      expect(await gateway.retrieveIntent('pi_000000000000000000000000')).toBeNull();
      expect(await gateway.retrieveIntent('pi_doesnotexist000000000000')).toBeNull();
      expect(await gateway.retrieveIntent('../v1/payment_intents')).toBeNull();
      expect(await gateway.retrieveIntent('')).toBeNull();
    });

    it('reports succeeded, with the same amount and order, after the buyer pays', async () => {
      const orderId = newOrderId();
      const intent = await intentFor(orderId);
      await fixture.pay(intent);
      expect(await gateway.retrieveIntent(intent.id)).toMatchObject({
        id: intent.id,
        state: 'succeeded',
        amountCents: 150_000,
        currency: 'usd',
        orderId,
      });
    });

    it('keeps an intent payable after a declined card', async () => {
      const intent = await intentFor(newOrderId());
      await fixture.decline(intent);
      expect((await gateway.retrieveIntent(intent.id))?.state).toBe('open');
      await fixture.pay(intent);
      expect((await gateway.retrieveIntent(intent.id))?.state).toBe('succeeded');
    });

    it('refunds part of a succeeded payment, then the rest, and never more than was paid', async () => {
      const intent = await intentFor(newOrderId());
      await fixture.pay(intent);
      const first = await gateway.refund({ paymentIntentId: intent.id, amountCents: 50_000, idempotencyKey: `k-${randomUUID()}` });
      expect(first).toMatchObject({ ok: true, value: { amountCents: 50_000 } });
      if (first.ok) expect(first.value.id).toMatch(/^re_[0-9A-Za-z]+$/);
      expect(await gateway.refund({ paymentIntentId: intent.id, amountCents: 100_001, idempotencyKey: `k-${randomUUID()}` })).toMatchObject({
        ok: false,
        error: { reason: 'exceeds-payment' },
      });
      expect(await gateway.refund({ paymentIntentId: intent.id, amountCents: 100_000, idempotencyKey: `k-${randomUUID()}` })).toMatchObject({ ok: true, value: { amountCents: 100_000 } });
      expect(await gateway.refund({ paymentIntentId: intent.id, amountCents: 1, idempotencyKey: `k-${randomUUID()}` })).toMatchObject({ ok: false, error: { reason: 'exceeds-payment' } });
    });

    it('answers a refund asked again with the same idempotency key with the same refund, moving no more money', async () => {
      const intent = await intentFor(newOrderId());
      await fixture.pay(intent);
      const key = `k-${randomUUID()}`;
      const first = await gateway.refund({ paymentIntentId: intent.id, amountCents: 150_000, idempotencyKey: key });
      const again = await gateway.refund({ paymentIntentId: intent.id, amountCents: 150_000, idempotencyKey: key });
      expect(first.ok && again.ok && again.value.id === first.value.id).toBe(true);
    });

    it('refuses to refund a payment that did not succeed, or does not exist', async () => {
      const open = await intentFor(newOrderId());
      expect(await gateway.refund({ paymentIntentId: open.id, amountCents: 100, idempotencyKey: `k-${randomUUID()}` })).toMatchObject({ ok: false, error: { reason: 'not-paid' } });
      expect(await gateway.refund({ paymentIntentId: 'pi_000000000000000000000000', amountCents: 100, idempotencyKey: `k-${randomUUID()}` })).toMatchObject({
        ok: false,
        error: { reason: 'not-paid' },
      });
    });

    it('of two refunds at the same moment that together pass the payment, gives exactly one', async () => {
      const intent = await intentFor(newOrderId());
      await fixture.pay(intent);
      const ask = () => gateway.refund({ paymentIntentId: intent.id, amountCents: 100_000, idempotencyKey: `k-${randomUUID()}` });
      const results = await Promise.all([ask(), ask()]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.find((result) => !result.ok)).toMatchObject({ error: { reason: 'exceeds-payment' } });
    });

    it('hands out copies: changing a returned intent changes nothing the provider holds', async () => {
      const intent = await intentFor(newOrderId());
      intent.state = 'succeeded';
      expect((await gateway.retrieveIntent(intent.id))?.state).toBe('open');
    });
  });
}
