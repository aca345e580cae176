import { and, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import { oldestFirst, unpaidOf, unpaidPlacedBefore } from '../order-queries.ts';
import type { OrderRepository, OrderSearch, ReservationFailure } from '#domain/ordering/order-repository.ts';
import type { Order } from '#domain/ordering/order.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';
import { toPage } from '../page-cursor.ts';
import type { CatalogWrites } from '../catalog-writes.ts';
import type { SqliteDb } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { orders, orderStatusCounts, products } from './schema.ts';

/**
 * The admins' order search as placeholders (`status`, `q`), for the shapes a search can take.
 * The search keys `q` matches exactly (see OrderSearch), each answered by an index (the primary
 * key; orders_email_lower_idx): a purchase-order number joins this list.
 */
const searchKeys = (q: ReturnType<typeof sql.placeholder>): SQL[] => [eq(orders.id, q), sql`lower(${orders.email}) = lower(${q})`];
const searchFilter = (search: OrderSearch): SQL | undefined =>
  and(
    search.status === undefined ? undefined : eq(orders.status, sql.placeholder('status')),
    search.q === undefined ? undefined : or(...searchKeys(sql.placeholder('q'))),
  );
const searchShape = (search: OrderSearch): string => `${search.status === undefined ? '' : 'status'}:${search.q === undefined ? '' : 'q'}`;

type Placement = Result<Order, ReservationFailure>;

/**
 * Orders on SQLite. better-sqlite3 is synchronous, so every multi-statement write is a
 * synchronous IMMEDIATE transaction: it takes the write lock up front, which also keeps several
 * processes on the same file from overselling (busy_timeout makes them wait their turn).
 */
export function createSqliteOrders(db: SqliteDb, catalog: CatalogWrites): OrderRepository {
  const orderByKey = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.idempotencyKey, sql.placeholder('key'))))
    .prepare();
  const reserveStock = db
    .update(products)
    .set({ stock: sql`${products.stock} - ${sql.placeholder('quantity')}` })
    .where(and(eq(products.id, sql.placeholder('id')), gte(products.stock, sql.placeholder('quantity'))))
    .prepare();
  const productExists = db.select({ id: products.id }).from(products).where(eq(products.id, sql.placeholder('id'))).prepare();
  const newestFirstOfUser = newestFirstReader(
    () => db.select().from(orders).$dynamic(),
    { createdAt: orders.createdAt, key: orders.id },
    eq(orders.userId, sql.placeholder('userId')),
  );

  // Drizzle's builders change in place: each statement gets its own.
  const counted = () => db.select({ count: sql<number>`coalesce(sum(${orderStatusCounts.count}), 0)` }).from(orderStatusCounts);
  const countOfStatus = counted().where(eq(orderStatusCounts.status, sql.placeholder('status'))).prepare();
  const countOfAll = counted().prepare();
  // One prepared reader and count per search shape (at most four), made on first use.
  const prepareSearch = (search: OrderSearch) => {
    const filter = searchFilter(search);
    return {
      page: newestFirstReader(() => db.select().from(orders).$dynamic(), { createdAt: orders.createdAt, key: orders.id }, filter),
      count: db.select({ count: sql<number>`count(*)`.as('count') }).from(orders).where(filter).prepare(),
    };
  };
  const searches = new Map<string, ReturnType<typeof prepareSearch>>();
  const searchOf = (search: OrderSearch) => {
    const shape = searchShape(search);
    const prepared = searches.get(shape) ?? prepareSearch(search);
    searches.set(shape, prepared);
    const params = { ...(search.status === undefined ? {} : { status: search.status }), ...(search.q === undefined ? {} : { q: search.q }) };
    return { ...prepared, params };
  };

  const place = (order: Order): Placement =>
    db.transaction(
      (tx): Placement => {
        // Inside an IMMEDIATE transaction nobody else writes, so these checks cannot go stale.
        if (order.idempotencyKey !== null && orderByKey.get({ userId: order.userId, key: order.idempotencyKey })) {
          return fail({ code: 'duplicate-key' });
        }
        if (order.productId === null) return fail({ code: 'product-not-found' });
        const reserved = reserveStock.run({ id: order.productId, quantity: order.quantity });
        if (reserved.changes === 0) {
          const exists = productExists.get({ id: order.productId });
          return fail({ code: exists ? 'insufficient-stock' : 'product-not-found' });
        }
        tx.insert(orders).values(order).run();
        return catalog.changed(ok({ ...order }));
      },
      { behavior: 'immediate' },
    );

  /** unpaid → pending → shipped: one conditional UPDATE, so a lost race simply matches no row. */
  const transition = (id: string, from: Order['status'], changes: Partial<Order>): Order | null =>
    db
      .update(orders)
      .set(changes)
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning()
      .get() ?? null;

  return {
    async placeReservingStock(order) {
      return place(order);
    },
    async findById(id) {
      return db.select().from(orders).where(eq(orders.id, id)).get() ?? null;
    },
    async findByIdempotencyKey(userId, key) {
      return (
        db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
          .get() ?? null
      );
    },
    async listByUser(userId, page) {
      return toPage(newestFirstOfUser(page, { userId }), page.limit);
    },
    async listAll(search, page) {
      const { page: read, params } = searchOf(search);
      return toPage(read(page, params), page.limit);
    },
    async count(search) {
      // Without words to match, the counters the triggers keep answer at once (schema.ts, orderStatusCounts).
      if (!search.q) return (search.status ? countOfStatus.get({ status: search.status }) : countOfAll.get())?.count ?? 0;
      const { count, params } = searchOf(search);
      return count.get(params)?.count ?? 0;
    },
    async deleteUnpaidReturningStock(id) {
      return db.transaction(
        (tx) => {
          const deleted = tx
            .delete(orders)
            .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
            .returning({ productId: orders.productId, quantity: orders.quantity })
            .get();
          if (!deleted) return false;
          if (deleted.productId !== null) {
            tx.update(products)
              .set({ stock: sql`${products.stock} + ${deleted.quantity}` })
              .where(eq(products.id, deleted.productId))
              .run();
          }
          return catalog.changed(true);
        },
        { behavior: 'immediate' },
      );
    },
    async attachPaymentIntent(id, paymentIntentId) {
      return transition(id, 'unpaid', { paymentIntentId }) !== null;
    },
    async listUnpaidPlacedBefore(cutoff, limit) {
      return db.select().from(orders).where(unpaidPlacedBefore(orders, cutoff)).orderBy(...oldestFirst(orders)).limit(limit).all();
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
