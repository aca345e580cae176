import { invalid, refusal } from '#domain/shared/errors.ts';
import { fail, ok } from '#domain/shared/result.ts';
import { messages } from '#domain/messages.ts';
import type { PaymentGateway, PaymentIntent, TestCardNetwork } from '#domain/ordering/payment-gateway.ts';
import { newIntentIds } from '../random-id.ts';
import { judgeCard } from './test-cards.ts';

/**
 * The offline stand-in for Stripe: the default when no Stripe keys are set. It plays both
 * Stripe's API (intents) and the card network (confirmCard), with Stripe's test-mode cards.
 */
export interface TestPaymentGateway extends PaymentGateway, TestCardNetwork {
  readonly provider: 'test';
  readonly publishableKey: null;
}


const CARD_PROBLEM_MESSAGES = {
  number: messages.cardNumberInvalid,
  expired: messages.cardExpired,
  cvc: messages.cardCvcInvalid,
} as const;

/**
 * Intents live in a Map in this process: the test provider is for one-process development and
 * CI. Several app processes behind a load balancer need Stripe (or its fake), which keeps intents
 * on its own server.
 */
export function createTestPaymentGateway(options: { now?: () => Date } = {}): TestPaymentGateway {
  const now = options.now ?? (() => new Date());
  const intents = new Map<string, PaymentIntent>();
  const idBySecret = new Map<string, string>();
  // The order's latest intent, kept after it succeeds: an order has one open intent at a time.
  const intentByOrder = new Map<string, string>();

  // Callers get copies, so nobody can flip a stored intent to 'succeeded' by mutation.
  const copy = (intent: PaymentIntent): PaymentIntent => ({ ...intent });

  const notConfirmed = () => fail(refusal('PAYMENT_NOT_CONFIRMED'));

  return {
    provider: 'test',
    publishableKey: null,

    async createIntent({ orderId, amountCents, currency }) {
      const previousId = intentByOrder.get(orderId);
      const previous = previousId ? intents.get(previousId) : undefined;
      // As with Stripe (one idempotency key per order): a paid order gets its succeeded intent
      // back, never a second one to charge.
      if (previous?.state === 'succeeded') return copy(previous);
      if (previous?.state === 'open') {
        if (previous.amountCents === amountCents && previous.currency === currency) return copy(previous);
        // A changed amount replaces the open intent; the old one can no longer be paid.
        previous.state = 'canceled';
      }
      const { id, clientSecret } = newIntentIds();
      const intent: PaymentIntent = { id, clientSecret, state: 'open', amountCents, currency, orderId };
      intents.set(id, intent);
      idBySecret.set(clientSecret, id);
      intentByOrder.set(orderId, id);
      return copy(intent);
    },

    async retrieveIntent(id) {
      const intent = intents.get(id);
      return intent ? copy(intent) : null;
    },

    async cancelIntent(id) {
      const intent = intents.get(id);
      if (!intent) return null;
      // As with Stripe: a succeeded intent stays succeeded; an open one can never be paid again.
      if (intent.state === 'open') intent.state = 'canceled';
      return copy(intent);
    },

    async confirmCard({ clientSecret, card }) {
      const id = idBySecret.get(clientSecret);
      const intent = id ? intents.get(id) : undefined;
      if (!intent) return notConfirmed();
      // Stripe refuses to confirm an intent twice; so do we, so no order is charged twice.
      if (intent.state === 'succeeded') return fail(refusal('ORDER_ALREADY_PAID'));
      if (intent.state !== 'open') return notConfirmed();

      const verdict = judgeCard(card, now());
      if (verdict.outcome === 'invalid') return fail(invalid({ card: CARD_PROBLEM_MESSAGES[verdict.problem] }));
      // A declined intent stays payable, as with Stripe: the buyer may try another card.
      if (verdict.outcome === 'declined') return fail(refusal('CARD_DECLINED'));

      intent.state = 'succeeded';
      return ok({ paymentIntentId: intent.id });
    },
  };
}
