import type { Product } from '#domain/catalog/product.ts';
import type { ContactMessage, Review, Subscriber } from '#domain/content/review.ts';
import type { Profile, User } from '#domain/identity/user.ts';
import { MIN_ORDER_QUANTITY, type Order } from '#domain/ordering/order.ts';
import type { Page, PageRequest } from '#domain/shared/page.ts';
import type { Store } from '#domain/store.ts';
import { decodeCursor, isAfterCursor, newestFirst, toPage } from '../page-cursor.ts';

/**
 * The Store in plain Maps, for tests and the zero-setup demo. It mirrors the database semantics
 * of the SQL adapters (the same contract suite runs against all three). Every method does its
 * work synchronously between awaits, so each one is atomic just like a database transaction.
 *
 * Deleting a user keeps their orders with the now dangling `userId` (Order.userId is not
 * nullable, and the SQL schemas deliberately have no foreign key there); reviews get
 * `userId: null` and the profile is removed.
 *
 * Every value handed in or out is copied, so callers can never mutate the stored state.
 */
export function createMemoryStore(): Store {
  const products = new Map<string, Product>();
  const orders = new Map<string, Order>();
  const users = new Map<string, User>();
  const profiles = new Map<string, Profile>();
  const reviews = new Map<string, Review>();
  const subscribers = new Map<string, Subscriber>();
  const contactMessages: ContactMessage[] = [];
  let closed = false;

  const copy = <T>(value: T): T => structuredClone(value);

  // The CHECK constraints of the SQL schemas, so code that relies on them fails here too.
  const checkStock = (stock: number): void => {
    if (!Number.isInteger(stock) || stock < 0) throw new Error('CHECK constraint failed: products_stock_check');
  };
  const checkQuantity = (quantity: number): void => {
    if (!Number.isInteger(quantity) || quantity < MIN_ORDER_QUANTITY) {
      throw new Error('CHECK constraint failed: orders_quantity_check');
    }
  };
  const emailKey = (email: string): string => email.toLowerCase();

  /** A newest-first page, as the SQL adapters' keyset queries read it; `keyOf` breaks ties (the id by default). */
  const pageOf = <T extends { createdAt: Date }>(
    rows: Iterable<T>,
    page: PageRequest,
    keyOf: (row: T) => string = (row) => (row as T & { id: string }).id,
  ): Page<T> => {
    const position = decodeCursor(page.cursor);
    const sorted = [...rows].sort((a, b) => newestFirst(a, b, keyOf));
    const after = position ? sorted.filter((row) => isAfterCursor(row, position, keyOf)) : sorted;
    return toPage(after.slice(0, page.limit + 1).map(copy), page.limit, keyOf);
  };

  const findUserByEmail = (email: string): User | undefined => {
    const key = emailKey(email);
    for (const user of users.values()) if (emailKey(user.email) === key) return user;
    return undefined;
  };

  const updateUser = (id: string, change: (user: User) => void): User | null => {
    const user = users.get(id);
    if (!user) return null;
    change(user);
    return copy(user);
  };

  /** Bumped by every write that can change what the catalog shows (see Store.catalogVersion). */
  let catalogWrites = 0;

  const store: Store = {
    products: {
      async list(page) {
        return pageOf(products.values(), page);
      },
      async findById(id) {
        const product = products.get(id);
        return product ? copy(product) : null;
      },
      async create(input) {
        checkStock(input.stock);
        // As the databases' primary key does.
        if (products.has(input.id)) throw new Error('UNIQUE constraint failed: products.id');
        const product: Product = { ...copy(input), updatedAt: new Date(input.createdAt) };
        products.set(product.id, product);
        catalogWrites++;
        return copy(product);
      },
      async update(id, changes, updatedAt) {
        const product = products.get(id);
        if (!product) return null;
        if (changes.stock !== undefined) checkStock(changes.stock);
        const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
        Object.assign(product, defined, { updatedAt: new Date(updatedAt) });
        catalogWrites++;
        return copy(product);
      },
      async delete(id) {
        if (!products.delete(id)) return false;
        catalogWrites++;
        // Like ON DELETE SET NULL: the order keeps its product snapshot.
        for (const order of orders.values()) if (order.productId === id) order.productId = null;
        return true;
      },
      async count() {
        return products.size;
      },
      async countBelowStock(units) {
        return [...products.values()].filter((product) => product.stock < units).length;
      },
    },

    orders: {
      async placeReservingStock(order) {
        if (order.idempotencyKey !== null && findOrderByKey(order.userId, order.idempotencyKey)) {
          return { ok: false, reason: 'duplicate-key' };
        }
        const product = order.productId === null ? undefined : products.get(order.productId);
        if (!product) return { ok: false, reason: 'product-not-found' };
        if (product.stock < order.quantity) return { ok: false, reason: 'insufficient-stock' };
        checkQuantity(order.quantity);
        product.stock -= order.quantity;
        catalogWrites++;
        orders.set(order.id, copy(order));
        return { ok: true, order: copy(order) };
      },
      async findById(id) {
        const order = orders.get(id);
        return order ? copy(order) : null;
      },
      async findByIdempotencyKey(userId, key) {
        const order = findOrderByKey(userId, key);
        return order ? copy(order) : null;
      },
      async listByUser(userId, page) {
        return pageOf([...orders.values()].filter((order) => order.userId === userId), page);
      },
      async listAll() {
        return [...orders.values()].sort(newestFirst).map(copy);
      },
      async countByStatus(status) {
        return [...orders.values()].filter((order) => order.status === status).length;
      },
      async deleteUnpaidReturningStock(id) {
        const order = orders.get(id);
        if (!order || order.status !== 'unpaid') return false;
        orders.delete(id);
        const product = order.productId === null ? undefined : products.get(order.productId);
        if (product) {
          product.stock += order.quantity;
          catalogWrites++;
        }
        return true;
      },
      async markPaid(id, transactionId, paidAt) {
        const order = orders.get(id);
        if (!order || order.status !== 'unpaid') return null;
        Object.assign(order, { status: 'pending', transactionId, paidAt: new Date(paidAt) });
        return copy(order);
      },
      async markShipped(id, shippedAt) {
        const order = orders.get(id);
        if (!order || order.status !== 'pending') return null;
        Object.assign(order, { status: 'shipped', shippedAt: new Date(shippedAt) });
        return copy(order);
      },
    },

    users: {
      async create(user) {
        if (users.has(user.id) || findUserByEmail(user.email)) return null;
        users.set(user.id, copy(user));
        return copy(user);
      },
      async findById(id) {
        const user = users.get(id);
        return user ? copy(user) : null;
      },
      async findByEmail(email) {
        const user = findUserByEmail(email);
        return user ? copy(user) : null;
      },
      async list(page) {
        return pageOf(users.values(), page);
      },
      async setRole(id, role) {
        return updateUser(id, (user) => (user.role = role));
      },
      async replacePassword(id, passwordHash, expectedVersion) {
        if (users.get(id)?.sessionVersion !== expectedVersion) return null;
        return updateUser(id, (user) => {
          user.passwordHash = passwordHash;
          user.sessionVersion += 1;
        });
      },
      async setEmailVerified(id) {
        return updateUser(id, (user) => (user.emailVerified = true));
      },
      async bumpSessionVersion(id) {
        return updateUser(id, (user) => (user.sessionVersion += 1));
      },
      async delete(id) {
        if (!users.delete(id)) return false;
        profiles.delete(id);
        for (const review of reviews.values()) if (review.userId === id) review.userId = null;
        return true;
      },
      async findProfile(userId) {
        const profile = profiles.get(userId);
        return profile ? copy(profile) : null;
      },
      async saveProfile(profile) {
        profiles.set(profile.userId, copy(profile));
        return copy(profile);
      },
    },

    reviews: {
      async create(review) {
        reviews.set(review.id, copy(review));
        return copy(review);
      },
      async list(page) {
        return pageOf(reviews.values(), page);
      },
      async delete(id) {
        return reviews.delete(id);
      },
    },

    inbox: {
      async subscribe(subscriber) {
        const key = emailKey(subscriber.email);
        const existing = subscribers.get(key);
        if (existing) return copy(existing);
        subscribers.set(key, copy(subscriber));
        return copy(subscriber);
      },
      async listSubscribers(page) {
        return pageOf(subscribers.values(), page, (subscriber) => subscriber.email);
      },
      async addContactMessage(message) {
        contactMessages.push(copy(message));
        return copy(message);
      },
      async listContactMessages(page) {
        return pageOf(contactMessages, page);
      },
      async countContactMessages() {
        return contactMessages.length;
      },
    },

    catalogVersion() {
      return String(catalogWrites);
    },
    async ping() {
      if (closed) throw new Error('The memory store is closed');
    },
    async close() {
      closed = true;
    },
  };

  function findOrderByKey(userId: string, key: string): Order | undefined {
    for (const order of orders.values()) {
      if (order.userId === userId && order.idempotencyKey === key) return order;
    }
    return undefined;
  }

  return store;
}
