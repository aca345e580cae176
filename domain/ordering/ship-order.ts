import { auditNote } from '../audit/audit-log.ts';
import { isAdmin, type User } from '../identity/user.ts';
import { forbidden, invalid, notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import type { Clock } from '../shared/clock.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Order } from './order.ts';
import type { OrderRepository } from './order-repository.ts';
import { orderMail } from './order-mail.ts';
import { checkShippingDetails, type ShippingDetailsInput } from './shipping-details.ts';

export type ShipOrderPorts = { store: { orders: Pick<OrderRepository, 'findById' | 'markShipped'> }; clock: Clock };

/** An admin ships a paid (pending) order, optionally saying with which carrier and tracking number; nothing else can be shipped. */
export const shipOrder = async (
  { store, clock }: ShipOrderPorts,
  input: { actor: User; orderId: string; shipping?: ShippingDetailsInput },
): Promise<Result<Order, ErrorOf<'FORBIDDEN' | 'VALIDATION_FAILED' | 'NOT_FOUND' | 'ORDER_NOT_SHIPPABLE'>>> => {
  if (!isAdmin(input.actor)) return fail(forbidden());
  const shipping = checkShippingDetails(input.shipping ?? {});
  if (!shipping.ok) return fail(invalid(shipping.error));
  const order = await store.orders.findById(input.orderId);
  if (!order) return fail(notFound('order'));
  const at = clock.now();
  const shipped = await store.orders.markShipped(
    order.id,
    at,
    shipping.value,
    auditNote(input.actor, at, {
      kind: 'order-shipped',
      subjectId: order.id,
      summary: `Shipped the order ${order.number}`,
      before: { status: order.status },
      after: { status: 'shipped', ...shipping.value },
    }),
    orderMail('shipped'),
  );
  return shipped ? ok(shipped) : fail(refusal('ORDER_NOT_SHIPPABLE'));
};
