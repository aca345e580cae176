import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { CategoryRepository } from '#domain/catalog/category-repository.ts';
import type { CatalogWrites } from '../catalog-writes.ts';
import { auditRecorder } from './audit.ts';
import type { SqliteConnection } from './database.ts';
import { categories, products } from './schema.ts';

export function createSqliteCategories(db: SqliteConnection, catalog: CatalogWrites): CategoryRepository {
  const recordAudit = auditRecorder(db);
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
    // Each write and its audit entry in one transaction (docs/audit-log.md).
    async create(category, audit) {
      const row = db.transaction((tx) => {
        const inserted = tx.insert(categories).values(category).onConflictDoNothing({ target: categories.slug }).returning().get();
        if (inserted) recordAudit(audit, inserted);
        return inserted;
      });
      return row ? catalog.changed(row) : 'duplicate-slug';
    },
    async update(id, changes, audit) {
      const row = db.transaction((tx) => {
        if (changes.slug !== undefined) {
          const holder = tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, changes.slug)).get();
          if (holder && holder.id !== id) return 'duplicate-slug' as const;
        }
        const changed = tx.update(categories).set(changes).where(eq(categories.id, id)).returning().get();
        if (changed) recordAudit(audit, changed);
        return changed ?? null;
      });
      return row && row !== 'duplicate-slug' ? catalog.changed(row) : row;
    },
    async delete(id, audit) {
      const deleted = db.transaction((tx) => {
        if (tx.delete(categories).where(eq(categories.id, id)).run().changes === 0) return false;
        recordAudit(audit);
        return true;
      });
      return catalog.changed(deleted);
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
