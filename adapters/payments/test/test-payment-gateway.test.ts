import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryTestPaymentIntents } from '../../storage/memory/test-payment-intents.ts';
import { openSqliteStorage } from '../../storage/sqlite/sqlite-store.ts';
import type { TestPaymentIntents } from './test-payment-intents.ts';
import { describePaymentGatewayContract } from '../payment-gateway.contract.ts';
import type { TestCardRequest } from '#domain/ordering/payment-gateway.ts';
import { createTestPaymentGateway } from './test-payment-gateway.ts';
import { passesLuhn } from './test-cards.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
/** A gateway on its own intents (a fresh memory store) unless it is given the store of another. */
const gatewayAt = (now = NOW, intents: TestPaymentIntents = createMemoryTestPaymentIntents()) => createTestPaymentGateway({ intents, now: () => now });

const billing = { name: 'Ada Buyer', email: 'ada@example.com' };
const goodCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

const openIntent = async (gateway = gatewayAt(), orderId = 'order-1', amountCents = 150_000) => {
  const intent = await gateway.createIntent({ orderId, amountCents, currency: 'usd', email: billing.email });
  return { gateway, intent };
};

const pay = (gateway: ReturnType<typeof gatewayAt>, clientSecret: string, card: Partial<TestCardRequest['card']> = {}) =>
  gateway.confirmCard({ clientSecret, card: { ...goodCard, ...card }, billing });

describePaymentGatewayContract('test provider', async () => {
  const gateway = gatewayAt();
  return {
    gateway,
    // The test provider's card form posts the card to confirmCard, as Stripe.js would to Stripe.
    async pay(intent) {
      expect(await pay(gateway, intent.clientSecret)).toMatchObject({ ok: true });
    },
    async decline(intent) {
      expect(await pay(gateway, intent.clientSecret, { number: '4000 0000 0000 0002' })).toMatchObject({
        ok: false,
        error: { code: 'CARD_DECLINED' },
      });
    },
    cleanup: async () => undefined,
  };
});

