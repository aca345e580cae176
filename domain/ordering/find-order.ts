import { isAdmin, type User } from '../identity/user.ts';
import { notFound, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Store } from '../store.ts';
import type { Order } from './order.ts';

/** Owners and admins see an order; for anyone else it does not exist (no id probing). */
export const findOrderFor = async (
  store: Store,
  actor: User,
  orderId: string,
  { ownerOnly = false }: { ownerOnly?: boolean } = {},
): Promise<Result<Order, ErrorOf<'NOT_FOUND'>>> => {
  const order = await store.orders.findById(orderId);
  const allowed = order && (order.userId === actor.id || (!ownerOnly && isAdmin(actor)));
  return allowed ? ok(order) : fail(notFound('order'));
};
