import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ReservationFailure } from '#domain/ordering/order-repository.ts';
import type { Order } from '#domain/ordering/order.ts';
import type { PageRequest } from '#domain/shared/page.ts';
import type { Store } from '#domain/store.ts';
import { decodeCursor, toPage } from '../page-cursor.ts';
import { RollbackSignal } from '../storage-errors.ts';
import * as schema from './schema.ts';

const { users, profiles, products, orders, reviews, subscribers, contactMessages } = schema;

/** Any drizzle Postgres database: node-postgres in production, PGlite in tests. */
export type PgDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * (created_at, id) strictly after the cursor in newest-first order; a row comparison uses the
 * index. `id` is the table's tie-breaking key column (the subscribers' e-mail).
 */
const afterCursor = (table: { createdAt: PgColumn; id: PgColumn }, cursor: PageRequest['cursor']): SQL | undefined => {
  const position = decodeCursor(cursor);
  if (!position) return undefined;
  return sql`(${table.createdAt}, ${table.id}) < (${sql.param(new Date(position.createdAtMs), table.createdAt)}, ${position.id})`;
};

type Placement = { ok: true; order: Order } | { ok: false; reason: ReservationFailure };

/**
 * The Store repositories written once over drizzle's generic PgDatabase. Expected conflicts never
 * surface as driver errors: inserts use ON CONFLICT DO NOTHING and report "nothing inserted",
 * and a placement that loses an idempotency race rolls its transaction back.
 */
