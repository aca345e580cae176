import type { OrderRepository } from '../ordering/order-repository.ts';
import type { PaymentGateway, ProviderRefundReport } from '../ordering/payment-gateway.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import type { Refund } from './after-sale.ts';
import type { AfterSaleRepository } from './after-sale-repository.ts';

export type RecordProviderRefundPorts = {
  store: { orders: Pick<OrderRepository, 'findById'>; afterSale: Pick<AfterSaleRepository, 'refund'> };
  payments: Pick<PaymentGateway, 'retrieveIntent'>;
  clock: Clock;
  ids: IdGenerator;
};

/**
 * A refund the provider reports (docs/orders.md, "After the sale: cancel, refund, return"): when
 * the charge's refunded total is more than the order has on record (a refund made in Stripe's
 * dashboard), the difference is recorded as a refund of `source: 'provider'`, with a credit note.
 * Its provider id is the charge and the refunded total, so the same event again, or another event
 * reporting the same total, records nothing more. Returns the refund recorded, or null when there
 * was nothing to record (the shop's own refunds already account for it, or no order is paid by it).
 */
export const recordProviderRefund = async (
  { store, payments, clock, ids }: RecordProviderRefundPorts,
  report: ProviderRefundReport,
): Promise<Refund | null> => {
  const intent = await payments.retrieveIntent(report.paymentIntentId);
  const order = intent?.orderId ? await store.orders.findById(intent.orderId) : null;
  if (!order || order.transactionId !== report.paymentIntentId) return null;
  const amountCents = Math.min(report.amountRefundedCents, order.totalCents) - order.refundedCents;
  if (amountCents <= 0) return null;
  const recorded = await store.afterSale.refund(
    {
      id: ids.newId(),
      orderId: order.id,
      amountCents,
      lines: [],
      reason: "Refunded in the payment provider's dashboard",
      providerRefundId: `${report.chargeId}:${report.amountRefundedCents}`,
      source: 'provider',
      createdAt: clock.now(),
    },
    undefined,
    ['refund-made'],
  );
  return recorded.ok ? recorded.value : null;
};
