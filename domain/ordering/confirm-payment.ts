import type { User } from '../identity/user.ts';
import { notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, type Result } from '../shared/result.ts';
import { unlessExpired, type UnlessExpiredPorts } from './expire-unpaid-orders.ts';
import { findOrderFor, type FindOrderPorts } from './find-order.ts';
import { awaitsApproval, wasRejected, type Order } from './order.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { recordSucceededPayment, type RecordPaymentError, type RecordPaymentPorts } from './record-payment.ts';

export type ConfirmPaymentPorts = FindOrderPorts & UnlessExpiredPorts & RecordPaymentPorts & { payments: Pick<PaymentGateway, 'retrieveIntent'> };

/**
 * The owner says "I paid": we ask the provider, never trust the browser. An order past its time
 * expires first (unlessExpired), as the sweep would have let it go: gone (404), or recorded paid
 * when its payment went through, which this confirmation then finds. A file of its own: expiry
 * (release-unpaid-order.ts) imports record-payment.ts, so living there would close an import cycle.
 */
export const confirmPayment = async (
  deps: ConfirmPaymentPorts,
  input: { actor: User; orderId: string; paymentIntentId: string; unpaidOrderTtlHours?: number | undefined },
): Promise<Result<Order, RecordPaymentError | ErrorOf<'AWAITING_APPROVAL' | 'ORDER_REJECTED'>>> => {
  const found = await findOrderFor(deps, { actor: input.actor, orderId: input.orderId, ownerOnly: true });
  if (!found.ok) return found;
  const order = await unlessExpired(deps, { order: found.value, unpaidOrderTtlHours: input.unpaidOrderTtlHours });
  if (!order) return fail(notFound('order'));
  // Nothing is paid before a manager approves (docs/companies.md, "Approvals").
  if (awaitsApproval(order)) return fail(refusal('AWAITING_APPROVAL'));
  if (wasRejected(order)) return fail(refusal('ORDER_REJECTED'));
  const intent = await deps.payments.retrieveIntent(input.paymentIntentId);
  if (!intent || intent.orderId !== order.id) {
    return fail(refusal('PAYMENT_NOT_CONFIRMED'));
  }
  return recordSucceededPayment(deps, intent);
};
