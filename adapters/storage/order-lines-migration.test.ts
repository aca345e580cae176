/**
 * The migration to orders with lines, on databases made by the previous schema: each existing
 * order becomes a one-line order with nothing lost (its product copy, quantity, prices, status and
 * payment), is numbered per year in the order it was placed, and the shop carries on: the status
 * counters still count, the next order takes the next number, deleting an unpaid order returns its
 * units.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '#domain/store.ts';
import { lineOf, unpaidOrderOf } from './order-fixture.ts';
import { MIGRATIONS_FOLDER as PG_MIGRATIONS } from './postgres/migrate.ts';
import { openPgliteStorage, openPostgresStorage } from './postgres/postgres-store.ts';
import { openSqliteStorage } from './sqlite/sqlite-store.ts';
import type { Storage } from './storage.ts';

const SQLITE_MIGRATIONS = fileURLToPath(new URL('../../drizzle/sqlite', import.meta.url));
const at = (iso: string) => new Date(iso).getTime();

/** The previous schema's rows: a product and three one-product orders across a new year. */
const PRODUCT = { id: 'p-old', sku: 'OLD-100', name: 'Hex bolt M8', description: 'Zinc plated.', image_url: '/img/bolt.webp', price_cents: 25, stock: 1_000 };
const ORDERS = [
  { id: 'o-1', product_id: 'p-old', quantity: 200, unit_price_cents: 25, total_cents: 5_000, status: 'unpaid', created_at: at('2025-12-31T23:00:00Z'), paid_at: null, shipped_at: null, transaction_id: null },
  { id: 'o-2', product_id: 'p-old', quantity: 300, unit_price_cents: 25, total_cents: 7_500, status: 'pending', created_at: at('2026-01-02T10:00:00Z'), paid_at: at('2026-01-02T10:05:00Z'), shipped_at: null, transaction_id: 'pi_2' },
  // Its product was deleted since: the copy stays, the product id is null.
  { id: 'o-3', product_id: null, quantity: 100, unit_price_cents: 90, total_cents: 9_000, status: 'shipped', created_at: at('2026-01-05T08:00:00Z'), paid_at: at('2026-01-05T08:01:00Z'), shipped_at: at('2026-01-06T08:00:00Z'), transaction_id: 'pi_3' },
];
const orderRow = (order: (typeof ORDERS)[number]) => ({
  ...order,
  user_id: 'u-1',
  email: 'buyer@example.com',
  customer_name: 'Ada Buyer',
  product_name: order.product_id ? PRODUCT.name : 'Anchor bolt',
  product_image_url: '/img/old.webp',
  product_description: 'As it was.',
  unit: 'piece',
  phone: '+15550100',
  address: '1 Dock Road',
});

