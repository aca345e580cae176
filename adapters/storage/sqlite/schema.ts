import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { PriceTier, ProductAttribute } from '#domain/catalog/product-terms.ts';
import type { RefundLine, ReturnLine } from '#domain/after-sale/after-sale.ts';

/**
 * SQLite tables. Money is integer cents, timestamps integer milliseconds. Orders keep a full
 * product snapshot, so product_id is set null when the product goes, and user_id has no foreign
 * key at all: deleting a user keeps their orders with the dangling id (Order.userId is not
 * nullable). Newest-first listings read (created_at, id) indexes backwards.
 */
const timestampMs = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['customer', 'admin'] }).notNull(),
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull(),
    passwordHash: text('password_hash'),
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt, t.id),
    check('users_role_check', sql`${t.role} IN ('customer', 'admin')`),
  ],
);

export const profiles = sqliteTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  imageUrl: text('image_url').notNull(),
  phone: text('phone').notNull(),
  education: text('education').notNull(),
  linkedin: text('linkedin').notNull(),
  facebook: text('facebook').notNull(),
  address: text('address').notNull(),
  companyName: text('company_name').notNull().default(''),
  jobTitle: text('job_title').notNull().default(''),
  taxNumber: text('tax_number').notNull().default(''),
  updatedAt: timestampMs('updated_at').notNull(),
});

/** Two levels: departments (no parent) and their categories. */
export const categories = sqliteTable(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    parentId: text('parent_id').references((): AnySQLiteColumn => categories.id, { onDelete: 'restrict' }),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [uniqueIndex('categories_slug_unique').on(t.slug), index('categories_parent_idx').on(t.parentId)],
);

/**
 * Products. `search_name` and `search_rest` hold the words the catalogue search finds a product by
 * (domain/catalog/search-terms.ts), written by the repository on every insert and update; the
 * FTS5 table `products_fts` (created in migration 0002, kept in step by triggers, its rowid being
 * `search_id`) indexes them.
 * Each sort of the catalogue has an index that reads it in order, with and without a category.
 */
export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    // Defaults only because SQLite can add a NOT NULL column to a table with rows only with one
    // (rebuilding the table instead would fire ON DELETE SET NULL on every order); the repository
    // always writes both.
    sku: text('sku').notNull().default(''),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    priceCents: integer('price_cents').notNull(),
    stock: integer('stock').notNull(),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    brand: text('brand'),
    unit: text('unit').notNull().default('piece'),
    attributes: text('attributes', { mode: 'json' }).$type<readonly ProductAttribute[]>().notNull().default(sql`'[]'`),
    minOrderQuantity: integer('min_order_quantity').notNull().default(100),
    packSize: integer('pack_size').notNull().default(1),
    priceTiers: text('price_tiers', { mode: 'json' }).$type<readonly PriceTier[]>().notNull().default(sql`'[]'`),
    searchName: text('search_name').notNull().default(''),
    searchRest: text('search_rest').notNull().default(''),
    /** The SKU's matching key (domain/catalog/sku.ts, `skuKey`): a part number however it is typed. */
    skuKey: text('sku_key').notNull().default(''),
    /** The FTS5 index's rowid for this product (a text primary key has no stable rowid). */
    searchId: integer('search_id').notNull().default(0),
    createdAt: timestampMs('created_at').notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('products_sku_unique').on(t.sku),
    uniqueIndex('products_search_id_unique').on(t.searchId),
    index('products_sku_key_idx').on(t.skuKey),
    index('products_newest_idx').on(t.createdAt, t.id),
    index('products_price_idx').on(t.priceCents, t.id),
    index('products_name_idx').on(t.name, t.id),
    index('products_category_newest_idx').on(t.categoryId, t.createdAt, t.id),
    index('products_category_price_idx').on(t.categoryId, t.priceCents, t.id),
    index('products_category_name_idx').on(t.categoryId, t.name, t.id),
    index('products_brand_idx').on(t.brand, t.createdAt, t.id),
    // The overview's low-stock count reads only the products below the line, not the catalogue.
    index('products_stock_idx').on(t.stock),
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * A product's attributes one row each (docs/catalogue.md, "Spec facets"): what the spec facets
 * count and the `attr` filters find, through indexes rather than by reading every product's JSON.
 * Kept from `products.attributes` by triggers (migration 0018) on every insert and update of
 * it, however the product was written (the admin, an import, a bulk load); deleted with it.
 */
