import type { AuditNote } from '../audit/audit-log.ts';
import type { Order } from './order.ts';
import type { OrderRepository } from './order-repository.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { recordSucceededPayment, type RecordPaymentPorts } from './record-payment.ts';

export type ReleaseUnpaidOrderPorts = RecordPaymentPorts & {
  store: { orders: Pick<OrderRepository, 'deleteUnpaidReturningStock'> };
  payments: Pick<PaymentGateway, 'cancelIntent'>;
};

/**
 * What became of an unpaid order let go: deleted with its units back on the shelf, found paid
 * after all (its payment went through before it could be cancelled: now recorded), or already
 * gone (paid or deleted by someone else meanwhile).
 */
export type Release = 'released' | 'paid' | 'gone';

/**
 * Lets an unpaid order go, for its owner's or an admin's delete and for expiry. The provider is
 * asked first: an open intent is cancelled, so nobody can pay for an order that no longer
 * exists; an intent that already succeeded is recorded as the order's payment instead, so a
 * charged order never loses its units.
 */
export const releaseUnpaidOrder = async (
  deps: ReleaseUnpaidOrderPorts,
  { order, audit }: { order: Order; audit?: AuditNote | undefined },
): Promise<Release> => {
  if (order.paymentIntentId) {
    const intent = await deps.payments.cancelIntent(order.paymentIntentId);
    if (intent?.state === 'succeeded') {
      const recorded = await recordSucceededPayment(deps, intent);
      return recorded.ok ? 'paid' : 'gone';
    }
  }
  return (await deps.store.orders.deleteUnpaidReturningStock(order.id, audit)) ? 'released' : 'gone';
};
