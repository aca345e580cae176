/**
 * The listings and counts read through indexes at a supplier's size, on real PostgreSQL and a
 * real SQLite file: 20,000 products, 2,000 customers and two years of orders (100,000), with their
 * mail outbox, audit log and quotes, are bulk-inserted once, the repositories run their real
 * queries (captured as they are sent), and each query's plan must use an index and never sort the
 * table in full. The plans, not timings, are asserted.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesReport } from '#domain/admin/sales-report.ts';
import type { ProductSearchQuery } from '#domain/catalog/product-search.ts';
import { searchTerms } from '#domain/catalog/search-terms.ts';
import type { User } from '#domain/identity/user.ts';
import { MAIL_KEPT_DAYS } from '#domain/mail/mail-outbox.ts';
import { exportPeriod } from '#domain/ordering/orders-csv.ts';
import type { Store } from '#domain/store.ts';
import { createPgStorage } from '#adapters/storage/postgres/pg-storage.ts';
import { openPostgresStorage } from '#adapters/storage/postgres/postgres-store.ts';
import * as pgSchema from '#adapters/storage/postgres/schema.ts';
import { READ_PER_VERSION } from '#adapters/storage/sql-search.ts';
import { PG_FACTS_READS } from '#adapters/storage/postgres/search.ts';
import { SQLITE_FACTS_READS } from '#adapters/storage/sqlite/search.ts';
import { openSqliteStorage } from '#adapters/storage/sqlite/sqlite-store.ts';
import type { Storage } from '#adapters/storage/storage.ts';
import { LARGE_SHOP, bulkCategoryIds, bulkInsertPostgres, bulkInsertSqlite, buildBulkShop, type BulkShop } from '../support/bulk-shop.ts';
import { resolvePostgresUrl } from '../support/postgres.ts';
import { sqliteFileIn } from '../support/products.ts';
import { freshDataDir } from '../support/server.ts';

/** A search with no filter, newest first; each case below changes a few fields. */
const ANY: ProductSearchQuery = { terms: null, categoryIds: null, brand: null, inStock: false, minPriceCents: null, maxPriceCents: null, sort: 'newest', limit: 24, cursor: null, withCounts: true };
const SEARCHES: [what: string, query: Partial<ProductSearchQuery>][] = [
  ['a word', { terms: searchTerms('nut m8 a2'), sort: 'relevance' }],
  ['a SKU prefix', { terms: searchTerms('BULK-0012'), sort: 'relevance' }],
  // A part number however it is typed: the start of sku_key (products_sku_key_idx) OR the words.
  ['a SKU typed without its dash', { terms: searchTerms('bulk0012'), sort: 'relevance' }],
  // A typo's corrections (typo-corrections.ts) are more words for the same full-text index.
  ['a word and a corrected typo', { terms: { ...searchTerms('hex galvanisd'), corrections: [[], ['galvanised']] }, sort: 'relevance' }],
  ['a word, by price', { terms: searchTerms('bolt'), sort: 'price-asc' }],
  // A common word (thousands of matches), ranked: PostgreSQL reads the stored vectors
  // (search_vector, search_name_vector) rather than computing one per match.
  ['a common word', { terms: searchTerms('stainless'), sort: 'relevance' }],
  ['a word, in stock (its facets)', { terms: searchTerms('bolt'), inStock: true, sort: 'relevance' }],
  ['a department, by price, in stock', { categoryIds: bulkCategoryIds('plumbing'), inStock: true, sort: 'price-asc' }],
  ['a category, by price', { categoryIds: bulkCategoryIds('hex-nut'), sort: 'price-asc' }],
  ['a department, by price', { categoryIds: bulkCategoryIds('plumbing'), sort: 'price-asc' }],
  ['a brand, in stock, a price range', { brand: 'Boltline', inStock: true, minPriceCents: 200, maxPriceCents: 900, sort: 'price-desc' }],
  ['by name', { sort: 'name' }],
  // Spec facets (docs/catalogue.md, "Spec facets"): the attr filters along
  // product_attributes_name_value_idx, each name's values counted without its own filter.
  ['a category and two specs', { categoryIds: bulkCategoryIds('hex-nut'), attributes: [{ name: 'Size', values: ['M8', 'M10'] }, { name: 'Finish', values: ['stainless A2'] }], sort: 'price-asc' }],
  ['a word and a spec', { terms: searchTerms('nut'), attributes: [{ name: 'Finish', values: ['brass'] }], sort: 'relevance' }],
  ['a spec alone, newest first', { attributes: [{ name: 'Size', values: ['M12'] }] }],
  ['the typeahead', { terms: searchTerms('hex bo'), sort: 'relevance', limit: 8, withCounts: false }],
];

