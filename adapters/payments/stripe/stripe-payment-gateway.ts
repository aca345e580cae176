import Stripe from 'stripe';
import type { PaymentGateway, PaymentIntent, PaymentState, PaymentWebhooks, RefundRefusal } from '#domain/ordering/payment-gateway.ts';
import { fail, ok } from '#domain/shared/result.ts';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';

export interface StripePaymentGateway extends PaymentGateway, PaymentWebhooks {
  readonly provider: 'stripe';
  readonly publishableKey: string;
}

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** host/port/protocol of a Stripe stand-in (tests, local development); omitted for Stripe itself. */
  client?: Stripe.StripeConfig;
}

/** Stripe's intent ids; anything else cannot exist there, so we do not ask. */
const INTENT_ID = /^pi_[A-Za-z0-9]{1,200}$/;

/**
 * Stripe's seven statuses, as an order sees them. A status newer than this code is treated as
 * `processing`: never as paid, never offered again.
 */
const STATE_OF_STATUS: ReadonlyMap<string, PaymentState> = new Map([
  ['requires_payment_method', 'open'],
  ['requires_confirmation', 'open'],
  ['requires_action', 'open'],
  ['processing', 'processing'],
  ['requires_capture', 'processing'],
  ['canceled', 'canceled'],
  ['succeeded', 'succeeded'],
]);

const stateOf = (status: string): PaymentState => STATE_OF_STATUS.get(status) ?? 'processing';

const toDomainIntent = (intent: Stripe.PaymentIntent): PaymentIntent => ({
  id: intent.id,
  clientSecret: intent.client_secret ?? '',
  state: stateOf(intent.status),
  amountCents: intent.amount,
  currency: intent.currency,
  orderId: intent.metadata?.orderId ?? null,
});

const isResourceMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';

/**
 * Creating and reading intents never fails because of what a buyer typed (the card is confirmed in
 * the browser), so any failure here (Stripe down or unreachable after the SDK's retries, a rate
 * limit, a revoked key) means payments are unavailable; the cause is kept for the log.
 */
const unavailable = (error: unknown) => new ServiceUnavailableError('payments', { cause: error });

/**
 * What Stripe said no to, as a refusal the admin reads (a 4xx from Stripe: the request, not
 * Stripe, was wrong), or null for a failure of Stripe itself (then payments are unavailable).
 * More than is left of the charge comes back as `charge_already_refunded` or as an invalid
 * `amount` ("Refund amount ($1.00) is greater than unrefunded amount on charge ($0.90)").
 */
const refundRefusalOf = (error: unknown): RefundRefusal | null => {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)) return null;
  if (error.code === 'charge_already_refunded' || error.param === 'amount') return { reason: 'exceeds-payment', detail: error.message };
  if (error.code === 'resource_missing' || error.code === 'payment_intent_unexpected_state') return { reason: 'not-paid', detail: error.message };
  return { reason: 'declined', detail: error.message };
};

/**
 * Payments through Stripe with the official SDK. The keys live only inside the SDK client: this
 * module never logs them, and errors rethrown from the SDK carry no key.
 */
export function createStripePaymentGateway(options: StripeGatewayOptions): StripePaymentGateway {
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, ...options.client });
  const { webhookSecret } = options;

  return {
    provider: 'stripe',
    publishableKey: options.publishableKey,

    async createIntent({ orderId, amountCents, currency, email }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            // No redirect-based methods: the web app's card form confirms in place, with no return URL.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: { orderId },
            receipt_email: email,
          },
          // The same order and amount get the same intent back from Stripe, never a second one.
          { idempotencyKey: `order-${orderId}-${amountCents}` },
        );
        return toDomainIntent(intent);
      } catch (error) {
        throw unavailable(error);
      }
    },

    async retrieveIntent(id) {
      if (!INTENT_ID.test(id)) return null;
      try {
        return toDomainIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isResourceMissing(error)) return null;
        throw unavailable(error);
      }
    },

    async cancelIntent(id) {
      if (!INTENT_ID.test(id)) return null;
      try {
        return toDomainIntent(await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }));
      } catch (error) {
        if (isResourceMissing(error)) return null;
        // Already succeeded (or cancelled): Stripe refuses, and the intent as it stands is the answer.
        if (error instanceof Stripe.errors.StripeError && error.code === 'payment_intent_unexpected_state') return this.retrieveIntent(id);
        throw unavailable(error);
      }
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      if (!INTENT_ID.test(paymentIntentId)) return fail({ reason: 'not-paid', detail: null });
      try {
        // POST /v1/refunds; the key makes a retried request answer the refund already made.
        const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountCents, metadata: { idempotencyKey } }, { idempotencyKey });
        if (refund.status === 'failed' || refund.status === 'canceled') return fail({ reason: 'declined', detail: refund.failure_reason ?? refund.status });
        return ok({ id: refund.id, amountCents: refund.amount });
      } catch (error) {
        const refusal = refundRefusalOf(error);
        if (refusal) return fail(refusal);
        throw unavailable(error);
      }
    },

    async verifyWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
      } catch {
        // Bad signature, stale timestamp or unparsable body: all the same to the caller.
        return null;
      }
      const intent = event.type === 'payment_intent.succeeded' ? toDomainIntent(event.data.object) : null;
      if (event.type === 'charge.refunded') {
        const charge = event.data.object;
        const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
        const refunded = paymentIntentId ? { chargeId: charge.id, paymentIntentId, amountRefundedCents: charge.amount_refunded } : null;
        return { eventId: event.id, intent: null, refunded };
      }
      return { eventId: event.id, intent };
    },
  };
}
