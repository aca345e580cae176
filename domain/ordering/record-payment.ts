import type { User } from '../identity/user.ts';
import { notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import type { Clock } from '../shared/clock.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Store } from '../store.ts';
import { findOrderFor } from './find-order.ts';
import type { Order } from './order.ts';
import type { PaymentGateway, PaymentIntent } from './payment-gateway.ts';

export type RecordPaymentError = ErrorOf<'PAYMENT_NOT_CONFIRMED' | 'NOT_FOUND' | 'ORDER_ALREADY_PAID'>;

type Deps = { store: Store; payments: PaymentGateway; clock: Clock };

/**
 * Marks an order paid from an intent the provider reported. Both the confirm call and the
 * webhook end here; whichever comes second finds the order already paid by the same intent and
 * changes nothing.
 */
export const recordSucceededPayment = async (
  { store, clock }: Omit<Deps, 'payments'>,
  intent: PaymentIntent,
): Promise<Result<Order, RecordPaymentError>> => {
  const notConfirmed = fail(refusal('PAYMENT_NOT_CONFIRMED'));
  if (!intent.orderId) return notConfirmed;
  const order = await store.orders.findById(intent.orderId);
  if (!order) return fail(notFound('order'));
  const matches =
    intent.status === 'succeeded' && intent.amountCents === order.totalCents && intent.currency === 'usd';
  if (!matches) return notConfirmed;
  if (order.status !== 'unpaid') {
    return order.transactionId === intent.id
      ? ok(order)
      : fail(refusal('ORDER_ALREADY_PAID'));
  }
  const paid = await store.orders.markPaid(order.id, intent.id, clock.now());
  if (paid) return ok(paid);
  // Lost a race with the other path; the winner's result is the answer.
  const now = await store.orders.findById(order.id);
  return now && now.transactionId === intent.id
    ? ok(now)
    : fail(refusal('ORDER_ALREADY_PAID'));
};

/** The owner says "I paid": we ask the provider, never trust the browser. */
export const confirmPayment = async (
  deps: Deps,
  input: { actor: User; orderId: string; paymentIntentId: string },
): Promise<Result<Order, RecordPaymentError>> => {
  const found = await findOrderFor(deps.store, input.actor, input.orderId, { ownerOnly: true });
  if (!found.ok) return found;
  const intent = await deps.payments.retrieveIntent(input.paymentIntentId);
  if (!intent || intent.orderId !== found.value.id) {
    return fail(refusal('PAYMENT_NOT_CONFIRMED'));
  }
  return recordSucceededPayment(deps, intent);
};
