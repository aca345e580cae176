import type { OrderRepository, OrderSearch } from '#domain/ordering/order-repository.ts';
import type { Order } from '#domain/ordering/order.ts';
import { fail, ok } from '#domain/shared/result.ts';
import { byId } from '../page-cursor.ts';
import { newestFirst } from './newest-first.ts';
import { checkQuantity, copy, copyOrNull, type MemoryTables } from './tables.ts';

/** The search keys `q` matches exactly (see OrderSearch); a purchase-order number joins this list. */
const searchKeys = (order: Order, q: string): boolean[] => [order.id === q, order.email.toLowerCase() === q.toLowerCase()];

const matches = (search: OrderSearch) => (order: Order): boolean =>
  (search.status === undefined || order.status === search.status) && (search.q === undefined || searchKeys(order, search.q).some(Boolean));

/** Each method works synchronously between awaits, so it is atomic like a database transaction. */
export function createMemoryOrders(tables: MemoryTables): OrderRepository {
  const { orders, products } = tables;
  const findByKey = (userId: string, key: string): Order | undefined =>
    [...orders.values()].find((order) => order.userId === userId && order.idempotencyKey === key);

  const transition = (id: string, from: Order['status'], changes: Partial<Order>): Order | null => {
    const order = orders.get(id);
    if (!order || order.status !== from) return null;
    Object.assign(order, copy(changes));
    return copy(order);
  };

  return {
    async placeReservingStock(order) {
      if (order.idempotencyKey !== null && findByKey(order.userId, order.idempotencyKey)) {
        return fail({ code: 'duplicate-key' });
      }
      const product = order.productId === null ? undefined : products.get(order.productId);
      if (!product) return fail({ code: 'product-not-found' });
      if (product.stock < order.quantity) return fail({ code: 'insufficient-stock' });
      checkQuantity(order.quantity);
      product.stock -= order.quantity;
      tables.catalogWrites++;
      orders.set(order.id, copy(order));
      return ok(copy(order));
    },
    async findById(id) {
      return copyOrNull(orders.get(id));
    },
    async findByIdempotencyKey(userId, key) {
      return copyOrNull(findByKey(userId, key));
    },
    async listByUser(userId, page) {
      return newestFirst([...orders.values()].filter((order) => order.userId === userId), page, byId);
    },
    async listAll(search, page) {
      return newestFirst([...orders.values()].filter(matches(search)), page, byId);
    },
    async count(search) {
      return [...orders.values()].filter(matches(search)).length;
    },
    async deleteUnpaidReturningStock(id) {
      const order = orders.get(id);
      if (!order || order.status !== 'unpaid') return false;
      orders.delete(id);
      const product = order.productId === null ? undefined : products.get(order.productId);
      if (product) {
        product.stock += order.quantity;
        tables.catalogWrites++;
      }
      return true;
    },
    async attachPaymentIntent(id, paymentIntentId) {
      return transition(id, 'unpaid', { paymentIntentId }) !== null;
    },
    async listUnpaidPlacedBefore(cutoff, limit) {
      return [...orders.values()]
        .filter((order) => order.status === 'unpaid' && order.createdAt < cutoff)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .slice(0, limit)
        .map(copy);
    },
    async countUnpaidOf(userId) {
      return [...orders.values()].filter((order) => order.userId === userId && order.status === 'unpaid').length;
    },
    async markPaid(id, transactionId, paidAt) {
      return transition(id, 'unpaid', { status: 'pending', transactionId, paidAt });
    },
    async markShipped(id, shippedAt) {
      return transition(id, 'pending', { status: 'shipped', shippedAt });
    },
  };
}
