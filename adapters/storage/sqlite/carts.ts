import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CartRepository } from '#domain/ordering/cart-repository.ts';
import type { SqliteDb } from './database.ts';
import { productColumns } from './products.ts';
import { cartLines, products } from './schema.ts';

export function createSqliteCarts(db: SqliteDb): CartRepository {
  // Prepared once, the ids as one JSON array: every placed order takes its products out of the cart.
  const removeLines = db
    .delete(cartLines)
    .where(and(eq(cartLines.userId, sql.placeholder('userId')), sql`${cartLines.productId} IN (SELECT value FROM json_each(${sql.placeholder('productIds')}))`))
    .prepare();
  return {
    async itemsOf(userId) {
      return db
        .select({ product: productColumns, quantity: cartLines.quantity })
        .from(cartLines)
        .innerJoin(products, eq(products.id, cartLines.productId))
        .where(eq(cartLines.userId, userId))
        .orderBy(asc(cartLines.position))
        .all();
    },
    async replace(userId, lines) {
      // IMMEDIATE: the products checked are the ones the lines' foreign keys then point at.
      return db.transaction(
        (tx) => {
          const ids = lines.map((line) => line.productId);
          const known = new Set(ids.length === 0 ? [] : tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).all().map((row) => row.id));
          const missing = lines.flatMap((line, index) => (known.has(line.productId) ? [] : [index]));
          if (missing.length > 0) return { missing };
          tx.delete(cartLines).where(eq(cartLines.userId, userId)).run();
          if (lines.length > 0) {
            tx.insert(cartLines)
              .values(lines.map((line, position) => ({ userId, productId: line.productId, position, quantity: line.quantity })))
              .run();
          }
          return { missing: [] };
        },
        { behavior: 'immediate' },
      );
    },
    async removeProducts(userId, productIds) {
      if (productIds.length === 0) return;
      removeLines.run({ userId, productIds: JSON.stringify([...productIds]) });
    },
  };
}
