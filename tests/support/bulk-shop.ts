/**
 * A shop at a supplier's size, written straight into the tables with bulk inserts (not the API,
 * which would take an hour for 100,000 orders): for `npm run bench -- --scale` and the query-plan
 * test. Besides the catalogue, customers and two years of orders, it holds the history such a shop
 * piles up beside them: the orders' mail in the outbox (nearly all sent), the admins' audit log
 * and the buyers' requests for quote. The schema comes from the real migrations (the store is
 * opened once before the rows go in), so the rows land exactly where the server reads them.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createScryptPasswordHasher } from '#adapters/identity/scrypt-password-hasher.ts';
import { productSearchText } from '#domain/catalog/search-terms.ts';
import { skuKey } from '#domain/catalog/sku.ts';
import { formatOrderNumber, formatQuoteNumber } from '#domain/ordering/order-number.ts';

export interface ShopSize {
  products: number;
  customers: number;
  orders: number;
}

export const LARGE_SHOP: ShopSize = { products: 20_000, customers: 2_000, orders: 100_000 };
/** The small shop the large one is compared with: a hundredth of it (the demo shop's size). */
export const SMALL_SHOP: ShopSize = { products: 200, customers: 20, orders: 1_000 };

/** Every bulk customer signs in with this password. */
export const BULK_PASSWORD = 'bulk-customer-password-1';
export const bulkCustomerEmail = (index: number): string => `customer-${index}@bulk.bulkhead.test`;

type Row = Record<string, string | number | boolean | null>;
export interface BulkShop {
  size: ShopSize;
  /** Departments first, then their categories (parents before children, as the foreign key wants). */
  categories: Row[];
  products: Row[];
  users: Row[];
  orders: Row[];
  /** One line per order (the `order_lines` rows). */
  orderLines: Row[];
  /** Each order's confirmation mail (the `mail_outbox` rows): sent, but for the newest few and a given-up one in a thousand. */
  mails: Row[];
  /** Admin actions (the `audit_log` rows), one for every second order, mostly orders shipped. */
  auditEntries: Row[];
  /** Requests for quote, one for every twentieth order, with their lines (`quotes`, `quote_lines`). */
  quotes: Row[];
  quoteLines: Row[];
  /** The last order and quote number handed out per year, so those placed later take the next ones. */
  numberSequences: Row[];
  /** Product ids, newest first (as the catalogue lists them). */
  productIds: string[];
}

