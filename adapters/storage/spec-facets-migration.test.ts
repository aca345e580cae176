/**
 * The spec facets' migration (SQLite 0018, PostgreSQL 0021) on a database made by the previous
 * schema: the attributes of the products there are fill product_attributes, so the `attr` filters
 * and the counts find them at once, and the triggers keep the table from then on.
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
import { MIGRATIONS_FOLDER as PG_MIGRATIONS } from './postgres/migrate.ts';
import { openPgliteStorage, openPostgresStorage } from './postgres/postgres-store.ts';
import { openSqliteStorage } from './sqlite/sqlite-store.ts';
import type { Storage } from './storage.ts';
import { searchQuery } from './contract/search-query.ts';

const SQLITE_MIGRATIONS = fileURLToPath(new URL('../../drizzle/sqlite', import.meta.url));
const ATTRIBUTES = JSON.stringify([
  { name: 'Thread', value: 'M8' },
  { name: 'Material', value: 'A2 stainless' },
]);
const PRODUCT = { id: 'p-old', sku: 'OLD-100', name: 'Hex bolt M8', description: 'Stainless.', image_url: '/img/bolt.webp', price_cents: 25, stock: 1_000 };
const search = searchQuery({ limit: 10, attributes: [{ name: 'Thread', values: ['M8'] }] });

async function expectMigrated(storage: Storage) {
  const store = storage.repositories;
  const found = await store.search.search(search);
  expect(found.items.map((product) => product.id)).toEqual(['p-old']);
  expect(found.facets.attributes.map(({ name, value, count }) => `${name}=${value}:${count}`).sort()).toEqual(['Material=A2 stainless:1', 'Thread=M8:1']);
  // The triggers keep the table from here on.
  await store.products.update('p-old', { attributes: [{ name: 'Thread', value: 'M10' }] }, new Date());
  expect((await store.search.search(search)).items).toEqual([]);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('spec facets: the migration of a database made by the previous schema', () => {
  it('on SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bulkhead-facets-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const previous = join(dir, 'previous');
    cpSync(SQLITE_MIGRATIONS, previous, { recursive: true });
    const journalFile = join(previous, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((entry) => entry.tag < '0018_spec_facets');
    writeFileSync(journalFile, JSON.stringify(journal));

    const file = join(dir, 'shop.db');
    const sqlite = new Database(file);
    sqlite.pragma('foreign_keys = ON');
    migrate(drizzle(sqlite), { migrationsFolder: previous });
    sqlite
      .prepare('INSERT INTO products (id, sku, name, description, image_url, price_cents, stock, attributes, search_id, created_at, updated_at) VALUES (@id, @sku, @name, @description, @image_url, @price_cents, @stock, @attributes, 1, 0, 0)')
      .run({ ...PRODUCT, attributes: ATTRIBUTES });
    sqlite.close();

    const storage = openSqliteStorage(file);
    cleanups.push(() => storage.lifecycle.close());
    await expectMigrated(storage);
  });

  it('on PostgreSQL', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const schema = `facets_${randomBytes(5).toString('hex')}`;
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
    const journal = JSON.parse(readFileSync(join(PG_MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const before = journal.entries.filter((entry) => entry.tag < '0021_spec_facets').length;
    await query(`CREATE TABLE "${schema}".__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
    for (const migration of readMigrationFiles({ migrationsFolder: PG_MIGRATIONS }).slice(0, before)) {
      for (const statement of migration.sql) if (statement.trim() !== '') await query(statement);
      await query(`INSERT INTO "${schema}".__drizzle_migrations (hash, created_at) VALUES ($1, $2)`, [migration.hash, migration.folderMillis]);
    }
    await query('INSERT INTO products (id, sku, name, description, image_url, price_cents, stock, attributes, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, now(), now())', [
      PRODUCT.id, PRODUCT.sku, PRODUCT.name, PRODUCT.description, PRODUCT.image_url, PRODUCT.price_cents, PRODUCT.stock, ATTRIBUTES,
    ]);
    await query('SET search_path TO public');

    const storage = url ? await openPostgresStorage(url, { schema }) : await openPgliteStorage({ client: pglite, schema });
    cleanups.push(() => storage.lifecycle.close());
    await expectMigrated(storage);
  });
});
