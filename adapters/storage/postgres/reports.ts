import { and, asc, desc, gte, lt, ne, sql } from 'drizzle-orm';
import type { ReportRepository } from '#domain/admin/report-repository.ts';
import type { PgDb } from './database.ts';
import { orderLines, orders, products } from './schema.ts';

/** Paid orders placed in [from, to): a range of orders_newest_idx. */
const paidIn = (from: Date, to: Date) => and(gte(orders.createdAt, from), lt(orders.createdAt, to), ne(orders.status, 'unpaid'));
/** Sums of bigint columns arrive as text; cents and units stay far below 2^53. */
const sumOf = (column: Parameters<typeof sql>[1]) => sql<string>`sum(${column})`;

export function createPgReports(db: PgDb): ReportRepository {
  return {
    async salesPerDay(from, to) {
      const day = sql<string>`to_char(${orders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, orders: sql<number>`count(*)::int`, revenueCents: sumOf(orders.totalCents), refundedCents: sumOf(orders.refundedCents) })
        .from(orders)
        .where(paidIn(from, to))
        .groupBy(day)
        .orderBy(asc(day));
      return rows.map((row) => ({ ...row, revenueCents: Number(row.revenueCents), refundedCents: Number(row.refundedCents) }));
    },
    async topProducts(from, to, limit) {
      const revenue = sumOf(orderLines.lineTotalCents);
      const rows = await db
        .select({
          productId: orderLines.productId,
          sku: orderLines.sku,
          name: sql<string>`max(${orderLines.productName})`,
          units: sumOf(orderLines.quantity),
          revenueCents: revenue,
        })
        .from(orders)
        .innerJoin(orderLines, sql`${orderLines.orderId} = ${orders.id}`)
        .where(paidIn(from, to))
        .groupBy(orderLines.productId, orderLines.sku)
        .orderBy(desc(revenue), asc(orderLines.sku))
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
