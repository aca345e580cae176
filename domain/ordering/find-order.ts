import { isAdmin, type User } from '../identity/user.ts';
import { notFound, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Order } from './order.ts';
import type { OrderRepository } from './order-repository.ts';

export type FindOrderPorts = { store: { orders: Pick<OrderRepository, 'findById'> } };

/** Owners and admins see an order; for anyone else it does not exist (no id probing). */
export const findOrderFor = async (
  { store }: FindOrderPorts,
  { actor, orderId, ownerOnly = false }: { actor: User; orderId: string; ownerOnly?: boolean },
): Promise<Result<Order, ErrorOf<'NOT_FOUND'>>> => {
  const order = await store.orders.findById(orderId);
  const allowed = order && (order.userId === actor.id || (!ownerOnly && isAdmin(actor)));
  return allowed ? ok(order) : fail(notFound('order'));
};
