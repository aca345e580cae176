import { findSimilarSkus } from '#domain/catalog/sku-did-you-mean.ts';
import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { ProductRepository } from '#domain/catalog/product-repository.ts';
import type { Product, ProductChanges, ProductRecord } from '#domain/catalog/product.ts';
import { chunks } from '../images-in-use.ts';
import { assignedSku } from '#domain/catalog/sku.ts';
import { toPage } from '../page-cursor.ts';
import { changesSearchText, definedChanges, searchColumns, withDefaults } from '../product-fields.ts';
import type { CatalogWrites } from '../catalog-writes.ts';
import { auditRecorder } from './audit.ts';
import type { SqliteConnection, SqliteDb } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { products } from './schema.ts';

/** A product's own columns: the search words and search id stay inside the store. */
const { searchName: _searchName, searchRest: _searchRest, searchId: _searchId, skuKey: _skuKey, ...productColumns } = getTableColumns(products);
export { productColumns };

/** A server-assigned SKU lost a race with another process: try the next number. */
const ASSIGN_ATTEMPTS = 5;

const isSkuConflict = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('products.sku');

export function createSqliteProducts(db: SqliteConnection, catalog: CatalogWrites): ProductRepository {
  const recordAudit = auditRecorder(db);
  /**
   * After a catalogue import: SQLite plans from sqlite_stat1, which nothing refreshes by itself.
   * `PRAGMA optimize` analyses the tables that changed size enough to need it (0x10000: every
   * table, not only those this connection read), under its own row limit, so it stays cheap. The
   * import is committed by now: a busy database (another process writing) must not report it as
   * failed, and the next import or start tries again.
   */
  const refreshPlannerStatistics = (): void => {
    try {
      db.run(sql`PRAGMA optimize=0x10002`);
    } catch {
      // Statistics only; the import stands.
    }
  };
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
  const skuRange = (where: SQL, order: SQL) =>
    db.select({ sku: products.sku }).from(products).where(where).orderBy(order).limit(sql.placeholder('limit')).prepare();
  const skusBelow = skuRange(lt(products.sku, sql.placeholder('sku')), desc(products.sku));
  const skusFrom = skuRange(gte(products.sku, sql.placeholder('sku')), asc(products.sku));
  // The candidates as one JSON array: one statement however many, each looked up on the SKU index.
  const existingSkus = db
    .select({ sku: products.sku })
    .from(products)
    .where(sql`${products.sku} in (select value from json_each(${sql.placeholder('skus')}))`)
    .prepare();
  const nextSearchId = sql`(select coalesce(max(${products.searchId}), 0) + 1 from ${products})`;

  /** Inserts one product inside the caller's transaction; undefined when its SKU is taken. */
  const insert = (tx: SqliteDb, record: ProductRecord): Product | undefined => {
    const filled = withDefaults(record);
    const sku = filled.sku ?? assignedSku((lastAssigned.get()?.sequence ?? 0) + 1);
    return tx
      .insert(products)
      .values({ ...filled, sku, ...searchColumns({ ...filled, sku }), searchId: nextSearchId, updatedAt: filled.createdAt })
      .onConflictDoNothing({ target: products.sku })
      .returning(productColumns)
      .get();
  };
  /** Changes one product inside the caller's transaction; 'duplicate-sku' when another holds its new SKU. */
  const change = (tx: SqliteDb, id: string, changes: ProductChanges, updatedAt: Date): Product | null | 'duplicate-sku' => {
    const defined = definedChanges(changes);
    if (defined.sku !== undefined) {
      const taken = tx.select({ id: products.id }).from(products).where(and(eq(products.sku, defined.sku), ne(products.id, id))).get();
      if (taken) return 'duplicate-sku';
    }
    let search = {};
    if (changesSearchText(changes)) {
      const current: Product | undefined = tx.select(productColumns).from(products).where(eq(products.id, id)).get();
      if (!current) return null;
      search = searchColumns({ ...current, ...defined });
    }
    return tx.update(products).set({ ...defined, ...search, updatedAt }).where(eq(products.id, id)).returning(productColumns).get() ?? null;
  };
  /** Ends a transaction without writing anything. */
  class Rollback extends Error {}

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
    async findBySkus(skus) {
      return chunks(skus, 500).flatMap((part) => db.select(productColumns).from(products).where(inArray(products.sku, part)).all());
    },
    async findBySkuKeys(keys) {
      return chunks(keys, 500).flatMap((part) => db.select(productColumns).from(products).where(inArray(products.skuKey, part)).all());
    },
    async similarSkus(skus, limit) {
      return findSimilarSkus(
        {
          // One statement for every exact lookup (the list as a JSON array), then two short range
          // reads per SKU, all on the unique SKU index, without leaving the process.
          existing: async (candidates) =>
            candidates.length === 0 ? [] : existingSkus.all({ skus: JSON.stringify(candidates) }).map((row) => row.sku),
          around: async (wanted, eachSide) =>
            wanted.map((sku) => [
              ...skusBelow.all({ sku, limit: eachSide }).map((row) => row.sku),
              ...skusFrom.all({ sku, limit: eachSide }).map((row) => row.sku),
            ]),
        },
        skus,
        limit,
      );
    },
    async create(record, audit) {
      for (let attempt = 1; ; attempt++) {
        const row = db.transaction((tx) => {
          const inserted = insert(tx, record);
          if (inserted) recordAudit(audit, inserted);
          return inserted;
        });
        if (row) return catalog.changed(row);
        if (record.sku !== undefined || attempt >= ASSIGN_ATTEMPTS) return 'duplicate-sku';
      }
    },
    async update(id, changes, updatedAt, audit) {
      try {
        const row = db.transaction((tx) => {
          const changed = change(tx, id, changes, updatedAt);
          if (changed && changed !== 'duplicate-sku') recordAudit(audit, changed);
          return changed;
        });
        return row && row !== 'duplicate-sku' ? catalog.changed(row) : row;
      } catch (error) {
        if (isSkuConflict(error)) return 'duplicate-sku';
        throw error;
      }
    },
    async importAll({ creates, updates }, updatedAt, audit) {
      try {
        db.transaction((tx) => {
          for (const { id, changes } of updates) if (change(tx, id, changes, updatedAt) === 'duplicate-sku') throw new Rollback();
          for (const record of creates) if (!insert(tx, record)) throw new Rollback();
          recordAudit(audit);
        });
        refreshPlannerStatistics();
        return catalog.changed('ok');
      } catch (error) {
        if (error instanceof Rollback || isSkuConflict(error)) return 'duplicate-sku';
        throw error;
      }
    },
    async delete(id, audit) {
      // ON DELETE SET NULL keeps the orders and their snapshots.
      const deleted = db.transaction((tx) => {
        if (tx.delete(products).where(eq(products.id, id)).run().changes === 0) return false;
        recordAudit(audit);
        return true;
      });
      return catalog.changed(deleted);
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

