import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { CategoryRepository } from '#domain/catalog/category-repository.ts';
import type { CatalogWrites } from '../catalog-writes.ts';
import type { SqliteDb } from './database.ts';
import { categories, products } from './schema.ts';

export function createSqliteCategories(db: SqliteDb, catalog: CatalogWrites): CategoryRepository {
  // Every catalogue search reads the whole tree (a category includes its children): built and
  // prepared once, not on every request.
  const everyCategory = db.select().from(categories).orderBy(asc(categories.name), asc(categories.id)).prepare();
  const categoryById = db.select().from(categories).where(eq(categories.id, sql.placeholder('id'))).prepare();
  return {
    async listAll() {
      return everyCategory.all();
    },
    async findById(id) {
      return categoryById.get({ id }) ?? null;
    },
    async create(category) {
      const row = db.insert(categories).values(category).onConflictDoNothing({ target: categories.slug }).returning().get();
      return row ? catalog.changed(row) : 'duplicate-slug';
    },
    async update(id, changes) {
      if (changes.slug !== undefined) {
        const holder = db.select({ id: categories.id }).from(categories).where(eq(categories.slug, changes.slug)).get();
        if (holder && holder.id !== id) return 'duplicate-slug';
      }
      const row = db.update(categories).set(changes).where(eq(categories.id, id)).returning().get();
      return row ? catalog.changed(row) : null;
    },
    async delete(id) {
      return catalog.changed(db.delete(categories).where(eq(categories.id, id)).run().changes > 0);
    },
    async inStockCounts() {
      // Read through products_category_newest_idx: the category id leads it.
      const rows = db
        .select({ id: products.categoryId, count: sql<number>`count(*)` })
        .from(products)
        .where(and(isNotNull(products.categoryId), gt(products.stock, 0)))
        .groupBy(products.categoryId)
        .all();
      return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.count] as const])));
    },
  };
}
