import { findSimilarSkus } from '#domain/catalog/sku-did-you-mean.ts';
import { and, eq, getTableColumns, inArray, lt, ne, sql } from 'drizzle-orm';
import type { ProductRepository } from '#domain/catalog/product-repository.ts';
import { assignedSku } from '#domain/catalog/sku.ts';
import type { Product, ProductChanges } from '#domain/catalog/product.ts';
import { chunks } from '../images-in-use.ts';
import { toPage } from '../page-cursor.ts';
import { changesSearchText, definedChanges, searchColumns, withDefaults } from '../product-fields.ts';
import { recordAudit } from './audit.ts';
import { firstRow, type PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { products } from './schema.ts';

/** A product's own columns: the search words stay inside the store. */
const { searchName: _searchName, searchRest: _searchRest, skuKey: _skuKey, searchVector: _searchVector, searchNameVector: _searchNameVector, ...productColumns } = getTableColumns(products);
export { productColumns };

/** A server-assigned SKU lost a race with another instance: try the next number. */
const ASSIGN_ATTEMPTS = 5;

const isSkuConflict = (error: unknown): boolean => {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  return typeof cause === 'object' && cause !== null && 'code' in cause && cause.code === '23505' && 'constraint' in cause && cause.constraint === 'products_sku_unique';
};

/**
 * After a catalogue import: thousands of new or changed products at once can leave the planner's
 * statistics far from the table (autovacuum's ANALYZE comes later, by its own thresholds), and
 * plans read from them (search, listings) go wrong until then. ANALYZE samples at most 30,000
 * rows. VACUUM as well: until the table's pages are marked all-visible, a count over an index
 * (a category's or a brand's facet, the catalogue's total) visits the table for every entry
 * instead of reading the index alone (docs/performance.md, "At a supplier's size"); it reads the
 * pages the import dirtied, tens of milliseconds at 20,000 products. The import is committed by
 * now (VACUUM cannot run inside a transaction): failing to refresh must not report it as failed,
 * and autovacuum will do both in its own time.
 */
const refreshPlannerStatistics = async (db: PgDb): Promise<void> => {
  try {
    await db.execute(sql`VACUUM (ANALYZE) ${products}`);
  } catch {
    // Statistics only; the import stands.
  }
};

/** Ends a transaction without writing anything. */
class Rollback extends Error {}

/** Changes one product inside the caller's transaction; 'duplicate-sku' when another holds its new SKU. */
const change = async (tx: PgDb, id: string, changes: ProductChanges, updatedAt: Date): Promise<Product | null | 'duplicate-sku'> => {
  const defined = definedChanges(changes);
  if (defined.sku !== undefined) {
    const [taken] = await tx.select({ id: products.id }).from(products).where(and(eq(products.sku, defined.sku), ne(products.id, id)));
    if (taken) return 'duplicate-sku';
  }
  let search = {};
  if (changesSearchText(changes)) {
    const [current] = await tx.select(productColumns).from(products).where(eq(products.id, id)).for('update');
    if (!current) return null;
    search = searchColumns({ ...current, ...defined });
  }
  const [row] = await tx.update(products).set({ ...defined, ...search, updatedAt }).where(eq(products.id, id)).returning(productColumns);
  return row ?? null;
};

export function createPgProducts(db: PgDb): ProductRepository {
  // Server-assigned SKUs are `BH-` and digits; products_sku_c_idx answers this byte-order range.
  const lastAssigned = async (): Promise<number> => {
    const [row] = await db
      .select({ sequence: sql<string | null>`max(cast(substr(${products.sku}, 4) as bigint))` })
      .from(products)
      .where(sql`${products.sku} collate "C" >= 'BH-0' and ${products.sku} collate "C" < 'BH-:' and substr(${products.sku}, 4) ~ '^[0-9]{1,15}$'`);
    return Number(row?.sequence ?? 0);
  };
  return {
    async list(page) {
      const query = newestFirst(db.select(productColumns).from(products).$dynamic(), { createdAt: products.createdAt, key: products.id }, page);
      return toPage(await query, page.limit);
    },
    async findById(id) {
      return firstRow(db.select(productColumns).from(products).where(eq(products.id, id)));
    },
    async findBySku(sku) {
      return firstRow(db.select(productColumns).from(products).where(eq(products.sku, sku.trim().toUpperCase())));
    },
    async findBySkus(skus) {
      const found: Product[] = [];
      for (const part of chunks(skus, 500)) found.push(...(await db.select(productColumns).from(products).where(inArray(products.sku, part))));
      return found;
    },
    async findBySkuKeys(keys) {
      const found: Product[] = [];
      // In "C" order, as products_sku_key_idx is declared (the search compares key ranges so).
      const key = sql`${products.skuKey} collate "C"`;
      for (const part of chunks(keys, 500)) found.push(...(await db.select(productColumns).from(products).where(inArray(key, part))));
      return found;
    },
    async similarSkus(skus, limit) {
      // In SKU order by byte, as SQLite and the memory store sort: products_sku_c_idx answers it.
      const skuBytes = sql`${products.sku} collate "C"`;
      const range = (wanted: string, i: number, below: boolean, eachSide: number) =>
        sql`(select ${i}::int as i, ${products.sku} as sku from ${products} where ${skuBytes} ${below ? sql`<` : sql`>=`} ${wanted} order by ${skuBytes} ${below ? sql`desc` : sql`asc`} limit ${eachSide})`;
      return findSimilarSkus(
        {
          // One round trip for every exact lookup: the candidates as one array parameter (a SKU
          // has no comma), each looked up on the unique SKU index.
          existing: async (candidates) =>
            candidates.length === 0
              ? []
              : (await db.select({ sku: products.sku }).from(products).where(sql`${products.sku} = any(string_to_array(${candidates.join(',')}, ','))`)).map((row) => row.sku),
          // One round trip for the neighbours of every SKU: two short index ranges each.
          around: async (wanted, eachSide) => {
            if (wanted.length === 0) return [];
            const ranges = wanted.flatMap((sku, i) => [range(sku, i, true, eachSide), range(sku, i, false, eachSide)]);
            const result = await db.execute<{ i: number; sku: string }>(sql.join(ranges, sql` union all `));
            const rows = (Array.isArray(result) ? result : (result as { rows: { i: number; sku: string }[] }).rows) as { i: number; sku: string }[];
            const around = wanted.map((): string[] => []);
            for (const row of rows) around[Number(row.i)]?.push(row.sku);
            return around;
          },
        },
        skus,
        limit,
      );
    },
    async create(record, audit) {
      const filled = withDefaults(record);
      for (let attempt = 1; ; attempt++) {
        const sku = filled.sku ?? assignedSku((await lastAssigned()) + 1);
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(products)
            .values({ ...filled, sku, ...searchColumns({ ...filled, sku }), updatedAt: filled.createdAt })
            .onConflictDoNothing({ target: products.sku })
            .returning(productColumns);
          if (inserted) await recordAudit(tx, audit, inserted);
          return inserted;
        });
        if (row) return row;
        if (filled.sku !== undefined || attempt >= ASSIGN_ATTEMPTS) return 'duplicate-sku';
      }
    },
    async update(id, changes, updatedAt, audit) {
      try {
        return await db.transaction(async (tx) => {
          const changed = await change(tx, id, changes, updatedAt);
          if (changed && changed !== 'duplicate-sku') await recordAudit(tx, audit, changed);
          return changed;
        });
      } catch (error) {
        if (isSkuConflict(error)) return 'duplicate-sku';
        throw error;
      }
    },
    async importAll({ creates, updates }, updatedAt, audit) {
      try {
        await db.transaction(async (tx) => {
          for (const { id, changes } of updates) if ((await change(tx, id, changes, updatedAt)) === 'duplicate-sku') throw new Rollback();
          for (const part of chunks(creates, 500)) {
            const rows = part.map((record) => {
              const filled = withDefaults(record);
              return { ...filled, sku: filled.sku!, ...searchColumns({ ...filled, sku: filled.sku! }), updatedAt: filled.createdAt };
            });
            await tx.insert(products).values(rows);
          }
          await recordAudit(tx, audit);
        });
        await refreshPlannerStatistics(db);
        return 'ok';
      } catch (error) {
        if (error instanceof Rollback || isSkuConflict(error)) return 'duplicate-sku';
        throw error;
      }
    },
    async delete(id, audit) {
      // ON DELETE SET NULL keeps the orders and their snapshots.
      return db.transaction(async (tx) => {
        const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
        if (deleted.length === 0) return false;
        await recordAudit(tx, audit);
        return true;
      });
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

/** Writes the search words of products a migration brought in (see the SQLite twin). */
export async function fillMissingSearchWords(db: PgDb): Promise<number> {
  const missing = await db.select(productColumns).from(products).where(eq(products.searchName, ''));
  for (const product of missing) await db.update(products).set(searchColumns(product)).where(eq(products.id, product.id));
  return missing.length;
}