/** What the store must say after the migration, whatever the database. */
async function expectMigrated(storage: Storage) {
  const store: Store = storage.repositories;
  const [first, second, third] = await Promise.all(ORDERS.map((order) => store.orders.findById(order.id)));
  expect(first).toMatchObject({
    number: 'BH-2025-000001',
    itemCount: 200,
    totalCents: 5_000,
    status: 'unpaid',
    poNumber: null,
    note: null,
    lines: [{ productId: 'p-old', sku: 'OLD-100', productName: 'Hex bolt M8', productImageUrl: '/img/old.webp', productDescription: 'As it was.', unit: 'piece', quantity: 200, unitPriceCents: 25, listUnitPriceCents: 25, lineTotalCents: 5_000 }],
  });
  expect(second).toMatchObject({ number: 'BH-2026-000001', status: 'pending', transactionId: 'pi_2', paidAt: new Date(ORDERS[1]!.paid_at!), lines: [{ quantity: 300, lineTotalCents: 7_500 }] });
  // Lines placed before the list price was kept (migration 0028 / 0031) show the price paid as their list price.
  expect(third).toMatchObject({ number: 'BH-2026-000002', status: 'shipped', lines: [{ productId: null, sku: '', productName: 'Anchor bolt', quantity: 100, unitPriceCents: 90, listUnitPriceCents: 90 }] });
  expect([await store.orders.count({}), await store.orders.count({ status: 'unpaid' }), await store.orders.count({ status: 'shipped' })]).toEqual([3, 1, 1]);

  const product = await store.products.findById('p-old');
  if (!product) throw new Error('the product is gone');
  const next = await store.orders.placeReservingStock(unpaidOrderOf(product, { lines: [lineOf(product, 100)], createdAt: new Date('2026-02-01T00:00:00Z') }));
  expect(next.ok && next.value.number).toBe('BH-2026-000003');
  expect(await store.orders.count({ status: 'unpaid' })).toBe(2);
  expect(await store.orders.deleteUnpaidReturningStock('o-1')).toBe(true);
  expect((await store.products.findById('p-old'))?.stock).toBe(1_000 - 100 + 200);
  expect(await store.orders.count({ status: 'unpaid' })).toBe(1);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('orders with lines: the migration of a database made by the previous schema', () => {
  it('on SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bulkhead-lines-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // The migrations before this one, exactly as the previous release shipped them.
    const previous = join(dir, 'previous');
    cpSync(SQLITE_MIGRATIONS, previous, { recursive: true });
    const journalFile = join(previous, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((entry) => entry.tag < '0009_order_lines');
    writeFileSync(journalFile, JSON.stringify(journal));

    const file = join(dir, 'shop.db');
    const sqlite = new Database(file);
    sqlite.pragma('foreign_keys = ON');
    migrate(drizzle(sqlite), { migrationsFolder: previous });
    sqlite.prepare('INSERT INTO products (id, sku, name, description, image_url, price_cents, stock, created_at, updated_at) VALUES (@id, @sku, @name, @description, @image_url, @price_cents, @stock, 0, 0)').run(PRODUCT);
    const insert = sqlite.prepare(
      `INSERT INTO orders (id, user_id, email, customer_name, product_id, product_name, product_image_url, product_description, unit_price_cents, unit, quantity, total_cents, phone, address, status, transaction_id, created_at, paid_at, shipped_at)
       VALUES (@id, @user_id, @email, @customer_name, @product_id, @product_name, @product_image_url, @product_description, @unit_price_cents, @unit, @quantity, @total_cents, @phone, @address, @status, @transaction_id, @created_at, @paid_at, @shipped_at)`,
    );
    for (const order of ORDERS) insert.run(orderRow(order));
    sqlite.close();

    const storage = openSqliteStorage(file);
    cleanups.push(() => storage.lifecycle.close());
    await expectMigrated(storage);
  });

  it('on PostgreSQL', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const schema = `lines_${randomBytes(5).toString('hex')}`;
    const pglite = url ? undefined : new PGlite();
    const client = url ? new pg.Client({ connectionString: url }) : undefined;
    await client?.connect();
    const query = (text: string, params?: unknown[]) => (client ? client.query(text, params) : pglite!.query(text, params));
    cleanups.push(async () => {
      await query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client?.end();
      await pglite?.close();
    });
    await query(`CREATE SCHEMA "${schema}"`);
    await query(`SET search_path TO "${schema}"`);
    // What drizzle's migrator records, for the migrations before this one.
    await query(`CREATE TABLE "${schema}".__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
    for (const migration of readMigrationFiles({ migrationsFolder: PG_MIGRATIONS }).slice(0, 11)) {
      for (const statement of migration.sql) if (statement.trim() !== '') await query(statement);
      await query(`INSERT INTO "${schema}".__drizzle_migrations (hash, created_at) VALUES ($1, $2)`, [migration.hash, migration.folderMillis]);
    }
    await query('INSERT INTO products (id, sku, name, description, image_url, price_cents, stock, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, now(), now())', [
      PRODUCT.id, PRODUCT.sku, PRODUCT.name, PRODUCT.description, PRODUCT.image_url, PRODUCT.price_cents, PRODUCT.stock,
    ]);
    for (const order of ORDERS.map(orderRow)) {
      const time = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
      await query(
        `INSERT INTO orders (id, user_id, email, customer_name, product_id, product_name, product_image_url, product_description, unit_price_cents, unit, quantity, total_cents, phone, address, status, transaction_id, created_at, paid_at, shipped_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
        [order.id, order.user_id, order.email, order.customer_name, order.product_id, order.product_name, order.product_image_url, order.product_description, order.unit_price_cents, order.unit, order.quantity, order.total_cents, order.phone, order.address, order.status, order.transaction_id, time(order.created_at), time(order.paid_at), time(order.shipped_at)],
      );
    }
    await query('SET search_path TO public');

    const storage = url ? await openPostgresStorage(url, { schema }) : await openPgliteStorage({ client: pglite, schema });
    cleanups.push(() => storage.lifecycle.close());
    await expectMigrated(storage);
  });
});
