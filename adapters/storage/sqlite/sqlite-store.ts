import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { and, desc, eq, getTableColumns, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Order } from '#domain/ordering/order.ts';
import type { PageRequest } from '#domain/shared/page.ts';
import type { Store } from '#domain/store.ts';
import { decodeCursor, toPage } from '../page-cursor.ts';
import * as schema from './schema.ts';

const { users, profiles, products, orders, reviews, subscribers, contactMessages } = schema;

/** Resolved from this file, so the app finds its migrations whatever the working directory. */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/sqlite', import.meta.url));

/**
 * The Store on one SQLite file (or ':memory:') through drizzle + better-sqlite3. Runs pending
 * migrations before returning. better-sqlite3 is synchronous, so every multi-statement write is a
 * synchronous IMMEDIATE transaction: it takes the write lock up front, which also keeps several
 * processes on the same file from oversellling (busy_timeout makes them wait their turn).
 */
export function openSqliteStore(filePath: string): Store {
  const sqlite = new Database(filePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

  /**
   * Rows strictly after the cursor in (created_at desc, key desc) order; `id` is the table's
   * tie-breaking key column (the subscribers' e-mail). Read through a (created_at, key) index.
   */
  const newestFirstAfter = (
    table: { createdAt: SQLiteColumn; id: SQLiteColumn },
    cursor: PageRequest['cursor'],
  ): SQL | undefined => {
    const position = decodeCursor(cursor);
    if (!position) return undefined;
    const createdAt = new Date(position.createdAtMs);
    return or(lt(table.createdAt, createdAt), and(eq(table.createdAt, createdAt), lt(table.id, position.id)));
  };

  // Hot paths are prepared once.
  const productById = db.select().from(products).where(eq(products.id, sql.placeholder('id'))).prepare();
  const firstProducts = db
    .select()
    .from(products)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare();
  // Placeholders in comparisons skip drizzle's column mapping: createdAt is bound as raw milliseconds.
  const productsAfter = db
    .select()
    .from(products)
    .where(
      or(
        lt(products.createdAt, sql.placeholder('createdAt')),
        and(eq(products.createdAt, sql.placeholder('createdAt')), lt(products.id, sql.placeholder('id'))),
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare();
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
  // drizzle maps placeholder values through the column, but its timestamp mapping chokes on
  // null; the nullable timestamps are therefore wrapped in raw SQL and bound as milliseconds.
  const nullableTimestamps = new Set<string>(['paidAt', 'shippedAt']);
  const insertOrder = db
    .insert(orders)
    .values(
      Object.fromEntries(
        Object.keys(getTableColumns(orders)).map((key) => [
          key,
          nullableTimestamps.has(key) ? sql`${sql.placeholder(key)}` : sql.placeholder(key),
        ]),
      ) as unknown as Order,
    )
    .prepare();
  const orderParams = (order: Order) => ({
    ...order,
    paidAt: order.paidAt?.getTime() ?? null,
    shippedAt: order.shippedAt?.getTime() ?? null,
  });
  /**
   * Store.catalogVersion: our own catalog writes are counted here; `PRAGMA data_version` changes
   * when ANOTHER connection (a second process on the same file) commits anything. Together they
   * change whenever a product may have changed, for the price of one cheap pragma.
   */
  let catalogWrites = 0;
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const catalogChanged = <T>(result: T): T => {
    catalogWrites++;
    return result;
  };
  const productExists = db.select({ id: products.id }).from(products).where(eq(products.id, sql.placeholder('id'))).prepare();

  const placeSync = (order: Order): Awaited<ReturnType<Store['orders']['placeReservingStock']>> =>
    db.transaction(
      () => {
        // Inside an IMMEDIATE transaction nobody else writes, so these checks cannot go stale.
        if (order.idempotencyKey !== null && orderByKey.get({ userId: order.userId, key: order.idempotencyKey })) {
          return { ok: false, reason: 'duplicate-key' } as const;
        }
        if (order.productId === null) return { ok: false, reason: 'product-not-found' } as const;
        const reserved = reserveStock.run({ id: order.productId, quantity: order.quantity });
        if (reserved.changes === 0) {
          const exists = productExists.get({ id: order.productId });
          return { ok: false, reason: exists ? 'insufficient-stock' : 'product-not-found' } as const;
        }
        insertOrder.run(orderParams(order));
        return catalogChanged({ ok: true, order: { ...order } } as const);
      },
      { behavior: 'immediate' },
    );

  /** pending/unpaid transitions: one conditional UPDATE, so a lost race simply matches no row. */
  const transition = (id: string, from: Order['status'], changes: Partial<Order>): Order | null =>
    db
      .update(orders)
      .set(changes)
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning()
      .get() ?? null;

  const userUpdate = (id: string, changes: Partial<typeof users.$inferInsert> | Record<string, SQL>) =>
    db.update(users).set(changes).where(eq(users.id, id)).returning().get() ?? null;

  return {
    products: {
      async list(page) {
        const position = decodeCursor(page.cursor);
        const limit = page.limit + 1;
        const rows = position
          ? productsAfter.all({ createdAt: position.createdAtMs, id: position.id, limit })
          : firstProducts.all({ limit });
        return toPage(rows, page.limit);
      },
      async findById(id) {
        return productById.get({ id }) ?? null;
      },
      async create(product) {
        return catalogChanged(
          db
            .insert(products)
            .values({ ...product, updatedAt: product.createdAt })
            .returning()
            .get(),
        );
      },
      async update(id, changes, updatedAt) {
        return catalogChanged(db.update(products).set({ ...changes, updatedAt }).where(eq(products.id, id)).returning().get() ?? null);
      },
      async delete(id) {
        // ON DELETE SET NULL keeps the orders and their snapshots.
        return catalogChanged(db.delete(products).where(eq(products.id, id)).run().changes > 0);
      },
      async count() {
        return db.$count(products);
      },
      async countBelowStock(units) {
        return db.$count(products, lt(products.stock, units));
      },
    },

    orders: {
      async placeReservingStock(order) {
        return placeSync(order);
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
        const rows = db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), newestFirstAfter(orders, page.cursor)))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(page.limit + 1)
          .all();
        return toPage(rows, page.limit);
      },
      async listAll() {
        return db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).all();
      },
      async countByStatus(status) {
        return db.$count(orders, eq(orders.status, status));
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
            return catalogChanged(true);
          },
          { behavior: 'immediate' },
        );
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
        return db.insert(users).values(user).onConflictDoNothing().returning().get() ?? null;
      },
      async findById(id) {
        return db.select().from(users).where(eq(users.id, id)).get() ?? null;
      },
      async findByEmail(email) {
        return db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).get() ?? null;
      },
      async list(page) {
        const rows = db
          .select()
          .from(users)
          .where(newestFirstAfter(users, page.cursor))
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(page.limit + 1)
          .all();
        return toPage(rows, page.limit);
      },
      async setRole(id, role) {
        return userUpdate(id, { role });
      },
      async replacePassword(id, passwordHash, expectedVersion) {
        return (
          db
            .update(users)
            .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
            .where(and(eq(users.id, id), eq(users.sessionVersion, expectedVersion)))
            .returning()
            .get() ?? null
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
        return db.delete(users).where(eq(users.id, id)).run().changes > 0;
      },
      async findProfile(userId) {
        return db.select().from(profiles).where(eq(profiles.userId, userId)).get() ?? null;
      },
      async saveProfile(profile) {
        const { userId: _userId, ...fields } = profile;
        return db
          .insert(profiles)
          .values(profile)
          .onConflictDoUpdate({ target: profiles.userId, set: fields })
          .returning()
          .get();
      },
    },

    reviews: {
      async create(review) {
        return db.insert(reviews).values(review).returning().get();
      },
      async list(page) {
        const rows = db
          .select()
          .from(reviews)
          .where(newestFirstAfter(reviews, page.cursor))
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(page.limit + 1)
          .all();
        return toPage(rows, page.limit);
      },
      async delete(id) {
        return db.delete(reviews).where(eq(reviews.id, id)).run().changes > 0;
      },
    },

    inbox: {
      async subscribe(subscriber) {
        db.insert(subscribers).values(subscriber).onConflictDoNothing().run();
        const kept = db
          .select()
          .from(subscribers)
          .where(sql`lower(${subscribers.email}) = lower(${subscriber.email})`)
          .get();
        if (!kept) throw new Error('subscriber vanished right after its insert');
        return kept;
      },
      async listSubscribers(page) {
        const rows = db
          .select()
          .from(subscribers)
          .where(newestFirstAfter({ createdAt: subscribers.createdAt, id: subscribers.email }, page.cursor))
          .orderBy(desc(subscribers.createdAt), desc(subscribers.email))
          .limit(page.limit + 1)
          .all();
        return toPage(rows, page.limit, (subscriber) => subscriber.email);
      },
      async addContactMessage(message) {
        return db.insert(contactMessages).values(message).returning().get();
      },
      async listContactMessages(page) {
        const rows = db
          .select()
          .from(contactMessages)
          .where(newestFirstAfter(contactMessages, page.cursor))
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(page.limit + 1)
          .all();
        return toPage(rows, page.limit);
      },
      async countContactMessages() {
        return db.$count(contactMessages);
      },
    },

    catalogVersion() {
      return `${dataVersion.get() as number}.${catalogWrites}`;
    },
    async ping() {
      sqlite.prepare('select 1').get();
    },
    async close() {
      if (sqlite.open) sqlite.close();
    },
  };
}