/** A stable UUID-shaped id, so two runs build the same shop. */
const idFor = (kind: string, index: number): string => {
  const hex = createHash('sha1').update(`${kind}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * A supplier's range: five departments of five kinds of part each, every kind in eight sizes and
 * seven finishes from eight brands, so a search finds tens of products among 20,000, as a real
 * buyer's "M8 nut A2" does.
 */
const RANGE: [department: string, kinds: string[]][] = [
  ['Fasteners', ['Hex bolt', 'Hex nut', 'Flat washer', 'Wood screw', 'Threaded rod']],
  ['Plumbing', ['Ball valve', 'Pipe clamp', 'Elbow fitting', 'Tee fitting', 'Gate valve']],
  ['Electrical', ['Cable tie', 'Junction box', 'Cable gland', 'Wire connector', 'Conduit clip']],
  ['Tools', ['Drill bit', 'Hole saw', 'Wood chisel', 'Hex key', 'Saw blade']],
  ['Safety', ['Work glove', 'Safety glasses', 'Ear plug', 'Dust mask', 'Hard hat']],
];
export const BULK_KINDS = RANGE.flatMap(([, kinds]) => kinds);
export const BULK_SIZES = ['M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16', 'M20'];
export const BULK_FINISHES = ['zinc plated', 'stainless A2', 'stainless A4', 'brass', 'galvanised', 'nylon', 'black oxide'];
const BRANDS = ['Boltline', 'Pipeworks', 'Voltmark', 'Toolcraft', 'Guardwell', 'Fixmaster', 'Ironside', 'Northbay'];
const slugOf = (name: string) => name.toLowerCase().replaceAll(' ', '-');
/** Category slugs: each department's and each kind's (e.g. `fasteners`, `hex-bolt`). */
export const BULK_CATEGORY_SLUGS = RANGE.flatMap(([department, kinds]) => [slugOf(department), ...kinds.map(slugOf)]);

const categoryId = (slug: string): string => idFor('category', BULK_CATEGORY_SLUGS.indexOf(slug));
/** A category's id with its children's (a department's kinds), as the catalogue search filters by. */
export const bulkCategoryIds = (slug: string): string[] => {
  const department = RANGE.find(([name]) => slugOf(name) === slug);
  return [categoryId(slug), ...(department?.[1] ?? []).map((kind) => categoryId(slugOf(kind)))];
};

const STATUSES = ['shipped', 'shipped', 'shipped', 'pending', 'pending', 'unpaid'] as const;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * An order every ten minutes: 100,000 orders are two years of a supplier's trade, so a 30- or
 * 90-day report or export reads a part of them, as it would in a real shop.
 */
const ORDER_GAP = 10 * MINUTE;
/** The newest mails wait for a mail server that has been down for a while; their next try is hours away. */
const UNSENT_MAILS = 50;
/** One mail in this many was given up after its last try (a mailbox that does not exist). */
const GIVEN_UP_EVERY = 1_000;
const ADMINS = 4;
/** Admin actions by kind, in turn: mostly orders shipped and products edited. */
const AUDITED = [
  'order-shipped', 'order-shipped', 'order-shipped', 'order-shipped', 'order-shipped', 'order-shipped', 'order-shipped',
  'product-edited', 'product-edited', 'product-created', 'quote-answered', 'review-removed', 'user-made-admin', 'catalogue-imported',
] as const;
/** Quotes closed long ago, in turn; the newest few are still open (see buildBulkShop). */
const CLOSED_QUOTES = ['accepted', 'accepted', 'declined', 'expired'] as const;
const OPEN_QUOTES = 20;

/**
 * Products a minute apart (newest first), customers, and orders spread over the customers and
 * products, mostly shipped, some pending, some unpaid (only in the last day, well inside the 48
 * hours an unpaid order is kept, so the expiry sweep finds none to release), then the outbox, the
 * audit log and the quotes over the same two years. Timestamps are milliseconds.
 */
export async function buildBulkShop(size: ShopSize, now = Date.now()): Promise<BulkShop> {
  const passwordHash = await createScryptPasswordHasher().hash(BULK_PASSWORD);
  const category = (name: string, parentId: string | null): Row => ({ id: categoryId(slugOf(name)), name, slug: slugOf(name), parent_id: parentId, created_at: now });
  const departments = RANGE.map(([department]) => category(department, null));
  const kinds = RANGE.flatMap(([, names], index) => names.map((name) => category(name, String(departments[index]!.id))));
  const categories = [...departments, ...kinds];
  const kindCategory = new Map(kinds.map((row) => [String(row.name), String(row.id)]));
  const products: Row[] = [];
  for (let index = 0; index < size.products; index++) {
    const created = now - (index + 1) * MINUTE;
    const kind = BULK_KINDS[index % BULK_KINDS.length]!;
    const sizeName = BULK_SIZES[Math.floor(index / BULK_KINDS.length) % BULK_SIZES.length]!;
    const finish = BULK_FINISHES[Math.floor(index / (BULK_KINDS.length * BULK_SIZES.length)) % BULK_FINISHES.length]!;
    const product = {
      sku: `BULK-${String(index + 1).padStart(6, '0')}`,
      name: `${kind} ${sizeName} ${finish}, lot ${index + 1}`,
      brand: BRANDS[Math.floor(index / 7) % BRANDS.length]!,
      description: `${kind}, ${sizeName}, ${finish}: sold in boxes of one hundred.`,
    };
    // Specs every kind shares (the spec facets count them, the `attr` filters find them): the
    // migrations' triggers write product_attributes from this column, as for any insert.
    const attributes = [
      { name: 'Size', value: sizeName },
      { name: 'Finish', value: finish },
    ];
    // The words the repositories would index (the search columns), so search finds bulk rows too.
    const text = productSearchText({ ...product, attributes });
    products.push({
      id: idFor('product', index),
      ...product,
      attributes: JSON.stringify(attributes),
      category_id: kindCategory.get(kind) ?? null,
      image_url: '/demo/products/ball-valve.svg',
      price_cents: 100 + ((index * 37) % 5_000),
      stock: 1_000_000,
      search_name: text.name,
      search_rest: text.rest,
      sku_key: skuKey(product.sku),
      created_at: created,
      updated_at: created,
    });
  }
  const users: Row[] = [];
  for (let index = 0; index < size.customers; index++) {
    users.push({
      id: idFor('user', index),
      email: bulkCustomerEmail(index),
      name: `Bulk Customer ${index + 1}`,
      role: 'customer',
      email_verified: true,
      password_hash: passwordHash,
      session_version: 0,
      created_at: now - (size.customers - index) * MINUTE,
    });
  }
  const orders: Row[] = [];
  const orderLines: Row[] = [];
  const numbers = new Map<number, number>();
  for (let index = 0; index < size.orders; index++) {
    const product = products[(index * 7) % size.products]!;
    const user = users[index % size.customers]!;
    const created = now - (size.orders - index) * ORDER_GAP;
    const cycled = STATUSES[index % STATUSES.length]!;
    const status = cycled === 'unpaid' && created < now - DAY ? 'shipped' : cycled;
    const quantity = 100 + (index % 10) * 100;
    const year = new Date(created).getUTCFullYear();
    const sequence = (numbers.get(year) ?? 0) + 1;
    numbers.set(year, sequence);
    const id = idFor('order', index);
    orders.push({
      id,
      number: formatOrderNumber(year, sequence),
      user_id: user.id ?? null,
      email: user.email ?? null,
      customer_name: user.name ?? null,
      item_count: quantity,
      total_cents: Number(product.price_cents) * quantity,
      phone: '+15550100',
      address: '1 Warehouse Road, Springfield',
      status,
      transaction_id: status === 'unpaid' ? null : `pi_bulk_${index}`,
      idempotency_key: null,
      created_at: created,
      paid_at: status === 'unpaid' ? null : created + MINUTE,
      shipped_at: status === 'shipped' ? created + 60 * MINUTE : null,
    });
    orderLines.push({
      order_id: id,
      position: 0,
      product_id: product.id ?? null,
      sku: product.sku ?? null,
      product_name: product.name ?? null,
      product_image_url: product.image_url ?? null,
      product_description: product.description ?? null,
      unit: 'piece',
      quantity,
      unit_price_cents: product.price_cents ?? null,
      list_unit_price_cents: product.price_cents ?? null,
      line_total_cents: Number(product.price_cents) * quantity,
    });
  }
  // Each order's confirmation, sent a second after it was placed but for the newest few.
  const firstUnsent = orders.length - UNSENT_MAILS;
  const mails: Row[] = orders.map((order, index) => {
    const created = Number(order.created_at);
    const unsent = index >= firstUnsent;
    const givenUp = !unsent && index % GIVEN_UP_EVERY === GIVEN_UP_EVERY - 1;
    return {
      id: idFor('mail', index),
      kind: 'order-placed',
      subject_id: order.id ?? null,
      created_at: created,
      attempts: unsent ? 3 : givenUp ? 8 : 0,
      // Three tries failed; the fourth comes two hours after the third (docs/email.md, "E-mail").
      next_attempt_at: unsent ? now + 2 * HOUR + (index - firstUnsent) * MINUTE : created,
      claimed_until: null,
      sent_at: unsent || givenUp ? null : created + 1_000,
      failed_at: givenUp ? created + 2 * DAY : null,
      last_error: unsent ? 'connect ECONNREFUSED 127.0.0.1:587' : givenUp ? '550 5.1.1 mailbox unavailable' : null,
    };
  });
  const auditEntries: Row[] = [];
  const auditCount = Math.floor(size.orders / 2);
  for (let index = 0; index < auditCount; index++) {
    const kind = AUDITED[index % AUDITED.length]!;
    const admin = index % ADMINS;
    const order = orders[index * 2]!;
    const product = products[index % size.products];
    const onOrder = kind === 'order-shipped';
    auditEntries.push({
      id: idFor('audit', index),
      at: now - (auditCount - index) * 2 * ORDER_GAP,
      actor_id: idFor('admin', admin),
      actor_email: `admin-${admin}@bulk.bulkhead.test`,
      kind,
      subject_id: String((onOrder ? order.id : product?.id) ?? idFor(kind, index)),
      summary: onOrder ? `Shipped ${String(order.number)}` : `${kind} ${String(product?.sku ?? index)}`,
      before: JSON.stringify(onOrder ? { status: 'pending' } : { priceCents: product?.price_cents ?? 0 }),
      after: JSON.stringify(onOrder ? { status: 'shipped', carrier: 'DHL', trackingNumber: `JD${index}` } : { priceCents: Number(product?.price_cents ?? 0) + 10 }),
    });
  }
  const quotes: Row[] = [];
  const quoteLines: Row[] = [];
  const quoteNumbers = new Map<number, number>();
  const quoteCount = Math.floor(size.orders / 20);
  for (let index = 0; index < quoteCount; index++) {
    const user = users[(index * 7) % size.customers]!;
    const created = now - (quoteCount - index) * 20 * ORDER_GAP;
    // The newest are still asked (requested) or offered until next week (quoted); the rest closed.
    const fromNewest = quoteCount - index;
    const status = fromNewest <= OPEN_QUOTES / 2 ? 'requested' : fromNewest <= OPEN_QUOTES ? 'quoted' : CLOSED_QUOTES[index % CLOSED_QUOTES.length]!;
    const answered = status === 'requested' ? null : created + DAY;
    const year = new Date(created).getUTCFullYear();
    const sequence = (quoteNumbers.get(year) ?? 0) + 1;
    quoteNumbers.set(year, sequence);
    const id = idFor('quote', index);
    quotes.push({
      id,
      number: formatQuoteNumber(year, sequence),
      user_id: user.id ?? null,
      email: user.email ?? null,
      customer_name: user.name ?? null,
      status,
      message: 'Our yearly order: what price can you do for these?',
      answer: answered === null ? null : 'Ten per cent off the list price.',
      holds_stock: false,
      expires_at: status === 'quoted' ? now + 7 * DAY : answered === null ? null : answered + 14 * DAY,
      order_id: status === 'accepted' ? (orders[index * 20]?.id ?? null) : null,
      created_at: created,
      answered_at: answered,
      closed_at: status === 'accepted' || status === 'declined' || status === 'expired' ? Number(answered) + DAY : null,
    });
    for (let position = 0; position < 1 + (index % 3); position++) {
      const product = products[(index * 13 + position) % size.products]!;
      const requested = 1_000 * (1 + position);
      quoteLines.push({
        quote_id: id,
        position,
        product_id: product.id ?? null,
        sku: product.sku ?? null,
        name: product.name ?? null,
        unit: 'piece',
        requested_quantity: requested,
        quantity: answered === null ? null : requested,
        unit_price_cents: answered === null ? null : Math.round(Number(product.price_cents) * 0.9),
      });
    }
  }
  const numberSequences = [
    ...[...numbers].map(([year, last]) => ({ kind: 'order', year, last })),
    ...[...quoteNumbers].map(([year, last]) => ({ kind: 'quote', year, last })),
  ];
  return { size, categories, products, users, orders, orderLines, mails, auditEntries, quotes, quoteLines, numberSequences, productIds: products.map((product) => String(product.id)) };
}

const columnsOf = (rows: Row[]): string[] => Object.keys(rows[0] ?? {});
/** The column names for an INSERT, quoted: audit_log has columns named `before` and `after`. */
const columnList = (columns: string[]): string => columns.map((column) => `"${column}"`).join(', ');

/** Into a SQLite file whose tables already exist (integer milliseconds, booleans as 0/1). */
export function bulkInsertSqlite(file: string, shop: BulkShop): void {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    const insertAll = db.transaction((table: string, rows: Row[]) => {
      const columns = columnsOf(rows);
      if (columns.length === 0) return;
      const statement = db.prepare(`INSERT INTO ${table} (${columnList(columns)}) VALUES (${columns.map(() => '?').join(', ')})`);
      for (const row of rows) statement.run(columns.map((column) => (typeof row[column] === 'boolean' ? Number(row[column]) : row[column])));
    });
    // SQLite's full-text index keys products by search_id (see its schema), one per product.
    insertAll('categories', shop.categories);
    insertAll('products', shop.products.map((product, index) => ({ ...product, search_id: index + 1 })));
    insertAll('users', shop.users);
    insertAll('orders', shop.orders);
    insertAll('order_lines', shop.orderLines);
    insertAll('mail_outbox', shop.mails);
    insertAll('audit_log', shop.auditEntries);
    insertAll('quotes', shop.quotes);
    insertAll('quote_lines', shop.quoteLines);
    insertAll('number_sequences', shop.numberSequences);
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
}

/** PostgreSQL column types for `unnest`, by column name (everything else is text). */
const PG_TYPES: Record<string, string> = {
  price_cents: 'bigint',
  unit_price_cents: 'bigint',
  list_unit_price_cents: 'bigint',
  line_total_cents: 'bigint',
  total_cents: 'bigint',
  item_count: 'integer',
  position: 'integer',
  year: 'integer',
  last: 'integer',
  stock: 'integer',
  quantity: 'integer',
  session_version: 'integer',
  email_verified: 'boolean',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  paid_at: 'timestamptz',
  shipped_at: 'timestamptz',
  attempts: 'integer',
  next_attempt_at: 'timestamptz',
  claimed_until: 'timestamptz',
  sent_at: 'timestamptz',
  failed_at: 'timestamptz',
  at: 'timestamptz',
  before: 'jsonb',
  after: 'jsonb',
  attributes: 'jsonb',
  holds_stock: 'boolean',
  expires_at: 'timestamptz',
  answered_at: 'timestamptz',
  closed_at: 'timestamptz',
  requested_quantity: 'integer',
};
const BATCH = 10_000;

/**
 * Into a PostgreSQL database (or one schema of it) whose tables already exist: one
 * `INSERT … SELECT FROM unnest(arrays)` per 10,000 rows, then VACUUM ANALYZE, as autovacuum would.
 */
export async function bulkInsertPostgres(url: string, shop: BulkShop, schema = 'public'): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [table, rows] of [
      ['categories', shop.categories],
      ['products', shop.products],
      ['users', shop.users],
      ['orders', shop.orders],
      ['order_lines', shop.orderLines],
      ['mail_outbox', shop.mails],
      ['audit_log', shop.auditEntries],
      ['quotes', shop.quotes],
      ['quote_lines', shop.quoteLines],
      ['number_sequences', shop.numberSequences],
    ] as const) {
      const columns = columnsOf(rows);
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH);
        const arrays = columns.map((column) =>
          batch.map((row) => {
            const value = row[column] ?? null;
            return PG_TYPES[column] === 'timestamptz' && value !== null ? new Date(Number(value)).toISOString() : value;
          }),
        );
        const selects = columns.map((column, index) => `$${index + 1}::${PG_TYPES[column] ?? 'text'}[]`).join(', ');
        await client.query(`INSERT INTO "${schema}"."${table}" (${columnList(columns)}) SELECT * FROM unnest(${selects})`, arrays);
      }
      // What autovacuum would soon do: statistics for the planner and the visibility map that
      // lets a count read the index alone.
      await client.query(`VACUUM ANALYZE "${schema}"."${table}"`);
    }
  } finally {
    await client.end();
  }
}
