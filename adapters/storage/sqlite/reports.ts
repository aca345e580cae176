import { and, asc, desc, gte, lt, sql } from 'drizzle-orm';
import type { ReportRepository } from '#domain/admin/report-repository.ts';
import { dayOf } from '../sales-days.ts';
import type { SqliteDb } from './database.ts';
import { products, salesDayProducts, salesDays } from './schema.ts';

export function createSqliteReports(db: SqliteDb): ReportRepository {
  return {
    // The roll-up (schema.ts, `salesDays`), a range of its days: what the triggers of migration
    // 0019 summed as each order came to count, rather than every paid order of the period and its lines.
    async salesPerDay(from, to) {
      // A day's orders are split over its shards (schema.ts, `salesDays`): summed here, along the key.
      return db
        .select({ day: salesDays.day, orders: sql<number>`sum(${salesDays.orders})`, revenueCents: sql<number>`sum(${salesDays.revenueCents})`, refundedCents: sql<number>`sum(${salesDays.refundedCents})` })
        .from(salesDays)
        .where(and(gte(salesDays.day, dayOf(from)), lt(salesDays.day, dayOf(to))))
        .groupBy(salesDays.day)
        .orderBy(asc(salesDays.day))
        .all();
    },
    async topProducts(from, to, limit) {
      const revenue = sql<number>`sum(${salesDayProducts.revenueCents})`;
      // A deleted product's rows are under '' (read as null), its SKU as sold: no join needed.
      const productId = sql<string | null>`nullif(${salesDayProducts.productId}, '')`;
      return db
        .select({
          productId,
          sku: salesDayProducts.sku,
          name: sql<string>`max(${salesDayProducts.name})`,
          units: sql<number>`sum(${salesDayProducts.units})`,
          revenueCents: revenue,
        })
        .from(salesDayProducts)
        .where(and(gte(salesDayProducts.day, dayOf(from)), lt(salesDayProducts.day, dayOf(to))))
        .groupBy(salesDayProducts.productId, salesDayProducts.sku)
        .orderBy(desc(revenue), asc(salesDayProducts.sku))
        .limit(limit)
        .all();
    },
    async lowStock(below, limit) {
      return db
        .select({ id: products.id, sku: products.sku, name: products.name, stock: products.stock, minOrderQuantity: products.minOrderQuantity })
        .from(products)
        .where(lt(products.stock, below))
        .orderBy(asc(products.stock), asc(products.sku))
        .limit(limit)
        .all();
    },
  };
}
