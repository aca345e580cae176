import { notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import type { Clock } from '../shared/clock.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Order } from './order.ts';
import type { OrderRepository } from './order-repository.ts';
import { orderMail } from './order-mail.ts';
import type { PaymentIntent } from './payment-gateway.ts';
import type { PaymentToRefund, RefundRepository } from './payment-to-refund.ts';

export type RecordPaymentPorts = {
  store: { orders: Pick<OrderRepository, 'findById' | 'markPaid'>; refunds: Pick<RefundRepository, 'record'> };
  clock: Clock;
};

export type RecordPaymentError = ErrorOf<'PAYMENT_NOT_CONFIRMED' | 'NOT_FOUND' | 'ORDER_ALREADY_PAID'>;

/**
 * Marks an order paid from an intent the provider reported. Both the confirm call and the
 * webhook end here; whichever comes second finds the order already paid by the same intent and
 * changes nothing. A succeeded payment no order can take (the order was deleted or expired first,
 * or another intent paid it) is kept for an admin to refund: the buyer's money is never lost.
 */
export const recordSucceededPayment = async (
  { store, clock }: RecordPaymentPorts,
  intent: PaymentIntent,
): Promise<Result<Order, RecordPaymentError>> => {
  const notConfirmed = fail(refusal('PAYMENT_NOT_CONFIRMED'));
  if (!intent.orderId || intent.state !== 'succeeded') return notConfirmed;
  const toRefund = async (reason: PaymentToRefund['reason']) =>
    store.refunds.record({ id: intent.id, orderId: intent.orderId, amountCents: intent.amountCents, currency: intent.currency, reason, createdAt: clock.now() });
  const order = await store.orders.findById(intent.orderId);
  if (!order) {
    await toRefund('order-gone');
    return fail(notFound('order'));
  }
  if (intent.amountCents !== order.totalCents || intent.currency !== 'usd') return notConfirmed;
  const paid = order.status === 'unpaid' ? await store.orders.markPaid(order.id, intent.id, clock.now(), orderMail('paid')) : null;
  if (paid) return ok(paid);
  // Paid already: by this intent (the other path came first) or by another one.
  const now = await store.orders.findById(order.id);
  if (now && now.transactionId === intent.id) return ok(now);
  await toRefund(now ? 'order-paid-otherwise' : 'order-gone');
  return fail(now ? refusal('ORDER_ALREADY_PAID') : notFound('order'));
};
