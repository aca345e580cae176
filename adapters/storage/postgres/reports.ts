import { and, asc, desc, gte, lt, sql } from 'drizzle-orm';
import type { ReportRepository } from '#domain/admin/report-repository.ts';
import { dayOf } from '../sales-days.ts';
import type { PgDb } from './database.ts';
import { products, salesDayProducts, salesDays } from './schema.ts';
/** Sums of bigint columns arrive as text; cents and units stay far below 2^53. */
const sumOf = (column: Parameters<typeof sql>[1]) => sql<string>`sum(${column})`;

export function createPgReports(db: PgDb): ReportRepository {
  return {
    // The roll-up (schema.ts, `salesDays`), a range of its days: what the triggers of migration
    // 0022 summed as each order came to count, rather than every paid order of the period and its lines.
    async salesPerDay(from, to) {
      const rows = await db
        // A day's orders are split over its shards (schema.ts, `salesDays`): summed here, along the key.
        .select({ day: salesDays.day, orders: sumOf(salesDays.orders), revenueCents: sumOf(salesDays.revenueCents), refundedCents: sumOf(salesDays.refundedCents) })
        .from(salesDays)
        .where(and(gte(salesDays.day, dayOf(from)), lt(salesDays.day, dayOf(to))))
        .groupBy(salesDays.day)
        .orderBy(asc(salesDays.day));
      return rows.map((row) => ({ ...row, orders: Number(row.orders), revenueCents: Number(row.revenueCents), refundedCents: Number(row.refundedCents) }));
    },
    async topProducts(from, to, limit) {
      const revenue = sumOf(salesDayProducts.revenueCents);
      // A deleted product's rows are under '' (read as null), its SKU as sold: no join needed.
      const productId = sql<string | null>`nullif(${salesDayProducts.productId}, '')`;
      const rows = await db
        .select({
          productId,
          sku: salesDayProducts.sku,
          name: sql<string>`max(${salesDayProducts.name})`,
          units: sumOf(salesDayProducts.units),
          revenueCents: revenue,
        })
        .from(salesDayProducts)
        .where(and(gte(salesDayProducts.day, dayOf(from)), lt(salesDayProducts.day, dayOf(to))))
        .groupBy(salesDayProducts.productId, salesDayProducts.sku)
        .orderBy(desc(revenue), asc(salesDayProducts.sku))
        .limit(limit);
      return rows.map((row) => ({ ...row, units: Number(row.units), revenueCents: Number(row.revenueCents) }));
    },
    async lowStock(below, limit) {
      return db
        .select({ id: products.id, sku: products.sku, name: products.name, stock: products.stock, minOrderQuantity: products.minOrderQuantity })
        .from(products)
        .where(lt(products.stock, below))
        .orderBy(asc(products.stock), asc(products.sku))
        .limit(limit);
    },
  };
}
