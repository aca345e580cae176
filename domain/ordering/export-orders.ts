import { isAdmin, type User } from '../identity/user.ts';
import type { Clock } from '../shared/clock.ts';
import { forbidden, invalid, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { OrderRepository } from './order-repository.ts';
import { exportPeriod, orderExportRows, type OrderExportColumn } from './orders-csv.ts';

/** Orders read per round: memory stays flat however many the period holds. */
const ORDERS_PER_PAGE = 200;

export type ExportOrdersPorts = { store: { orders: Pick<OrderRepository, 'listAll'> }; clock: Clock };

export interface OrdersExport {
  /** Placed in [from, before): UTC days, `to` included. */
  period: { from: Date; before: Date };
  /** The rows of the period's orders, newest first, a page of orders at a time; read once. */
  pages: AsyncIterable<Record<OrderExportColumn, string>[]>;
}

/**
 * Admins only (docs/reports.md, "Reports"): the orders placed in a period, one row per line, for the
 * orders file. The role is checked here, not only by the route, so another entry point (a CLI, a
 * worker) cannot read every buyer's orders without it. The caller writes the rows as it likes.
 */
export const exportOrders = async (
  { store, clock }: ExportOrdersPorts,
  { actor, ...query }: { actor: User; from?: string | undefined; to?: string | undefined },
): Promise<Result<OrdersExport, ErrorOf<'FORBIDDEN' | 'VALIDATION_FAILED'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const period = exportPeriod(query, clock.now());
  if (!period.ok) return fail(invalid(period.error));
  const placed = period.value;
  async function* pages() {
    let cursor: string | undefined;
    do {
      const page = await store.orders.listAll({ placed }, { limit: ORDERS_PER_PAGE, cursor });
      if (page.items.length > 0) yield page.items.flatMap(orderExportRows);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return ok({ period: placed, pages: pages() });
};