const ADMIN: User = { id: 'plans-admin', email: 'admin@plans.bulkhead.test', name: 'Plans Admin', role: 'admin', emailVerified: true, passwordHash: null, sessionVersion: 0, createdAt: new Date() };
const CLOCK = { now: () => new Date() };
const MINUTE = 60_000;
/** The export's default period (the last 30 days), as GET /api/admin/orders/export.csv reads it. */
const exportedDays = () => {
  const period = exportPeriod({}, CLOCK.now());
  if (!period.ok) throw new Error('no default export period');
  return period.value;
};

/**
 * The reads the catalogue, a customer's order list, the admins' order list and the overview make,
 * then the admins' reports, export, audit log and quotes and the mail sender's.
 *
 * `sortsMatches`: the read may sort or group the rows an index or the full-text index found (a
 * search by relevance, a filter sorted by price, facet counts, a buyer's few quotes): a selection,
 * never the table in full. Reaching products without an index is refused either way.
 */
type Read = [what: string, read: (store: Store, shop: BulkShop) => Promise<unknown>, sortsMatches?: boolean];
const READS: Read[] = [
  ['the catalogue first page', (store) => store.products.list({ limit: 24 })],
  [
    'a deep catalogue page',
    async (store) => {
      const first = await store.products.list({ limit: 100 });
      return store.products.list({ limit: 24, cursor: first.nextCursor });
    },
  ],
  ["a customer's orders", (store, shop) => store.orders.listByUser(String(shop.users[0]!.id), { limit: 24 })],
  ['the admin orders page', (store) => store.orders.listAll({}, { limit: 24 })],
  ['the admin orders page filtered by status', (store) => store.orders.listAll({ status: 'pending' }, { limit: 24 })],
  // The admins' search by an order number (any case), an e-mail or a PO number, with its count.
  ['the admin search by order number', (store, shop) => Promise.all([store.orders.listAll({ q: String(shop.orders[500]!.number).toLowerCase() }, { limit: 24 }), store.orders.count({ q: 'PO-4411' })]), true],
  // Any tail of the number (orders_number_reversed_idx, a range) or the start of a PO number
  // (docs/orders.md, "Finding an order"): "000501" ends one order a year, "2026-000501" one.
  [
    'the admin search by the end of an order number',
    (store, shop) => {
      const number = String(shop.orders[500]!.number);
      return Promise.all([store.orders.listAll({ q: number.slice(-6) }, { limit: 24 }), store.orders.count({ q: number.slice(3) }), store.orders.count({ q: 'PO-44' })]);
    },
    true,
  ],
  // A buyer's search among their own orders, along orders_user_newest_idx.
  ["a customer's search of their orders", (store, shop) => store.orders.listByUser(String(shop.users[0]!.id), { limit: 24 }, { q: '0001' }), true],
  ['the status counts', (store) => Promise.all([store.orders.count({ status: 'pending' }), store.orders.count({ status: 'unpaid' })])],
  ['the low-stock count', (store) => store.products.countBelowStock(100)],
  // The expiry sweep's batch (before every order read) and the per-account unpaid cap (every placement).
  ['the expired unpaid orders', (store) => store.orders.listUnpaidPlacedBefore(new Date(Date.now() - 48 * 60 * 60 * 1000), 100)],
  ["a buyer's unpaid orders", (store, shop) => store.orders.countUnpaidOf(String(shop.users[0]!.id), 5)],
  // Read along orders_user_status_idx; PostgreSQL sorts what it finds, one buyer's unpaid orders, which the cap bounds.
  [
    "a buyer's unpaid orders with a payment started (reconciled before the cap refuses)",
    (store, shop) => store.orders.listUnpaidWithIntentOf(String(shop.users[0]!.id), 5),
    true,
  ],
  // The overview's unread count (the inbox holds 20,000 messages here, 500 of them unread) and the catalogue export's page.
  ['the unread message count', (store) => store.inbox.countUnreadContactMessages()],
  ["the catalogue export's page", (store) => store.products.list({ limit: 100 })],
  // The cart (every page's navbar for a buyer: at most 100 lines of one buyer, found by the key,
  // are put in the buyer's order) and quick order's did-you-mean for an unknown SKU.
  ["a buyer's cart", (store, shop) => store.carts.itemsOf(String(shop.users[0]!.id)), true],
  ['did-you-mean for an unknown SKU', (store) => store.products.similarSkus(['BULK-0O0123'], 3)],
  // Quick order's SKUs however typed (products_sku_key_idx).
  ['SKUs by their keys', (store) => store.products.findBySkuKeys(['BULK000123', 'BULK000124', 'NOSUCH1'])],
  // The words typos are corrected to, read once per catalogue version: SQLite's FTS5 vocabulary,
  // PostgreSQL's search_words along its primary key.
  ['the typo vocabulary', (store) => store.search.vocabulary()],
  // The catalogue search (docs/catalogue.md, "Catalogue"): each page with its total and facets.
  ...SEARCHES.map(([what, query]): [string, (store: Store) => Promise<unknown>, boolean] => [`search: ${what}`, (store) => store.search.search({ ...ANY, ...query }), true]),
  // The admins' search by a customer's e-mail (any case) within a status, with its count: the
  // e-mail's orders, found by orders_email_lower_idx, then sorted.
  [
    'the admin search by e-mail within a status',
    (store, shop) => {
      const email = String(shop.users[7]!.email).toUpperCase();
      return Promise.all([store.orders.listAll({ status: 'shipped', q: email }, { limit: 24 }), store.orders.count({ status: 'shipped', q: email })]);
    },
    true,
  ],
  // The overview's sales report (docs/reports.md, "Reports"): a range of the roll-up's days
  // (sales_days, sales_day_products, kept by triggers), the top products grouped from that range
  // (a grouping of the range, not of the table), the low-stock list and the orders awaiting shipment.
  ['the sales report, 30 days', (store) => salesReport({ store, clock: CLOCK }, { actor: ADMIN, days: '30' }), true],
  ['the sales report, 90 days', (store) => salesReport({ store, clock: CLOCK }, { actor: ADMIN, days: '90' }), true],
  // Its top five of a period read from the period's window (sales_window_products_top_idx, kept by
  // triggers on the roll-up): the first five rows of an index, nothing grouped or sorted, once the
  // window is summed (the first call) and on every call after it.
  [
    "the sales report's top five, from the periods' windows",
    async (store) => {
      const DAY = 24 * 60 * MINUTE;
      const to = new Date(Math.floor(CLOCK.now().getTime() / DAY) * DAY + DAY);
      for (const days of [30, 90, 30, 90]) expect(await store.reports.topProducts(new Date(to.getTime() - days * DAY), to, 5)).toHaveLength(5);
    },
  ],
  // The orders export (docs/reports.md, "Reports"): the last 30 days, newest first, 200 orders at a
  // time; its first page and the one after it.
  [
    "the orders export's pages",
    async (store) => {
      const placed = exportedDays();
      const first = await store.orders.listAll({ placed }, { limit: 200 });
      return store.orders.listAll({ placed }, { limit: 200, cursor: first.nextCursor });
    },
  ],
  // The mail sender's claim, every second in every instance, and the count of mail still owed
  // (docs/email.md, "E-mail"): 100,000 mails, 50 waiting for their next try, 99 given up, the rest
  // sent. The claim walks mail_outbox_due_idx (unsent mail by due time) and sorts only the mails
  // due at the same instant by id.
  ['the due mail claim', (store) => store.outbox.claimDue(CLOCK.now(), new Date(CLOCK.now().getTime() + 5 * MINUTE), 20), true],
  ['the unsent mail count', (store) => store.outbox.countUnsent()],
  // The audit log page (docs/audit-log.md, "Audit log"): 50,000 entries newest first, 50 at a time, whole
  // (and Load more), by kind, by actor, and by both.
  [
    'the audit log and its next page',
    async (store) => {
      const first = await store.audit.list({}, { limit: 50 });
      return store.audit.list({}, { limit: 50, cursor: first.nextCursor });
    },
  ],
  ['the audit log by kind', (store) => store.audit.list({ kind: 'product-edited' }, { limit: 50 })],
  ['the audit log by actor', (store, shop) => store.audit.list({ actorId: String(shop.auditEntries[1]!.actor_id) }, { limit: 50 })],
  ['the audit log by actor and kind', (store, shop) => store.audit.list({ actorId: String(shop.auditEntries[0]!.actor_id), kind: 'order-shipped' }, { limit: 50 })],
  // Requests for quote (docs/orders.md, "Requests for quote"): 5,000 quotes, a buyer's, the admins'
  // whole list (quotes_newest_idx) and by status, and the expiry sweep's batch (before every
  // status-filtered list). A buyer's few quotes, the few open requests and the few open offers are
  // found by an index and PostgreSQL sorts them rather than walk it; a common status is walked.
  ["a buyer's quotes", (store, shop) => store.quotes.listByUser(String(shop.users[0]!.id), { limit: 24 }), true],
  ["the admins' quotes", (store) => store.quotes.listAll({}, { limit: 24 })],
  ["the admins' open requests", (store) => store.quotes.listAll({ status: 'requested' }, { limit: 24 }), true],
  ["the admins' accepted quotes", (store) => store.quotes.listAll({ status: 'accepted' }, { limit: 24 })],
  ['the lapsed quotes', (store) => store.quotes.listLapsed(CLOCK.now(), 100), true],
  // After-sale (docs/orders.md, "After the sale: cancel, refund, return"): the admins' returns, whole and by status,
  // newest first (returns_newest_idx, returns_status_newest_idx), and the refunds of an order
  // (refunds_order_idx; an order's few refunds are sorted by number within a time).
  ["the admins' returns, whole and by status", (store) => Promise.all([store.afterSale.listReturns(undefined, { limit: 24 }), store.afterSale.listReturns('requested', { limit: 24 })])],
  [
    "the admins' returns by status, next page",
    async (store) => {
      const first = await store.afterSale.listReturns('approved', { limit: 24 });
      expect(first.nextCursor).not.toBeNull();
      return store.afterSale.listReturns('approved', { limit: 24, cursor: first.nextCursor });
    },
  ],
  [
    'the refunds of an order',
    async (store, shop) => {
      const refunds = await store.afterSale.refundsOf(refundedOrderId(shop));
      expect(refunds).toHaveLength(1);
      return refunds;
    },
    true,
  ],
  // Companies (docs/companies.md): 500 companies of four members each (every customer), their
  // orders theirs (COMPANIES_SQL). A company's orders newest first, whole, by status (the approvals
  // queue) and by member (orders_company_newest_idx, orders_company_status_newest_idx); the next page.
  [
    "a company's orders, whole and awaiting approval",
    (store) => Promise.all([store.orders.listByCompany('co7', {}, { limit: 24 }), store.orders.listByCompany('co7', { status: 'pending' }, { limit: 24 })]),
  ],
  [
    "a company's orders, next page",
    async (store) => {
      const first = await store.orders.listByCompany('co7', {}, { limit: 24 });
      expect(first.nextCursor).not.toBeNull();
      return store.orders.listByCompany('co7', {}, { limit: 24, cursor: first.nextCursor });
    },
  ],
  // One member's (a manager's filter): PostgreSQL may find the member's few orders by both
  // indexes and sort them, a selection.
  ["a company's orders of one member", (store, shop) => store.orders.listByCompany('co7', { userId: String(shop.users[6]!.id) }, { limit: 24 }), true],
  // Its members (managers first, then by name: a company's few rows sorted, each with this month's
  // spending along orders_user_newest_idx) and its pending invitations (company_invitations_company_idx).
  ["a company's members with their spending", (store) => store.companies.members('co7', new Date(Date.now() - 30 * 24 * 60 * MINUTE)), true],
  ["a company's pending invitations", (store) => store.companies.invitations('co7'), true],
  // The admins' company list (companies_newest_idx) and its next page. Left out: its search by a
  // part of the name, and each page's member counts, which PostgreSQL reads from the whole
  // company_members table at this size (2,000 rows: cheaper than 24 index lookups).
  [
    "the admins' company list and its next page",
    async (store) => {
      const first = await store.companies.list({}, { limit: 24 });
      expect(first.items).toHaveLength(24);
      return store.companies.list({}, { limit: 24, cursor: first.nextCursor });
    },
  ],
  // The sender's hourly clean-up (docs/email.md, "E-mail"): a thousand mails done with before the
  // cut-off, oldest first along mail_outbox_created_idx, deleted by primary key. Last, as it deletes.
  ['the clean-up of old mail', (store) => store.outbox.forgetDone(new Date(CLOCK.now().getTime() - MAIL_KEPT_DAYS * 24 * 60 * MINUTE), 1_000)],
];

