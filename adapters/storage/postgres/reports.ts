import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { ReportRepository } from '#domain/admin/report-repository.ts';
import { dayOf, reportWindowOf, windowMove } from '../sales-days.ts';
import type { PgDb } from './database.ts';
import { products, salesDayProducts, salesDays, salesWindowProducts, salesWindows } from './schema.ts';
/** Sums of bigint columns arrive as text; cents and units stay far below 2^53. */
const sumOf = (column: Parameters<typeof sql>[1]) => sql<string>`sum(${column})`;

export function createPgReports(db: PgDb): ReportRepository {
  const heldFirstDay = async (reader: Pick<PgDb, 'select'>, days: number) =>
    (await reader.select({ firstDay: salesWindows.firstDay }).from(salesWindows).where(eq(salesWindows.days, days)))[0]?.firstDay;

  /**
   * Moves a period's window (migration 0027, docs/reports.md, "Reports") to start on `firstDay`:
   * once a day, the day that left it is taken out (one day of the roll-up, not the period). Under
   * the windows' advisory lock held alone, so no payment adds to a window as it moves.
   */
  const moveWindow = async (days: number, firstDay: string): Promise<void> => {
    if ((await heldFirstDay(db, days)) === firstDay) return;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(sales_windows_lock_key())`);
      const move = windowMove(await heldFirstDay(tx, days), firstDay, days);
      if (move.kind === 'none') return;
      if (move.kind === 'rebuild') {
        await tx.delete(salesWindowProducts).where(eq(salesWindowProducts.days, days));
        await tx.execute(sql`INSERT INTO sales_window_products (days, product_id, sku, name, units, revenue_cents)
          SELECT ${days}::integer, product_id, sku, max(name), sum(units), sum(revenue_cents) FROM sales_day_products WHERE day >= ${firstDay} GROUP BY product_id, sku`);
      } else {
        // Taken out, a product keeps the name it was last counted under.
        await tx.execute(sql`INSERT INTO sales_window_products (days, product_id, sku, name, units, revenue_cents)
          SELECT ${days}::integer, product_id, sku, max(name), ${move.sign}::integer * sum(units), ${move.sign}::integer * sum(revenue_cents)
          FROM sales_day_products WHERE day >= ${move.start} AND day < ${move.end} GROUP BY product_id, sku ORDER BY product_id, sku
          ON CONFLICT (days, product_id, sku) DO UPDATE SET units = sales_window_products.units + EXCLUDED.units,
            revenue_cents = sales_window_products.revenue_cents + EXCLUDED.revenue_cents,
            name = CASE WHEN EXCLUDED.units > 0 THEN greatest(sales_window_products.name, EXCLUDED.name) ELSE sales_window_products.name END`);
        await tx
          .delete(salesWindowProducts)
          .where(and(eq(salesWindowProducts.days, days), eq(salesWindowProducts.revenueCents, 0), eq(salesWindowProducts.units, 0)));
      }
      await tx.insert(salesWindows).values({ days, firstDay }).onConflictDoUpdate({ target: salesWindows.days, set: { firstDay } });
    });
  };

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
      // A report period (30 or 90 days up to today) is read from its window's totals, along
      // sales_window_products_top_idx; the window holds every day from its first, so not when the
      // roll-up has days after the period (a clock set back), nor for another range.
      const window = reportWindowOf(from, to);
      // The roll-up's last day, from the end of its primary key (a range probe finding nothing would read it all).
      const [last] = await db.select({ day: sql<string | null>`max(${salesDayProducts.day})` }).from(salesDayProducts);
      if (window && (last?.day == null || last.day < window.endDay)) {
        await moveWindow(window.days, window.firstDay);
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
          .limit(limit);
      }
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
