import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { ReportRepository } from '#domain/admin/report-repository.ts';
import { dayOf, reportWindowOf, windowMove } from '../sales-days.ts';
import type { SqliteDb } from './database.ts';
import { products, salesDayProducts, salesDays, salesWindowProducts, salesWindows } from './schema.ts';

export function createSqliteReports(db: SqliteDb): ReportRepository {
  const heldFirstDay = (days: number) => db.select({ firstDay: salesWindows.firstDay }).from(salesWindows).where(eq(salesWindows.days, days)).get()?.firstDay;

  /**
   * Moves a period's window (migration 0024, docs/reports.md, "Reports") to start on `firstDay`:
   * once a day, the day that left it is taken out (one day of the roll-up, not the period).
   */
  const moveWindow = (days: number, firstDay: string): void => {
    if (heldFirstDay(days) === firstDay) return;
    db.transaction(
      (tx) => {
        const move = windowMove(heldFirstDay(days), firstDay, days);
        if (move.kind === 'none') return;
        if (move.kind === 'rebuild') {
          tx.delete(salesWindowProducts).where(eq(salesWindowProducts.days, days)).run();
          tx.run(sql`INSERT INTO sales_window_products (days, product_id, sku, name, units, revenue_cents)
            SELECT ${days}, product_id, sku, max(name), sum(units), sum(revenue_cents) FROM sales_day_products WHERE day >= ${firstDay} GROUP BY product_id, sku`);
        } else {
          // Taken out, a product keeps the name it was last counted under.
          tx.run(sql`INSERT INTO sales_window_products (days, product_id, sku, name, units, revenue_cents)
            SELECT ${days}, product_id, sku, max(name), ${move.sign} * sum(units), ${move.sign} * sum(revenue_cents)
            FROM sales_day_products WHERE day >= ${move.start} AND day < ${move.end} GROUP BY product_id, sku
            ON CONFLICT (days, product_id, sku) DO UPDATE SET units = units + excluded.units, revenue_cents = revenue_cents + excluded.revenue_cents,
              name = CASE WHEN excluded.units > 0 THEN max(name, excluded.name) ELSE name END`);
          tx.delete(salesWindowProducts)
            .where(and(eq(salesWindowProducts.days, days), eq(salesWindowProducts.revenueCents, 0), eq(salesWindowProducts.units, 0)))
            .run();
        }
        tx.insert(salesWindows).values({ days, firstDay }).onConflictDoUpdate({ target: salesWindows.days, set: { firstDay } }).run();
      },
      { behavior: 'immediate' },
    );
  };

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
      // A report period (30 or 90 days up to today) is read from its window's totals, along
      // sales_window_products_top_idx; the window holds every day from its first, so not when the
      // roll-up has days after the period (a clock set back), nor for another range.
      const window = reportWindowOf(from, to);
      // The roll-up's last day, from the end of its primary key (a range probe finding nothing would read it all).
      const last = db.select({ day: sql<string | null>`max(${salesDayProducts.day})` }).from(salesDayProducts).get()?.day ?? null;
      if (window && (last === null || last < window.endDay)) {
        moveWindow(window.days, window.firstDay);
        return db
          .select({
            productId: sql<string | null>`nullif(${salesWindowProducts.productId}, '')`,
            sku: salesWindowProducts.sku,
            name: salesWindowProducts.name,
            units: salesWindowProducts.units,
            revenueCents: salesWindowProducts.revenueCents,
          })
          .from(salesWindowProducts)
          .where(eq(salesWindowProducts.days, window.days))
          .orderBy(desc(salesWindowProducts.revenueCents), asc(salesWindowProducts.sku))
          .limit(limit)
          .all();
      }
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
