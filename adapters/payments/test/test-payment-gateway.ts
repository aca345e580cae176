import { domainError, invalid, type DomainError } from '#domain/shared/errors.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';
import { messages } from '#domain/messages.ts';
import type { PaymentGateway, PaymentIntent } from '#domain/ordering/payment-gateway.ts';
import { newIntentIds } from '../random-id.ts';
import { judgeCard, type TestCard } from './test-cards.ts';

/** What the test provider's card form sends (http/schemas.ts testCardSchema parses to this). */
export interface TestCardRequest {
  clientSecret: string;
  card: TestCard;
  billing: { name: string; email: string };
}

export interface TestCardSuccess {
  status: 'succeeded';
  paymentIntentId: string;
}

/**
 * The offline stand-in for Stripe: the default when no Stripe keys are set. It plays both
 * Stripe's API (intents) and the card network (confirmCard), with Stripe's test-mode cards.
 */
export interface TestPaymentGateway extends PaymentGateway {
  readonly provider: 'test';
  readonly publishableKey: null;
  confirmCard(input: TestCardRequest): Promise<Result<TestCardSuccess, DomainError>>;
}

/** Statuses from which an intent can still be paid; an order reuses such an intent. */
const OPEN_STATUSES = new Set<PaymentIntent['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

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
  const openIntentByOrder = new Map<string, string>();

  // Callers get copies, so nobody can flip a stored intent to 'succeeded' by mutation.
  const copy = (intent: PaymentIntent): PaymentIntent => ({ ...intent });

  const notConfirmed = () => fail(domainError('PAYMENT_NOT_CONFIRMED', messages.paymentNotConfirmed));

  return {
    provider: 'test',
    publishableKey: null,

    async createIntent({ orderId, amountCents, currency }) {
      const previousId = openIntentByOrder.get(orderId);
      const previous = previousId ? intents.get(previousId) : undefined;
      if (previous && OPEN_STATUSES.has(previous.status) && previous.amountCents === amountCents && previous.currency === currency) {
        return copy(previous);
      }
      const { id, clientSecret } = newIntentIds();
      const intent: PaymentIntent = { id, clientSecret, status: 'requires_payment_method', amountCents, currency, orderId };
      intents.set(id, intent);
      idBySecret.set(clientSecret, id);
      openIntentByOrder.set(orderId, id);
      return copy(intent);
    },

    async retrieveIntent(id) {
      const intent = intents.get(id);
      return intent ? copy(intent) : null;
    },

    async confirmCard({ clientSecret, card }) {
      const id = idBySecret.get(clientSecret);
      const intent = id ? intents.get(id) : undefined;
      if (!intent) return notConfirmed();
      // Stripe refuses to confirm an intent twice; so do we, so no order is charged twice.
      if (intent.status === 'succeeded') return fail(domainError('ORDER_ALREADY_PAID', messages.orderAlreadyPaid));
      if (!OPEN_STATUSES.has(intent.status)) return notConfirmed();

      const verdict = judgeCard(card, now());
      if (verdict.outcome === 'invalid') return fail(invalid({ card: CARD_PROBLEM_MESSAGES[verdict.problem] }));
      // A declined intent stays payable, as with Stripe: the buyer may try another card.
      if (verdict.outcome === 'declined') return fail(domainError('CARD_DECLINED', messages.cardDeclined));

      intent.status = 'succeeded';
      if (intent.orderId) openIntentByOrder.delete(intent.orderId);
      return ok({ status: 'succeeded', paymentIntentId: intent.id });
    },
  };
}
