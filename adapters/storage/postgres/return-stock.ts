import { eq, sql } from 'drizzle-orm';
import type { PgDb } from './database.ts';
import { products } from './schema.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/**
 * Puts deleted orders' units back on the shelf, one UPDATE per product in id order: the order in
 * which placing an order locks its products (orders.ts, reserveEveryLine). Updating in line order
 * instead let two deletions, or a deletion and a placement, each hold a product the other waits
 * for, and PostgreSQL broke the deadlock by failing one of them. Call it before deleting the
 * orders: their delete takes a status counter (order_status_counts), which a placement takes
 * after its products.
 */
export const returnStockInIdOrder = async (tx: Tx, lines: readonly { productId: string | null; quantity: number }[]): Promise<void> => {
  const units = new Map<string, number>();
  for (const { productId, quantity } of lines) if (productId !== null) units.set(productId, (units.get(productId) ?? 0) + quantity);
  for (const productId of [...units.keys()].sort()) {
    await tx.update(products).set({ stock: sql`${products.stock} + ${units.get(productId)!}` }).where(eq(products.id, productId));
  }
};
