import type { ReportRepository, SalesDay, TopProduct } from '#domain/admin/report-repository.ts';
import { COUNTED_STATUSES, type Order } from '#domain/ordering/order.ts';
import type { MemoryTables } from './tables.ts';

const paidIn = (tables: MemoryTables, from: Date, to: Date): Order[] =>
  [...tables.orders.values()].filter((order) => COUNTED_STATUSES.includes(order.status) && order.createdAt >= from && order.createdAt < to);

export const createMemoryReports = (tables: MemoryTables): ReportRepository => ({
  async salesPerDay(from, to) {
    const days = new Map<string, SalesDay>();
    for (const order of paidIn(tables, from, to)) {
      const day = order.createdAt.toISOString().slice(0, 10);
      const sum = days.get(day) ?? { day, orders: 0, revenueCents: 0, refundedCents: 0 };
      days.set(day, { day, orders: sum.orders + 1, revenueCents: sum.revenueCents + order.totalCents, refundedCents: sum.refundedCents + order.refundedCents });
    }
    return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  },
  async topProducts(from, to, limit) {
    const products = new Map<string, TopProduct>();
    for (const line of paidIn(tables, from, to).flatMap((order) => order.lines)) {
      // A deleted product's lines are grouped by the SKU they were ordered under, as in SQL.
      const key = line.productId ?? `sku:${line.sku}`;
      const sum = products.get(key) ?? { productId: line.productId, sku: line.sku, name: line.productName, units: 0, revenueCents: 0 };
      products.set(key, { ...sum, units: sum.units + line.quantity, revenueCents: sum.revenueCents + line.lineTotalCents });
    }
    return [...products.values()].sort((a, b) => b.revenueCents - a.revenueCents || a.sku.localeCompare(b.sku)).slice(0, limit);
  },
  async lowStock(below, limit) {
    return [...tables.products.values()]
      .filter((product) => product.stock < below)
      .sort((a, b) => a.stock - b.stock || a.sku.localeCompare(b.sku))
      .slice(0, limit)
      .map(({ id, sku, name, stock, minOrderQuantity }) => ({ id, sku, name, stock, minOrderQuantity }));
  },
});