export function createPgStore(db: PgDb, closeConnection: () => Promise<void>): Store {
  const first = async <T>(rows: Promise<T[]>): Promise<T | null> => (await rows)[0] ?? null;

  const transition = (id: string, from: Order['status'], changes: Partial<Order>): Promise<Order | null> =>
    first(
      db
        .update(orders)
        .set(changes)
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning(),
    );

  const userUpdate = (id: string, changes: Partial<typeof users.$inferInsert> | Record<string, SQL>) =>
    first(db.update(users).set(changes).where(eq(users.id, id)).returning());

  const place = async (order: Order): Promise<Placement> => {
    try {
      return await db.transaction(async (tx): Promise<Placement> => {
        if (order.idempotencyKey !== null) {
          const existing = await tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.userId, order.userId), eq(orders.idempotencyKey, order.idempotencyKey)));
          if (existing.length > 0) return { ok: false, reason: 'duplicate-key' };
        }
        if (order.productId === null) return { ok: false, reason: 'product-not-found' };
        // One conditional decrement: the row lock serialises competing buyers, and READ COMMITTED
        // re-checks `stock >= q` against the committed value, so stock can never go negative.
        const reserved = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${order.quantity}` })
          .where(and(eq(products.id, order.productId), gte(products.stock, order.quantity)))
          .returning({ id: products.id });
        if (reserved.length === 0) {
          const exists = await tx.select({ id: products.id }).from(products).where(eq(products.id, order.productId));
          return { ok: false, reason: exists.length > 0 ? 'insufficient-stock' : 'product-not-found' };
        }
        // A concurrent order with the same key may have committed since the check above.
        const inserted = await tx.insert(orders).values(order).onConflictDoNothing().returning({ id: orders.id });
        if (inserted.length === 0) throw new RollbackSignal('duplicate-key');
        return { ok: true, order: { ...order } };
      });
    } catch (error) {
      if (error instanceof RollbackSignal) return { ok: false, reason: 'duplicate-key' };
      throw error;
    }
  };

  return {
    products: {
      async list(page) {
        const rows = await db
          .select()
          .from(products)
          .where(afterCursor(products, page.cursor))
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(page.limit + 1);
        return toPage(rows, page.limit);
      },
      async findById(id) {
        return first(db.select().from(products).where(eq(products.id, id)));
      },
      async create(product) {
        const [created] = await db
          .insert(products)
          .values({ ...product, updatedAt: product.createdAt })
          .returning();
        if (!created) throw new Error('insert returned no product');
        return created;
      },
      async update(id, changes, updatedAt) {
        return first(db.update(products).set({ ...changes, updatedAt }).where(eq(products.id, id)).returning());
      },
      async delete(id) {
        // ON DELETE SET NULL keeps the orders and their snapshots.
        const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
        return deleted.length > 0;
      },
      async count() {
        return db.$count(products);
      },
      async countBelowStock(units) {
        return db.$count(products, lt(products.stock, units));
      },
    },

    orders: {
      placeReservingStock: place,
      async findById(id) {
        return first(db.select().from(orders).where(eq(orders.id, id)));
      },
      async findByIdempotencyKey(userId, key) {
        return first(
          db
            .select()
            .from(orders)
            .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key))),
        );
      },
      async listByUser(userId, page) {
        const rows = await db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), afterCursor(orders, page.cursor)))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(page.limit + 1);
        return toPage(rows, page.limit);
      },
      async listAll() {
        return db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id));
      },
      async countByStatus(status) {
        return db.$count(orders, eq(orders.status, status));
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
      async markPaid(id, transactionId, paidAt) {
        return transition(id, 'unpaid', { status: 'pending', transactionId, paidAt });
      },
      async markShipped(id, shippedAt) {
        return transition(id, 'pending', { status: 'shipped', shippedAt });
      },
    },

    users: {
      async create(user) {
        // DO NOTHING covers both the id and the lower(email) unique index.
        return first(db.insert(users).values(user).onConflictDoNothing().returning());
      },
      async findById(id) {
        return first(db.select().from(users).where(eq(users.id, id)));
      },
      async findByEmail(email) {
        return first(db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`));
      },
      async list(page) {
        const rows = await db
          .select()
          .from(users)
          .where(afterCursor(users, page.cursor))
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(page.limit + 1);
        return toPage(rows, page.limit);
      },
      async setRole(id, role) {
        return userUpdate(id, { role });
      },
      async replacePassword(id, passwordHash, expectedVersion) {
        return first(
          db
            .update(users)
            .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
            .where(and(eq(users.id, id), eq(users.sessionVersion, expectedVersion)))
            .returning(),
        );
      },
      async setEmailVerified(id) {
        return userUpdate(id, { emailVerified: true });
      },
      async bumpSessionVersion(id) {
        return userUpdate(id, { sessionVersion: sql`${users.sessionVersion} + 1` });
      },
      async delete(id) {
        // Profiles cascade, reviews are set null, orders have no foreign key and keep the id.
        const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
        return deleted.length > 0;
      },
      async findProfile(userId) {
        return first(db.select().from(profiles).where(eq(profiles.userId, userId)));
      },
      async saveProfile(profile) {
        const { userId: _userId, ...fields } = profile;
        const [saved] = await db
          .insert(profiles)
          .values(profile)
          .onConflictDoUpdate({ target: profiles.userId, set: fields })
          .returning();
        if (!saved) throw new Error('upsert returned no profile');
        return saved;
      },
    },

    reviews: {
      async create(review) {
        const [created] = await db.insert(reviews).values(review).returning();
        if (!created) throw new Error('insert returned no review');
        return created;
      },
      async list(page) {
        const rows = await db
          .select()
          .from(reviews)
          .where(afterCursor(reviews, page.cursor))
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(page.limit + 1);
        return toPage(rows, page.limit);
      },
      async delete(id) {
        const deleted = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
        return deleted.length > 0;
      },
    },

    inbox: {
      async subscribe(subscriber) {
        await db.insert(subscribers).values(subscriber).onConflictDoNothing();
        const kept = await first(
          db
            .select()
            .from(subscribers)
            .where(sql`lower(${subscribers.email}) = lower(${subscriber.email})`),
        );
        if (!kept) throw new Error('subscriber vanished right after its insert');
        return kept;
      },
      async listSubscribers(page) {
        const rows = await db
          .select()
          .from(subscribers)
          .where(afterCursor({ createdAt: subscribers.createdAt, id: subscribers.email }, page.cursor))
          .orderBy(desc(subscribers.createdAt), desc(subscribers.email))
          .limit(page.limit + 1);
        return toPage(rows, page.limit, (subscriber) => subscriber.email);
      },
      async addContactMessage(message) {
        const [created] = await db.insert(contactMessages).values(message).returning();
        if (!created) throw new Error('insert returned no contact message');
        return created;
      },
      async listContactMessages(page) {
        const rows = await db
          .select()
          .from(contactMessages)
          .where(afterCursor(contactMessages, page.cursor))
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(page.limit + 1);
        return toPage(rows, page.limit);
      },
      async countContactMessages() {
        return db.$count(contactMessages);
      },
    },

    async ping() {
      await db.execute(sql`select 1`);
    },
    close: closeConnection,
  };
}
