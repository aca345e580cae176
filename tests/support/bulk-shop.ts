/**
 * A shop at a supplier's size, written straight into the tables with bulk inserts (not the API,
 * which would take an hour for 100,000 orders): for `npm run bench -- --scale` and the
 * PostgreSQL query-plan test. The schema comes from the real migrations (the store is opened once
 * before the rows go in), so the rows land exactly where the server reads them.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createScryptPasswordHasher } from '#adapters/identity/scrypt-password-hasher.ts';

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
  products: Row[];
  users: Row[];
  orders: Row[];
  /** Product ids, newest first (as the catalogue lists them). */
  productIds: string[];
}

/** A stable UUID-shaped id, so two runs build the same shop. */
const idFor = (kind: string, index: number): string => {
  const hex = createHash('sha1').update(`${kind}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const STATUSES = ['shipped', 'shipped', 'shipped', 'pending', 'pending', 'unpaid'] as const;
const MINUTE = 60_000;

/**
 * Products a minute apart (newest first), customers, and orders spread over the customers and
 * products, mostly shipped, some pending, some unpaid. Timestamps are milliseconds.
 */
export async function buildBulkShop(size: ShopSize, now = Date.now()): Promise<BulkShop> {
  const passwordHash = await createScryptPasswordHasher().hash(BULK_PASSWORD);
  const products: Row[] = [];
  for (let index = 0; index < size.products; index++) {
    const created = now - (index + 1) * MINUTE;
    products.push({
      id: idFor('product', index),
      sku: `BULK-${String(index + 1).padStart(6, '0')}`,
      name: `Bulk part ${index + 1}`,
      description: `Hex bolts, lot ${index + 1}: zinc plated, sold in boxes of one hundred.`,
      image_url: '/demo/products/ball-valve.svg',
      price_cents: 100 + (index % 5_000),
      stock: 1_000_000,
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
  for (let index = 0; index < size.orders; index++) {
    const product = products[(index * 7) % size.products]!;
    const user = users[index % size.customers]!;
    const status = STATUSES[index % STATUSES.length]!;
    const created = now - (size.orders - index) * 1_000;
    const quantity = 100 + (index % 10) * 100;
    orders.push({
      id: idFor('order', index),
      user_id: user.id ?? null,
      email: user.email ?? null,
      customer_name: user.name ?? null,
      product_id: product.id ?? null,
      product_name: product.name ?? null,
      product_image_url: product.image_url ?? null,
      product_description: product.description ?? null,
      unit_price_cents: product.price_cents ?? null,
      quantity,
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
  }
  return { size, products, users, orders, productIds: products.map((product) => String(product.id)) };
}

const columnsOf = (rows: Row[]): string[] => Object.keys(rows[0] ?? {});

/** Into a SQLite file whose tables already exist (integer milliseconds, booleans as 0/1). */
export function bulkInsertSqlite(file: string, shop: BulkShop): void {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    const insertAll = db.transaction((table: string, rows: Row[]) => {
      const columns = columnsOf(rows);
      if (columns.length === 0) return;
      const statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      for (const row of rows) statement.run(columns.map((column) => (typeof row[column] === 'boolean' ? Number(row[column]) : row[column])));
    });
    // SQLite's full-text index keys products by search_id (see its schema), one per product.
    insertAll('products', shop.products.map((product, index) => ({ ...product, search_id: index + 1, search_name: String(product.name).toLowerCase() })));
    insertAll('users', shop.users);
    insertAll('orders', shop.orders);
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
}

/** PostgreSQL column types for `unnest`, by column name (everything else is text). */
const PG_TYPES: Record<string, string> = {
  price_cents: 'bigint',
  unit_price_cents: 'bigint',
  total_cents: 'bigint',
  stock: 'integer',
  quantity: 'integer',
  session_version: 'integer',
  email_verified: 'boolean',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  paid_at: 'timestamptz',
  shipped_at: 'timestamptz',
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
      ['products', shop.products],
      ['users', shop.users],
      ['orders', shop.orders],
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
        await client.query(`INSERT INTO "${schema}"."${table}" (${columns.join(', ')}) SELECT * FROM unnest(${selects})`, arrays);
      }
      // What autovacuum would soon do: statistics for the planner and the visibility map that
      // lets a count read the index alone.
      await client.query(`VACUUM ANALYZE "${schema}"."${table}"`);
    }
  } finally {
    await client.end();
  }
}