/** 20,000 contact messages, the newest 500 unread: an inbox an admin has kept up with. */
const INBOX_SQL = {
  postgres: `INSERT INTO contact_messages (id, name, email, message, created_at, read_at)
    SELECT 'm' || n, 'Buyer ' || n, 'buyer' || n || '@example.com', 'Do you ship to site ' || n || '?',
      now() - n * interval '1 minute', CASE WHEN n <= 500 THEN NULL ELSE now() END
    FROM generate_series(1, 20000) AS n; ANALYZE contact_messages;`,
  sqlite: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
    INSERT INTO contact_messages (id, name, email, message, created_at, read_at)
    SELECT 'm' || i, 'Buyer ' || i, 'buyer' || i || '@example.com', 'Do you ship to site ' || i || '?',
      1700000000000 - i * 60000, CASE WHEN i <= 500 THEN NULL ELSE 1700000000000 END FROM n; ANALYZE;`,
};

/**
 * After-sale history (docs/orders.md, "After the sale: cancel, refund, return"): a return for every tenth order (its
 * status in turn) and a refund for every twentieth, the orders taken in id order (byte order on
 * both databases), so a read knows which order has one (`refundedOrderId`).
 */
const AFTER_SALE_SQL = {
  postgres: `INSERT INTO returns (id, number, order_id, user_id, status, lines, reason, created_at)
      SELECT 'r' || n, 'RMA-2026-' || lpad(n::text, 6, '0'), id, user_id, (ARRAY['requested', 'approved', 'rejected', 'received'])[(n / 10) % 4 + 1], '[]'::jsonb, 'Damaged', created_at + interval '1 day'
      FROM (SELECT id, user_id, created_at, row_number() OVER (ORDER BY id COLLATE "C") AS n FROM orders) o WHERE n % 10 = 0;
    INSERT INTO refunds (id, order_id, number, amount_cents, lines, reason, provider_refund_id, source, created_at)
      SELECT 'f' || n, id, 'CN-2026-' || lpad(n::text, 6, '0'), 100, '[]'::jsonb, 'Damaged', 're_plans_' || n, 'shop', created_at + interval '1 day'
      FROM (SELECT id, created_at, row_number() OVER (ORDER BY id COLLATE "C") AS n FROM orders) o WHERE n % 20 = 0;
    ANALYZE returns; ANALYZE refunds;`,
  sqlite: `INSERT INTO returns (id, number, order_id, user_id, status, lines, reason, created_at)
      SELECT 'r' || n, 'RMA-2026-' || printf('%06d', n), id, user_id, CASE (n / 10) % 4 WHEN 0 THEN 'requested' WHEN 1 THEN 'approved' WHEN 2 THEN 'rejected' ELSE 'received' END, '[]', 'Damaged', created_at + 86400000
      FROM (SELECT id, user_id, created_at, row_number() OVER (ORDER BY id) AS n FROM orders) WHERE n % 10 = 0;
    INSERT INTO refunds (id, order_id, number, amount_cents, lines, reason, provider_refund_id, source, created_at)
      SELECT 'f' || n, id, 'CN-2026-' || printf('%06d', n), 100, '[]', 'Damaged', 're_plans_' || n, 'shop', created_at + 86400000
      FROM (SELECT id, created_at, row_number() OVER (ORDER BY id) AS n FROM orders) WHERE n % 20 = 0;
    ANALYZE;`,
};
/**
 * Companies (docs/companies.md): 500, newest first an hour apart; every customer a member of one
 * (co1…co500 in turn, the first 500 their managers), 5,000 invitations, and each order its buyer's
 * company's, as a contractors' shop would have it.
 */
const COMPANIES_SQL = {
  postgres: `INSERT INTO companies (id, name, tax_id, approval_threshold_cents, discount_percent, created_at)
      SELECT 'co' || n, 'Company ' || n, NULL, NULL, n % 20, now() - n * interval '1 hour' FROM generate_series(1, 500) AS n;
    INSERT INTO company_members (user_id, company_id, role, monthly_limit_cents, joined_at)
      SELECT id, 'co' || (1 + (n - 1) % 500), CASE WHEN n <= 500 THEN 'manager' ELSE 'buyer' END, NULL, now()
      FROM (SELECT id, row_number() OVER (ORDER BY id COLLATE "C") AS n FROM users) u;
    INSERT INTO company_invitations (id, company_id, email, role, monthly_limit_cents, invited_by, token_hash, created_at, expires_at, accepted_at)
      SELECT 'inv' || n, 'co' || (1 + n % 500), 'invited' || n || '@example.com', 'buyer', NULL, 'plans', 'hash' || n, now() - n * interval '1 minute', now() + interval '7 days', CASE WHEN n % 3 = 0 THEN now() END
      FROM generate_series(1, 5000) AS n;
    UPDATE orders o SET company_id = m.company_id FROM company_members m WHERE m.user_id = o.user_id;
    ANALYZE companies; ANALYZE company_members; ANALYZE company_invitations; ANALYZE orders;`,
  sqlite: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
      INSERT INTO companies (id, name, tax_id, approval_threshold_cents, discount_percent, created_at)
      SELECT 'co' || i, 'Company ' || i, NULL, NULL, i % 20, 1700000000000 - i * 3600000 FROM n;
    INSERT INTO company_members (user_id, company_id, role, monthly_limit_cents, joined_at)
      SELECT id, 'co' || (1 + (n - 1) % 500), CASE WHEN n <= 500 THEN 'manager' ELSE 'buyer' END, NULL, 1700000000000
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
      INSERT INTO company_invitations (id, company_id, email, role, monthly_limit_cents, invited_by, token_hash, created_at, expires_at, accepted_at)
      SELECT 'inv' || i, 'co' || (1 + i % 500), 'invited' || i || '@example.com', 'buyer', NULL, 'plans', 'hash' || i, 1700000000000 - i * 60000, 1800000000000, CASE WHEN i % 3 = 0 THEN 1700000000000 END FROM n;
    UPDATE orders SET company_id = (SELECT company_id FROM company_members m WHERE m.user_id = orders.user_id);
    ANALYZE;`,
};

