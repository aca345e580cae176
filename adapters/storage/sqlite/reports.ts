import { and, asc, desc, gte, lt, ne, sql } from 'drizzle-orm';
import type { ReportRepository } from '#domain/admin/report-repository.ts';
import type { SqliteDb } from './database.ts';
import { orderLines, orders, products } from './schema.ts';

/** Paid orders placed in [from, to): a range of orders_newest_idx. */
const paidIn = (from: Date, to: Date) => and(gte(orders.createdAt, from), lt(orders.createdAt, to), ne(orders.status, 'unpaid'));

export function createSqliteReports(db: SqliteDb): ReportRepository {
  return {
    async salesPerDay(from, to) {
      const day = sql<string>`strftime('%Y-%m-%d', ${orders.createdAt} / 1000, 'unixepoch')`;
      return db
        .select({ day, orders: sql<number>`count(*)`, revenueCents: sql<number>`sum(${orders.totalCents})`, refundedCents: sql<number>`sum(${orders.refundedCents})` })
        .from(orders)
        .where(paidIn(from, to))
        .groupBy(day)
        .orderBy(asc(day))
        .all();
    },
    async topProducts(from, to, limit) {
      const revenue = sql<number>`sum(${orderLines.lineTotalCents})`;
      return db
        .select({
          productId: orderLines.productId,
          sku: orderLines.sku,
          name: sql<string>`max(${orderLines.productName})`,
          units: sql<number>`sum(${orderLines.quantity})`,
          revenueCents: revenue,
        })
        .from(orders)
        .innerJoin(orderLines, sql`${orderLines.orderId} = ${orders.id}`)
        .where(paidIn(from, to))
        .groupBy(orderLines.productId, orderLines.sku)
        .orderBy(desc(revenue), asc(orderLines.sku))
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
