import type { User } from '../identity/user.ts';
import { notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { awaitsApproval, canPay, wasRejected, type Order } from './order.ts';
import type { OrderRepository } from './order-repository.ts';
import { unlessExpired, type UnlessExpiredPorts } from './expire-unpaid-orders.ts';
import { findOrderFor, type FindOrderPorts } from './find-order.ts';
import type { PaymentGateway, PaymentIntent, PaymentProvider } from './payment-gateway.ts';
import { recordSucceededPayment, type RecordPaymentPorts } from './record-payment.ts';

export type StartPaymentPorts = FindOrderPorts &
  UnlessExpiredPorts &
  RecordPaymentPorts & {
    store: { orders: Pick<OrderRepository, 'attachPaymentIntent'> };
    payments: Pick<PaymentGateway, 'provider' | 'publishableKey' | 'retrieveIntent' | 'createIntent'>;
  };

export interface PaymentStart {
  provider: PaymentProvider;
  clientSecret: string;
  publishableKey: string | null;
  amountCents: number;
}

type StartError = ErrorOf<'NOT_FOUND' | 'ORDER_ALREADY_PAID' | 'AWAITING_APPROVAL' | 'ORDER_REJECTED'>;

const isFor = (intent: PaymentIntent | null, order: Order): intent is PaymentIntent => intent?.orderId === order.id;

/**
 * The owner of an unpaid order gets an intent for the amount stored on the order. The intent the
 * order already carries is asked about first: one that succeeded (the card went through but the
 * confirmation never reached us, docs/orders.md "Orders, cart, quick order") is recorded as the
 * order's payment and no other intent is made, so the buyer is never charged twice; one still
 * open for the amount is offered again, even after the provider has forgotten the idempotency
 * key it was made with (Stripe forgets them after 24 hours). An order past its time
 * (`unpaidOrderTtlHours`) expires here first, as the sweep would have let it go, whether or not a
 * sweep ran: gone (404 like any missing order), or paid if its payment went through (409).
 */
export const startPayment = async (
  deps: StartPaymentPorts,
  input: { actor: User; orderId: string; unpaidOrderTtlHours?: number | undefined },
): Promise<Result<PaymentStart, StartError>> => {
  const { store, payments, clock } = deps;
  const found = await findOrderFor(deps, { actor: input.actor, orderId: input.orderId, ownerOnly: true });
  if (!found.ok) return found;
  const order = await unlessExpired(deps, { order: found.value, unpaidOrderTtlHours: input.unpaidOrderTtlHours });
  if (!order) return fail(notFound('order'));
  // A company order waiting for a manager is paid once approved (docs/companies.md, "Approvals").
  if (awaitsApproval(order)) return fail(refusal('AWAITING_APPROVAL'));
  if (wasRejected(order)) return fail(refusal('ORDER_REJECTED'));
  if (!canPay(order)) return fail(refusal('ORDER_ALREADY_PAID'));
  const started = (intent: PaymentIntent): Result<PaymentStart, StartError> =>
    ok({ provider: payments.provider, clientSecret: intent.clientSecret, publishableKey: payments.publishableKey, amountCents: order.totalCents });

  const attached = order.paymentIntentId ? await payments.retrieveIntent(order.paymentIntentId) : null;
  if (isFor(attached, order) && attached.state === 'succeeded') {
    const recorded = await recordSucceededPayment({ store, clock }, attached);
    // Recorded, or refused (paid by another intent, an amount that disagrees): either way this
    // order has been charged once and is not offered again. Only a vanished order says so.
    return !recorded.ok && recorded.error.code === 'NOT_FOUND' ? fail(recorded.error) : fail(refusal('ORDER_ALREADY_PAID'));
  }
  if (isFor(attached, order) && attached.state === 'open' && attached.amountCents === order.totalCents && attached.currency === 'usd') {
    return started(attached);
  }

  const intent = await payments.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    currency: 'usd',
    email: order.email,
  });
  // A provider that hands back the order's succeeded intent (the test provider does) means paid too.
  if (intent.state === 'succeeded') {
    await recordSucceededPayment({ store, clock }, intent);
    return fail(refusal('ORDER_ALREADY_PAID'));
  }
  // Kept on the order, so deleting or expiring it asks the provider about this intent first.
  if (intent.id !== order.paymentIntentId && !(await store.orders.attachPaymentIntent(order.id, intent.id))) {
    return fail(refusal('ORDER_ALREADY_PAID'));
  }
  return started(intent);
};
