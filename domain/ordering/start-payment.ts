import type { User } from '../identity/user.ts';
import { refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Store } from '../store.ts';
import { canPay } from './order.ts';
import { findOrderFor } from './find-order.ts';
import type { PaymentGateway, PaymentProvider } from './payment-gateway.ts';

export interface PaymentStart {
  provider: PaymentProvider;
  clientSecret: string;
  publishableKey: string | null;
  amountCents: number;
}

/** The owner of an unpaid order gets an intent for the amount stored on the order. */
export const startPayment = async (
  { store, payments }: { store: Store; payments: PaymentGateway },
  input: { actor: User; orderId: string },
): Promise<Result<PaymentStart, ErrorOf<'NOT_FOUND' | 'ORDER_ALREADY_PAID'>>> => {
  const found = await findOrderFor(store, input.actor, input.orderId, { ownerOnly: true });
  if (!found.ok) return found;
  const order = found.value;
  if (!canPay(order)) return fail(refusal('ORDER_ALREADY_PAID'));
  const intent = await payments.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    currency: 'usd',
    email: order.email,
  });
  // Kept on the order, so deleting or expiring it asks the provider about this intent first.
  if (intent.id !== order.paymentIntentId && !(await store.orders.attachPaymentIntent(order.id, intent.id))) {
    return fail(refusal('ORDER_ALREADY_PAID'));
  }
  return ok({
    provider: payments.provider,
    clientSecret: intent.clientSecret,
    publishableKey: payments.publishableKey,
    amountCents: order.totalCents,
  });
};
