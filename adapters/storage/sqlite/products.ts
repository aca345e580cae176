import { and, eq, getTableColumns, gte, lt, ne, sql } from 'drizzle-orm';
import type { ProductRepository } from '#domain/catalog/product-repository.ts';
import type { Product } from '#domain/catalog/product.ts';
import { assignedSku } from '#domain/catalog/sku.ts';
import { toPage } from '../page-cursor.ts';
import { changesSearchText, definedChanges, searchColumns, withDefaults } from '../product-fields.ts';
import type { CatalogWrites, SqliteDb } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { products } from './schema.ts';

/** A product's own columns: the search words and search id stay inside the store. */
const { searchName: _searchName, searchRest: _searchRest, searchId: _searchId, ...productColumns } = getTableColumns(products);
export { productColumns };

/** A server-assigned SKU lost a race with another process: try the next number. */
const ASSIGN_ATTEMPTS = 5;

const isSkuConflict = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('products.sku');

export function createSqliteProducts(db: SqliteDb, catalog: CatalogWrites): ProductRepository {
  // The catalog's hot paths are prepared once.
  const productById = db.select(productColumns).from(products).where(eq(products.id, sql.placeholder('id'))).prepare();
  const productBySku = db.select(productColumns).from(products).where(eq(products.sku, sql.placeholder('sku'))).prepare();
  const newestFirst = newestFirstReader(() => db.select(productColumns).from(products).$dynamic(), {
    createdAt: products.createdAt,
    key: products.id,
  });
  // Server-assigned SKUs are `BH-` and digits: the unique SKU index answers this range.
  const lastAssigned = db
    .select({ sequence: sql<number | null>`max(cast(substr(${products.sku}, 4) as integer))` })
    .from(products)
    .where(and(gte(products.sku, 'BH-0'), lt(products.sku, 'BH-:')))
    .prepare();
  const nextSearchId = sql`(select coalesce(max(${products.searchId}), 0) + 1 from ${products})`;

  return {
    async list(page) {
      return toPage(newestFirst(page), page.limit);
    },
    async findById(id) {
      return productById.get({ id }) ?? null;
    },
    async findBySku(sku) {
      return productBySku.get({ sku: sku.trim().toUpperCase() }) ?? null;
    },
    async create(record) {
      const filled = withDefaults(record);
      for (let attempt = 1; ; attempt++) {
        const sku = filled.sku ?? assignedSku((lastAssigned.get()?.sequence ?? 0) + 1);
        const row = db
          .insert(products)
          .values({ ...filled, sku, ...searchColumns({ ...filled, sku }), searchId: nextSearchId, updatedAt: filled.createdAt })
          .onConflictDoNothing({ target: products.sku })
          .returning(productColumns)
          .get();
        if (row) return catalog.changed(row);
        if (filled.sku !== undefined || attempt >= ASSIGN_ATTEMPTS) return 'duplicate-sku';
      }
    },
    async update(id, changes, updatedAt) {
      const defined = definedChanges(changes);
      try {
        return db.transaction((tx) => {
          if (defined.sku !== undefined) {
            const taken = tx.select({ id: products.id }).from(products).where(and(eq(products.sku, defined.sku), ne(products.id, id))).get();
            if (taken) return 'duplicate-sku' as const;
          }
          let search = {};
          if (changesSearchText(changes)) {
            const current: Product | undefined = tx.select(productColumns).from(products).where(eq(products.id, id)).get();
            if (!current) return null;
            search = searchColumns({ ...current, ...defined });
          }
          const row = tx.update(products).set({ ...defined, ...search, updatedAt }).where(eq(products.id, id)).returning(productColumns).get();
          return row ? catalog.changed(row) : null;
        });
      } catch (error) {
        if (isSkuConflict(error)) return 'duplicate-sku';
        throw error;
      }
    },
    async delete(id) {
      // ON DELETE SET NULL keeps the orders and their snapshots.
      return catalog.changed(db.delete(products).where(eq(products.id, id)).run().changes > 0);
    },
    async count() {
      return db.$count(products);
    },
    async countBelowStock(units) {
      return db.$count(products, lt(products.stock, units));
    },
    async countInCategory(categoryId) {
      return db.$count(products, eq(products.categoryId, categoryId));
    },
  };
}

/**
 * Writes the search words of products that have none yet: those a migration brought in (they
 * cannot be computed in SQL) — every name has at least one word, so an empty one means "not yet".
 */
export function fillMissingSearchWords(db: SqliteDb): number {
  const missing = db.select(productColumns).from(products).where(eq(products.searchName, '')).all();
  db.transaction((tx) => {
    for (const product of missing) tx.update(products).set(searchColumns(product)).where(eq(products.id, product.id)).run();
  });
  return missing.length;
}

