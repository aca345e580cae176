import { recordProviderRefund } from '#domain/after-sale/record-provider-refund.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import { messages } from '#http/messages.ts';
import { recordSucceededPayment } from '#domain/ordering/record-payment.ts';
import type { TestCardResultDto } from '../dto.ts';
import type { Logger } from '../logger.ts';
import { bodySizeLimit } from '../middleware/body-size.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { problem, problemOf } from '../problem.ts';
import { testCardSchema } from '../schemas.ts';
import { validate } from '../validation.ts';
import { documented, responds } from '../responds.ts';
import { testCardResultDto } from '../response-schemas.ts';

/**
 * The offline test provider's card endpoint; it exists only while that provider is active (with
 * Stripe configured the card never touches our server).
 */
export const testPaymentRoutes = (ports: AppPorts) => {
  const routes = new Hono<AppEnv>();
  const { testCards } = ports;
  if (!testCards) return routes;
  return routes.post('/confirm', requireUser(ports), jsonBody, validate('json', testCardSchema), documented({
    summary: 'Pay with a test card',
    description:
      "Signed in; exists only while the offline test payment provider is active (no Stripe keys). Charges the card for the payment named by `clientSecret`; then confirm the payment on the order. 200 `{status: 'succeeded', paymentIntentId}`. Refusals: 400 `VALIDATION_FAILED` (card details), 402 `CARD_DECLINED`, 409 `ORDER_ALREADY_PAID`, 409 `PAYMENT_NOT_CONFIRMED`.",
  }), responds(200, testCardResultDto), async (c) => {
    const confirmed = await testCards.confirmCard(c.req.valid('json'));
    return confirmed.ok
      ? c.json({ status: 'succeeded', paymentIntentId: confirmed.value.paymentIntentId } satisfies TestCardResultDto, 200)
      : problem(c, confirmed.error);
  });
};

/** What Stripe is told once an event is verified: it stops retrying it. */
const webhookReceipt = z.object({ received: z.literal(true) });

/**
 * Stripe's webhook: the raw body as text (the signature covers the exact bytes), verified before
 * anything is read. Replays change nothing: recordSucceededPayment finds the order already paid by
 * the same intent. Events we do not use are acknowledged so Stripe stops retrying them.
 */
export const stripeWebhookRoutes = (ports: AppPorts, settings: HttpSettings, logger: Logger) => {
  const routes = new Hono<AppEnv>();
  const { webhooks } = ports;
  if (!webhooks) return routes;
  return routes.post('/stripe', bodySizeLimit(settings.webhookBodyLimitBytes), documented({
    summary: "Stripe's webhook",
    description:
      "Called by Stripe, only when Stripe is configured; needs no session. The raw body is verified against `Stripe-Signature` before anything is read; a succeeded payment is then recorded as the confirm call would (replays change nothing), and `charge.refunded` records on the order what the charge's refunded total has beyond the order's own refunds (a refund made in Stripe's dashboard), once. Events not used, and ones that cannot apply, are still acknowledged with 200 `{received: true}` so Stripe stops retrying. 400 `VALIDATION_FAILED` on `signature` when it is missing or wrong; 413 `PAYLOAD_TOO_LARGE` above the webhook's body limit.",
  }), responds(200, webhookReceipt, 'The event is taken (or not needed).'), async (c) => {
    const signature = c.req.header('stripe-signature');
    if (!signature) return problemOf(c, 'VALIDATION_FAILED', messages.invalidInput, { signature: messages.invalidInput });
    const event = await webhooks.verifyWebhook(await c.req.text(), signature);
    if (!event) return problemOf(c, 'VALIDATION_FAILED', messages.invalidInput, { signature: messages.invalidInput });
    if (event.intent) {
      const recorded = await recordSucceededPayment(ports, event.intent);
      // A mismatch (amount, unknown order, paid by another intent) is logged, and still acknowledged:
      // retrying the same event cannot change the answer.
      if (!recorded.ok) logger.warn('stripe webhook not applied', { eventId: event.eventId, code: recorded.error.code });
    }
    // A refund, ours or one made in Stripe's dashboard: what the order has not recorded yet is (once).
    if (event.refunded) await recordProviderRefund(ports, event.refunded);
    return c.json({ received: true } satisfies z.infer<typeof webhookReceipt>, 200);
  });
};
