import { isAdmin, type User } from '../identity/user.ts';
import { forbidden, notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import type { Clock } from '../shared/clock.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Store } from '../store.ts';
import type { Order } from './order.ts';

/** An admin ships a paid (pending) order; nothing else can be shipped. */
export const shipOrder = async (
  { store, clock }: { store: Store; clock: Clock },
  input: { actor: User; orderId: string },
): Promise<Result<Order, ErrorOf<'FORBIDDEN' | 'NOT_FOUND' | 'ORDER_NOT_SHIPPABLE'>>> => {
  if (!isAdmin(input.actor)) return fail(forbidden());
  const order = await store.orders.findById(input.orderId);
  if (!order) return fail(notFound('order'));
  const shipped = await store.orders.markShipped(order.id, clock.now());
  return shipped ? ok(shipped) : fail(refusal('ORDER_NOT_SHIPPABLE'));
};
