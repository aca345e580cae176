import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach } from 'vitest';
import type { Category } from '#domain/catalog/category.ts';
import type { Product } from '#domain/catalog/product.ts';
import type { Review } from '#domain/content/review.ts';
import type { User } from '#domain/identity/user.ts';
import type { NewOrder, Order } from '#domain/ordering/order.ts';
import { orderMail } from '#domain/ordering/order-mail.ts';
import type { Page, PageRequest } from '#domain/shared/page.ts';
import type { Store } from '#domain/store.ts';
import type { Storage, StorageLifecycle } from '../storage.ts';
import { unpaidOrderOf, type OrderOverrides } from '../order-fixture.ts';
import { created } from '../product-fixture.ts';

export type OpenStorage = () => Promise<{ storage: Storage; cleanup: () => Promise<void> }>;

/**
 * What every repository's contract needs: a fresh store per test (opened before it, cleaned up
 * after it) and the arrange helpers, so each test names only what it is about.
 */
export interface StoreHarness {
  /** The current test's repositories. */
  readonly store: Store;
  /** The current test's connection. */
  readonly lifecycle: StorageLifecycle;
  /** The current test's whole storage (what composition sees beside the repositories). */
  readonly storage: Storage;
  at(ms: number): Date;
  /** A product with a fresh SKU unless `overrides` names one (`sku: undefined`: the store assigns it). */
  addProduct(overrides?: Partial<Product>): Promise<Product>;
  addCategory(overrides?: Partial<Category>): Promise<Category>;
  addUser(overrides?: Partial<User>): Promise<User>;
  newOrder(product: Product | readonly Product[], overrides?: OrderOverrides): NewOrder;
  newReview(overrides?: Partial<Review>): Review;
  /** Places an order that must succeed. */
  placeOk(order: NewOrder): Promise<Order>;
  stockOf(productId: string): Promise<number | undefined>;
  /**
   * Follows `nextCursor` from the first page until it is null, as a client would, and returns
   * each page's keys. Stops after 20 pages so a cursor that never ends fails instead of hanging.
   */
  walk<T>(list: (page: PageRequest) => Promise<Page<T>>, limit: number, keyOf?: (row: T) => string): Promise<string[][]>;
  /**
   * Keys for rows sharing a timestamp: the first letter alone orders them (desc), the same in
   * JavaScript, in SQLite's binary collation and in any PostgreSQL collation.
   */
  keyed(letter: string): string;
}

/** Registers the per-test open and cleanup in the calling describe block. */
export function useStoreHarness(open: OpenStorage): StoreHarness {
  let current: Storage | undefined;
  let cleanup: () => Promise<void> = async () => {};
  beforeEach(async () => {
    ({ storage: current, cleanup } = await open());
  });
  afterEach(async () => {
    await cleanup();
    current = undefined;
  });
  const storage = (): Storage => {
    if (!current) throw new Error('the store is only open inside a test');
    return current;
  };
  const store = (): Store => storage().repositories;
  const at = (ms: number): Date => new Date(Date.UTC(2026, 0, 1) + ms);

  return {
    get store() {
      return store();
    },
    get lifecycle() {
      return storage().lifecycle;
    },
    get storage() {
      return storage();
    },
    at,
    addProduct: (overrides = {}) =>
      created(store().products.create({
        id: randomUUID(),
        name: 'Hex bolt M8',
        description: 'Zinc plated, 40 mm',
        imageUrl: 'https://img.example/bolt.png',
        priceCents: 125,
        stock: 1_000,
        createdAt: at(0),
        sku: `T-${randomUUID().slice(0, 8).toUpperCase()}`,
        ...overrides,
      })),
    async addCategory(overrides = {}) {
      const suffix = randomUUID().slice(0, 8);
      const category = await store().categories.create({ id: randomUUID(), name: `Category ${suffix}`, slug: `category-${suffix}`, parentId: null, createdAt: at(0), ...overrides });
      if (category === 'duplicate-slug') throw new Error('arrange: slug taken');
      return category;
    },
    async addUser(overrides = {}) {
      const created = await store().users.create({
        id: randomUUID(),
        email: `${randomUUID()}@example.com`,
        name: 'Ada Buyer',
        role: 'customer',
        emailVerified: false,
        passwordHash: 'hash',
        sessionVersion: 0,
        createdAt: at(0),
        ...overrides,
      });
      if (!created) throw new Error('arrange: user e-mail already taken');
      return created;
    },
    newOrder: (product, overrides = {}) => unpaidOrderOf(product, { createdAt: at(1_000), ...overrides }),
    newReview: (overrides = {}) => ({
      id: randomUUID(),
      userId: null,
      name: 'Grace',
      imageUrl: '',
      country: 'USA',
      rating: 5,
      comment: 'Fast delivery',
      createdAt: at(0),
      ...overrides,
    }),
    async placeOk(order) {
      // With the mail placeOrder asks for (domain/ordering/order-mail.ts), as a real order has.
      const result = await store().orders.placeReservingStock(order, orderMail('placed'));
      if (!result.ok) throw new Error(`arrange: reservation refused (${result.error.code})`);
      return result.value;
    },
    stockOf: async (productId) => (await store().products.findById(productId))?.stock,
    async walk<T>(list: (page: PageRequest) => Promise<Page<T>>, limit: number, keyOf?: (row: T) => string) {
      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const page: Page<T> = await list({ limit, cursor });
        pages.push(page.items.map((row) => (keyOf ? keyOf(row) : idOf(row))));
        cursor = page.nextCursor;
      } while (cursor !== null && pages.length < 20);
      return pages;
    },
    keyed: (letter) => `${letter}-${randomUUID()}`,
  };
}

const idOf = (row: unknown): string => {
  if (typeof row === 'object' && row !== null && 'id' in row && typeof row.id === 'string') return row.id;
  throw new Error('walk: rows without an id need a keyOf');
};