describe('test payment gateway: intents', () => {
  it('identifies itself as the test provider without a publishable key', () => {
    const gateway = gatewayAt();
    expect(gateway.provider).toBe('test');
    expect(gateway.publishableKey).toBeNull();
  });

  it('creates unguessable client secrets, and a new id for every intent', async () => {
    const { intent } = await openIntent();
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[0-9A-Za-z]{24}$`));
    const other = await openIntent(gatewayAt(), 'order-1');
    expect(other.intent.id).not.toBe(intent.id);
  });
});

describe('test payment gateway: cards', () => {
  it('4242 4242 4242 4242 succeeds and names the intent', async () => {
    const { gateway, intent } = await openIntent();
    expect(await pay(gateway, intent.clientSecret)).toEqual({ ok: true, value: { paymentIntentId: intent.id } });
  });

  it('accepts other Stripe test cards, e.g. Mastercard and Amex with a four-digit code', async () => {
    const { gateway, intent } = await openIntent();
    expect((await pay(gateway, intent.clientSecret, { number: '5555-5555-5555-4444' })).ok).toBe(true);
    const amex = await openIntent(gateway, 'order-amex');
    expect((await pay(gateway, amex.intent.clientSecret, { number: '378282246310005', cvc: '1234' })).ok).toBe(true);
  });

  it('4000 0000 0000 0002 is declined as CARD_DECLINED (the intent stays payable: see the contract)', async () => {
    const { gateway, intent } = await openIntent();
    expect(await pay(gateway, intent.clientSecret, { number: '4000 0000 0000 0002' })).toEqual({
      ok: false,
      error: { code: 'CARD_DECLINED' },
    });
  });

  it('declines a valid number that is not a test card, like Stripe test mode', async () => {
    const { gateway, intent } = await openIntent();
    const result = await pay(gateway, intent.clientSecret, { number: '4111 1111 1111 1111' });
    expect(result).toMatchObject({ ok: false, error: { code: 'CARD_DECLINED' } });
  });

  it('refuses an expiry in the past with the card-field message', async () => {
    const { gateway, intent } = await openIntent();
    expect(await pay(gateway, intent.clientSecret, { expMonth: 5, expYear: 2026 })).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: { card: { rule: 'cardExpired' } } },
    });
    expect((await gateway.retrieveIntent(intent.id))?.state).toBe('open');
  });

  it('accepts a card through the last day of its expiry month', async () => {
    const lastDay = gatewayAt(new Date('2026-06-30T23:59:59Z'));
    const { intent } = await openIntent(lastDay);
    expect((await pay(lastDay, intent.clientSecret, { expMonth: 6, expYear: 2026 })).ok).toBe(true);
  });

  it('refuses an impossible expiry month', async () => {
    const { gateway, intent } = await openIntent();
    const result = await pay(gateway, intent.clientSecret, { expMonth: 13, expYear: 2030 });
    expect(result).toMatchObject({ ok: false, error: { fields: { card: { rule: 'cardExpired' } } } });
  });

  it.each(['12', '12a', '', '1234'])('refuses the security code %j for a Visa card', async (cvc) => {
    const { gateway, intent } = await openIntent();
    expect(await pay(gateway, intent.clientSecret, { cvc })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: { card: { rule: 'cardCvcInvalid' } } },
    });
  });

  it('refuses a three-digit code for American Express', async () => {
    const { gateway, intent } = await openIntent();
    const result = await pay(gateway, intent.clientSecret, { number: '378282246310005', cvc: '123' });
    expect(result).toMatchObject({ ok: false, error: { fields: { card: { rule: 'cardCvcInvalid' } } } });
  });

  it.each(['4242 4242 4242 4241', '1234', 'abcd efgh ijkl mnop', ''])('refuses the number %j that fails the Luhn check', async (number) => {
    const { gateway, intent } = await openIntent();
    expect(await pay(gateway, intent.clientSecret, { number })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: { card: { rule: 'cardNumberInvalid' } } },
    });
  });

  it('reports Stripe’s special test cards for expiry and code as field problems', async () => {
    const { gateway, intent } = await openIntent();
    expect(await pay(gateway, intent.clientSecret, { number: '4000000000000069' })).toMatchObject({
      error: { fields: { card: { rule: 'cardExpired' } } },
    });
    expect(await pay(gateway, intent.clientSecret, { number: '4000000000000127' })).toMatchObject({
      error: { fields: { card: { rule: 'cardCvcInvalid' } } },
    });
  });

  it('refuses an unknown client secret', async () => {
    const gateway = gatewayAt();
    const result = await pay(gateway, 'pi_unknown_secret_nothing');
    expect(result).toEqual({ ok: false, error: { code: 'PAYMENT_NOT_CONFIRMED' } });
  });

  it('refuses a client secret another database keeps, and takes one kept in its own database from another instance', async () => {
    const intents = createMemoryTestPaymentIntents();
    const { intent } = await openIntent(gatewayAt(NOW, intents));
    expect((await pay(gatewayAt(), intent.clientSecret)).ok).toBe(false);
    expect(await pay(gatewayAt(NOW, intents), intent.clientSecret)).toEqual({ ok: true, value: { paymentIntentId: intent.id } });
  });

  it('charges once when the same intent is confirmed twice at once (two tabs, two instances)', async () => {
    const intents = createMemoryTestPaymentIntents();
    const { intent } = await openIntent(gatewayAt(NOW, intents));
    const results = await Promise.all([pay(gatewayAt(NOW, intents), intent.clientSecret), pay(gatewayAt(NOW, intents), intent.clientSecret)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: { code: 'ORDER_ALREADY_PAID' } }]);
  });

  it('refuses to charge a succeeded intent twice, and a paid order never gets a second intent to charge', async () => {
    const { gateway, intent } = await openIntent();
    await pay(gateway, intent.clientSecret);
    expect(await pay(gateway, intent.clientSecret)).toMatchObject({ ok: false, error: { code: 'ORDER_ALREADY_PAID' } });
    for (const amountCents of [150_000, 99_000]) {
      const next = await gateway.createIntent({ orderId: 'order-1', amountCents, currency: 'usd', email: billing.email });
      expect(next).toMatchObject({ id: intent.id, state: 'succeeded' });
      expect(await pay(gateway, next.clientSecret)).toMatchObject({ ok: false, error: { code: 'ORDER_ALREADY_PAID' } });
    }
  });

  it('keeps one open intent per order: a changed amount cancels the old one', async () => {
    const { gateway, intent } = await openIntent();
    const again = await gateway.createIntent({ orderId: 'order-1', amountCents: 150_000, currency: 'usd', email: billing.email });
    expect(again.id).toBe(intent.id);
    const changed = await gateway.createIntent({ orderId: 'order-1', amountCents: 120_000, currency: 'usd', email: billing.email });
    expect(changed.id).not.toBe(intent.id);
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({ state: 'canceled' });
    expect((await pay(gateway, intent.clientSecret)).ok).toBe(false);
    expect((await pay(gateway, changed.clientSecret)).ok).toBe(true);
  });
});

describe('Luhn check', () => {
  it.each([
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['378282246310005', true],
    ['4242424242424241', false],
    ['0000000000000001', false],
    ['42424242424242424242', false],
  ])('%s -> %s', (digits, expected) => {
    expect(passesLuhn(digits)).toBe(expected);
  });
});

describe('test payment gateway: intents kept in the shop database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bulkhead-test-intents-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps an intent across a restart (the SQLite file reopened): payable after it, never a second one once paid', async () => {
    const file = join(dir, 'shop.db');
    const before = openSqliteStorage(file);
    const { intent } = await openIntent(gatewayAt(NOW, before.testPaymentIntents), 'order-restart');
    await before.lifecycle.close();

    const after = openSqliteStorage(file);
    const restarted = gatewayAt(NOW, after.testPaymentIntents);
    expect(await restarted.retrieveIntent(intent.id)).toEqual(intent);
    expect(await pay(restarted, intent.clientSecret)).toEqual({ ok: true, value: { paymentIntentId: intent.id } });
    await after.lifecycle.close();

    const again = openSqliteStorage(file);
    const third = gatewayAt(NOW, again.testPaymentIntents);
    const next = await third.createIntent({ orderId: 'order-restart', amountCents: 150_000, currency: 'usd', email: billing.email });
    expect(next).toMatchObject({ id: intent.id, state: 'succeeded' });
    expect(await pay(third, intent.clientSecret)).toEqual({ ok: false, error: { code: 'ORDER_ALREADY_PAID' } });
    await again.lifecycle.close();
  });
});
