import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { CategoryRepository } from '#domain/catalog/category-repository.ts';
import { firstRow, type PgDb } from './database.ts';
import { categories, products } from './schema.ts';

export function createPgCategories(db: PgDb): CategoryRepository {
  return {
    async listAll() {
      return db.select().from(categories).orderBy(asc(sql`${categories.name} collate "C"`), asc(sql`${categories.id} collate "C"`));
    },
    async findById(id) {
      return firstRow(db.select().from(categories).where(eq(categories.id, id)));
    },
    async create(category) {
      const [row] = await db.insert(categories).values(category).onConflictDoNothing({ target: categories.slug }).returning();
      return row ?? 'duplicate-slug';
    },
    async update(id, changes) {
      if (changes.slug !== undefined) {
        const holder = await firstRow(db.select({ id: categories.id }).from(categories).where(eq(categories.slug, changes.slug)));
        if (holder && holder.id !== id) return 'duplicate-slug';
      }
      return firstRow(db.update(categories).set(changes).where(eq(categories.id, id)).returning());
    },
    async delete(id) {
      const deleted = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
      return deleted.length > 0;
    },
    async inStockCounts() {
      const rows = await db
        .select({ id: products.categoryId, count: sql<number>`count(*)::int` })
        .from(products)
        .where(and(isNotNull(products.categoryId), gt(products.stock, 0)))
        .groupBy(products.categoryId);
      return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.count] as const])));
    },
  };
}
