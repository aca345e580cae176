import type { User } from '../identity/user.ts';
import { notFound, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { findOrderFor, type FindOrderPorts } from './find-order.ts';
import type { Order } from './order.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { recordSucceededPayment, type RecordPaymentPorts } from './record-payment.ts';

export type ReconcilePaymentPorts = RecordPaymentPorts & { payments: Pick<PaymentGateway, 'retrieveIntent'> };
export type ReadOrderPorts = ReconcilePaymentPorts & FindOrderPorts;

/**
 * A card can be charged while the confirmation never reaches us (the confirm call failed after
 * the card succeeded: a full disk, an instance that died; docs/orders.md, "Orders, cart, quick
 * order"). So an unpaid order that carries an intent is asked about at the provider, as expiry
 * does, and a succeeded payment is recorded through the one path, recordSucceededPayment.
 * Returns the order as it now stands, or null when it is gone. A provider that does not answer
 * leaves the order as stored: reading an order never fails for that, and the next read asks again.
 */
export const reconcilePayment = async (deps: ReconcilePaymentPorts, order: Order): Promise<Order | null> => {
  if (order.status !== 'unpaid' || !order.paymentIntentId) return order;
  const intent = await deps.payments.retrieveIntent(order.paymentIntentId).catch(() => null);
  if (intent?.state !== 'succeeded' || intent.orderId !== order.id) return order;
  const recorded = await recordSucceededPayment(deps, intent);
  // Refused (paid meanwhile by another intent, or an amount that disagrees): the stored order is the answer.
  return recorded.ok ? recorded.value : deps.store.orders.findById(order.id);
};

/** The owner or an admin reads an order, its payment reconciled first (reconcilePayment). */
export const readOrder = async (deps: ReadOrderPorts, input: { actor: User; orderId: string }): Promise<Result<Order, ErrorOf<'NOT_FOUND'>>> => {
  const found = await findOrderFor(deps, input);
  if (!found.ok) return found;
  const order = await reconcilePayment(deps, found.value);
  return order ? ok(order) : fail(notFound('order'));
};
