import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { CategoryRepository } from '#domain/catalog/category-repository.ts';
import { recordAudit } from './audit.ts';
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
    // Each write and its audit entry in one transaction (docs/audit-log.md).
    async create(category, audit) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(categories).values(category).onConflictDoNothing({ target: categories.slug }).returning();
        if (!row) return 'duplicate-slug' as const;
        await recordAudit(tx, audit, row);
        return row;
      });
    },
    async update(id, changes, audit) {
      return db.transaction(async (tx) => {
        if (changes.slug !== undefined) {
          const holder = await firstRow(tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, changes.slug)));
          if (holder && holder.id !== id) return 'duplicate-slug' as const;
        }
        const row = await firstRow(tx.update(categories).set(changes).where(eq(categories.id, id)).returning());
        if (row) await recordAudit(tx, audit, row);
        return row;
      });
    },
    async delete(id, audit) {
      return db.transaction(async (tx) => {
        const deleted = await tx.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
        if (deleted.length === 0) return false;
        await recordAudit(tx, audit);
        return true;
      });
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
