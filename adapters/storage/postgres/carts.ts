import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CartRepository } from '#domain/ordering/cart-repository.ts';
import type { PgDb } from './database.ts';
import { productColumns } from './products.ts';
import { cartLines, products, users } from './schema.ts';

export function createPgCarts(db: PgDb): CartRepository {
  return {
    async itemsOf(userId) {
      return db
        .select({ product: productColumns, quantity: cartLines.quantity })
        .from(cartLines)
        .innerJoin(products, eq(products.id, cartLines.productId))
        .where(eq(cartLines.userId, userId))
        .orderBy(asc(cartLines.position));
    },
    async replace(userId, lines) {
      return db.transaction(async (tx) => {
        // The buyer's row is the cart's lock: two saves of one cart take turns, so the second
        // deletes what the first inserted. The products are held until the lines point at them.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        const ids = lines.map((line) => line.productId);
        const known = new Set(
          ids.length === 0 ? [] : (await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).for('key share')).map((row) => row.id),
        );
        const missing = lines.flatMap((line, index) => (known.has(line.productId) ? [] : [index]));
        if (missing.length > 0) return { missing };
        await tx.delete(cartLines).where(eq(cartLines.userId, userId));
        if (lines.length > 0) {
          await tx.insert(cartLines).values(lines.map((line, position) => ({ userId, productId: line.productId, position, quantity: line.quantity })));
        }
        return { missing: [] };
      });
    },
    async removeProducts(userId, productIds) {
      if (productIds.length === 0) return;
      await db.delete(cartLines).where(and(eq(cartLines.userId, userId), inArray(cartLines.productId, [...productIds])));
    },
  };
}