export const productAttributes = sqliteTable(
  'product_attributes',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    // A product holds a name once (product-terms-rules.ts refuses a repeated one).
    primaryKey({ columns: [t.productId, t.name] }),
    // The `attr` filters (a name with some values) and a name's value counts.
    index('product_attributes_name_value_idx').on(t.name, t.value, t.productId),
  ],
);

/**
 * Orders (docs/orders.md, "Orders, cart, quick order"): one payment and one delivery for one or more lines (`order_lines`).
 * `number` is the human order number, unique; `item_count` the units across the lines.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    customerName: text('customer_name').notNull(),
    itemCount: integer('item_count').notNull(),
    totalCents: integer('total_cents').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    poNumber: text('po_number'),
    note: text('note'),
    status: text('status', { enum: ['awaiting-approval', 'unpaid', 'pending', 'shipped', 'cancelled', 'rejected'] }).notNull(),
    transactionId: text('transaction_id'),
    paymentIntentId: text('payment_intent_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestampMs('created_at').notNull(),
    paidAt: timestampMs('paid_at'),
    shippedAt: timestampMs('shipped_at'),
    /** Given by the admin when shipping, shown to the buyer. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** `INV-2026-000001`, taken from number_sequences in the transaction that marks the order paid. */
    invoiceNumber: text('invoice_number'),
    /** Money given back so far (the refunds beside the order); never more than the total. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The buyer's company when placed (docs/companies.md, "Approvals"); null for a buyer without one. */
    companyId: text('company_id'),
    /** Why the order waited for a manager ('over-limit', 'over-threshold'); null when it never did. */
    approvalReason: text('approval_reason', { enum: ['over-limit', 'over-threshold'] }),
    approvalDecidedBy: text('approval_decided_by'),
    approvalDecidedAt: timestampMs('approval_decided_at'),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    uniqueIndex('orders_invoice_number_unique').on(t.invoiceNumber),
    // NULL keys never collide, so orders without a key are unaffected.
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('orders_user_newest_idx').on(t.userId, t.createdAt, t.id),
    // A buyer's unpaid orders are counted before every order: found without reading their paid ones.
    index('orders_user_status_idx').on(t.userId, t.status),
    index('orders_newest_idx').on(t.createdAt, t.id),
    // The admins' list filtered by status, newest first, and the overview's status counts.
    index('orders_status_newest_idx').on(t.status, t.createdAt, t.id),
    // The admins' search by a customer's e-mail, whatever its case, and by purchase-order number.
    index('orders_email_lower_idx').on(sql`lower(${t.email})`),
    index('orders_po_number_idx').on(t.poNumber),
    // A company's orders newest first, all or by status (docs/companies.md, "Approvals"; the managers' queue).
    index('orders_company_newest_idx').on(t.companyId, t.createdAt, t.id),
    index('orders_company_status_newest_idx').on(t.companyId, t.status, t.createdAt, t.id),
    check('orders_item_count_check', sql`${t.itemCount} >= 100`),
    check('orders_status_check', sql`${t.status} IN ('awaiting-approval', 'unpaid', 'pending', 'shipped', 'cancelled', 'rejected')`),
    check('orders_amounts_check', sql`${t.totalCents} >= 0`),
    // The last word on "never more than was paid": of two refunds at once, the one that would pass it fails.
    check('orders_refunded_check', sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.totalCents}`),
  ],
);

/**
 * The sales report's roll-up (docs/reports.md, "Reports"): per UTC day of placing, the orders that
 * count as sales (every status but unpaid) and their revenue, and per day and product the units and
 * revenue of their lines. Kept by triggers on orders and order_lines (migration 0019) in the
 * transaction of the write that makes an order count (its payment, or an insert of a paid order),
 * so no write path can forget it; the report reads a range of days here instead of joining every
 * paid order of the period to its lines (docs/performance.md, "At a supplier's size").
 * `product_id` is '' for a product deleted (a trigger on products moves its rows there), which the
 * report reads as null. No row is touched by every payment: a day's order totals are split over
 * 16 shards, and a payment's product rows are written in (product, SKU) order, so two payments
 * sharing products wait for one another but never deadlock.
 */
export const salesDays = sqliteTable(
  'sales_days',
  {
    day: text('day').notNull(),
    /**
     * The last character of the counted orders' ids: a day's orders are summed over 16 rows, so
     * two payments at once rarely touch the same row (none is a hot row every payment waits on).
     */
    shard: text('shard').notNull(),
    orders: integer('orders').notNull(),
    revenueCents: integer('revenue_cents').notNull(),
    /** Given back on the day's orders since (a refund counts on the day its order was placed). */
    refundedCents: integer('refunded_cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);

export const salesDayProducts = sqliteTable(
  'sales_day_products',
  {
    day: text('day').notNull(),
    productId: text('product_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    units: integer('units').notNull(),
    revenueCents: integer('revenue_cents').notNull(),
  },
  // By product: a deleted product's rows move to '' (a trigger on products).
  (t) => [primaryKey({ columns: [t.day, t.productId, t.sku] }), index('sales_day_products_product_idx').on(t.productId)],
);

/**
 * The report periods' windows over the roll-up (migration 0024; docs/reports.md, "Reports"): the
 * first day each period's totals below hold. The report moves it as the days pass.
 */
export const salesWindows = sqliteTable('sales_windows', {
  days: integer('days').primaryKey(),
  firstDay: text('first_day').notNull(),
});

/**
 * Per period, product and SKU, the sum of `salesDayProducts` from its window's first day on, kept
 * by triggers on that table: the top products are the first rows of `sales_window_products_top_idx`.
 */
export const salesWindowProducts = sqliteTable(
  'sales_window_products',
  {
    days: integer('days').notNull(),
    productId: text('product_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    units: integer('units').notNull(),
    revenueCents: integer('revenue_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.days, t.productId, t.sku] }), index('sales_window_products_top_idx').on(t.days, sql`${t.revenueCents} desc`, t.sku)],
);

/**
 * An order's lines, in the order the buyer listed them: the product's part number, name, image,
 * description and unit are copied at order time, so an order never changes with the catalogue.
 */
export const orderLines = sqliteTable(
  'order_lines',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    productImageUrl: text('product_image_url').notNull(),
    productDescription: text('product_description').notNull(),
    unit: text('unit').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** The list price beside the one paid (migration 0028; older lines: the price paid). */
    listUnitPriceCents: integer('list_unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_check', sql`${t.quantity} >= 100`),
    check('order_lines_amounts_check', sql`${t.unitPriceCents} >= 0 AND ${t.lineTotalCents} >= 0`),
  ],
);

/**
 * Each buyer's cart (docs/orders.md, "Orders, cart, quick order"): a saved order list, one row per product, in the order
 * the buyer listed them. It goes with the buyer, and a deleted product leaves every cart.
 */
export const cartLines = sqliteTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('cart_lines_product_idx').on(t.productId),
    check('cart_lines_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/**
 * The last number handed out per kind (`order`, `invoice`, `quote`) and year: the next one is taken
 * inside the transaction that uses it, so numbers are never handed out twice.
 */
export const numberSequences = sqliteTable(
  'number_sequences',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

export const reviews = sqliteTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    country: text('country').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    index('reviews_newest_idx').on(t.createdAt, t.id),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const subscribers = sqliteTable(
  'subscribers',
  {
    email: text('email').primaryKey(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscribers_email_lower_unique').on(sql`lower(${t.email})`),
    // Newest first, the e-mail (the key) breaking ties.
    index('subscribers_newest_idx').on(t.createdAt, t.email),
  ],
);

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestampMs('created_at').notNull(),
    readAt: timestampMs('read_at'),
  },
  // The overview counts unread messages through the small partial index, never the whole inbox.
  (t) => [index('contact_messages_newest_idx').on(t.createdAt, t.id), index('contact_messages_unread_idx').on(t.id).where(sql`${t.readAt} is null`)],
);

/** Succeeded payments no order could take (domain/ordering/payment-to-refund.ts), for an admin to refund. */
export const paymentsToRefund = sqliteTable(
  'payments_to_refund',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason', { enum: ['order-gone', 'order-paid-otherwise'] }).notNull(),
    createdAt: timestampMs('created_at').notNull(),
    // Set once, when an admin refunds it through the payment port (migration 0025).
    refundedAt: timestampMs('refunded_at'),
    providerRefundId: text('provider_refund_id'),
  },
  (t) => [index('payments_to_refund_newest_idx').on(t.createdAt, t.id)],
);

/**
 * The offline test provider's payment intents (adapters/payments/test/test-payment-intents.ts),
 * kept here so they outlive a restart and several processes share them. An order has at most one
 * live intent (open or succeeded): the partial unique index makes a second one impossible.
 */
export const testPaymentIntents = sqliteTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    orderId: text('order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    state: text('state', { enum: ['open', 'succeeded', 'canceled'] }).notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('test_payment_intents_client_secret_unique').on(t.clientSecret),
    uniqueIndex('test_payment_intents_one_live_per_order').on(t.orderId).where(sql`${t.state} IN ('open', 'succeeded')`),
    check('test_payment_intents_state_check', sql`${t.state} IN ('open', 'succeeded', 'canceled')`),
  ],
);

/**
 * How many orders hold each status, kept by triggers on `orders` (migration 0007), so the
 * overview's counts cost the same at 100 orders as at 100,000. A migration that rebuilds `orders`
 * must recreate those triggers. `shard` spreads PostgreSQL's concurrent writers over several rows;
 * SQLite has one writer and uses shard 0.
 */
export const orderStatusCounts = sqliteTable(
  'order_status_counts',
  {
    status: text('status').notNull(),
    shard: integer('shard').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
);

/**
 * E-mails the shop owes someone (docs/email.md, "E-mail"): written in the same transaction as the
 * change they tell of, and rendered only when sent, from the order or quote as it is then. A
 * failed or interrupted send is retried with backoff, after a restart too; `claimed_until` lets one
 * of several instances take a row for a while, so a crash mid-send only delays it.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    /** What to tell (`order-placed`, `order-paid`, `order-shipped`, a quote's step, `verify-email`, `password-reset`): free text, no migration for a new kind. */
    kind: text('kind').notNull(),
    /** The id of the order, quote or user it is about (never a link's token: that is signed when the mail is written). */
    subjectId: text('subject_id').notNull(),
    createdAt: timestampMs('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampMs('next_attempt_at').notNull(),
    claimedUntil: timestampMs('claimed_until'),
    sentAt: timestampMs('sent_at'),
    /** Set when the outbox gave up after its last attempt. */
    failedAt: timestampMs('failed_at'),
    lastError: text('last_error'),
  },
  (t) => [
    // The sender's scan: unsent rows by due time, without reading the sent history.
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * A buyer's request for a quote and the shop's answer (docs/orders.md, "Requests for quote"):
 * requested → quoted → accepted | declined | expired. A quote that holds stock has its lines'
 * units taken from the products when it is answered, and given back when it expires or is
 * declined; accepting turns the held units into the order's.
 */
export const quotes = sqliteTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    customerName: text('customer_name').notNull(),
    status: text('status', { enum: ['requested', 'quoted', 'accepted', 'declined', 'expired'] }).notNull(),
    message: text('message').notNull(),
    answer: text('answer'),
    holdsStock: integer('holds_stock', { mode: 'boolean' }).notNull().default(false),
    expiresAt: timestampMs('expires_at'),
    orderId: text('order_id'),
    createdAt: timestampMs('created_at').notNull(),
    answeredAt: timestampMs('answered_at'),
    closedAt: timestampMs('closed_at'),
  },
  (t) => [
    uniqueIndex('quotes_number_unique').on(t.number),
    index('quotes_user_newest_idx').on(t.userId, t.createdAt, t.id),
    index('quotes_status_newest_idx').on(t.status, t.createdAt, t.id),
    // The admins' list of every quote, newest first, without a status (read backwards, as every listing).
    index('quotes_newest_idx').on(t.createdAt, t.id),
    // The expiry sweep: quoted quotes by expiry.
    index('quotes_expiry_idx').on(t.status, t.expiresAt),
    check('quotes_status_check', sql`${t.status} IN ('requested', 'quoted', 'accepted', 'declined', 'expired')`),
  ],
);

/**
 * A quote's lines, in the buyer's order: what was asked, then what the shop offers (quantity and
 * unit price, null until answered; the offer may drop a line or change its quantity). The product
 * is copied as on an order line.
 */
export const quoteLines = sqliteTable(
  'quote_lines',
  {
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    requestedQuantity: integer('requested_quantity').notNull(),
    quantity: integer('quantity'),
    unitPriceCents: integer('unit_price_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.position] }),
    index('quote_lines_product_idx').on(t.productId),
    check('quote_lines_quantity_check', sql`${t.requestedQuantity} >= 1 AND (${t.quantity} IS NULL OR ${t.quantity} >= 0)`),
  ],
);

/**
 * The audit log (docs/audit-log.md, "Audit log"): every admin action with who, when, what and the values
 * before and after, written in the transaction of the change. The actor has no foreign key: the
 * entry outlives a deleted admin, and names them by the e-mail they had.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: timestampMs('at').notNull(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    kind: text('kind').notNull(),
    /** The id of the user, product or order acted on. */
    subjectId: text('subject_id').notNull(),
    summary: text('summary').notNull(),
    before: text('before', { mode: 'json' }).$type<unknown>(),
    after: text('after', { mode: 'json' }).$type<unknown>(),
  },
  (t) => [
    // Newest first, whole or narrowed by actor or kind (read backwards, as every listing).
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_at_idx').on(t.actorId, t.at, t.id),
    index('audit_log_kind_at_idx').on(t.kind, t.at, t.id),
  ],
);

/**
 * Refunds (domain/after-sale), each a credit note numbered from number_sequences (`credit-note`)
 * in the transaction that records it and raises the order's refunded_cents. The lines are kept as
 * JSON: they are read and written only with their refund, never queried on their own.
 */
export const refunds = sqliteTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    lines: text('lines', { mode: 'json' }).$type<RefundLine[]>().notNull(),
    reason: text('reason').notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    source: text('source', { enum: ['shop', 'provider'] }).notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('refunds_number_unique').on(t.number),
    // One record per provider refund, however often the provider reports it.
    uniqueIndex('refunds_provider_refund_unique').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_created_idx').on(t.createdAt),
    check('refunds_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/** Buyers' returns (`RMA-2026-000001`), requested → approved | rejected, approved → received. */
export const returns = sqliteTable(
  'returns',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    status: text('status', { enum: ['requested', 'approved', 'rejected', 'received'] }).notNull(),
    lines: text('lines', { mode: 'json' }).$type<ReturnLine[]>().notNull(),
    reason: text('reason').notNull(),
    answer: text('answer'),
    refundId: text('refund_id'),
    createdAt: timestampMs('created_at').notNull(),
    answeredAt: timestampMs('answered_at'),
    receivedAt: timestampMs('received_at'),
  },
  (t) => [
    uniqueIndex('returns_number_unique').on(t.number),
    index('returns_order_idx').on(t.orderId, t.createdAt),
    // The admins' list, whole or by status, newest first (read backwards).
    index('returns_newest_idx').on(t.createdAt, t.id),
    index('returns_status_newest_idx').on(t.status, t.createdAt, t.id),
    check('returns_status_check', sql`${t.status} IN ('requested', 'approved', 'rejected', 'received')`),
  ],
);

/** The offline test provider's refunds, one per idempotency key, as Stripe keeps them. */
export const testPaymentRefunds = sqliteTable(
  'test_payment_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [uniqueIndex('test_payment_refunds_key_unique').on(t.idempotencyKey), index('test_payment_refunds_intent_idx').on(t.intentId)],
);

/** Companies (docs/companies.md): several buyers, one customer. */
export const companies = sqliteTable(
  'companies',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    approvalThresholdCents: integer('approval_threshold_cents'),
    discountPercent: integer('discount_percent').notNull().default(0),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    index('companies_newest_idx').on(t.createdAt, t.id),
    index('companies_name_lower_idx').on(sql`lower(${t.name})`),
    check('companies_discount_check', sql`${t.discountPercent} BETWEEN 0 AND 50`),
  ],
);

/** A user belongs to at most one company: the user id is the key. */
export const companyMembers = sqliteTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['manager', 'buyer'] }).notNull(),
    monthlyLimitCents: integer('monthly_limit_cents'),
    joinedAt: timestampMs('joined_at').notNull(),
  },
  (t) => [index('company_members_company_idx').on(t.companyId, t.role), check('company_members_role_check', sql`${t.role} IN ('manager', 'buyer')`)],
);

export const companyInvitations = sqliteTable(
  'company_invitations',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['manager', 'buyer'] }).notNull(),
    monthlyLimitCents: integer('monthly_limit_cents'),
    invitedBy: text('invited_by').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestampMs('created_at').notNull(),
    expiresAt: timestampMs('expires_at').notNull(),
    acceptedAt: timestampMs('accepted_at'),
  },
  (t) => [uniqueIndex('company_invitations_token_unique').on(t.tokenHash), index('company_invitations_company_idx').on(t.companyId, t.createdAt)],
);

export const companyAddresses = sqliteTable(
  'company_addresses',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    recipient: text('recipient').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [index('company_addresses_company_idx').on(t.companyId, t.createdAt)],
);

/** Contract prices: per company and product, at most 1,000 per company (docs/companies.md, "Company prices"). */
export const companyPrices = sqliteTable(
  'company_prices',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.productId] }), index('company_prices_product_idx').on(t.productId)],
);

/**
 * Moves on every replacement of a company's contract prices (docs/companies.md, "Company prices"):
 * each instance keeps a company's prices in memory until it does. No row: version 0.
 */
export const companyPriceVersions = sqliteTable('company_price_versions', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
});
