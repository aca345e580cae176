import type { Cents } from '../shared/money.ts';

/**
 * The sums behind the admin's sales report (docs/reports.md, "Reports"), as the store computes them.
 * The port lives apart from the use case in sales-report.ts: store.ts gathers the ports and the
 * use case reads the store, so one file holding both made an import cycle (domain/README.md, "No
 * import cycles").
 */

export interface SalesDay {
  /** `2026-11-24` (UTC). */
  day: string;
  orders: number;
  /** Gross: what those orders were paid. */
  revenueCents: Cents;
  /** What was given back on them so far (refunds and cancels: docs/orders.md, "After the sale: cancel, refund, return"). */
  refundedCents: Cents;
}

export interface TopProduct {
  /** Null once the product was deleted; its name and SKU as ordered stay. */
  productId: string | null;
  sku: string;
  name: string;
  units: number;
  revenueCents: Cents;
}

export interface LowStockProduct {
  id: string;
  sku: string;
  name: string;
  stock: number;
  minOrderQuantity: number;
}

/** The sums the store computes, each in one grouped query. */
export interface ReportRepository {
  /** Paid orders placed in [from, to), per UTC day (days without sales left out). */
  salesPerDay(from: Date, to: Date): Promise<SalesDay[]>;
  /** The products with the most revenue in paid orders placed in [from, to), most first (ties by SKU). */
  topProducts(from: Date, to: Date, limit: number): Promise<TopProduct[]>;
  /** Products with fewer than `below` units, fewest first (ties by SKU). */
  lowStock(below: number, limit: number): Promise<LowStockProduct[]>;
}
