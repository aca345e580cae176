import { and, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import { oldestFirst, unpaidOf, unpaidPlacedBefore } from '../order-queries.ts';
import type { OrderRepository, OrderSearch, ReservationFailure } from '#domain/ordering/order-repository.ts';
import type { Order } from '#domain/ordering/order.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';
import { toPage } from '../page-cursor.ts';
import { RollbackSignal } from '../storage-errors.ts';
import { firstRow, type PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { orders, orderStatusCounts, products } from './schema.ts';

/**
 * The search keys `q` matches exactly (see OrderSearch), each answered by an index (the primary
 * key; orders_email_lower_idx): a purchase-order number joins this list.
 */
const searchKeys = (q: string): SQL[] => [eq(orders.id, q), sql`lower(${orders.email}) = lower(${q})`];
/** The admins' order search; a status alone reads orders_status_newest_idx. */
const searchFilter = (search: OrderSearch): SQL | undefined =>
  and(search.status === undefined ? undefined : eq(orders.status, search.status), search.q === undefined ? undefined : or(...searchKeys(search.q)));

type Placement = Result<Order, ReservationFailure>;

/**
 * Orders on PostgreSQL. Expected conflicts never surface as driver errors: a placement that loses
 * an idempotency race rolls its transaction back and reports the duplicate key.
 */
export function createPgOrders(db: PgDb): OrderRepository {
  const place = async (order: Order): Promise<Placement> => {
    try {
      return await db.transaction(async (tx): Promise<Placement> => {
        if (order.idempotencyKey !== null) {
          const existing = await tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.userId, order.userId), eq(orders.idempotencyKey, order.idempotencyKey)));
          if (existing.length > 0) return fail({ code: 'duplicate-key' });
        }
        if (order.productId === null) return fail({ code: 'product-not-found' });
        // One conditional decrement: the row lock serialises competing buyers, and READ COMMITTED
        // re-checks `stock >= q` against the committed value, so stock can never go negative.
        const reserved = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${order.quantity}` })
          .where(and(eq(products.id, order.productId), gte(products.stock, order.quantity)))
          .returning({ id: products.id });
        if (reserved.length === 0) {
          const exists = await tx.select({ id: products.id }).from(products).where(eq(products.id, order.productId));
          return fail({ code: exists.length > 0 ? 'insufficient-stock' : 'product-not-found' });
        }
        // A concurrent order with the same key may have committed since the check above.
        const inserted = await tx.insert(orders).values(order).onConflictDoNothing().returning({ id: orders.id });
        if (inserted.length === 0) throw new RollbackSignal('duplicate-key');
        return ok({ ...order });
      });
    } catch (error) {
      if (error instanceof RollbackSignal) return fail({ code: 'duplicate-key' });
      throw error;
    }
  };

  /** unpaid → pending → shipped: one conditional UPDATE, so a lost race simply matches no row. */
  const transition = (id: string, from: Order['status'], changes: Partial<Order>): Promise<Order | null> =>
    firstRow(
      db
        .update(orders)
        .set(changes)
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning(),
    );

  return {
    placeReservingStock: place,
    async findById(id) {
      return firstRow(db.select().from(orders).where(eq(orders.id, id)));
    },
    async findByIdempotencyKey(userId, key) {
      return firstRow(
        db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key))),
      );
    },
    async listByUser(userId, page) {
      const query = newestFirst(
        db.select().from(orders).$dynamic(),
        { createdAt: orders.createdAt, key: orders.id },
        page,
        eq(orders.userId, userId),
      );
      return toPage(await query, page.limit);
    },
    async listAll(search, page) {
      const query = newestFirst(db.select().from(orders).$dynamic(), { createdAt: orders.createdAt, key: orders.id }, page, searchFilter(search));
      return toPage(await query, page.limit);
    },
    async count(search) {
      if (search.q) return db.$count(orders, searchFilter(search));
      // Without words to match, the counters the triggers keep answer at once (schema.ts, orderStatusCounts).
      const [row] = await db
        .select({ count: sql<string>`coalesce(sum(${orderStatusCounts.count}), 0)` })
        .from(orderStatusCounts)
        .where(search.status ? eq(orderStatusCounts.status, search.status) : undefined);
      return Number(row?.count ?? 0);
    },
    async deleteUnpaidReturningStock(id) {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(orders)
          .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
          .returning({ productId: orders.productId, quantity: orders.quantity });
        if (!deleted) return false;
        if (deleted.productId !== null) {
          await tx
            .update(products)
            .set({ stock: sql`${products.stock} + ${deleted.quantity}` })
            .where(eq(products.id, deleted.productId));
        }
        return true;
      });
    },
    async attachPaymentIntent(id, paymentIntentId) {
      return (await transition(id, 'unpaid', { paymentIntentId })) !== null;
    },
    async listUnpaidPlacedBefore(cutoff, limit) {
      return db.select().from(orders).where(unpaidPlacedBefore(orders, cutoff)).orderBy(...oldestFirst(orders)).limit(limit);
    },
    async countUnpaidOf(userId) {
      return db.$count(orders, unpaidOf(orders, userId));
    },
    async markPaid(id, transactionId, paidAt) {
      return transition(id, 'unpaid', { status: 'pending', transactionId, paidAt });
    },
    async markShipped(id, shippedAt) {
      return transition(id, 'pending', { status: 'shipped', shippedAt });
    },
  };
}
