import type { ErrorOf } from '../shared/errors.ts';
import type { Cents } from '../shared/money.ts';
import type { Result } from '../shared/result.ts';

export type PaymentProvider = 'stripe' | 'test';

/**
 * Where a payment stands, as far as an order cares: `open` can still be paid (the same intent is
 * offered again), `processing` is money on its way (never paid yet, never offered again),
 * `succeeded` is money received, `canceled` can never be paid.
 */
export type PaymentState = 'open' | 'processing' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  /** Handed to the browser, which confirms the card with the provider directly. */
  clientSecret: string;
  state: PaymentState;
  amountCents: Cents;
  currency: string;
  /** The order id the intent was created for (Stripe metadata). */
  orderId: string | null;
}

/** Money the provider gave back on a payment. */
export interface ProviderRefund {
  id: string;
  amountCents: Cents;
}

/**
 * Why the provider refused a refund: more than is left of the payment, a payment that did not
 * succeed (or does not exist), or anything else it said no to (`detail`: its own words, logged
 * and shown to the admin).
 */
export interface RefundRefusal {
  reason: 'exceeds-payment' | 'not-paid' | 'declined';
  detail: string | null;
}

/** A card payment provider: Stripe, or the offline test provider that behaves like its test mode. */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  readonly publishableKey: string | null;
  /** Creates (or, for the same order, returns again) an intent for the stored amount. */
  createIntent(input: { orderId: string; amountCents: Cents; currency: 'usd'; email: string }): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Cancels an intent so it can no longer be paid, and returns it as it now stands: `succeeded`
   * when the payment went through first (then nothing was cancelled), null when it does not exist.
   */
  cancelIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Gives back `amountCents` of a succeeded payment. The same `idempotencyKey` asked again returns
   * the same refund and moves no more money; the provider never gives back more than was paid.
   */
  refund(input: { paymentIntentId: string; amountCents: Cents; idempotencyKey: string }): Promise<Result<ProviderRefund, RefundRefusal>>;
}

/** A card as the test provider's form sends it. */
export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface TestCardRequest {
  clientSecret: string;
  card: TestCard;
  billing: { name: string; email: string };
}

export type TestCardError = ErrorOf<'PAYMENT_NOT_CONFIRMED' | 'ORDER_ALREADY_PAID' | 'VALIDATION_FAILED' | 'CARD_DECLINED'>;

/**
 * The offline test provider's card network, which stands in for Stripe.js in the browser. Only the
 * test provider has one; with Stripe this port is null and its route does not exist.
 */
export interface TestCardNetwork {
  confirmCard(input: TestCardRequest): Promise<Result<{ paymentIntentId: string }, TestCardError>>;
}

/**
 * Money given back on a payment, as the provider reports it (Stripe's `charge.refunded`, also for a
 * refund made in its dashboard): the charge, its intent and how much of it is refunded in all.
 */
export interface ProviderRefundReport {
  chargeId: string;
  paymentIntentId: string;
  amountRefundedCents: Cents;
}

/** A genuine event (its id, and the intent when a payment succeeded, or the refunds of a charge), or null for anything not signed by the provider. */
export interface WebhookEvent {
  eventId: string;
  intent: PaymentIntent | null;
  refunded?: ProviderRefundReport | null;
}

/**
 * The provider's signed webhooks (Stripe). Null with the test provider, whose card network
 * records payments itself.
 */
export interface PaymentWebhooks {
  /**
   * Checks the signature against the raw body (and its timestamp against replays). `intent` is
   * set only for a succeeded payment; other events are acknowledged and ignored.
   */
  verifyWebhook(rawBody: string, signature: string): Promise<WebhookEvent | null>;
}