/** The 20th order in id order: it has a refund (AFTER_SALE_SQL). */
const refundedOrderId = (shop: BulkShop): string => shop.orders.map((order) => String(order.id)).sort()[19]!;

/** Tables small at any catalogue size, which a plan may read whole (the admins' categories). */
const SMALL_TABLES = new Set(['categories']);

/**
 * The products and their specs per (category, brand, in stock), and every product's and spec's
 * columns a search with words walks, read whole, which the stores read once per catalogue version
 * (sql-search.ts, `READ_PER_VERSION`; the stores' `*_FACTS_READS`), not once per request: left out
 * of the per-read plans.
 */
const perVersion = new Set<string>([...READ_PER_VERSION.map((query) => query.text), ...SQLITE_FACTS_READS, ...PG_FACTS_READS]);
const perRequest = (sql: string) => !perVersion.has(sql);

let shop: BulkShop;
beforeAll(async () => {
  shop = await buildBulkShop(LARGE_SHOP);
});

interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PgPlanNode[];
}
const pgNodes = (node: PgPlanNode): PgPlanNode[] => [node, ...(node.Plans ?? []).flatMap(pgNodes)];

describe('PostgreSQL query plans at 20,000 products and 100,000 orders', () => {
  let url: string;
  const schema = `plans_${randomBytes(5).toString('hex')}`;
  let pool: pg.Pool;
  let store: Store;
  const sent: { sql: string; params: unknown[] }[] = [];

  beforeAll(async () => {
    url = await resolvePostgresUrl();
    await (await openPostgresStorage(url, { schema })).lifecycle.close(); // the real migrations
    await bulkInsertPostgres(url, shop, schema);
    pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
    await pool.query(INBOX_SQL.postgres);
    await pool.query(AFTER_SALE_SQL.postgres);
    await pool.query(COMPANIES_SQL.postgres);
    const db = drizzleNodePg(pool, { schema: pgSchema, logger: { logQuery: (sql, params) => sent.push({ sql, params }) } });
    store = createPgStorage(db, async () => {}).repositories;
  }, 600_000); // the large shop took 5–6 minutes to load on a machine shared with other test runs

  afterAll(async () => {
    await pool?.end();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it.each(READS)('%s uses an index and sorts nothing in full', async (_what, read, sortsMatches = false) => {
    sent.length = 0;
    await read(store, shop);
    // The reads' plans (and the clean-up's delete): a claim's transaction also sends BEGIN, COMMIT and its UPDATE by id.
    const queries = sent.filter((query) => /^\s*(select|delete)/i.test(query.sql) && perRequest(query.sql));
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PgPlanNode }] }>(`EXPLAIN (FORMAT JSON) ${query.sql}`, query.params);
      const nodes = pgNodes(rows[0]!['QUERY PLAN'][0].Plan);
      const described = JSON.stringify(nodes.map((node) => [node['Node Type'], node['Relation Name'] ?? node['Index Name'] ?? '']));
      // Through an index, unless the query reads only small tables.
      const onlySmall = nodes.every((node) => node['Relation Name'] === undefined || SMALL_TABLES.has(node['Relation Name']));
      expect(onlySmall || nodes.some((node) => node['Node Type'].includes('Index')), `${query.sql}\n${described}`).toBe(true);
      // The categories table is the admins' few dozen departments: reading it whole is fine.
      const readWhole = (node: PgPlanNode) => node['Node Type'] === 'Seq Scan' && !SMALL_TABLES.has(node['Relation Name'] ?? '');
      const refused = (node: PgPlanNode) => readWhole(node) || (!sortsMatches && node['Node Type'].endsWith('Sort'));
      expect(nodes.filter(refused), `${query.sql}\n${described}`).toEqual([]);
    }
  });
});

