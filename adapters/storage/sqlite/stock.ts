import { and, eq, gte, sql } from 'drizzle-orm';
import type { ReservationFailure, ShortLine } from '#domain/ordering/order-repository.ts';
import type { SqliteConnection } from './database.ts';
import { numberSequences, products } from './schema.ts';

/** A line to take off the shelf; `index` is how a refusal names it. */
export interface StockLine {
  index: number;
  productId: string | null;
  quantity: number;
}

export type StockShortfall = Exclude<ReservationFailure, { code: 'duplicate-key' }>;

/**
 * The stock moves and numbers that orders and quotes share on SQLite, prepared once per
 * connection. They run inside the caller's IMMEDIATE transaction: nobody else writes meanwhile,
 * and a refusal thrown by the caller undoes the lines already taken.
 */
export const sqliteStock = (db: SqliteConnection) => {
  const take = db
    .update(products)
    .set({ stock: sql`${products.stock} - ${sql.placeholder('quantity')}` })
    .where(and(eq(products.id, sql.placeholder('id')), gte(products.stock, sql.placeholder('quantity'))))
    .returning({ left: products.stock })
    .prepare();
  const give = db
    .update(products)
    .set({ stock: sql`${products.stock} + ${sql.placeholder('quantity')}` })
    .where(eq(products.id, sql.placeholder('id')))
    .prepare();
  const stockOf = db.select({ stock: products.stock }).from(products).where(eq(products.id, sql.placeholder('id'))).prepare();
  const next = db
    .insert(numberSequences)
    .values({ kind: sql.placeholder('kind'), year: sql.placeholder('year'), last: 1 })
    .onConflictDoUpdate({ target: [numberSequences.kind, numberSequences.year], set: { last: sql`${numberSequences.last} + 1` } })
    .returning({ last: numberSequences.last })
    .prepare();
  return {
    /**
     * Takes every line's units, saying whether a shelf was emptied; or, when a line is missing or
     * short, says which (each short line named) for the caller to throw.
     */
    takeEvery(lines: readonly StockLine[]): StockShortfall | { emptied: boolean } {
      const short: ShortLine[] = [];
      let emptied = false;
      for (const line of lines) {
        const taken = line.productId === null ? undefined : take.get({ id: line.productId, quantity: line.quantity });
        if (taken) {
          emptied ||= taken.left === 0;
          continue;
        }
        const product = line.productId === null ? undefined : stockOf.get({ id: line.productId });
        if (!product) return { code: 'product-not-found', index: line.index };
        short.push({ index: line.index, available: product.stock });
      }
      return short.length > 0 ? { code: 'insufficient-stock', short } : { emptied };
    },
    /** Puts units back (a deleted order, a hold let go); a product deleted since takes nothing. */
    give(productId: string | null, quantity: number): void {
      if (productId !== null) give.run({ id: productId, quantity });
    },
    /** The next number of the year's sequence of `kind` (orders, invoices, quotes): never skipped, never twice. */
    nextNumber(kind: string, year: number): number {
      return next.get({ kind, year })?.last ?? 1;
    },
  };
};
