import type { Cents } from '../shared/money.ts';

export type PaymentProvider = 'stripe' | 'test';

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';
  amountCents: Cents;
  currency: string;
  /** The order id the intent was created for (Stripe metadata). */
  orderId: string | null;
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
}