describe('SQLite query plans at 20,000 products and 100,000 orders', () => {
  const dataDir = freshDataDir('bulkhead-plans');
  const file = sqliteFileIn(dataDir);
  let storage: Storage;
  let raw: Database.Database;
  const ran: { source: string; args: unknown[] }[] = [];
  const restore: (() => void)[] = [];

  beforeAll(async () => {
    await openSqliteStorage(file).lifecycle.close(); // the real migrations
    bulkInsertSqlite(file, shop);
    const writable = new Database(file);
    writable.exec(INBOX_SQL.sqlite);
    writable.exec(AFTER_SALE_SQL.sqlite);
    writable.exec(COMPANIES_SQL.sqlite);
    writable.close();
    raw = new Database(file, { readonly: true });
    // better-sqlite3 has no query log, so the statements' own run methods note what they ran.
    const statement = Object.getPrototypeOf(raw.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
    for (const method of ['all', 'get', 'run', 'iterate']) {
      const original = statement[method]!;
      statement[method] = function (this: { source: string }, ...args: unknown[]) {
        ran.push({ source: this.source, args });
        return original.apply(this, args);
      };
      restore.push(() => (statement[method] = original));
    }
    storage = openSqliteStorage(file);
    // The sales roll-up's triggers run for every bulk-inserted order and line: the large shop took
    // 73–180 s to build on a machine shared with other test runs.
  }, 300_000);

  afterAll(async () => {
    for (const undo of restore) undo();
    raw?.close();
    await storage?.lifecycle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(READS)('%s uses an index and sorts nothing in full', async (_what, read, sortsMatches = false) => {
    ran.length = 0;
    await read(storage.repositories, shop);
    const queries = ran.filter((query) => /^\s*(select|delete)/i.test(query.source) && perRequest(query.source));
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const plan = (raw.prepare(`EXPLAIN QUERY PLAN ${query.source}`).all(...query.args) as { detail: string }[]).map((row) => row.detail);
      const described = `${query.source}\n${plan.join('\n')}`;
      if (!sortsMatches) expect(plan.filter((step) => step.includes('TEMP B-TREE')), described).toEqual([]);
      // A subquery's own rows (a CO-ROUTINE or MATERIALIZE step) are scanned as they come: they are not a table.
      const subqueries = new Set(plan.flatMap((step) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)/.exec(step)?.[1] ?? []));
      // A SELECT of no table (the lock wait's `total_changes()`) reads a constant row, nothing stored.
      const readWhole = (step: string) =>
        /^(SCAN|SEARCH) /.test(step) && !/INDEX|PRIMARY KEY|^SCAN c$|^SCAN CONSTANT ROW$/.test(step) && !subqueries.has(step.split(' ')[1]!);
      expect(plan.filter(readWhole), described).toEqual([]);
    }
  });
});
