import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Postgres tables, the same shape as the SQLite ones. Money is integer cents (totals as bigint:
 * 100,000 units of a $1,000 part overflow int4), timestamps are timestamptz. Orders keep a full
 * product snapshot, so product_id is set null when the product goes, and user_id has no foreign
 * key: deleting a user keeps their orders with the dangling id (Order.userId is not nullable).
 */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['customer', 'admin'] }).notNull(),
    emailVerified: boolean('email_verified').notNull(),
    passwordHash: text('password_hash'),
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt, t.id),
    check('users_role_check', sql`${t.role} IN ('customer', 'admin')`),
  ],
);

export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  imageUrl: text('image_url').notNull(),
  phone: text('phone').notNull(),
  education: text('education').notNull(),
  linkedin: text('linkedin').notNull(),
  facebook: text('facebook').notNull(),
  address: text('address').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    index('products_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_price_check', sql`${t.priceCents} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    customerName: text('customer_name').notNull(),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productImageUrl: text('product_image_url').notNull(),
    productDescription: text('product_description').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: ['unpaid', 'pending', 'shipped'] }).notNull(),
    transactionId: text('transaction_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamptz('created_at').notNull(),
    paidAt: timestamptz('paid_at'),
    shippedAt: timestamptz('shipped_at'),
  },
  (t) => [
    // NULL keys never collide, so orders without a key are unaffected.
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('orders_user_newest_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_product_idx').on(t.productId),
    check('orders_quantity_check', sql`${t.quantity} >= 100`),
    check('orders_status_check', sql`${t.status} IN ('unpaid', 'pending', 'shipped')`),
    check('orders_amounts_check', sql`${t.unitPriceCents} >= 0 AND ${t.totalCents} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    country: text('country').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('reviews_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const subscribers = pgTable(
  'subscribers',
  {
    email: text('email').primaryKey(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscribers_email_lower_unique').on(sql`lower(${t.email})`),
    // Newest first, the e-mail (the key) breaking ties.
    index('subscribers_newest_idx').on(t.createdAt.desc(), t.email.desc()),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('contact_messages_newest_idx').on(t.createdAt.desc(), t.id.desc())],
);
