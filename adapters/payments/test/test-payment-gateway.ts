import { invalid, refusal } from '#domain/shared/errors.ts';
import { fail, ok } from '#domain/shared/result.ts';
import { problem } from '#domain/shared/field-problem.ts';
import type { PaymentGateway, PaymentIntent, TestCardNetwork } from '#domain/ordering/payment-gateway.ts';
import { newIntentIds, randomBase62 } from '../random-id.ts';
import { judgeCard } from './test-cards.ts';
import type { StoredTestIntent, TestPaymentIntents } from './test-payment-intents.ts';

/**
 * The offline stand-in for Stripe: the default when no Stripe keys are set. It plays both
 * Stripe's API (intents) and the card network (confirmCard), with Stripe's test-mode cards.
 */
export interface TestPaymentGateway extends PaymentGateway, TestCardNetwork {
  readonly provider: 'test';
  readonly publishableKey: null;
}

const CARD_PROBLEMS = {
  number: problem('cardNumberInvalid'),
  expired: problem('cardExpired'),
  cvc: problem('cardCvcInvalid'),
} as const;

/** How often a start retries when the live intent it found was settled meanwhile (a race of instances). */
const OPEN_ATTEMPTS = 3;

const toIntent = ({ id, clientSecret, state, amountCents, currency, orderId }: StoredTestIntent): PaymentIntent => ({
  id,
  clientSecret,
  state,
  amountCents,
  currency,
  orderId,
});

/**
 * Intents live in the shop's database (`intents`, test-payment-intents.ts): they survive a
 * restart, and several instances on one database share them as they would share Stripe.
 */
export function createTestPaymentGateway(options: { intents: TestPaymentIntents; now?: () => Date }): TestPaymentGateway {
  const { intents } = options;
  const now = options.now ?? (() => new Date());
  const notConfirmed = () => fail(refusal('PAYMENT_NOT_CONFIRMED'));

  return {
    provider: 'test',
    publishableKey: null,

    async createIntent({ orderId, amountCents, currency }) {
      for (let attempt = 0; attempt < OPEN_ATTEMPTS; attempt += 1) {
        const live = await intents.open({ ...newIntentIds(), orderId, amountCents, currency, state: 'open', createdAt: now() });
        // As with Stripe (one idempotency key per order): a paid order gets its succeeded intent
        // back, never a second one to charge; the same amount gets the same open intent.
        if (live.state === 'succeeded') return toIntent(live);
        if (live.state === 'open' && live.amountCents === amountCents && live.currency === currency) return toIntent(live);
        // A changed amount replaces the open intent; the old one can no longer be paid, unless
        // it was paid just now, which is then the answer.
        const settled = await intents.settle(live.id, 'canceled');
        if (settled?.intent.state === 'succeeded') return toIntent(settled.intent);
      }
      throw new Error(`test provider: no intent could be opened for order ${orderId}`);
    },

    async retrieveIntent(id) {
      const intent = await intents.findById(id);
      return intent ? toIntent(intent) : null;
    },

    async cancelIntent(id) {
      // As with Stripe: a succeeded intent stays succeeded; an open one can never be paid again.
      const settled = await intents.settle(id, 'canceled');
      return settled ? toIntent(settled.intent) : null;
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      // As Stripe: a positive whole number of cents, at most what is left of a succeeded payment.
      if (!Number.isSafeInteger(amountCents) || amountCents < 1) return fail({ reason: 'declined', detail: 'The refund amount must be a positive whole number of cents.' });
      const given = await intents.refund({ id: `re_${randomBase62(24)}`, intentId: paymentIntentId, amountCents, idempotencyKey, createdAt: now() });
      if (typeof given === 'string') return fail({ reason: given, detail: null });
      return ok({ id: given.id, amountCents: given.amountCents });
    },

    async confirmCard({ clientSecret, card }) {
      const intent = await intents.findByClientSecret(clientSecret);
      if (!intent) return notConfirmed();
      // Stripe refuses to confirm an intent twice; so do we, so no order is charged twice.
      if (intent.state === 'succeeded') return fail(refusal('ORDER_ALREADY_PAID'));
      if (intent.state !== 'open') return notConfirmed();

      const verdict = judgeCard(card, now());
      if (verdict.outcome === 'invalid') return fail(invalid({ card: CARD_PROBLEMS[verdict.problem] }));
      // A declined intent stays payable, as with Stripe: the buyer may try another card.
      if (verdict.outcome === 'declined') return fail(refusal('CARD_DECLINED'));

      // Only the confirmation that moves the intent charges it: another one at the same moment
      // (a second tab, a second instance) finds it paid.
      const settled = await intents.settle(intent.id, 'succeeded');
      if (settled?.moved) return ok({ paymentIntentId: intent.id });
      return settled?.intent.state === 'succeeded' ? fail(refusal('ORDER_ALREADY_PAID')) : notConfirmed();
    },
  };
}
